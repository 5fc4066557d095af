/**
 * Time is stored in UTC and shown in Europe/Helsinki (docs/architecture.md, docs/product.md "Constants") as DD.MM.YYYY HH:mm.
 * Summer time follows the EU's rule, which a test holds to the tz database; Intl does the time-zone work
 * for instants before the rule (helsinkiOffsetHours says why not for later ones).
 */

import { onFirstUse } from "./first-use.ts";

export const HELSINKI_TIME_ZONE = "Europe/Helsinki";

/** docs/product.md "States": used when no last working day is given; shown as 01.01.2999. */
export const DEFAULT_LAST_WORKING_DAY = "2999-01-01";

/** docs/product.md "Field rules": a date this many years or more ahead is flagged as a likely typo. */
const FAR_FUTURE_YEARS = 20;

/** One day in milliseconds, for durations counted in whole days (not calendar days in Helsinki). */
export const DAY_MS = 24 * 60 * 60 * 1000;

const DATE_ONLY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

// "en-GB" only fixes the digits (latn); the output is assembled from parts, never taken as locale text.
const helsinkiFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat("en-GB", {
      timeZone: HELSINKI_TIME_ZONE,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }),
);

type HelsinkiParts = { year: string; month: string; day: string; hour: string; minute: string };

/** From 1996 on, Finland's clocks follow the EU's summer-time rule (Directive 2000/84/EC and its forerunner). */
const EU_SUMMER_TIME_SINCE = Date.UTC(1996, 0, 1);
const HOUR_MS = 60 * 60 * 1000;

/** The last Sunday of a month (0-based) in a year, at 01:00 UTC: when the EU's clocks change. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0, 1));
  return lastDay.getTime() - lastDay.getUTCDay() * DAY_MS;
}

/**
 * Helsinki's offset from UTC in hours, by the EU's rule: +3 from the last Sunday of March 01:00 UTC to the
 * last Sunday of October 01:00 UTC, else +2. Computed rather than asked of Intl because a browser's first
 * Intl date format loads its calendar data, about 50 ms of a phone's main thread (200 ms on a slow one)
 * on every signed-in page; a test holds it to Intl's tz database for every instant it is used for.
 */
function helsinkiOffsetHours(time: number): number {
  const year = new Date(time).getUTCFullYear();
  return time >= lastSundayAtOneUtc(year, 2) && time < lastSundayAtOneUtc(year, 9) ? 3 : 2;
}

const twoDigits = (value: number) => String(value).padStart(2, "0");

function getHelsinkiParts(date: Date): HelsinkiParts {
  const time = date.getTime();
  if (Number.isNaN(time)) throw new RangeError("Invalid date");
  const parts: HelsinkiParts = { year: "", month: "", day: "", hour: "", minute: "" };
  if (time < EU_SUMMER_TIME_SINCE) {
    // Earlier rules (no summer time before 1981, other change days until 1995) are Intl's to know.
    for (const part of helsinkiFormat().formatToParts(date)) {
      if (part.type in parts) parts[part.type as keyof HelsinkiParts] = part.value;
    }
    return parts;
  }
  const local = new Date(time + helsinkiOffsetHours(time) * HOUR_MS);
  return {
    year: String(local.getUTCFullYear()),
    month: twoDigits(local.getUTCMonth() + 1),
    day: twoDigits(local.getUTCDate()),
    hour: twoDigits(local.getUTCHours()),
    minute: twoDigits(local.getUTCMinutes()),
  };
}

/** The calendar date in Helsinki as YYYY-MM-DD; a date-only string is already one and is kept. */
export function toHelsinkiDateString(value: Date | string): string {
  if (typeof value === "string") {
    if (DATE_ONLY_PATTERN.test(value)) return value;
    return toHelsinkiDateString(new Date(value));
  }
  const { year, month, day } = getHelsinkiParts(value);
  return `${year}-${month}-${day}`;
}

/** DD.MM.YYYY HH:mm in Helsinki time. */
export function formatHelsinkiDateTime(value: Date | string): string {
  const { year, month, day, hour, minute } = getHelsinkiParts(
    typeof value === "string" ? new Date(value) : value,
  );
  return `${day}.${month}.${year} ${hour}:${minute}`;
}

/**
 * Orders two dates or two instants as the API writes them (`2026-11-30`, `2026-11-30T08:15:00.000Z`):
 * their text's order is their time's. Not `localeCompare`, whose first call makes a browser load its
 * collation data (some 15 ms of a phone's main thread, four times that at Lighthouse's speed) for text
 * that has no language.
 */
export function compareIsoTimes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * DD.MM.YYYY. A date-only string ("2999-01-01", as stored for lastWorkingDayDate) is a calendar date
 * with no time zone and is reformatted as is; an instant is shown as its Helsinki calendar date.
 */
export function formatHelsinkiDate(value: Date | string): string {
  const [year, month, day] = toHelsinkiDateString(value).split("-");
  return `${day}.${month}.${year}`;
}

/**
 * docs/product.md "Field rules": true when the date is 20 years or more after today (Helsinki calendar dates). 29 February
 * plus 20 years is compared as a string, so in a non-leap target year it acts as 1 March.
 */
export function isTwentyYearsOrMoreInFuture(value: Date | string, now: Date): boolean {
  const today = toHelsinkiDateString(now);
  const threshold = `${Number(today.slice(0, 4)) + FAR_FUTURE_YEARS}${today.slice(4)}`;
  return toHelsinkiDateString(value) >= threshold;
}

export type RelativeTime =
  | { unit: "justNow"; value: 0 }
  | { unit: "minutes" | "hours" | "days"; value: number };

const MINUTE_MS = 60_000;
const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 1440;

/**
 * docs/product.md "Constants" relative time: under 1 minute "just now", then whole minutes below 60, whole hours below
 * 1440 minutes, then whole days. Always rounded down, so "1 hour" means at least 60 minutes have passed.
 * A time in the future (clock skew between server and browser) counts as just now.
 */
export function relativeTime(from: Date, now: Date): RelativeTime {
  const minutes = Math.floor((now.getTime() - from.getTime()) / MINUTE_MS);
  if (!(minutes >= 1)) return { unit: "justNow", value: 0 };
  if (minutes < MINUTES_PER_HOUR) return { unit: "minutes", value: minutes };
  if (minutes < MINUTES_PER_DAY) return { unit: "hours", value: Math.floor(minutes / MINUTES_PER_HOUR) };
  return { unit: "days", value: Math.floor(minutes / MINUTES_PER_DAY) };
}
