import pg from "pg";

/**
 * Where a database test file gets its database from, as global-setup.ts prepares it for the run and
 * hands it to the test files (Vitest's provide/inject): a migrated template and a copy of it with the
 * demo data, in PGlite data-directory dumps or as PostgreSQL template databases.
 */
export type DatabaseTemplates =
  | { kind: "pglite"; template: string; demoTemplate: string }
  | { kind: "postgres"; url: string; template: string; demoTemplate: string; run: string };

type TestDatabaseSource = DatabaseTemplates & {
  /** The folder of the run's stored files: the demo's signed agreements, receipts and photos. */
  filesDir: string;
};

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: TestDatabaseSource;
  }
}

/** The Vitest project that keeps PGlite's smoke-sized suite: it never reads TEST_DATABASE_URL. */
export const PGLITE_PROJECT = "pglite";

/** The URL of another database on the same server. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * The URL of a test database on the same server whose commits do not wait for the disk
 * (synchronous_commit off): a test database never outlives the run, and a file's writes take about a
 * fifth less time. Nothing another connection sees changes; only a crash of the server could lose the
 * last commits.
 */
export function testDatabaseUrl(url: string, database: string): string {
  // Percent-encoded, not with URLSearchParams' "+" for a space, which libpq (pg_dump) does not read.
  return `${withDatabase(url, database)}?options=${encodeURIComponent("-c synchronous_commit=off")}`;
}

/** The start of the name of every database a run's test files copy, by which the run drops them. */
export function runDatabasePrefix(run: string): string {
  return `pedaali_test_${run}_`;
}

/** One statement on the server's maintenance connection (create and drop database cannot share one). */
export async function adminQuery(url: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
