import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { type Db, MIGRATIONS_DIR } from "./client.ts";
import { rawRows } from "./raw.ts";

/**
 * Where a database stands against the migrations this code carries: what a restored backup is checked
 * with before the app is started on it. Drizzle records each migration it applies in
 * drizzle.__drizzle_migrations with the time drizzle-kit generated it (the journal's `when`), and
 * applies every migration generated after the newest one recorded; so does this count.
 */
export type MigrationStatus = {
  /** Migrations the database has recorded as applied. */
  applied: number;
  /** The newest applied migration's name (its tag, e.g. 0050_employee_invited), or null when none is. */
  head: string | null;
  /** The migrations of this code the app would apply at its start, oldest first. */
  pending: string[];
  /** Applied migrations this code does not know: the database was made by a newer release. */
  unknown: number;
};

export type JournalEntry = { tag: string; when: number };

/** The migrations of this code, oldest first (drizzle-kit's journal). */
export function migrationJournal(dir = MIGRATIONS_DIR): JournalEntry[] {
  const journal = JSON.parse(readFileSync(join(dir, "meta", "_journal.json"), "utf8")) as {
    entries: JournalEntry[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when })).sort((a, b) => a.when - b.when);
}

/** The status from the journal and the generation times the database recorded. */
export function compareMigrations(journal: JournalEntry[], appliedAt: number[]): MigrationStatus {
  const newest = appliedAt.length > 0 ? Math.max(...appliedAt) : null;
  const known = new Set(journal.map((entry) => entry.when));
  return {
    applied: appliedAt.length,
    head: newest === null ? null : (journal.find((entry) => entry.when === newest)?.tag ?? null),
    pending: journal.filter((entry) => newest === null || entry.when > newest).map((entry) => entry.tag),
    unknown: appliedAt.filter((when) => !known.has(when)).length,
  };
}

/** The generation times of the migrations the database has applied (none in an empty database). */
async function appliedMigrationTimes(db: Db): Promise<number[]> {
  const [table] = await rawRows<{ exists: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  );
  if (!table?.exists) return [];
  const rows = await rawRows<{ createdAt: string }>(
    db,
    sql`select created_at::text as "createdAt" from drizzle.__drizzle_migrations`,
  );
  return rows.map((row) => Number(row.createdAt));
}

export async function migrationStatus(db: Db, journal = migrationJournal()): Promise<MigrationStatus> {
  return compareMigrations(journal, await appliedMigrationTimes(db));
}
