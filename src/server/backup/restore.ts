import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type Database, fromPostgresUrl } from "../db/client.ts";
import { checkConsistency, type Finding } from "../db/consistency.ts";
import { type MigrationStatus, migrationStatus } from "../db/migration-status.ts";
import type { BlobStore } from "../files/blob-store.ts";
import type { FileStore } from "../files/file-store.ts";
import type { DatabaseLocation } from "./backup.ts";
import { type BackupManifest, backupFilePath, hashFile, readManifest } from "./manifest.ts";
import { restorePglite } from "./pglite-dump.ts";
import { databaseName, preparePostgresTarget, restorePostgres } from "./postgres-dump.ts";

/**
 * Proves every part of the backup whole against its manifest: the dump's and each file's SHA-256 and
 * size. Throws, naming what differs, before a restore writes anything.
 */
async function verifyBackup(folder: string, manifest: BackupManifest): Promise<void> {
  const problems: string[] = [];
  const dumpPath = join(folder, manifest.database.file);
  if (!existsSync(dumpPath)) problems.push(`${manifest.database.file} is missing`);
  else {
    const dump = await hashFile(dumpPath);
    if (dump.sha256 !== manifest.database.sha256 || dump.bytes !== manifest.database.bytes) {
      problems.push(`${manifest.database.file} is not the dump the manifest names`);
    }
  }
  for (const entry of manifest.files.entries) {
    const path = backupFilePath(folder, entry.id);
    if (!existsSync(path)) {
      problems.push(`the bytes of file ${entry.id} are missing`);
      continue;
    }
    const held = await hashFile(path);
    if (held.sha256 !== entry.sha256 || held.bytes !== entry.bytes) {
      problems.push(`the bytes of file ${entry.id} are not those the manifest names`);
    }
  }
  if (problems.length > 0) {
    const shown = problems.slice(0, 10);
    if (problems.length > shown.length) shown.push(`… and ${problems.length - shown.length} more`);
    throw new Error(`The backup in ${folder} is damaged; nothing was restored:\n  ${shown.join("\n  ")}`);
  }
}

/** Whether the store holds any bytes at all. */
async function holdsAnything(blobs: BlobStore): Promise<boolean> {
  for await (const _ of blobs.list()) return true;
  return false;
}

/**
 * Restores a backup into a new database and an empty file store: proves the backup whole, refuses a
 * target that holds anything (unless `force`), then loads the dump and puts every file's bytes back.
 * Answers the restored database, open, for the checks (`checkRestored`); the caller closes it.
 *
 * With `force` a PostgreSQL target has each object of the dump dropped first, a PGlite directory is
 * moved aside (`movedAside`), and files already in the store stay beside the restored ones.
 */
export async function restoreBackup(options: {
  folder: string;
  target: DatabaseLocation;
  blobs: BlobStore;
  force: boolean;
  now: Date;
}): Promise<{ manifest: BackupManifest; database: Database; movedAside: string | null }> {
  const { folder, target, blobs, force } = options;
  const manifest = readManifest(folder);
  if (manifest.database.kind !== target.kind) {
    throw new Error(
      `The backup holds a ${manifest.database.kind} database and the target is ${target.kind}: restore it into the same kind`,
    );
  }
  await verifyBackup(folder, manifest);
  if (!force && (await holdsAnything(blobs))) {
    throw new Error(
      `The file store (${blobs.description}) is not empty: restore into a new one, or pass --force`,
    );
  }

  const dumpPath = join(folder, manifest.database.file);
  let database: Database;
  let movedAside: string | null = null;
  if (target.kind === "postgres") {
    const { relations } = await preparePostgresTarget(target.url);
    if (relations > 0 && !force) {
      throw new Error(
        `The database ${databaseName(target.url)} is not empty (${relations} tables, views or sequences): restore into a new database, or pass --force`,
      );
    }
    await restorePostgres(target.url, dumpPath, { replace: relations > 0 });
    database = fromPostgresUrl(target.url, { max: 2 });
  } else {
    ({ database, movedAside } = await restorePglite(target.dir, dumpPath, {
      replace: force,
      now: options.now,
    }));
  }

  for (const entry of manifest.files.entries) {
    await blobs.put(entry.id, readFileSync(backupFilePath(folder, entry.id)), entry.mimeType);
  }
  return { manifest, database, movedAside };
}

export type RestoredState = { migrations: MigrationStatus; findings: Finding[] };

/**
 * What `npm run db:consistency` checks, on the restored database and file store (every file row's
 * bytes among them), and where the database stands against this code's migrations.
 */
export async function checkRestored(database: Database, files: FileStore): Promise<RestoredState> {
  return {
    migrations: await migrationStatus(database.db),
    findings: await checkConsistency(database.db, files),
  };
}
