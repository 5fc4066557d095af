import { eq, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { rawRows } from "../raw.ts";
import {
  companies,
  groupCompanies,
  leasingCompanies,
  roles,
  systemUsers,
  userRoles,
  users,
} from "../schema/index.ts";
import { inTransaction } from "../transaction.ts";
import { SCALE_FIRST_NAMES, SCALE_LAST_NAMES } from "./scale-names.ts";
import { textArray, uuidOf } from "./scale-sql.ts";

/**
 * The scale seed (`npm run seed:scale`): one group, "Skaala-konserni", with SCALE_EMPLOYEES
 * employees (100 000 by default) in two companies, most with an order (a third of them a running
 * lease), for measuring the employer's lists at size. Deterministic: every row, id included
 * (md5-derived UUIDs), follows from its number, so two runs make the same database. Bulk: each table
 * is one INSERT ... SELECT over generate_series, done by the database itself, so it takes seconds,
 * not hours, on PGlite and on PostgreSQL alike. A database that already has the group is left alone.
 *
 * Its group admin logs in as skaala.admin@skaala.test with the demo password (when given its hash).
 */

const SCALE_GROUP = "Skaala-konserni";
export const SCALE_COMPANIES = ["Skaala Oy", "Skaala Palvelut Oy"] as const;
export const SCALE_ADMIN_EMAIL = "skaala.admin@skaala.test";

/** The one-group seed's names: the first of the shared lists (their lengths shape its rows). */
const FIRST = SCALE_FIRST_NAMES.slice(0, 24);
const LAST = SCALE_LAST_NAMES.slice(0, 30);
const STATUSES = [
  "ACTIVE_LEASING",
  "ACTIVE_LEASING",
  "ACTIVE_LEASING",
  "ACTIVE_LEASING",
  "ACTIVE_LEASING",
  "PENDING",
  "PACKAGE_PROVIDED",
  "ALL_INFO_PROVIDED",
  "CONFIRMED",
  "PROCESSED",
  "WAITING_FOR_DELIVERY_DATE",
  "READY_FOR_BILLING",
  "GRENKE_INVOICE_SENT",
  "CANCELLED",
];

export type ScaleResult = { seeded: boolean; employees: number; orders: number; seconds: number };

export async function seedScale(
  db: Db,
  options: { employees?: number; passwordHash?: string | null } = {},
): Promise<ScaleResult> {
  const total = options.employees ?? 100_000;
  const started = performance.now();
  const [existing] = await db
    .select({ id: groupCompanies.id })
    .from(groupCompanies)
    .where(eq(groupCompanies.name, SCALE_GROUP));
  if (existing) return { seeded: false, employees: 0, orders: 0, seconds: 0 };

  const result = await inTransaction(db, async (tx) => {
    const [group] = await tx
      .insert(groupCompanies)
      .values({ name: SCALE_GROUP })
      .returning({ id: groupCompanies.id });
    const companyRows = await tx
      .insert(companies)
      .values(
        SCALE_COMPANIES.map((name, i) => ({
          name,
          groupCompanyId: group?.id as string,
          city: i === 0 ? "Helsinki" : "Lahti",
          maxPriceCents: 400_000,
        })),
      )
      .returning({ id: companies.id });
    const [first, second] = companyRows.map((c) => c.id) as [string, string];
    const [beneficiary] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(eq(roles.name, "BIKE_BENEFICIARY"));
    const [groupAdminRole] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(eq(roles.name, "EMPLOYER_GROUP_ADMIN"));

    const [admin] = await tx
      .insert(users)
      .values({
        email: SCALE_ADMIN_EMAIL,
        passwordHash: options.passwordHash ?? null,
        phoneNumber: "+358405559999",
      })
      .returning({ id: users.id });
    await tx.insert(systemUsers).values({
      userId: admin?.id as string,
      firstName: "Skaala",
      lastName: "Pääkäyttäjä",
      companyId: first,
    });
    await tx
      .insert(userRoles)
      .values({ userId: admin?.id as string, roleId: groupAdminRole?.id as string, companyId: first });

    // i = 1..total; 60 % in the first company. Joined over three years, the newest last.
    const series = sql`generate_series(1, ${total}::int) as s(i)`;
    const i = sql`s.i`;
    const company = sql`(case when ${i} % 5 < 3 then ${first}::uuid else ${second}::uuid end)`;
    const joined = sql`(timestamptz '2023-11-01 08:00:00+00' + (${i} * interval '15 minutes'))`;
    const userId = uuidOf("scale-user-", i);
    await tx.execute(sql`insert into ${users} (id, email, password_hash, language, created_at, updated_at)
      select ${userId}, 'skaala.' || ${i} || '@skaala.test', null, 'fi', ${joined}, ${joined} from ${series}`);
    await tx.execute(sql`insert into ${systemUsers} (user_id, first_name, last_name, company_id)
      select ${userId}, (${textArray(FIRST)})[1 + ${i} % ${FIRST.length}],
        (${textArray(LAST)})[1 + (${i} * 7) % ${LAST.length}], ${company} from ${series}`);
    await tx.execute(sql`insert into ${userRoles} (user_id, role_id, company_id)
      select ${userId}, ${beneficiary?.id}::uuid, ${company} from ${series}`);
    await tx.execute(sql`insert into beneficiary_employees
        (id, user_id, company_id, cost_unit, employee_number, pay_roll_other, status, created_at, updated_at)
      select ${uuidOf("scale-employee-", i)}, ${userId}, ${company}, (4000 + ${i} % 40)::text, 'S' || ${i},
        case when ${i} % 4 = 0 then 'Tuntipalkka' else null end,
        (case when ${i} % 100 = 0 then 'PENDING' else 'ACCEPTED' end)::employee_status, ${joined}, ${joined}
      from ${series}`);

    // Three employees in five have an order; its status and dates follow from its number.
    const ordered = sql`generate_series(1, ${total}::int) as s(i) where s.i % 5 < 3 and s.i % 100 <> 0`;
    const created = sql`(${joined} + interval '2 days')`;
    const status = sql`((${textArray(STATUSES)})[1 + ${i} % ${STATUSES.length}])::order_status`;
    await tx.execute(sql`insert into orders
        (id, beneficiary_employee_id, company_id, order_status, is_order_confirmed, delivery_method,
         total_price_cents, vat_percent, lease_time_months, monthly_payment_cents, processed_at, created_at, updated_at)
      select ${uuidOf("scale-order-", i)}, ${uuidOf("scale-employee-", i)}, ${company}, ${status},
        ${status} not in ('PENDING', 'PACKAGE_PROVIDED', 'ALL_INFO_PROVIDED', 'CANCELLED'), 'PICKUP',
        150000 + (${i} % 40) * 5000, 25.5, 36, 4500 + (${i} % 40) * 150,
        case when ${status} in ('PENDING', 'PACKAGE_PROVIDED', 'ALL_INFO_PROVIDED', 'CONFIRMED', 'CANCELLED') then null
          else ${created} + interval '5 days' end,
        ${created}, ${created}
      from ${ordered}`);
    // The running leases' agreements: started the month after next, 36 months, committed when ordered.
    let [leasing] = await tx.select({ id: leasingCompanies.id }).from(leasingCompanies).limit(1);
    if (!leasing) {
      [leasing] = await tx
        .insert(leasingCompanies)
        .values({ companyName: "Pedaali Oy" })
        .returning({ id: leasingCompanies.id });
    }
    await tx.execute(sql`insert into leasing_agreements
        (order_id, beneficiary_employee_id, company_id, leasing_company_id, status, lease_time_months,
         monthly_payment_cents, total_price_cents, commitment_date, start_date, end_date, signed_at, created_at, updated_at)
      select o.id, o.beneficiary_employee_id, o.company_id, ${leasing?.id}::uuid, 'SIGNED', 36,
        o.monthly_payment_cents, o.total_price_cents, o.created_at::date,
        (date_trunc('month', o.created_at) + interval '2 months')::date,
        (date_trunc('month', o.created_at) + interval '38 months')::date, o.created_at, o.created_at, o.created_at
      from orders o where o.company_id in (${first}::uuid, ${second}::uuid) and o.order_status = 'ACTIVE_LEASING'`);
    const [counted] = await rawRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from orders where company_id in (${first}::uuid, ${second}::uuid)`,
    );
    return { seeded: true, employees: total, orders: counted?.n ?? 0 };
  });
  // Fresh rows: the planner's statistics and the visibility map (index-only counts) as autovacuum
  // would leave them after a while.
  await db.execute(sql`vacuum analyze`);
  return { ...result, seconds: (performance.now() - started) / 1000 };
}
