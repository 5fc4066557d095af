import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app.ts";
import { testConfig } from "../../src/server/config.ts";
import { type Database, fromPostgresUrl } from "../../src/server/db/client.ts";
import { rawRows } from "../../src/server/db/raw.ts";
import { SCALE_ADMIN_EMAIL, seedScale } from "../../src/server/db/seed/seed-scale.ts";
import { loginAs } from "../helpers/auth.ts";
import { createTestDatabase, postgresTestUrl, type TestDatabase } from "../helpers/test-db.ts";
import {
  type Caller,
  explain,
  type HotCall,
  hotCalls,
  type PlanSummary,
  StatementCapture,
  statementsOf,
} from "./query-plans.ts";

/**
 * Every hot list call can be answered through indexes: its SQL (caught while the call runs through the
 * app) is explained on PostgreSQL with `enable_seqscan = off`, and no plan may still read one of the
 * tables that grow with the customers whole (a Seq Scan, or an index walked end to end to filter it:
 * PlanSummary.wholeReads). Each name search must read the names' trigram index.
 *
 * Why enable_seqscan = off and not a big seed: at a size the CI budget allows (hundreds of rows) the
 * planner rightly reads small tables whole, so a plan of real statistics proves nothing; 100,000
 * employees take a minute to seed. With sequential scans priced out, the planner still reads a table
 * whole only when no index can answer the query, which is what a missing index or a condition no
 * index serves (an `in (subquery)` beside an OR, a function of a column) looks like. Which plan
 * PostgreSQL picks at full size, and how long it takes, `npm run explain:scale` shows (docs/testing.md).
 *
 * PostgreSQL only: the plans are PostgreSQL's, and PGlite runs the same SQL (its own tests prove that).
 */

/** The tables that grow with the number of employees (over 10,000 rows in the scale seed). */
const GROWING_TABLES = new Set([
  "users",
  "system_users",
  "user_roles",
  "user_preferences",
  "beneficiary_employees",
  "employee_search",
  "orders",
  "order_cancellations",
  "insurance_claims",
  "bike_redemptions",
  "redemption_payments",
  "user_payments",
  "leasing_agreements",
  "signed_documents",
  "event_log",
]);

/**
 * The tables PostgreSQL reorders in a statement's joins (join_collapse_limit). A statement that reads a
 * page's rows by its ids (`in (select unnest(…))`, paging.ts amongPageIds) must stay within them: past
 * them PostgreSQL joins in the written order, the ids come last, and every row of the list is joined
 * first.
 */
const JOIN_COLLAPSE_LIMIT = 8;

/** The trigram indexes of people's names: a user's (system_users) and an employee's (employee_search). */
const NAME_INDEXES = new Set(["system_users_full_name_trgm_idx", "employee_search_name_trgm_idx"]);

const url = postgresTestUrl();

describe.skipIf(!url)(
  "the hot lists' query plans (PostgreSQL; skipped on PGlite, whose plans are not the product's)",
  () => {
    const capture = new StatementCapture();
    let base: TestDatabase;
    let database: Database;
    let app: FastifyInstance;
    let client: pg.Client;
    let calls: HotCall[];
    const sessions = {} as Record<Caller, () => Record<string, string>>;

    beforeAll(async () => {
      base = await createTestDatabase({ demoData: true });
      database = fromPostgresUrl(base.url as string, { max: 2 });
      database.observeStatements((query, params) => capture.logQuery(query, params));
      const [ids] = await rawRows<{ password_hash: string | null; role_id: string }>(
        database.db,
        sql`select (select password_hash from users where email = 'admin@pedaali.test') as password_hash,
        (select id from roles where name = 'BIKE_BENEFICIARY') as role_id`,
      );
      // A small scale group: its group admin reaches two companies, as the real one does.
      await seedScale(database.db, { employees: 200, passwordHash: ids?.password_hash ?? null });
      app = await buildApp(testConfig({ logLevel: "silent" }), { database });
      await app.ready();
      sessions.admin = (await loginAs(app, "admin@pedaali.test")).headers;
      sessions.groupAdmin = (await loginAs(app, SCALE_ADMIN_EMAIL)).headers;
      calls = hotCalls({ roleId: ids?.role_id as string, deepPage: 10 });
      client = new pg.Client({ connectionString: base.url as string });
      await client.connect();
      await client.query("analyze");
      await client.query("set enable_seqscan = off");
    });

    afterAll(async () => {
      await client?.end();
      await app?.close();
      await database?.close();
      await base?.close();
    });

    it("reads no growing table whole, joins no more tables than PostgreSQL reorders, and finds each name search by the names' trigram index", async () => {
      const findings: string[] = [];
      for (const call of calls) {
        const statements = await statementsOf(app, capture, {
          url: call.url,
          headers: sessions[call.caller](),
        });
        expect(statements.length, call.label).toBeGreaterThan(0);
        const plans: PlanSummary[] = [];
        for (const statement of statements) {
          plans.push(await explain(client, statement));
          const tables = (statement.sql.match(/\bjoin\b/gi)?.length ?? 0) + 1;
          if (statement.sql.includes("unnest(") && tables > JOIN_COLLAPSE_LIMIT)
            findings.push(`${call.label} (${call.caller}) joins ${tables} tables in one statement`);
        }
        for (const plan of plans) {
          const whole = plan.wholeReads.filter((table) => GROWING_TABLES.has(table));
          if (whole.length)
            findings.push(`${call.label} (${call.caller}) reads ${whole.join(", ")} whole: ${plan.shape}`);
        }
        if (call.nameSearch && !plans.some((p) => p.indexes.some((index) => NAME_INDEXES.has(index)))) {
          findings.push(`${call.label} (${call.caller}) does not find the names by their trigram index`);
        }
      }
      expect(findings).toEqual([]);
    });
  },
);
