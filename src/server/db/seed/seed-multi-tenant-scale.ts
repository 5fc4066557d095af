import { type SQL, sql } from "drizzle-orm";
import { ORDER_STATUSES, type OrderStatus } from "../../../domain/enums.ts";
import { businessIdCheckDigit } from "../../../domain/validation/business-id.ts";
import type { Db } from "../client.ts";
import { rawRows } from "../raw.ts";
import { inTransaction } from "../transaction.ts";
import {
  asciiSlug,
  SCALE_FIRST_NAMES,
  SCALE_INDUSTRIES,
  SCALE_LAST_NAMES,
  SCALE_MUNICIPALITIES,
  SCALE_STREETS,
} from "./scale-names.ts";

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

/** The seed's "today": order dates and lease terms are relative to it, so statuses stay sensible. */
export const SEED_TODAY = "2026-11-02T08:00:00Z";
const TODAY = sql.raw(`timestamptz '${SEED_TODAY}'`);

/** Full size (factor 1). */
const FULL = {
  groups: 100,
  companies: 1_000,
  employees: 100_000,
  orders: 150_000,
  leases: 120_000,
  notifications: 500_000,
  events: 1_000_000,
};

/**
 * The first employees of every company, one order each: every order status, then three running leases
 * with an insurance claim, a lease ending soon (its redemption case) and an own share over the
 * company's max price.
 */
const SHOWCASE: readonly OrderStatus[] = [
  ...ORDER_STATUSES,
  "ACTIVE_LEASING",
  "ACTIVE_LEASING",
  "ACTIVE_LEASING",
];
const CLAIM_POSITION = ORDER_STATUSES.length;
const REDEMPTION_POSITION = ORDER_STATUSES.length + 1;
const OWN_SHARE_POSITION = ORDER_STATUSES.length + 2;
/** The smallest company: its showcase and a few employees more. */
const MIN_COMPANY_EMPLOYEES = SHOWCASE.length + 5;

/** The statuses an order has a (signed) leasing agreement in: from the employee's signature onwards. */
const LEASED: readonly OrderStatus[] = [
  "ALL_INFO_PROVIDED",
  "CONFIRMED",
  "PROCESSED",
  "WAITING_FOR_INVOICE_MATCH",
  "WAITING_FOR_DELIVERY_DATE",
  "READY_FOR_BILLING",
  "GRENKE_INVOICE_SENT",
  "ACTIVE_LEASING",
  "WAITING_FOR_CUSTOMER_COMMENT",
];
/** A leased order's status, by its number among the leased: most run, the rest are on their way. */
const LEASED_MIX: readonly OrderStatus[] = [
  ...Array.from({ length: 12 }, () => "ACTIVE_LEASING" as const),
  ...LEASED.filter((s) => s !== "ACTIVE_LEASING"),
];
/** An order without an agreement, by its number among those. */
const UNLEASED_MIX: readonly OrderStatus[] = [
  "NOT_STARTED",
  "PENDING",
  "PENDING",
  "PACKAGE_PROVIDED",
  "PACKAGE_PROVIDED",
  "CANCELLED",
  "CANCELLED",
  "CASE_X",
  "WIX",
  "REFUNDED",
];
/** Where an order waiting for the customer's comment returns to (it has an agreement already). */
const COMMENT_RETURNS_TO: readonly OrderStatus[] = ["ALL_INFO_PROVIDED", "CONFIRMED", "PROCESSED"];

/** How far along the lifecycle a status is, which decides the dates and details an order has. */
const STEP: Record<OrderStatus, number> = {
  NOT_STARTED: 0,
  PENDING: 1,
  WIX: 1,
  PACKAGE_PROVIDED: 2,
  CANCELLED: 2,
  ALL_INFO_PROVIDED: 3,
  CONFIRMED: 4,
  PROCESSED: 5,
  CASE_X: 5,
  WAITING_FOR_INVOICE_MATCH: 6,
  WAITING_FOR_DELIVERY_DATE: 7,
  READY_FOR_BILLING: 8,
  GRENKE_INVOICE_SENT: 9,
  REFUNDED: 9,
  ACTIVE_LEASING: 10,
  // Its step is the status it returns to (the plan's `step` column).
  WAITING_FOR_CUSTOMER_COMMENT: 0,
};

export type MultiTenantSizes = {
  groups: number;
  companies: number;
  employees: number;
  /** Employees on their second bike: an older order (running or cancelled) and a newer one. */
  secondOrders: number;
  orders: number;
  /** Leases of the showcase orders, of the older orders, and of the rest. */
  leases: { showcase: number; older: number; other: number };
  notifications: number;
  events: number;
  /** Employees of company 1..companies, largest first. */
  companySizes: number[];
};

