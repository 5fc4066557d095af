import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { createPglite, type Database, fromPglite, fromPostgresUrl } from "../../src/server/db/client.ts";
import { localBlobStore } from "../../src/server/files/blob-store.ts";
import { createFileStore, type FileStore } from "../../src/server/files/file-store.ts";
import { adminQuery, testDatabaseUrl } from "./template-db.ts";

/** A test file's own database; `url` is its PostgreSQL address (null on PGlite). */
export type TestDatabase = Database & { url: string | null };

/**
 * A fresh database of its own for one test file: a copy of the migrated template global-setup made for
 * the run, or with `demoData` of the one that also holds the demo companies and users (README's table).
 * In-memory PGlite, or a new PostgreSQL database in the PostgreSQL suite. Closing it throws the copy
 * away. Only files named *.db.test.ts get a database: they run in the database projects.
 */
/** The run's FileStore: the folder the demo's files were seeded into (global-setup.ts). */
export function testFileStore(): FileStore {
  return createFileStore(localBlobStore(inject("testDatabase").filesDir));
}

export async function createTestDatabase(options: { demoData?: boolean } = {}): Promise<TestDatabase> {
  const source = inject("testDatabase");
  if (!source) {
    throw new Error("No test database in this project: a test file that opens one is named *.db.test.ts");
  }
  const template = options.demoData ? source.demoTemplate : source.template;
  if (source.kind === "pglite") {
    const client = await createPglite({ loadDataDir: new Blob([readFileSync(template)]) });
    return { ...fromPglite(client), url: null };
  }
  const name = `pedaali_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(source.url, `create database "${name}" template "${template}"`);
  const url = testDatabaseUrl(source.url, name);
  const database = fromPostgresUrl(url, { max: 4 });
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      await adminQuery(source.url, `drop database if exists "${name}" with (force)`);
    },
  };
}

/** The PostgreSQL server of the PostgreSQL suite, or null on PGlite. */
export function postgresTestUrl(): string | null {
  const source = inject("testDatabase");
  return source?.kind === "postgres" ? source.url : null;
}
