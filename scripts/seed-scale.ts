import { loadConfig } from "../src/server/config.ts";
import { openDatabase } from "../src/server/db/client.ts";
import { DEMO_PASSWORD } from "../src/server/db/seed/demo-data.ts";
import { seedReferenceData } from "../src/server/db/seed/seed-demo.ts";
import { seedMultiTenantScale } from "../src/server/db/seed/seed-multi-tenant-scale.ts";
import { SCALE_ADMIN_EMAIL, seedScale } from "../src/server/db/seed/seed-scale.ts";
import { hashPassword } from "../src/server/modules/auth/passwords.ts";

/**
 * `npm run seed:scale`: migrates the configured database (PGlite in ./data, or DATABASE_URL) and adds
 * one of two shapes of scale data, each deterministic and done once (a database that has it is left
 * alone); their admins log in with the demo password.
 * - `group` (the default): one group with SCALE_EMPLOYEES employees (100 000 by default) and their
 *   orders and leases (src/server/db/seed/seed-scale.ts).
 * - `multi-tenant` (`-- --shape=multi-tenant` or SCALE_SHAPE=multi-tenant): 1 000 companies in 100
 *   groups with 100 000 employees, 150 000 orders, 120 000 leases, after-sales cases, 500 000
 *   notifications and 1 000 000 event-log rows; `--factor=0.01` or SCALE_FACTOR shrinks every count
 *   (src/server/db/seed/seed-multi-tenant-scale.ts).
 */
const SHAPES = ["group", "multi-tenant"] as const;
const option = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ??
  process.env[`SCALE_${name.toUpperCase()}`];
const shape = option("shape") ?? "group";
const factor = Number(option("factor") ?? 1);
if (!(SHAPES as readonly string[]).includes(shape) || !(factor > 0)) {
  console.error(`Usage: npm run seed:scale -- [--shape=${SHAPES.join("|")}] [--factor=<positive number>]`);
  process.exit(1);
}

const config = loadConfig();
if (config.nodeEnv === "production") {
  console.error("Refusing to seed scale data with NODE_ENV=production.");
  process.exit(1);
}
const database = await openDatabase(config);
try {
  await database.migrate();
  await seedReferenceData(database.db);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  if (shape === "group") {
    const employees = Number(process.env.SCALE_EMPLOYEES ?? 100_000);
    const result = await seedScale(database.db, { employees, passwordHash });
    console.info(
      result.seeded
        ? `Scale data seeded (${database.kind}): ${result.employees} employees, ${result.orders} orders in ${result.seconds.toFixed(1)} s. Group admin: ${SCALE_ADMIN_EMAIL}.`
        : `The scale group exists already; nothing added (${database.kind}).`,
    );
  } else {
    const result = await seedMultiTenantScale(database.db, { factor, passwordHash });
    if (!result.seeded) {
      console.info(`The multi-tenant scale data exists already; nothing added (${database.kind}).`);
    } else {
      console.info(`Multi-tenant scale data seeded (${database.kind}, factor ${factor}):`);
      for (const [table, rows] of Object.entries(result.counts)) {
        const seconds = result.seconds[table];
        console.info(
          `  ${table.padEnd(24)} ${String(rows).padStart(9)} rows${seconds === undefined ? "" : `  ${seconds.toFixed(1).padStart(6)} s`}`,
        );
      }
      console.info(
        `  plan ${result.seconds.plan?.toFixed(1)} s, vacuum analyze ${result.seconds.vacuum_analyze?.toFixed(1)} s; ${result.totalSeconds.toFixed(1)} s in all.`,
      );
      console.info(
        `Group admins: ${result.logins.groupAdmins.slice(0, 3).join(", ")}, ...; employer admins: ${result.logins.employerAdmins.slice(0, 3).join(", ")}, ... (the demo password).`,
      );
    }
  }
} finally {
  await database.close();
}
