import { createHash, randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, count, eq, isNotNull, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { loginAs } from "../../../tests/helpers/auth.ts";
import { adminQuery, withDatabase } from "../../../tests/helpers/template-db.ts";
import { createTestDatabase } from "../../../tests/helpers/test-db.ts";
import { buildApp } from "../app.ts";
import { testConfig } from "../config.ts";
import { createPglite, type Database, fromPglite } from "../db/client.ts";
import { migrationJournal } from "../db/migration-status.ts";
import { beneficiaryEmployees, companies, files, orders, signedDocuments } from "../db/schema/index.ts";
import { localBlobStore } from "../files/blob-store.ts";
import { createFileStore } from "../files/file-store.ts";
import { createBackup, type DatabaseLocation } from "./backup.ts";
import { type BackupManifest, backupFilePath, hashFile } from "./manifest.ts";
import { checkRestored, restoreBackup } from "./restore.ts";

/**
 * `npm run backup` and `npm run restore` proven on the demo data: the database and the stored files it
 * names are backed up, restored into a new database and an empty file store, and the result has every
 * migration applied, keeps every promise of `npm run db:consistency` and serves a demo employer's
 * calls. On PostgreSQL (npm run test:pg) through pg_dump and pg_restore; on PGlite (the PGLITE_SUITE
 * slice) through a data directory as `npm start` keeps it.
 */

const EMPLOYER_ADMIN = "employer.admin@demo.test";

const work = mkdtempSync(join(tmpdir(), "pedaali-backup-test-"));
const backupFolder = join(work, "backup");
const templates = inject("testDatabase");
/** Databases made on the PostgreSQL server, dropped at the end. */
const madeDatabases: string[] = [];

/** A place for a database that does not exist yet. */
function newTarget(name: string): DatabaseLocation {
  if (templates.kind === "postgres") {
    const database = `pedaali_test_restore_${name}_${randomBytes(4).toString("hex")}`;
    madeDatabases.push(database);
    return { kind: "postgres", url: withDatabase(templates.url, database) };
  }
  return { kind: "pglite", dir: join(work, `${name}-pglite`) };
}

async function targetExists(target: DatabaseLocation): Promise<boolean> {
  if (target.kind === "pglite") return existsSync(target.dir);
  const admin = new pg.Client({ connectionString: templates.kind === "postgres" ? templates.url : "" });
  await admin.connect();
  try {
    const name = new URL(target.url).pathname.slice(1);
    const { rowCount } = await admin.query("select 1 from pg_database where datname = $1", [name]);
    return (rowCount ?? 0) > 0;
  } finally {
    await admin.end();
  }
}

/** What the demo database holds, counted before the backup, to find again after the restore. */
type DemoFacts = { filesInStore: number; demoOyEmployees: number; demoOyId: string; documentId: string };

async function demoFacts(database: Database): Promise<DemoFacts> {
  const db = database.db;
  const [stored] = await db.select({ n: count() }).from(files).where(isNull(files.content));
  const [demoOy] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, "Demo Oy"));
  if (!demoOy) throw new Error("the demo data has no Demo Oy");
  const [employees] = await db
    .select({ n: count() })
    .from(beneficiaryEmployees)
    .where(eq(beneficiaryEmployees.companyId, demoOy.id));
  const [document] = await db
    .select({ id: signedDocuments.id })
    .from(signedDocuments)
    .innerJoin(beneficiaryEmployees, eq(beneficiaryEmployees.id, signedDocuments.beneficiaryEmployeeId))
    .where(and(eq(beneficiaryEmployees.companyId, demoOy.id), isNotNull(signedDocuments.fileId)))
    .limit(1);
  if (!document) throw new Error("the demo data has no signed document of Demo Oy");
  return {
    filesInStore: stored?.n ?? 0,
    demoOyEmployees: employees?.n ?? 0,
    demoOyId: demoOy.id,
    documentId: document.id,
  };
}

/**
 * The demo database to back up: on PostgreSQL a copy of the run's demo template; on PGlite a data
 * directory made from it, closed again (the backup refuses one in use).
 */
async function demoSource(): Promise<{
  source: DatabaseLocation;
  facts: DemoFacts;
  close: () => Promise<void>;
}> {
  if (templates.kind === "postgres") {
    const database = await createTestDatabase({ demoData: true });
    return {
      source: { kind: "postgres", url: database.url as string },
      facts: await demoFacts(database),
      close: () => database.close(),
    };
  }
  const dir = join(work, "source-pglite");
  const database = fromPglite(
    await createPglite({ dataDir: dir, loadDataDir: new Blob([readFileSync(templates.demoTemplate)]) }),
  );
  const facts = await demoFacts(database);
  await database.close();
  return { source: { kind: "pglite", dir }, facts, close: async () => {} };
}

let facts: DemoFacts;
let manifest: BackupManifest;
let restored: Database;
let app: FastifyInstance;
const restoredFiles = createFileStore(localBlobStore(join(work, "restored-files")));
let source: DatabaseLocation;
let closeSource: () => Promise<void> = async () => {};
const restoreTarget = newTarget("demo");

beforeAll(async () => {
  const demo = await demoSource();
  facts = demo.facts;
  source = demo.source;
  closeSource = demo.close;
  manifest = await createBackup({
    source: demo.source,
    blobs: localBlobStore(templates.filesDir),
    folder: backupFolder,
    now: new Date(),
    appVersion: "test",
  });
  ({ database: restored } = await restoreBackup({
    folder: backupFolder,
    target: restoreTarget,
    blobs: localBlobStore(join(work, "restored-files")),
    force: false,
    now: new Date(),
  }));
  app = await buildApp(testConfig(), { database: restored, files: restoredFiles });
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await restored?.close();
  await closeSource();
  if (templates.kind === "postgres") {
    for (const name of madeDatabases) {
      await adminQuery(templates.url, `drop database if exists "${name}" with (force)`);
    }
  }
  rmSync(work, { recursive: true, force: true });
});

