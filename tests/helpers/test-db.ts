import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { createPglite, type Database, fromPglite, fromPostgresUrl } from "../../src/server/db/client.ts";
import { localBlobStore } from "../../src/server/files/blob-store.ts";
import { createFileStore, type FileStore } from "../../src/server/files/file-store.ts";
import { adminQuery, runDatabasePrefix, testDatabaseUrl } from "./template-db.ts";

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
  // Taken and replaced before waiting, so that two calls at once never get the same copy.
  const copy = copiesAhead.get(template) ?? copyOf(source, template);
  copiesAhead.set(template, handled(copyOf(source, template)));
  const name = await copy;
  const url = testDatabaseUrl(source.url, name);
  const database = fromPostgresUrl(url, { max: 4 });
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      void handled(adminQuery(source.url, `drop database if exists "${name}" with (force)`));
    },
  };
}

/**
 * The next copy of each template, made while the file that took the last one runs its tests. Copying a
 * template (990 relations) takes the server 0.2–1 s and dropping a copy 0.1–0.6 s; a file waited for
 * both, most of the 281 of 654 worker-seconds that went to the files' set-up in one run. Now the server does that work beside the
 * tests: a worker's files take a copy made ahead, and a closed copy is dropped without waiting. The
 * worker's modules are kept between its files (isolate: false), and this map with them. A copy left
 * when the run ends is dropped by global-setup.ts, by the run's prefix (`runDatabasePrefix`).
 */
const copiesAhead = new Map<string, Promise<string>>();

async function copyOf(source: { url: string; run: string }, template: string): Promise<string> {
  const name = `${runDatabasePrefix(source.run)}${randomBytes(6).toString("hex")}`;
  await adminQuery(source.url, `create database "${name}" template "${template}"`);
  return name;
}

/** A promise nobody may wait for: its failure is seen by whoever waits, and is not an unhandled one. */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/** The PostgreSQL server of the PostgreSQL suite, or null on PGlite. */
export function postgresTestUrl(): string | null {
  const source = inject("testDatabase");
  return source?.kind === "postgres" ? source.url : null;
}
