import { loadConfig } from "../src/server/config.ts";
import { openDatabase } from "../src/server/db/client.ts";
import { seedDemo } from "../src/server/db/seed/seed-demo.ts";
import { fileStoreFromConfig } from "../src/server/files/configured-file-store.ts";

/**
 * `npm run seed:demo`: migrates the configured database and seeds the demo data if it has no users;
 * otherwise resets the demo fixtures (Demo Oy's registration link, twofactor@demo.test's phone step).
 */
const config = loadConfig();
if (config.nodeEnv === "production") {
  console.error("Refusing to seed demo data with NODE_ENV=production.");
  process.exit(1);
}
const database = await openDatabase(config);
try {
  await database.migrate();
  const files = await fileStoreFromConfig(config);
  const { seeded } = await seedDemo(database.db, files, config);
  await files.close();
  console.info(
    seeded
      ? `Demo data seeded (${database.kind}).`
      : `The database already has users; demo data kept, demo fixtures reset (${database.kind}).`,
  );
} finally {
  await database.close();
}