describe(`a backup of the demo data (${templates.kind})`, () => {
  it("holds the dump and every stored file the database names, each as the manifest's SHA-256 says", async () => {
    expect(manifest.database.kind).toBe(templates.kind);
    const dump = await hashFile(join(backupFolder, manifest.database.file));
    expect(dump).toEqual({ sha256: manifest.database.sha256, bytes: manifest.database.bytes });
    expect(manifest.database.migrations).toEqual({
      applied: migrationJournal().length,
      head: migrationJournal().at(-1)?.tag,
    });
    expect(facts.filesInStore).toBeGreaterThan(0);
    expect(manifest.files).toMatchObject({ count: facts.filesInStore, missing: [], damaged: [] });
    for (const entry of manifest.files.entries) {
      const held = readFileSync(backupFilePath(backupFolder, entry.id));
      expect(createHash("sha256").update(held).digest("hex"), entry.id).toBe(entry.sha256);
    }
  });

  it("restores into a new database with every migration applied, none pending, and every promise kept", async () => {
    const { migrations, findings } = await checkRestored(restored, restoredFiles);
    expect(migrations).toEqual({
      applied: migrationJournal().length,
      head: migrationJournal().at(-1)?.tag,
      pending: [],
      unknown: 0,
    });
    // The consistency check includes every file row's bytes being in the restored store.
    expect(findings).toEqual([]);
  });

  it("serves a demo employer admin's journey: the login, the employee list, an order and a signed PDF", async () => {
    const session = await loginAs(app, EMPLOYER_ADMIN);
    const list = await app.inject({
      method: "GET",
      url: `/api/beneficiary-employee/employeesOptimizedList?companyId=${facts.demoOyId}`,
      headers: session.headers(),
    });
    expect(list.statusCode, list.body).toBe(200);
    const page = list.json() as { totalCount: number; employees: { beneficiaryEmployeeId: string }[] };
    expect(page.totalCount).toBe(facts.demoOyEmployees);
    expect(page.employees.length).toBeGreaterThan(0);

    const [order] = await restored.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.companyId, facts.demoOyId))
      .limit(1);
    const details = await app.inject({
      method: "GET",
      url: `/api/orders/${order?.id}`,
      headers: session.headers(),
    });
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json()).toMatchObject({ orderId: order?.id });

    const pdf = await app.inject({
      method: "GET",
      url: `/api/signed-documents/${facts.documentId}/file`,
      headers: session.headers(),
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const [row] = await restored.db
      .select({ sha256: files.sha256 })
      .from(files)
      .innerJoin(signedDocuments, eq(signedDocuments.fileId, files.id))
      .where(eq(signedDocuments.id, facts.documentId));
    expect(createHash("sha256").update(pdf.rawPayload).digest("hex")).toBe(row?.sha256);
  });

  it("refuses a database that is not empty, and writes nothing into the empty file store beside it", async () => {
    // The demo database the backup was made of holds everything the backup does.
    const otherFiles = localBlobStore(join(work, "other-files"));
    await expect(
      restoreBackup({
        folder: backupFolder,
        target: source,
        blobs: otherFiles,
        force: false,
        now: new Date(),
      }),
    ).rejects.toThrow(/is not empty.*: restore into a new/);
    expect(existsSync(join(work, "other-files"))).toBe(false);
  });

  it.runIf(templates.kind === "pglite")(
    "refuses a data directory the app has open, to back up and to restore over even with --force",
    async () => {
      // The restored database is open in this process, as the app would hold it.
      await expect(
        createBackup({
          source: restoreTarget,
          blobs: localBlobStore(join(work, "restored-files")),
          folder: join(work, "backup-of-open"),
          now: new Date(),
          appVersion: "test",
        }),
      ).rejects.toThrow(/postmaster\.pid: the app has it open/);
      expect(existsSync(join(work, "backup-of-open"))).toBe(false);
      expect(existsSync(join(work, "backup-of-open.partial"))).toBe(false);
      await expect(
        restoreBackup({
          folder: backupFolder,
          target: restoreTarget,
          blobs: localBlobStore(join(work, "other-files")),
          force: true,
          now: new Date(),
        }),
      ).rejects.toThrow(/postmaster\.pid: the app has it open/);
    },
  );

  it("refuses a file store that is not empty", async () => {
    const target = newTarget("files-taken");
    await expect(
      restoreBackup({
        folder: backupFolder,
        target,
        blobs: localBlobStore(join(work, "restored-files")),
        force: false,
        now: new Date(),
      }),
    ).rejects.toThrow(/file store .* is not empty/);
    expect(await targetExists(target)).toBe(false);
  });

  it("refuses a damaged backup before it creates the target database", async () => {
    const damaged = join(work, "damaged-backup");
    cpSync(backupFolder, damaged, { recursive: true });
    const [entry] = manifest.files.entries;
    const path = backupFilePath(damaged, entry?.id as string);
    const bytes = readFileSync(path);
    bytes[0] = (bytes[0] ?? 0) ^ 0xff;
    writeFileSync(path, bytes);
    const target = newTarget("damaged");
    await expect(
      restoreBackup({
        folder: damaged,
        target,
        blobs: localBlobStore(join(work, "damaged-files")),
        force: false,
        now: new Date(),
      }),
    ).rejects.toThrow(new RegExp(`damaged; nothing was restored:\\n.*${entry?.id}`));
    expect(await targetExists(target)).toBe(false);
    expect(existsSync(join(work, "damaged-files"))).toBe(false);
  });
});
