import { loadConfig } from "../src/server/config.ts";
import { openDatabase } from "../src/server/db/client.ts";
import { CONSISTENCY_RULES, checkConsistency } from "../src/server/db/consistency.ts";

/**
 * `npm run db:consistency`: checks the configured database (DATABASE_URL, or the embedded one) against
 * the promises of src/server/db/consistency.ts and prints every broken one with a few of its rows.
 * Exits 1 when any is broken, so a restore drill or the kill test can stop on it.
 */
const config = loadConfig();
const database = await openDatabase(config);
try {
  const started = Date.now();
  const findings = await checkConsistency(database.db);
  for (const rule of CONSISTENCY_RULES) {
    const finding = findings.find((f) => f.rule === rule);
    console.info(`${finding ? "BROKEN" : "ok    "} ${rule}`);
    if (finding) console.info(`       ${finding.count} rows, e.g. ${finding.ids.join(", ")}`);
  }
  console.info(
    `${findings.length} of ${CONSISTENCY_RULES.length} broken (${database.kind}, ${Date.now() - started} ms)`,
  );
  process.exitCode = findings.length > 0 ? 1 : 0;
} finally {
  await database.close();
}