/** The counts at a size factor; the seed makes exactly these. */
export function multiTenantScaleSizes(factor = 1): MultiTenantSizes {
  if (!(factor > 0)) throw new Error("The scale factor is a positive number");
  const scaled = (n: number) => Math.max(1, Math.round(n * factor));
  const groups = scaled(FULL.groups);
  const companies = Math.max(scaled(FULL.companies), 2 * groups);
  const employees = Math.max(scaled(FULL.employees), MIN_COMPANY_EMPLOYEES * companies);
  // Sizes fall off like 1/sqrt: company 1 of 1 000 has about 2 500 employees, the last about 60.
  const extra = employees - MIN_COMPANY_EMPLOYEES * companies;
  const companySizes = Array.from(
    { length: companies },
    (_, i) =>
      MIN_COMPANY_EMPLOYEES +
      Math.floor(extra * Math.sqrt((i + 1) / companies)) -
      Math.floor(extra * Math.sqrt(i / companies)),
  );
  const showcaseEmployees = SHOWCASE.length * companies;
  const secondOrders = Math.min(Math.max(0, scaled(FULL.orders) - employees), employees - showcaseEmployees);
  const showcase = companies * SHOWCASE.filter((s) => LEASED.includes(s)).length;
  const older = Math.round(secondOrders * 0.95);
  const other = Math.min(employees - showcaseEmployees, Math.max(0, scaled(FULL.leases) - showcase - older));
  return {
    groups,
    companies,
    employees,
    secondOrders,
    orders: employees + secondOrders,
    leases: { showcase, older, other },
    notifications: scaled(FULL.notifications),
    events: scaled(FULL.events),
    companySizes,
  };
}

const groupBase = (g: number) =>
  `${SCALE_LAST_NAMES[(g - 1) % SCALE_LAST_NAMES.length]}${g > SCALE_LAST_NAMES.length ? ` ${Math.ceil(g / SCALE_LAST_NAMES.length)}` : ""}`;
const groupName = (g: number) => `${groupBase(g)}-yhtiöt`;
export const MULTI_TENANT_DOMAIN = "pedaali-scale.test";
export const groupAdminEmail = (g: number) => `konserni.${g}@${MULTI_TENANT_DOMAIN}`;
export const employerAdminEmail = (g: number) => `tyonantaja.${g}@${MULTI_TENANT_DOMAIN}`;

/** A valid Y-tunnus near base: the first of base..base+9 that has a check digit. */
function businessId(base: number): string {
  for (let body = base; ; body++) {
    const check = businessIdCheckDigit(String(body));
    if (check !== null) return `${body}-${check}`;
  }
}

