import { loadConfig } from "../src/server/config.ts";
import { openDatabase } from "../src/server/db/client.ts";
import { seedDemoIfEmpty } from "../src/server/db/seed/seed-demo.ts";

/** `npm run seed:demo`: migrates the configured database and seeds the demo data if it has no users. */
const config = loadConfig();
if (config.nodeEnv === "production") {
  console.error("Refusing to seed demo data with NODE_ENV=production.");
  process.exit(1);
}
const database = await openDatabase(config);
try {
  await database.migrate();
  const { seeded } = await seedDemoIfEmpty(database.db);
  console.info(
    seeded
      ? `Demo data seeded (${database.kind}).`
      : `The database already has users; demo data left as it is (${database.kind}).`,
  );
} finally {
  await database.close();
}
