/**
 * `npm run explain:scale`: what PostgreSQL does for each hot list call at full size. Against
 * DATABASE_URL holding the demo data and the scale seed (`npm run seed:demo`, then `npm run seed:scale`,
 * on the same DATABASE_URL), it runs each call of tests/scale/query-plans.ts once through the real app
 * (app.inject), catches the SQL it runs, and prints each statement's EXPLAIN ANALYZE: execution time,
 * the indexes read and any table over 10 000 rows read whole (a Seq Scan, or an index walked end to end
 * to filter it; marked !!). It then times each
 * call (p50 of RUNS, default 5); ONLY=text runs the calls whose label contains it. Reads only;
 * changes nothing but the planner's statistics (ANALYZE).
 * Exits 1 when a statement reads a big table whole.
 */
import { count, eq, inArray } from "drizzle-orm";
import pg from "pg";
import { buildApp } from "../src/server/app.ts";
import { testConfig } from "../src/server/config.ts";
import { fromPostgresUrl } from "../src/server/db/client.ts";
import { beneficiaryEmployees, companies, roles } from "../src/server/db/schema/index.ts";
import { SCALE_ADMIN_EMAIL, SCALE_COMPANIES } from "../src/server/db/seed/seed-scale.ts";
import { loginAs } from "../tests/helpers/auth.ts";
import {
  type Caller,
  explain,
  hotCalls,
  StatementCapture,
  statementsOf,
  tablesOver,
} from "../tests/scale/query-plans.ts";

const url = process.env.DATABASE_URL;
if (!url) {
  console.error("Set DATABASE_URL to a PostgreSQL database with the demo data and the scale seed.");
  process.exit(1);
}
const RUNS = Number(process.env.RUNS ?? 5);
const ONLY = process.env.ONLY ?? "";
const BIG_TABLE_ROWS = 10_000;

const capture = new StatementCapture();
const database = fromPostgresUrl(url, { max: 2 });
database.observeStatements((query, params) => capture.logQuery(query, params));
const client = new pg.Client({ connectionString: url });
await client.connect();
let bigSeqScans = 0;
try {
  await client.query("analyze");
  const big = await tablesOver(client, BIG_TABLE_ROWS);
  const [role] = await database.db.select().from(roles).where(eq(roles.name, "BIKE_BENEFICIARY"));
  const scaleCompanies = await database.db
    .select({ id: companies.id })
    .from(companies)
    .where(inArray(companies.name, [...SCALE_COMPANIES]));
  if (!role || scaleCompanies.length === 0) {
    throw new Error("No scale seed here: run npm run seed:demo and npm run seed:scale first.");
  }
  const [group] = await database.db
    .select({ n: count() })
    .from(beneficiaryEmployees)
    .where(
      inArray(
        beneficiaryEmployees.companyId,
        scaleCompanies.map((c) => c.id),
      ),
    );
  // Pages of 10: the middle of the group's list.
  const deepPage = Math.max(1, Math.floor((group?.n ?? 0) / 20));
  const app = await buildApp(testConfig({ logLevel: "silent" }), { database });
  await app.ready();
  const sessions: Record<Caller, () => Record<string, string>> = {
    admin: (await loginAs(app, "admin@pedaali.test")).headers,
    groupAdmin: (await loginAs(app, SCALE_ADMIN_EMAIL)).headers,
  };
  console.info(`big tables (> ${BIG_TABLE_ROWS} rows): ${[...big].sort().join(", ")}\n`);
  for (const call of hotCalls({ roleId: role.id, deepPage }).filter((c) => c.label.includes(ONLY))) {
    const headers = sessions[call.caller]();
    const statements = await statementsOf(app, capture, { url: call.url, headers });
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await app.inject({ url: call.url, headers });
      samples.push(performance.now() - started);
    }
    samples.sort((a, b) => a - b);
    const p50 = samples[Math.floor(samples.length / 2)] as number;
    console.info(`${call.label} (${call.caller}): HTTP p50 ${p50.toFixed(1)} ms  ${call.url}`);
    for (const statement of statements) {
      const plan = await explain(client, statement, true);
      const whole = plan.wholeReads.filter((t) => big.has(t));
      bigSeqScans += whole.length;
      console.info(
        `  ${(plan.executionMs ?? 0).toFixed(2).padStart(8)} ms ${whole.length ? `!! reads ${whole.join(", ")} whole ` : ""}` +
          `${plan.shape.slice(0, 240)}`,
      );
    }
  }
  await app.close();
} finally {
  await client.end();
  await database.close();
}
if (bigSeqScans > 0) {
  console.error(`\n${bigSeqScans} statement(s) read a table over ${BIG_TABLE_ROWS} rows whole.`);
  process.exit(1);
}
