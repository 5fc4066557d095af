import { createHash, randomBytes } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { testDataKeyring } from "../../src/server/data-keys.ts";
import { createPglite, fromPglite, fromPostgresUrl, MIGRATIONS_DIR } from "../../src/server/db/client.ts";
import { seedDemoIfEmpty } from "../../src/server/db/seed/seed-demo.ts";
import { localBlobStore } from "../../src/server/files/blob-store.ts";
import { createFileStore, type FileStore } from "../../src/server/files/file-store.ts";
import {
  adminQuery,
  type DatabaseTemplates,
  PGLITE_PROJECT,
  runDatabasePrefix,
  testDatabaseUrl,
} from "./template-db.ts";

/**
 * Runs once per run of a database project: migrates one database and seeds a copy of it with the demo
 * data, and hands both to the test files as templates to copy (createTestDatabase). A copy costs about
 * half a second; migrating costs 2 s and seeding the demo 3 s, which every file paid before.
 * The migrated template is kept across runs (keyed by the migrations); the demo one is made for each
 * run, since the demo's dates follow today's and its code changes without a migration.
 * PostgreSQL when TEST_DATABASE_URL is set (except in the PGlite project), else PGlite.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = project.name === PGLITE_PROJECT ? null : process.env.TEST_DATABASE_URL || null;
  // The demo's files are written here as it is seeded; every test file's FileStore reads and writes
  // the same folder (each file under an id of its own), and the run removes it at the end.
  const filesDir = mkdtempSync(join(tmpdir(), "pedaali-test-files-"));
  const files = createFileStore(localBlobStore(filesDir));
  const prepared = url ? await preparePostgres(url, files) : await preparePglite(files);
  project.provide("testDatabase", { ...prepared.source, filesDir });
  return async () => {
    await prepared.teardown();
    rmSync(filesDir, { recursive: true, force: true });
  };
}

/**
 * A hash of the migration files: the migrated template is keyed by it, so a schema change rebuilds it
 * and an unchanged schema reuses it across runs.
 */
function migrationsHash(): string {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(MIGRATIONS_DIR);
  return hash.digest("hex").slice(0, 16);
}

/** The folder of the PGlite dumps (inside node_modules, so a clean checkout starts without them). */
function pgliteCacheDir(): string {
  const dir = resolve("node_modules/.cache/pedaali");
  mkdirSync(dir, { recursive: true });
  return dir;
}

function templateDatabaseName(): string {
  return `pedaali_tpl_${migrationsHash()}`;
}

type Prepared = { source: DatabaseTemplates; teardown: () => Promise<void> };

async function preparePglite(files: FileStore): Promise<Prepared> {
  const template = join(pgliteCacheDir(), `pglite-template-${migrationsHash()}.tar`);
  if (!existsSync(template)) {
    const client = await createPglite();
    const database = fromPglite(client);
    await database.migrate();
    await writeAtomically(template, await client.dumpDataDir("none"));
    await database.close();
  }
  const demoTemplate = join(pgliteCacheDir(), `pglite-demo-${randomBytes(6).toString("hex")}.tar`);
  const client = await createPglite({ loadDataDir: new Blob([readFileSync(template)]) });
  const database = fromPglite(client);
  await seedDemoIfEmpty(database.db, files, testDataKeyring());
  await writeAtomically(demoTemplate, await client.dumpDataDir("none"));
  await database.close();
  return {
    source: { kind: "pglite", template, demoTemplate },
    teardown: async () => rmSync(demoTemplate, { force: true }),
  };
}

async function preparePostgres(url: string, files: FileStore): Promise<Prepared> {
  const template = templateDatabaseName();
  const demoTemplate = `${template}_demo_${randomBytes(6).toString("hex")}`;
  // The projects of one run, and runs side by side, set up at the same time: one migrates, the others
  // wait for it instead of copying a half-migrated template.
  await withAdvisoryLock(url, async (admin) => {
    const exists = await admin.query("select 1 from pg_database where datname = $1", [template]);
    if (exists.rowCount) return;
    await admin.query(`create database "${template}"`);
    const database = fromPostgresUrl(testDatabaseUrl(url, template), { max: 1 });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
  });
  await adminQuery(url, `create database "${demoTemplate}" template "${template}"`);
  const demo = fromPostgresUrl(testDatabaseUrl(url, demoTemplate), { max: 1 });
  try {
    await seedDemoIfEmpty(demo.db, files, testDataKeyring());
  } finally {
    await demo.close();
  }
  const run = randomBytes(4).toString("hex");
  return {
    source: { kind: "postgres", url, template, demoTemplate, run },
    teardown: async () => {
      await dropRunCopies(url, runDatabasePrefix(run));
      await adminQuery(url, `drop database if exists "${demoTemplate}" with (force)`);
    },
  };
}

/**
 * Drops the copies the run's files left: the ones made ahead for a file that never came, and any whose
 * drop a worker started but did not see through (test-db.ts). A copy or drop still running on the
 * server is waited for first, or it would make its database after this looked.
 */
async function dropRunCopies(url: string, prefix: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    for (let waited = 0; waited < 30_000; waited += 100) {
      const busy = await admin.query(
        "select 1 from pg_stat_activity where state = 'active' and pid <> pg_backend_pid() and strpos(query, $1) > 0",
        [`"${prefix}`],
      );
      if (!busy.rowCount) break;
      await sleep(100);
    }
    const left = await admin.query<{ datname: string }>(
      "select datname from pg_database where starts_with(datname, $1)",
      [prefix],
    );
    for (const { datname } of left.rows) {
      await admin.query(`drop database if exists "${datname}" with (force)`);
    }
  } finally {
    await admin.end();
  }
}

async function withAdvisoryLock(url: string, work: (admin: pg.Client) => Promise<void>): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query("select pg_advisory_lock(hashtext('pedaali test template'))");
    await work(admin);
  } finally {
    await admin.end();
  }
}

async function writeAtomically(path: string, dump: Blob): Promise<void> {
  const tmp = `${path}.${randomBytes(6).toString("hex")}.tmp`;
  writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  renameSync(tmp, path);
}
