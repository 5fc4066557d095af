import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { databaseLocation } from "../src/server/backup/backup.ts";
import { checkRestored, restoreBackup } from "../src/server/backup/restore.ts";
import { loadConfig } from "../src/server/config.ts";
import { consistencyReport } from "../src/server/db/consistency.ts";
import { blobStoreFromConfig } from "../src/server/files/configured-file-store.ts";
import { createFileStore } from "../src/server/files/file-store.ts";

/**
 * `npm run restore -- <backup folder> [--force]`: restores a backup of `npm run backup` into the
 * configured database (DATABASE_URL, created when it does not exist, or PGLITE_DIR) and file store
 * (FILES_DIR or S3_BUCKET), both of which must be new and empty unless --force. Every part is checked
 * against the manifest's SHA-256 first; afterwards it prints where the database stands against this
 * code's migrations and runs the checks of `npm run db:consistency` on the result. Exits 1 when it
 * refuses or a check fails.
 */
async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { force: { type: "boolean", default: false } },
  });
  const [folder] = positionals;
  if (!folder) {
    console.error("Usage: npm run restore -- <backup folder> [--force]");
    return 2;
  }
  const config = loadConfig();
  const target = databaseLocation(config);
  if (!config.s3 && config.filesDir === "memory://") {
    throw new Error("FILES_DIR is memory://: restored files would be lost when the process ends");
  }
  const blobs = await blobStoreFromConfig(config);
  // Closing the FileStore closes the blob store under it.
  const files = createFileStore(blobs);
  try {
    const started = Date.now();
    const { manifest, database, movedAside } = await restoreBackup({
      folder: resolve(folder),
      target,
      blobs,
      force: values.force ?? false,
      now: new Date(),
    });
    try {
      console.info(
        `Restored the backup of ${manifest.createdAt} (version ${manifest.app.version}): the ${target.kind} database and ${manifest.files.count} files, in ${Date.now() - started} ms`,
      );
      if (movedAside) console.info(`  the database folder that was there is now ${movedAside}`);
      const lacking = manifest.files.missing.length + manifest.files.damaged.length;
      if (lacking > 0) {
        console.error(
          `  the backup lacks ${lacking} files its database names (missing or damaged when it was made)`,
        );
      }
      const { migrations, findings } = await checkRestored(database, files);
      console.info(
        `Migrations: ${migrations.applied} applied, the newest ${migrations.head ?? "unknown to this code"}`,
      );
      if (migrations.pending.length > 0) {
        console.info(
          `  ${migrations.pending.length} pending, which the app applies at its start: ${migrations.pending.join(", ")}`,
        );
      }
      if (migrations.unknown > 0) {
        console.error(
          `  ${migrations.unknown} applied migrations this code does not know: restore with the release that made the backup`,
        );
      }
      const report = consistencyReport(findings);
      for (const line of report.lines) console.info(line);
      console.info(`${report.broken} of ${report.rules} broken; ${Date.now() - started} ms in all`);
      return lacking > 0 || migrations.unknown > 0 || report.broken > 0 ? 1 : 0;
    } finally {
      await database.close();
    }
  } finally {
    await files.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`Not restored: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
