import { inArray, type SQL, type SQLWrapper, sql } from "drizzle-orm";

/** One row of the export: the columns' own names, values as JSON (dates as ISO strings). */
export type PlainRow = Record<string, unknown>;

/** Who did something, told without naming anyone else: the person, someone else, or the platform. */
export type Part = "SELF" | "OTHER" | "SYSTEM";

export function partOf(userId: string | null, self: string): Part {
  if (userId === null) return "SYSTEM";
  return userId === self ? "SELF" : "OTHER";
}

export type RowRules = {
  /** Columns left out: credentials, and what is about someone else (their address, their device). */
  omit?: readonly string[];
  /** Columns holding a user's id: the person's own stays, anyone else's becomes null. */
  people?: readonly string[];
};

function plainValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return Number(value);
  return value;
}

/**
 * A stored row as the person gets it: every column as stored except those the rules leave out, and no
 * other person's id. Bytes (a file kept in the table) are never part of a row: files go in the ZIP.
 */
export function plainRow(row: Record<string, unknown>, self: string, rules: RowRules = {}): PlainRow {
  const out: PlainRow = {};
  for (const [key, value] of Object.entries(row)) {
    if (rules.omit?.includes(key)) continue;
    if (value instanceof Uint8Array) continue;
    if (rules.people?.includes(key)) {
      out[key] = value === self ? value : null;
      continue;
    }
    out[key] = plainValue(value);
  }
  return out;
}

export function plainRows(rows: readonly Record<string, unknown>[], self: string, rules: RowRules = {}) {
  return rows.map((row) => plainRow(row, self, rules));
}

/** `column in (ids)`, false for none (a person without orders has no order rows to read). */
export function among(column: SQLWrapper, ids: readonly string[]): SQL {
  return ids.length > 0 ? inArray(column, [...ids]) : sql`false`;
}

/** The ids of rows, without repeats. */
export function idsOf<R>(rows: readonly R[], key: keyof R): string[] {
  const ids = rows.map((row) => row[key]).filter((id): id is R[keyof R] & string => typeof id === "string");
  return [...new Set(ids)];
}

/** A key of stored data (an event's, a notification's) that holds a person's name or contact: kept only on the person's own user events. */
const PERSON_KEY = /name|email|e-mail|phone|recipient|signer/i;
/** A key of event data that may hold a user's id, and what an id looks like. */
const USER_ID_KEY = /userid$|^actor|by$|^user$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Event or notification data without anyone else: another user's id becomes null, and a name, an e-mail or a phone
 * number is kept only where the event is about the person's own account (their own change of e-mail).
 */
export function withoutOthers(value: unknown, self: string, ownAccount: boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutOthers(item, self, ownAccount));
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (USER_ID_KEY.test(key) && typeof item === "string" && UUID.test(item)) {
      out[key] = item === self ? item : null;
    } else if (PERSON_KEY.test(key) && !ownAccount && typeof item !== "boolean") {
      out[key] = null;
    } else {
      out[key] = withoutOthers(item, self, ownAccount);
    }
  }
  return out;
}
