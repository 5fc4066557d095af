import { loadConfig } from "../src/server/config.ts";
import { openDatabase } from "../src/server/db/client.ts";
import { rekeyData } from "../src/server/jobs/data-rekey.ts";

/**
 * `npm run rekey`: rewrites under the first of DATA_KEYS every sealed field an older key (or
 * JWT_SECRET, before the data keys) wrote, as the nightly job and each start do, and prints what still
 * depends on another key. An old key may leave DATA_KEYS once no row is counted under it.
 */
const config = loadConfig();
const database = await openDatabase(config);
try {
  await database.migrate();
  const report = await rekeyData(database.db, config);
  const [current] = config.dataKeys;
  console.info(`First data key: ${current?.id}`);
  for (const [field, n] of Object.entries(report.rewritten)) console.info(`rewritten   ${n} ${field}`);
  for (const [field, n] of Object.entries(report.unreadable)) console.info(`unreadable  ${n} ${field}`);
  const still = Object.entries(report.stillUnder);
  if (still.length === 0) console.info("Nothing depends on another key: older keys may leave DATA_KEYS.");
  for (const [key, n] of still) console.info(`still under ${key}: ${n} rows`);
} finally {
  await database.close();
}
