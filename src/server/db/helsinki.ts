import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { HELSINKI_TIME_ZONE } from "../../domain/dates.ts";

/**
 * Helsinki calendar dates in SQL (docs/architecture.md: stored UTC, the day is Helsinki's), computed by
 * PostgreSQL's time-zone rules, daylight saving included.
 */

/** The first instant of a Helsinki calendar date: `date::timestamp at time zone 'Europe/Helsinki'`. */
function helsinkiMidnight(date: string, plusDays = 0): SQL {
  return sql`((${date}::date + ${plusDays}::int)::timestamp at time zone ${HELSINKI_TIME_ZONE})`;
}

/** `column` (a timestamptz) falls on the Helsinki dates from–to, both ends included; either may be open. */
export function onHelsinkiDates(column: AnyPgColumn, from?: string, to?: string): SQL[] {
  const conditions: SQL[] = [];
  if (from) conditions.push(sql`${column} >= ${helsinkiMidnight(from)}`);
  if (to) conditions.push(sql`${column} < ${helsinkiMidnight(to, 1)}`);
  return conditions;
}
