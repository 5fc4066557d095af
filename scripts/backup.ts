import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { createBackup, databaseLocation } from "../src/server/backup/backup.ts";
import { loadConfig } from "../src/server/config.ts";
import { blobStoreFromConfig } from "../src/server/files/configured-file-store.ts";

/**
 * `npm run backup [-- --out <folder>]`: backs up the configured database (DATABASE_URL with pg_dump,
 * or the embedded one in PGLITE_DIR, which the app must not have open) and the stored files it names
 * (FILES_DIR or S3_BUCKET) into a new folder, by default ./backups/pedaali-<database>-<UTC time>, with
 * manifest.json naming each part's SHA-256 (src/server/backup/). Exits 1 when a file the database
 * names was missing or damaged in the store (the backup is written all the same), or when it refuses.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
    version: string;
  };
  const config = loadConfig();
  const source = databaseLocation(config);
  if (!config.s3 && config.filesDir === "memory://") {
    throw new Error("FILES_DIR is memory://: in-memory files have nothing to back up");
  }
  const now = new Date();
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  const folder = resolve(values.out ?? join("backups", `pedaali-${source.kind}-${stamp}`));
  const blobs = await blobStoreFromConfig(config);
  try {
    const started = Date.now();
    const manifest = await createBackup({ source, blobs, folder, now, appVersion: version });
    const { database, files } = manifest;
    console.info(`Backup written to ${folder} in ${Date.now() - started} ms`);
    console.info(
      `  database: ${database.kind}, ${database.bytes} bytes, ${database.migrations.applied} migrations applied (the newest ${database.migrations.head ?? "unknown to this code"})`,
    );
    console.info(`  files:    ${files.count} from ${blobs.description}, ${files.bytes} bytes`);
    for (const id of files.missing) {
      console.error(`  MISSING  file ${id}: the database names it, the store has no bytes for it`);
    }
    for (const id of files.damaged) {
      console.error(`  DAMAGED  file ${id}: its bytes are not those its row's SHA-256 names`);
    }
    return files.missing.length + files.damaged.length > 0 ? 1 : 0;
  } finally {
    await blobs.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`No backup made: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
