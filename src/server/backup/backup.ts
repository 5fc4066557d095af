import { createHash } from "node:crypto";
import { chmodSync, createWriteStream, existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pipeline } from "node:stream/promises";
import { isNull } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { migrationStatus } from "../db/migration-status.ts";
import { files } from "../db/schema/index.ts";
import type { BlobStore } from "../files/blob-store.ts";
import {
  BACKUP_FORMAT,
  type BackupFileEntry,
  type BackupManifest,
  backupFilePath,
  DUMP_FILE,
  hashFile,
  writeManifest,
} from "./manifest.ts";
import { dumpPglite } from "./pglite-dump.ts";
import { dumpPostgres } from "./postgres-dump.ts";

/** The database a backup is made of or restored into: a PostgreSQL URL or PGlite's data directory. */
export type DatabaseLocation = { kind: "postgres"; url: string } | { kind: "pglite"; dir: string };

/** The configured database (DATABASE_URL, else PGLITE_DIR), as the app itself would open it. */
export function databaseLocation(config: Pick<Config, "databaseUrl" | "pgliteDir">): DatabaseLocation {
  if (config.databaseUrl) return { kind: "postgres", url: config.databaseUrl };
  if (config.pgliteDir === "memory://") {
    throw new Error("PGLITE_DIR is memory://: an in-memory database has nothing to back up or restore into");
  }
  return { kind: "pglite", dir: resolve(config.pgliteDir) };
}

/** The files whose bytes are in the store (older ones kept their bytes in the table, so in the dump). */
function filesInStore(db: Db) {
  return db
    .select({ id: files.id, mimeType: files.mimeType, bytes: files.sizeBytes, sha256: files.sha256 })
    .from(files)
    .where(isNull(files.content))
    .orderBy(files.id);
}

/**
 * Copies one file's bytes into the backup, hashing them on the way: what the backup holds is what was
 * hashed. Answers null when the store has no bytes under the id.
 */
async function copyBytes(
  blobs: BlobStore,
  id: string,
  to: string,
): Promise<{ sha256: string; bytes: number } | null> {
  const content = await blobs.open(id);
  if (!content) return null;
  mkdirSync(dirname(to), { recursive: true });
  const hash = createHash("sha256");
  let bytes = 0;
  await pipeline(
    content,
    async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        hash.update(chunk);
        bytes += chunk.byteLength;
        yield chunk;
      }
    },
    createWriteStream(to, { mode: 0o600 }),
  );
  return { sha256: hash.digest("hex"), bytes };
}

/**
 * Backs up the database and the stored files it names into `folder`, which must not exist: the dump
 * first (as of one moment), then the bytes of every file that dump names, each checked against the
 * SHA-256 its row records, then the manifest. The parts are written into `<folder>.partial`, renamed
 * to `folder` only once whole, so a folder under the name asked for is always a whole backup.
 *
 * A file named by the database whose bytes are missing or differ is listed in the manifest (missing,
 * damaged) and the backup is still written: the caller reports it.
 */
export async function createBackup(options: {
  source: DatabaseLocation;
  blobs: BlobStore;
  folder: string;
  now: Date;
  appVersion: string;
}): Promise<BackupManifest> {
  const { folder } = options;
  if (existsSync(folder)) throw new Error(`${folder} exists already: a backup goes into a new folder`);
  const partial = `${folder}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true, mode: 0o700 });
  try {
    const manifest = await writeParts(options, partial);
    renameSync(partial, folder);
    return manifest;
  } catch (error) {
    // A backup refused or broken off leaves nothing that could pass for one.
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

async function writeParts(
  options: { source: DatabaseLocation; blobs: BlobStore; now: Date; appVersion: string },
  partial: string,
): Promise<BackupManifest> {
  const { source, blobs } = options;
  const dumpFile = join(partial, DUMP_FILE[source.kind]);
  const read = async (db: Db) => ({ rows: await filesInStore(db), migrations: await migrationStatus(db) });
  const { rows, migrations } =
    source.kind === "postgres"
      ? await dumpPostgres(source.url, dumpFile, read)
      : await dumpPglite(source.dir, dumpFile, read);

  const entries: BackupFileEntry[] = [];
  const missing: string[] = [];
  const damaged: string[] = [];
  for (const row of rows) {
    const to = backupFilePath(partial, row.id);
    const copied = await copyBytes(blobs, row.id, to);
    if (!copied) missing.push(row.id);
    else if (copied.sha256 !== row.sha256 || copied.bytes !== row.bytes) {
      damaged.push(row.id);
      rmSync(to);
    } else entries.push(row);
  }

  chmodSync(dumpFile, 0o600);
  const dump = await hashFile(dumpFile);
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: options.now.toISOString(),
    app: { version: options.appVersion },
    database: {
      kind: source.kind,
      file: DUMP_FILE[source.kind],
      bytes: dump.bytes,
      sha256: dump.sha256,
      migrations: { applied: migrations.applied, head: migrations.head },
    },
    files: {
      count: entries.length,
      bytes: entries.reduce((sum, entry) => sum + entry.bytes, 0),
      entries,
      missing,
      damaged,
    },
  };
  writeManifest(partial, manifest);
  return manifest;
}
