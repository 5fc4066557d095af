import { loadConfig } from "../src/server/config.ts";
import { openDatabase } from "../src/server/db/client.ts";
import { seedDemoIfEmpty } from "../src/server/db/seed-demo.ts";

/** `npm run seed:demo`: migrates the configured database and seeds the demo data if it has none. */
const config = loadConfig();
if (config.nodeEnv === "production") {
  console.error("Refusing to seed demo data with NODE_ENV=production.");
  process.exit(1);
}
const database = await openDatabase(config);
await database.migrate();
await seedDemoIfEmpty(database.db);
await database.close();
console.info(`Demo data is in place (${database.kind}).`);