const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(",")}]::text[]`);
/** The i-th (0-based, any integer expression) of a list, wrapping around. */
const pick = (values: readonly string[], i: SQL) =>
  sql`(${textArray(values)})[1 + ((${i}) % ${sql.raw(String(values.length))})]`;

/** A deterministic UUID of a label and a number (the same formula as the group scale seed's). */
const uuidOf = (label: string, n: SQL) =>
  sql`overlay(overlay(md5(${sql.raw(`'${label}'`)} || (${n})::text) placing '4' from 13) placing '8' from 17)::uuid`;

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
export type MultiTenantTable = (typeof SEEDED_TABLES)[number];

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

type Step = (label: string, query: SQL) => Promise<void>;

/**
 * The plan, in temporary tables dropped at commit: mt_company (its group, names, first employee
 * number and size), mt_employee (company and position in it) and mt_order (whose, which of their
 * orders, status, step, lease and dates).
 */
async function plan(sizes: MultiTenantSizes, step: Step): Promise<void> {
  const G = sizes.groups;
  let first = 1;
  const companyRows = sizes.companySizes.map((size, i) => {
    const c = i + 1;
    const g = ((c - 1) % G) + 1;
    const k = Math.floor((c - 1) / G);
    const line = `${SCALE_INDUSTRIES[k % SCALE_INDUSTRIES.length]}${k >= SCALE_INDUSTRIES.length ? ` ${Math.floor(k / SCALE_INDUSTRIES.length) + 1}` : ""}`;
    const name = `${groupBase(g)} ${line}`;
    const row = {
      c,
      g,
      name: `${name} Oy`,
      business_id: businessId(2_000_000 + c * 10),
      slug: `${asciiSlug(name)}.test`,
      size,
      first_e: first,
    };
    first += size;
    return row;
  });
  const groupRows = Array.from({ length: G }, (_, i) => ({
    g: i + 1,
    name: groupName(i + 1),
    business_id: businessId(1_900_000 + (i + 1) * 10),
  }));
  const municipalities = SCALE_MUNICIPALITIES.map(([name]) => name);
  await step(
    "plan",
    sql`create temp table mt_group on commit drop as
      select t.g, ${uuidOf("mt-group-", sql`t.g`)} as id, t.name, t.business_id
      from jsonb_to_recordset(${JSON.stringify(groupRows)}::jsonb) as t(g int, name text, business_id text)`,
  );
  await step(
    "plan",
    sql`create temp table mt_company on commit drop as
      select t.c, t.g, ${uuidOf("mt-company-", sql`t.c`)} as id, t.name, t.business_id, t.slug, t.size, t.first_e,
        ${pick(municipalities, sql`t.c`)} as city, ${pick(
          SCALE_MUNICIPALITIES.map(([, code]) => code),
          sql`t.c`,
        )} as postal_code
      from jsonb_to_recordset(${JSON.stringify(companyRows)}::jsonb)
        as t(c int, g int, name text, business_id text, slug text, size int, first_e int)`,
  );
  await step("plan", sql`alter table mt_company add primary key (c)`);
  // Employees with a second order: spread evenly over everyone but the showcase.
  const S = SHOWCASE.length;
  const X = sizes.secondOrders;
  const others = sizes.employees - S * sizes.companies;
  await step(
    "plan",
    sql`create temp table mt_employee on commit drop as
      with base as (
        select s.e, k.c, k.g, s.e - k.first_e as p
        from mt_company k cross join lateral generate_series(k.first_e, k.first_e + k.size - 1) as s(e)
      ), ranked as (
        select b.*, row_number() over (partition by b.p < ${S} order by b.e)::bigint as r from base b
      )
      select e, c, g, p, (p >= ${S} and (r * ${X}::bigint) / ${others}::bigint > ((r - 1) * ${X}::bigint) / ${others}::bigint) as two
      from ranked`,
  );
  await step("plan", sql`alter table mt_employee add primary key (e)`);

  // Orders: the showcase's one each; an employee on a second bike has an older order (running, or
  // cancelled) and a newer one; every other order's lease and status are spread evenly by its number
  // among its kind, so the counts come out exact.
  const { older, other } = sizes.leases;
  const M = others;
  const showcase = textArray(SHOWCASE);
  await step(
    "plan",
    sql`create temp table mt_order_base on commit drop as
      with o0 as (
        select e, c, g, p, 1 as gen, two as older from mt_employee
        union all select e, c, g, p, 2, false from mt_employee where two
      ), numbered as (
        select o0.*, row_number() over (order by e, gen)::int as o,
          case when p < ${S} then 'showcase' when older then 'older' else 'other' end as kind
        from o0
      )
      select n.*, row_number() over (partition by n.kind order by n.o)::bigint as r from numbered n`,
  );
  const leasedOther = sql`((b.r * ${other}::bigint) / ${M}::bigint)`;
  const leasedOtherBefore = sql`(((b.r - 1) * ${other}::bigint) / ${M}::bigint)`;
  const status = sql`(case b.kind
      when 'showcase' then (${showcase})[b.p + 1]
      when 'older' then case when (b.r * ${older}::bigint) / ${Math.max(X, 1)}::bigint > ((b.r - 1) * ${older}::bigint) / ${Math.max(X, 1)}::bigint
        then 'ACTIVE_LEASING' when b.r % 2 = 0 then 'CANCELLED' else 'REFUNDED' end
      else case when ${leasedOther} > ${leasedOtherBefore}
        then ${pick(LEASED_MIX, leasedOther)}
        else ${pick(UNLEASED_MIX, sql`(b.r - ${leasedOther})`)} end
    end)::order_status`;
  const stepOf = (s: SQL) =>
    sql`(case ${s} ${sql.raw(
      Object.entries(STEP)
        .map(([name, n]) => `when '${name}' then ${n}`)
        .join(" "),
    )} end)`;
  await step(
    "plan",
    sql`create temp table mt_order on commit drop as
      with s as (
        select b.o, b.e, b.c, b.g, b.p, b.gen, b.kind, ${status} as status from mt_order_base b
      ), s2 as (
        select s.*, case when s.status = 'WAITING_FOR_CUSTOMER_COMMENT'
            then (case when s.kind = 'showcase' then 'PROCESSED' else ${pick(COMMENT_RETURNS_TO, sql`s.o`)} end)::order_status
          end as previous
        from s
      ), s3 as (
        select s2.*, ${stepOf(sql`coalesce(s2.previous, s2.status)`)} as step,
          s2.status = any(${textArray(LEASED)}::order_status[]) as leased,
          case when s2.kind <> 'other' then 36 when s2.o % 5 = 3 then 24 when s2.o % 5 = 4 then 48 else 36 end as months
        from s2
      )
      select s3.*,
        ${TODAY} - (case
          -- The lease that ends soon: the showcase's, and the older orders' (bikes up for redemption).
          when s3.kind = 'showcase' and s3.p = ${REDEMPTION_POSITION} then interval '35 months'
          when s3.kind = 'older' and s3.status = 'ACTIVE_LEASING' then make_interval(months => 24 + (s3.o * 5) % 12, days => s3.o % 28)
          when s3.kind = 'older' then make_interval(months => 20 + s3.o % 10, days => s3.o % 28)
          when s3.status = 'ACTIVE_LEASING' then make_interval(months => 2 + (s3.o * 7) % (s3.months - 10), days => s3.o % 28)
          -- On its way: the further along, the longer ago it started.
          else make_interval(days => 1 + s3.step * 4 + (s3.o * 13) % 40)
        end) - make_interval(mins => s3.o % 480) as created
      from s3`,
  );
  await step("plan", sql`alter table mt_order add primary key (o)`);
  await step("plan", sql`create index on mt_order (e, gen)`);
  await step("plan", sql`analyze mt_company`);
  await step("plan", sql`analyze mt_employee`);
  await step("plan", sql`analyze mt_order`);
}

/** Groups, companies, their units, the employees with their logins and profiles, and each group's admins. */
async function people(passwordHash: string | null, step: Step): Promise<void> {
  // The leases need a leasing company; a database without the demo's gets one.
  await step(
    "companies",
    sql`insert into leasing_companies (id, company_name, created_at, updated_at)
      select ${uuidOf("mt-leasing-company-", sql`1`)}, 'Grenkeleasing Oy', ${TODAY}, ${TODAY}
      where not exists (select 1 from leasing_companies)`,
  );
  await step(
    "group_companies",
    sql`insert into group_companies (id, name, business_id, created_at, updated_at)
      select id, name, business_id, ${TODAY} - interval '4 years', ${TODAY} - interval '4 years' from mt_group`,
  );
  await step(
    "companies",
    sql`insert into companies (id, name, business_id, group_company_id, max_price_cents, payment_mode,
        leasing_company_id, street_address, postal_code, city, billing_email, contact_name, contact_email,
        contact_phone_number, created_at, updated_at)
      select k.id, k.name, k.business_id, gr.id, 300000 + (k.c % 5) * 50000,
        (case k.c % 3 when 0 then 'PAYROLL' when 1 then 'BATCH' else 'ALL' end)::payment_mode,
        (select id from leasing_companies order by (company_name = 'Grenkeleasing Oy') desc, company_name, id limit 1),
        ${pick(SCALE_STREETS, sql`k.c`)} || ' ' || (1 + k.c % 40), k.postal_code, k.city,
        'laskutus@' || k.slug, ${pick(SCALE_FIRST_NAMES, sql`k.c * 3`)} || ' ' || ${pick(SCALE_LAST_NAMES, sql`k.c * 7`)},
        'henkilosto@' || k.slug, '+35810' || lpad(k.c::text, 7, '0'),
        ${TODAY} - interval '4 years' + make_interval(days => k.c % 300), ${TODAY} - interval '4 years' + make_interval(days => k.c % 300)
      from mt_company k join mt_group gr on gr.g = k.g`,
  );
  // Three units (toimipisteet) each, named after municipalities.
  await step(
    "company_units",
    sql`insert into company_units (id, company_id, unit_name, created_at, updated_at)
      select ${uuidOf("mt-unit-", sql`k.c || '.' || u.n`)}, k.id,
        ${pick(
          SCALE_MUNICIPALITIES.map(([name]) => name),
          sql`k.c + 7 * u.n`,
        )}, ${TODAY} - interval '4 years', ${TODAY} - interval '4 years'
      from mt_company k cross join generate_series(0, 2) as u(n)`,
  );
  const first = pick(SCALE_FIRST_NAMES, sql`m.e * 7`);
  const last = pick(SCALE_LAST_NAMES, sql`m.e * 13`);
  const ascii = (s: SQL) => sql`translate(lower(${s}), 'äöå', 'aoa')`;
  const joined = sql`(${TODAY} - make_interval(days => 1100 + m.e % 300))`;
  await step(
    "users",
    sql`insert into users (id, email, password_hash, phone_number, phone_verified_at, language, created_at, updated_at)
      select ${uuidOf("mt-user-", sql`m.e`)}, ${ascii(first)} || '.' || ${ascii(last)} || '.' || m.e || '@' || k.slug,
        null, '+35840' || lpad(m.e::text, 7, '0'), ${joined},
        (case m.e % 20 when 0 then 'sv' when 1 then 'en' else 'fi' end)::language, ${joined}, ${joined}
      from mt_employee m join mt_company k on k.c = m.c`,
  );
  await step(
    "system_users",
    sql`insert into system_users (id, user_id, first_name, last_name, company_id, created_at, updated_at)
      select ${uuidOf("mt-profile-", sql`m.e`)}, ${uuidOf("mt-user-", sql`m.e`)}, ${first}, ${last}, k.id, ${joined}, ${joined}
      from mt_employee m join mt_company k on k.c = m.c`,
  );
  await step(
    "user_roles",
    sql`insert into user_roles (id, user_id, role_id, company_id, created_at)
      select ${uuidOf("mt-user-role-", sql`m.e`)}, ${uuidOf("mt-user-", sql`m.e`)},
        (select id from roles where name = 'BIKE_BENEFICIARY'), k.id, ${joined}
      from mt_employee m join mt_company k on k.c = m.c`,
  );
  await step(
    "beneficiary_employees",
    sql`insert into beneficiary_employees (id, user_id, company_id, unit_id, cost_unit, employee_number,
        pay_roll_other, status, decided_at, created_at, updated_at)
      select ${uuidOf("mt-employee-", sql`m.e`)}, ${uuidOf("mt-user-", sql`m.e`)}, k.id,
        ${uuidOf("mt-unit-", sql`k.c || '.' || (m.p % 3)`)}, (1000 + 100 * (m.e % 7))::text, 'T' || lpad(m.p::text, 5, '0'),
        case when m.e % 4 = 0 then 'Tuntipalkka' else null end, 'ACCEPTED', ${joined} + interval '1 day',
        ${joined}, ${joined}
      from mt_employee m join mt_company k on k.c = m.c`,
  );
  // Each group's admins: the group admin sees the whole group, the employer admin its first company.
  const admins = sql`(values ('konserni', 'EMPLOYER_GROUP_ADMIN', 'Konserni'), ('tyonantaja', 'EMPLOYER_ADMIN', 'Työnantaja'))
    as a(kind, role, title)`;
  const adminId = sql`${uuidOf("mt-admin-", sql`a.kind || '.' || gr.g`)}`;
  const firstCompany = sql`(select k.id from mt_company k where k.c = gr.g)`;
  await step(
    "users",
    sql`insert into users (id, email, password_hash, phone_number, phone_verified_at, language, created_at, updated_at)
      select ${adminId}, a.kind || '.' || gr.g || '@' || ${MULTI_TENANT_DOMAIN}::text, ${passwordHash}::text,
        '+35850' || (case a.kind when 'konserni' then '1' else '2' end) || lpad(gr.g::text, 6, '0'),
        ${TODAY} - interval '4 years', 'fi', ${TODAY} - interval '4 years', ${TODAY} - interval '4 years'
      from mt_group gr cross join ${admins}`,
  );
  await step(
    "system_users",
    sql`insert into system_users (id, user_id, first_name, last_name, company_id, created_at, updated_at)
      select ${uuidOf("mt-admin-profile-", sql`a.kind || '.' || gr.g`)}, ${adminId},
        ${pick(SCALE_FIRST_NAMES, sql`gr.g * 5 + (case a.kind when 'konserni' then 0 else 1 end)`)},
        ${pick(SCALE_LAST_NAMES, sql`gr.g * 11 + (case a.kind when 'konserni' then 0 else 3 end)`)},
        ${firstCompany}, ${TODAY} - interval '4 years', ${TODAY} - interval '4 years'
      from mt_group gr cross join ${admins}`,
  );
  await step(
    "user_roles",
    sql`insert into user_roles (id, user_id, role_id, company_id, created_at)
      select ${uuidOf("mt-admin-role-", sql`a.kind || '.' || gr.g`)}, ${adminId},
        (select id from roles where name = a.role), ${firstCompany}, ${TODAY} - interval '4 years'
      from mt_group gr cross join ${admins}`,
  );
}

/** One order's id, and its employee's user and employment. */
const orderId = sql`${uuidOf("mt-order-", sql`m.o`)}`;
const leaseId = sql`${uuidOf("mt-lease-", sql`m.o`)}`;
const employeeId = sql`${uuidOf("mt-employee-", sql`m.e`)}`;
const userId = sql`${uuidOf("mt-user-", sql`m.e`)}`;
/** The moment an order reached step n (a few days per step after it started). */
const at = (n: number | SQL) => sql`(m.created + make_interval(days => 3 * (${n})))`;
const price = sql`(150000 + ((m.o * 7) % 40) * 5000)`;
const ownShare = sql`(case when m.leased and (m.p = ${OWN_SHARE_POSITION} and m.kind = 'showcase' or m.o % 15 = 0)
  then 15000 + (m.o % 20) * 1000 else 0 end)`;
const ending = sql`((date_trunc('month', m.created) + make_interval(months => 1 + m.months))::date)`;

async function ordersAndLeases(step: Step): Promise<void> {
  const stores = sql`(array(select id from bike_stores order by store_name, id))`;
  await step(
    "orders",
    sql`insert into orders (id, beneficiary_employee_id, company_id, bike_store_id, leasing_company_id,
        order_status, previous_status, is_online_order, is_order_confirmed, bike_store_order_number, external_order_id,
        order_paid_date, delivery_method, delivery_street_address, delivery_postal_code, delivery_city,
        total_price_cents, vat_percent, lease_time_months, monthly_payment_cents, residual_value_cents,
        frame_serial_number, delivery_date, user_payment_cents, customer_comment, confirmed_at, processed_at,
        cancelled_at, created_at, updated_at)
      select ${orderId}, ${employeeId}, k.id,
        case when m.step >= 2 and m.status <> 'WIX' then (${stores})[1 + m.o % greatest(1, cardinality(${stores}))] end,
        case when m.step >= 3 then co.leasing_company_id end,
        m.status, m.previous, m.status = 'WIX', m.step >= 4,
        case when m.step >= 5 then 'MT-' || m.o end, case when m.status = 'WIX' then 'wix-mt-' || m.o end,
        case when m.step >= 9 then ${at(9)}::date end,
        (case when m.o % 4 = 0 then 'HOME_DELIVERY' else 'PICKUP' end)::delivery_method,
        case when m.o % 4 = 0 then ${pick(SCALE_STREETS, sql`m.o`)} || ' ' || (1 + m.o % 60) end,
        case when m.o % 4 = 0 then k.postal_code end, case when m.o % 4 = 0 then k.city end,
        case when m.step >= 2 then ${price} else 0 end, 25.5, m.months,
        case when m.step >= 2 then round(${price} * 1.12 / m.months)::int end,
        case when m.step >= 2 then round(${price} * 0.1)::int end,
        case when m.step >= 7 then 'WTU' || lpad(m.o::text, 8, '0') end,
        case when m.step >= 8 then ${at(8)}::date end,
        ${ownShare},
        case when m.status = 'WAITING_FOR_CUSTOMER_COMMENT' then 'Pyörän koko tarkistettava: toimitetaanko 54 cm runko?' end,
        case when m.step >= 4 then ${at(4)} end, case when m.step >= 5 then ${at(5)} end,
        case when m.status in ('CANCELLED', 'REFUNDED') then ${at(sql`m.step + 1`)} end,
        m.created, case when m.status in ('CANCELLED', 'REFUNDED') then ${at(sql`m.step + 1`)} else ${at(sql`m.step`)} end
      from mt_order m join mt_company k on k.c = m.c join companies co on co.id = k.id`,
  );
  // The agreement: signed by the employee when they accepted the package, accepted by the leasing
  // company once processed; a running lease has its term, from the month after delivery.
  await step(
    "leasing_agreements",
    sql`insert into leasing_agreements (id, order_id, beneficiary_employee_id, company_id, leasing_company_id,
        status, agreement_number, lease_time_months, monthly_payment_cents, total_price_cents, residual_value_cents,
        commitment_date, start_date, end_date, signed_at, accepted_at, created_at, updated_at)
      select ${leaseId}, ${orderId}, ${employeeId}, k.id, co.leasing_company_id,
        (case when m.step >= 5 then 'ACCEPTED' else 'SIGNED' end)::leasing_agreement_status,
        case when m.step >= 5 then 'MT-' || lpad(m.o::text, 9, '0') end, m.months,
        round(${price} * 1.12 / m.months)::int, ${price}, round(${price} * 0.1)::int,
        case when m.step >= 4 then ${at(4)}::date end,
        case when m.status = 'ACTIVE_LEASING' then (date_trunc('month', m.created) + interval '1 month')::date end,
        case when m.status = 'ACTIVE_LEASING' then ${ending} end,
        ${at(3)}, case when m.step >= 5 then ${at(5)} end, ${at(3)}, ${at(sql`least(m.step, 5)`)}
      from mt_order m join mt_company k on k.c = m.c join companies co on co.id = k.id
      where m.leased`,
  );
  await step(
    "signed_documents",
    sql`insert into signed_documents (id, beneficiary_employee_id, leasing_agreement_id, company_id, payment_status,
        leasing_sign_date, signed_by_user_id, signed_at, signer_ip, signer_user_agent, document_sha256, created_at, updated_at)
      select ${uuidOf("mt-signed-", sql`m.o`)}, ${employeeId}, ${leaseId}, k.id,
        (case when m.status = 'ACTIVE_LEASING' then 'PAID' else 'PENDING' end)::payment_status,
        ${at(3)}::date, ${userId}, ${at(3)}, '10.' || (m.o / 65536) % 256 || '.' || (m.o / 256) % 256 || '.' || m.o % 256,
        case when m.o % 3 = 0 then 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Safari/604.1'
          else 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36' end,
        encode(sha256(convert_to('mt-signed-' || m.o, 'UTF8')), 'hex'), ${at(3)}, ${at(3)}
      from mt_order m join mt_company k on k.c = m.c
      where m.leased`,
  );
}

/**
 * After the sale, at the shares a few years of real use leave, and in every company (its showcase):
 * a cancellation for every cancelled or refunded order and an open one for some orders just begun, an
 * insurance claim for one running lease in thirty, a redemption case for every lease ending within
 * 75 days (with the price's payment once the employee chose to redeem), and the employee's own
 * payments: shares above the max price, and redemption prices paid in batches.
 */
async function afterSales(step: Step): Promise<void> {
  const three = (i: SQL) =>
    sql`(case (${i}) % 3 when 0 then 'PENDING' when 1 then 'COMPLETED' else 'CANCELLED' end)`;
  await step(
    "order_cancellations",
    sql`insert into order_cancellations (id, order_id, company_id, status, reason, refund_amount_cents, payer_type,
        refund_to_type, requested_by, order_status_at_request, completed_at, created_at, updated_at)
      select ${uuidOf("mt-cancellation-", sql`m.o`)}, ${orderId}, k.id,
        (case when m.status in ('CANCELLED', 'REFUNDED') then 'COMPLETED' else 'PENDING' end)::order_cancellation_status,
        ${pick(
          [
            "Työsuhde päättyy ennen toimitusta",
            "Työntekijä valitsi toisen pyörän",
            "Toimitusaika liian pitkä",
            "Muutto toiselle paikkakunnalle",
          ],
          sql`m.o`,
        )},
        case when m.status = 'REFUNDED' then round(${price} * 0.1)::int else 0 end,
        (case when m.status = 'REFUNDED' then 'BIKE_STORE' end)::payer_type,
        (case when m.status = 'REFUNDED' then 'PEDAALI' end)::payer_type,
        (case m.o % 3 when 0 then 'EMPLOYEE' when 1 then 'EMPLOYER' else 'HELPDESK' end)::order_cancellation_requester,
        (case when m.status = 'REFUNDED' then 'GRENKE_INVOICE_SENT' when m.status = 'CANCELLED' then 'PACKAGE_PROVIDED'
          else m.status::text end)::order_status,
        case when m.status in ('CANCELLED', 'REFUNDED') then ${at(sql`m.step + 1`)} end,
        ${at(sql`m.step`)}, ${at(sql`m.step + 1`)}
      from mt_order m join mt_company k on k.c = m.c
      where m.status in ('CANCELLED', 'REFUNDED')
        or (m.status in ('PENDING', 'PACKAGE_PROVIDED') and (m.kind = 'showcase' or m.o % 4 = 0))`,
  );
  const claimed = sql`m.status = 'ACTIVE_LEASING' and (m.kind = 'showcase' and m.p = ${CLAIM_POSITION} or m.kind <> 'showcase' and m.o % 30 = 7)`;
  const claimAt = sql`(${TODAY} - make_interval(days => 3 + (m.o * 11) % 150))`;
  await step(
    "insurance_claims",
    sql`insert into insurance_claims (id, beneficiary_employee_id, company_id, order_id, type, status, outcome,
        incident_date, description, police_report_number, repair_cost_cents, deductible_cents, reported_by_user_id,
        completed_at, created_at, updated_at)
      select ${uuidOf("mt-claim-", sql`m.o`)}, ${employeeId}, k.id, ${orderId},
        (case when m.o % 4 = 3 then 'THEFT' else 'DAMAGE' end)::insurance_claim_type,
        (case when m.kind = 'showcase' then 'PENDING' else ${three(sql`m.o / 30`)} end)::simple_state,
        (case when m.kind <> 'showcase' and (m.o / 30) % 3 = 1 then case when m.o % 4 = 3 then 'NEW_BIKE' else 'REPAIR' end end)::insurance_claim_outcome,
        (${claimAt} - interval '2 days')::date,
        case when m.o % 4 = 3 then 'Pyörä varastettiin lukittuna kerrostalon pyörävarastosta.'
          else 'Kaatuminen liukkaalla kelillä: takavaihtaja ja vaihteenkorvake vääntyivät.' end,
        case when m.o % 4 = 3 then '5500/R/' || (10000 + m.o) || '/26' end,
        case when m.o % 4 <> 3 then 18000 + (m.o % 30) * 1000 end, 15000, ${userId},
        case when m.kind <> 'showcase' and (m.o / 30) % 3 = 1 then ${claimAt} + interval '14 days' end,
        ${claimAt}, ${claimAt}
      from mt_order m join mt_company k on k.c = m.c
      where ${claimed}`,
  );
  // The redemption offer goes out 75 days before the lease's last month ends: the leases ending within
  // that have their case open (or done).
  const redeemed = sql`m.status = 'ACTIVE_LEASING' and ${ending} <= (${TODAY} + interval '75 days')::date`;
  const opened = sql`(${ending} - interval '75 days')`;
  const done = sql`(m.kind <> 'showcase' and ${ending} <= (${TODAY} + interval '1 month')::date)`;
  const choice = sql`(case when m.kind = 'showcase' then 'REDEEM' else (array['REDEEM', 'REDEEM', 'RETURN', 'BROKERAGE', 'TRANSFER', 'CONTINUE'])[1 + (m.o / 12) % 6] end)`;
  // The employee has chosen (always once the case is done; on two open cases in three).
  const chosen = sql`(m.kind = 'showcase' or ${done} or (m.o / 12) % 3 <> 0)`;
  await step(
    "bike_redemptions",
    sql`insert into bike_redemptions (id, order_id, beneficiary_employee_id, company_id, leasing_agreement_id, status,
        reason, choice, choice_made_at, choice_by_user_id, decision_deadline, lease_ends_on, payment_method,
        redemption_price_cents, vat_percent, user_payment_sent_at, user_payment_paid_at, completed_at, created_at, updated_at)
      select ${uuidOf("mt-redemption-", sql`m.o`)}, ${orderId}, ${employeeId}, k.id, ${leaseId},
        (case when ${done} then 'COMPLETED' else 'PENDING' end)::simple_state, 'LEASE_TERM_ENDS',
        case when ${chosen} then ${choice}::lease_end_choice end,
        case when ${chosen} then least(${opened} + interval '20 days', ${TODAY}) end,
        case when ${chosen} then ${userId} end,
        (${ending} - interval '14 days')::date, ${ending},
        (case when co.payment_mode = 'BATCH' or co.payment_mode = 'ALL' and m.o % 2 = 0 then 'BATCH' else 'PAYROLL' end)::payment_method,
        round(${price} * 0.1)::int, 25.5,
        case when ${done} and ${choice} = 'REDEEM' then least(${opened} + interval '25 days', ${TODAY}) end,
        case when ${done} and ${choice} = 'REDEEM' then least(${opened} + interval '40 days', ${TODAY}) end,
        case when ${done} then least(${opened} + interval '45 days', ${TODAY}) end,
        least(${opened}, ${TODAY}), least(${opened} + interval '20 days', ${TODAY})
      from mt_order m join mt_company k on k.c = m.c join companies co on co.id = k.id
      where ${redeemed}`,
  );
  await step(
    "redemption_payments",
    sql`insert into redemption_payments (id, bike_redemption_id, company_id, status, payer_type, amount_cents,
        reference_number, due_date, paid_at, created_at, updated_at)
      select ${uuidOf("mt-redemption-payment-", sql`m.o`)}, r.id, r.company_id,
        (case when r.status = 'COMPLETED' then 'PAID' else 'PENDING' end)::payment_status, 'EMPLOYEE', r.redemption_price_cents,
        '2' || lpad(m.o::text, 9, '0'), r.decision_deadline, r.user_payment_paid_at, r.created_at, r.updated_at
      from mt_order m join bike_redemptions r on r.id = ${uuidOf("mt-redemption-", sql`m.o`)}
      where r.choice = 'REDEEM'`,
  );
  const sent = sql`(m.o % 3 <> 0)`;
  const paid = sql`(m.o % 3 = 2)`;
  await step(
    "user_payments",
    sql`insert into user_payments (id, beneficiary_employee_id, company_id, order_id, kind, description, amount_cents,
        payment_method, payment_status, reference_number, due_date, sent_at, paid_at, is_user_payment_done, created_at, updated_at)
      select ${uuidOf("mt-own-share-", sql`m.o`)}, ${employeeId}, k.id, ${orderId}, 'OWN_SHARE',
        'Enimmäishinnan ylittävä osuus', ${ownShare},
        (case when m.o % 2 = 0 then 'BATCH' else 'PAYROLL' end)::payment_method,
        (case when ${paid} then 'PAID' else 'PENDING' end)::payment_status, '1' || lpad(m.o::text, 9, '0'),
        (${at(5)} + interval '14 days')::date, case when ${sent} then ${at(4)} end, case when ${paid} then ${at(5)} end,
        ${paid}, ${at(3)}, ${at(sql`least(m.step, 5)`)}
      from mt_order m join mt_company k on k.c = m.c
      where ${ownShare} > 0`,
  );
  await step(
    "user_payments",
    sql`insert into user_payments (id, beneficiary_employee_id, company_id, order_id, bike_redemption_id, kind, description,
        amount_cents, payment_method, payment_status, reference_number, due_date, sent_at, paid_at, is_user_payment_done,
        created_at, updated_at)
      select ${uuidOf("mt-redemption-user-payment-", sql`m.o`)}, r.beneficiary_employee_id, r.company_id, r.order_id, r.id,
        'REDEMPTION', 'Pyörän lunastushinta', r.redemption_price_cents, 'BATCH',
        (case when r.user_payment_paid_at is not null then 'PAID' else 'PENDING' end)::payment_status,
        '3' || lpad(m.o::text, 9, '0'), r.decision_deadline, coalesce(r.user_payment_sent_at, r.choice_made_at),
        r.user_payment_paid_at, r.user_payment_paid_at is not null, r.created_at, r.updated_at
      from mt_order m join bike_redemptions r on r.id = ${uuidOf("mt-redemption-", sql`m.o`)}
      where r.choice = 'REDEEM' and r.payment_method = 'BATCH'`,
  );
}

const NOTIFICATIONS: readonly [string, string, string][] = [
  [
    "ORDER_STATUS_CHANGE",
    "Tilauksesi eteni",
    "Työsuhdepyörätilauksesi tila on päivittynyt. Katso tilauksen tiedot.",
  ],
  ["EMPLOYEE_ORDER", "Uusi työsuhdepyörän tilaus", "Työntekijä aloitti tilauksen pyöräliikkeessä."],
  ["PAYMENT_REMINDER", "Maksumuistutus", "Sinulla on avoin maksu. Eräpäivä lähestyy."],
  [
    "SYSTEM_UPDATE",
    "Palvelu päivittyy",
    "Pedaali on käyttökatkossa sunnuntaina klo 6–7 huoltotöiden vuoksi.",
  ],
  [
    "GENERAL",
    "Pyöräkausi alkaa",
    "Muista kevään huolto: sopimukseesi sisältyy yksi ilmainen huolto vuodessa.",
  ],
  [
    "EMPLOYEE_REGISTRATION",
    "Uusi työntekijä odottaa hyväksyntää",
    "Työntekijä rekisteröityi yrityksen rekisteröintilinkillä ja odottaa hyväksyntääsi.",
  ],
];

/**
 * The bell: notifications for the employees, and one in ten for their group's employer admin. The
 * event log: about seven rows per order, its steps from the start on (a row past the order's own
 * step records a status update), by the employee, the employer admin or the system.
 */
async function bellAndLog(sizes: MultiTenantSizes, step: Step): Promise<void> {
  const type = pick(
    NOTIFICATIONS.map(([t]) => t),
    sql`n.n`,
  );
  const created = sql`(${TODAY} - make_interval(days => (n.n * 7) % 400, mins => n.n % 1440))`;
  await step(
    "notifications",
    sql`insert into notifications (id, user_id, company_id, type, priority, title, message, read, read_at,
        entity_type, entity_id, created_at)
      select ${uuidOf("mt-notification-", sql`n.n`)},
        case when n.n % 10 = 0 then ${uuidOf("mt-admin-", sql`'tyonantaja.' || m.g`)} else ${userId} end,
        k.id, ${type}::notification_type,
        (case when n.n % 6 = 2 then 'HIGH' when n.n % 6 = 3 then 'LOW' else 'NORMAL' end)::notification_priority,
        ${pick(
          NOTIFICATIONS.map(([, title]) => title),
          sql`n.n`,
        )}, ${pick(
          NOTIFICATIONS.map(([, , message]) => message),
          sql`n.n`,
        )},
        n.n % 10 < 7, case when n.n % 10 < 7 then ${created} + interval '3 hours' end,
        case when n.n % 6 in (0, 1) then 'order' end, case when n.n % 6 in (0, 1) then ${uuidOf("mt-order-", sql`o.o`)} end,
        ${created}
      from generate_series(1, ${sizes.notifications}::int) as n(n)
        join mt_employee m on m.e = 1 + (n.n - 1) % ${sizes.employees}
        join mt_company k on k.c = m.c
        join mt_order o on o.e = m.e and o.gen = 1`,
  );
  const STEP_EVENTS = [
    "ORDER_STATUS_UPDATED",
    "LEASING_AGREEMENT_SIGNED",
    "ORDER_CONFIRMED",
    "ORDER_PROCESSED",
    "DELIVERY_DATE_UPDATED",
    "ORDER_GRENKE_INVOICE_SENT",
    "LEASING_STARTED",
  ];
  // The step of the order's life an event is, and the status it needed to reach to have it (an order
  // without an agreement has status updates only after its package).
  const reached = [0, 3, 4, 5, 8, 9, 10];
  const s = sql`(((v.v - 1) / ${sizes.orders}) % ${STEP_EVENTS.length})`;
  const lease = sql`(m.type in ('LEASING_AGREEMENT_SIGNED', 'LEASING_STARTED'))`;
  // The inner query works out each row's type once (offset 0 keeps the planner from inlining it into
  // every use below).
  await step(
    "event_log",
    sql`insert into event_log (id, type, actor_user_id, company_id, entity_type, entity_id, data, created_at)
      select ${uuidOf("mt-event-", sql`m.v`)}, m.type::event_type,
        case m.type when 'LEASING_AGREEMENT_SIGNED' then ${userId}
          when 'ORDER_CONFIRMED' then ${uuidOf("mt-admin-", sql`'tyonantaja.' || m.g`)} end,
        k.id, case when ${lease} then 'leasingAgreement' else 'order' end,
        case when ${lease} then ${leaseId} else ${orderId} end,
        case when m.type = 'ORDER_STATUS_UPDATED' then jsonb_build_object('status', m.status) else '{}'::jsonb end,
        least(${at(sql`m.s`)} + make_interval(secs => m.v % 3600), ${TODAY})
      from (
        select v.v, o.o, o.e, o.g, o.c, o.status, o.created, ${s} as s,
          case when (case when o.leased then o.step else least(o.step, 2) end)
              >= (array[${sql.raw(reached.join(","))}])[1 + ${s}]
            then ${pick(STEP_EVENTS, s)} else 'ORDER_STATUS_UPDATED' end as type
        from generate_series(1, ${sizes.events}::int) as v(v)
          join mt_order o on o.o = 1 + (v.v - 1) % ${sizes.orders}
        offset 0
      ) m join mt_company k on k.c = m.c`,
  );
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
    ${[
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
    ]
      .map(inCompanies)
      .join(",\n    ")}`);
}
