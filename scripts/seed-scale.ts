import { loadConfig } from "../src/server/config.ts";
import { openDatabase } from "../src/server/db/client.ts";
import { DEMO_PASSWORD } from "../src/server/db/seed/demo-data.ts";
import { seedReferenceData } from "../src/server/db/seed/seed-demo.ts";
import { SCALE_ADMIN_EMAIL, seedScale } from "../src/server/db/seed/seed-scale.ts";
import { hashPassword } from "../src/server/modules/auth/passwords.ts";

/**
 * `npm run seed:scale`: migrates the configured database (PGlite in ./data, or DATABASE_URL) and adds
 * the scale seed: one group with SCALE_EMPLOYEES employees (100 000 by default) and their orders and
 * leases (src/server/db/seed/seed-scale.ts). Deterministic and done once: a database that has the
 * group is left alone. Its group admin logs in with the demo password.
 */
const config = loadConfig();
if (config.nodeEnv === "production") {
  console.error("Refusing to seed scale data with NODE_ENV=production.");
  process.exit(1);
}
const employees = Number(process.env.SCALE_EMPLOYEES ?? 100_000);
const database = await openDatabase(config);
try {
  await database.migrate();
  await seedReferenceData(database.db);
  const result = await seedScale(database.db, { employees, passwordHash: await hashPassword(DEMO_PASSWORD) });
  console.info(
    result.seeded
      ? `Scale data seeded (${database.kind}): ${result.employees} employees, ${result.orders} orders in ${result.seconds.toFixed(1)} s. Group admin: ${SCALE_ADMIN_EMAIL}.`
      : `The scale group exists already; nothing added (${database.kind}).`,
  );
} finally {
  await database.close();
}
