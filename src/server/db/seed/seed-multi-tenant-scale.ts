import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { rawRows } from "../raw.ts";
import { inTransaction } from "../transaction.ts";
import {
  employerAdminEmail,
  groupAdminEmail,
  groupName,
  type MultiTenantSizes,
  multiTenantScaleSizes,
  plan,
} from "./seed-multi-tenant-plan.ts";
import { afterSales, bellAndLog, ordersAndLeases, people } from "./seed-multi-tenant-rows.ts";

export { multiTenantScaleSizes } from "./seed-multi-tenant-plan.ts";

/**
 * The multi-tenant scale seed (`npm run seed:scale -- --shape=multi-tenant`): at factor 1, 100 groups
 * of 10 companies, 100 000 employees, 150 000 orders in every status, 120 000 leasing agreements with
 * their signed documents, after-sales cases in every company, 500 000 notifications and 1 000 000
 * event-log rows; a smaller factor shrinks every count (at least one group of two companies).
 *
 * What the platform looks like after a few years with many customers: companies of very different
 * sizes (a few thousand employees down to a few dozen), most orders running leases, some employees on
 * their second bike, and in every company the first nineteen employees showing every order status and
 * an insurance claim, a lease ending with its redemption, and an own-share payment, so that each
 * tenant's lists have rows of every kind.
 *
 * Deterministic: every row, id included (md5-derived UUIDs), follows from its number and the fixed
 * SEED_TODAY, so two runs make the same database. Bulk: the plan (which company each employee works in,
 * which orders each has, in which status) is worked out once into temporary tables; every table is then
 * one INSERT ... SELECT from them, done by the database itself. A database that has the first group
 * already is left alone. Each group's group admin and employer admin log in with the demo password
 * (when given its hash).
 */

const SEEDED_TABLES = [
  "group_companies",
  "companies",
  "company_units",
  "users",
  "system_users",
  "user_roles",
  "beneficiary_employees",
  "orders",
  "leasing_agreements",
  "signed_documents",
  "order_cancellations",
  "insurance_claims",
  "bike_redemptions",
  "redemption_payments",
  "user_payments",
  "notifications",
  "event_log",
] as const;
type MultiTenantTable = (typeof SEEDED_TABLES)[number];

export type MultiTenantScaleResult = {
  seeded: boolean;
  sizes: MultiTenantSizes;
  /** Rows this seed added, per table (zero when it found the shape already there). */
  counts: Record<MultiTenantTable, number>;
  /** Seconds per step (the plan, each table, the statistics) and in all. */
  seconds: Record<string, number>;
  totalSeconds: number;
  /** Each group's logins, group 1 first: they log in with the demo password. */
  logins: { groupAdmins: string[]; employerAdmins: string[] };
};

export async function seedMultiTenantScale(
  db: Db,
  options: { factor?: number; passwordHash?: string | null } = {},
): Promise<MultiTenantScaleResult> {
  const sizes = multiTenantScaleSizes(options.factor ?? 1);
  const groups = Array.from({ length: sizes.groups }, (_, i) => i + 1);
  const logins = { groupAdmins: groups.map(groupAdminEmail), employerAdmins: groups.map(employerAdminEmail) };
  const started = performance.now();
  const seconds: Record<string, number> = {};
  const zero = Object.fromEntries(SEEDED_TABLES.map((t) => [t, 0])) as Record<MultiTenantTable, number>;
  const [existing] = await rawRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from group_companies where lower(name) = lower(${groupName(1)})`,
  );
  if ((existing?.n ?? 0) > 0) return { seeded: false, sizes, counts: zero, seconds, totalSeconds: 0, logins };

  const counts = await inTransaction(db, async (tx) => {
    const step = async (label: string, query: SQL) => {
      const t0 = performance.now();
      await tx.execute(query);
      seconds[label] = (seconds[label] ?? 0) + (performance.now() - t0) / 1000;
    };
    await plan(sizes, step);
    await people(options.passwordHash ?? null, step);
    await ordersAndLeases(step);
    await afterSales(step);
    await bellAndLog(sizes, step);
    const [row] = await rawRows<Record<MultiTenantTable, number>>(tx, countQuery());
    return row as Record<MultiTenantTable, number>;
  });
  // Fresh rows: the planner's statistics and the visibility map (index-only counts) of the tables
  // written as autovacuum would leave them after a while.
  const t0 = performance.now();
  await db.execute(sql.raw(`vacuum analyze ${SEEDED_TABLES.join(", ")}`));
  seconds.vacuum_analyze = (performance.now() - t0) / 1000;
  return { seeded: true, sizes, counts, seconds, totalSeconds: (performance.now() - started) / 1000, logins };
}

/** The rows of the seeded companies, per table (groups and units by theirs). */
function countQuery(): SQL {
  const inCompanies = (table: string) =>
    `(select count(*)::int from ${table} where company_id in (select id from mt_company)) as ${table}`;
  return sql.raw(`select
    (select count(*)::int from group_companies where id in (select id from mt_group)) as group_companies,
    (select count(*)::int from companies where id in (select id from mt_company)) as companies,
    ${inCompanies("company_units")},
    (select count(*)::int from users u join system_users su on su.user_id = u.id
      where su.company_id in (select id from mt_company)) as users,
    ${inCompanies("system_users")},
    ${inCompanies("user_roles")},
    ${SEEDED_TABLES.slice(SEEDED_TABLES.indexOf("beneficiary_employees")).map(inCompanies).join(",\n    ")}`);
}
