import { loadConfig } from "../src/server/config.ts";
import { openDatabase } from "../src/server/db/client.ts";
import { checkConsistency, consistencyReport } from "../src/server/db/consistency.ts";
import { fileStoreFromConfig } from "../src/server/files/configured-file-store.ts";

/**
 * `npm run db:consistency`: checks the configured database (DATABASE_URL, or the embedded one) and its
 * file store (S3_BUCKET or FILES_DIR) against the promises of src/server/db/consistency.ts and prints
 * every broken one with a few of its rows. Exits 1 when any is broken, so a restore drill or the kill
 * test can stop on it.
 */
const config = loadConfig();
const database = await openDatabase(config);
const files = await fileStoreFromConfig(config);
try {
  const started = Date.now();
  const report = consistencyReport(await checkConsistency(database.db, files));
  for (const line of report.lines) console.info(line);
  console.info(
    `${report.broken} of ${report.rules} broken (${database.kind}, ${files.description}, ${Date.now() - started} ms)`,
  );
  process.exitCode = report.broken > 0 ? 1 : 0;
} finally {
  await database.close();
  await files.close();
}
