import { type SQL, sql } from "drizzle-orm";
import { ORDER_STATUSES, type OrderStatus } from "../../../domain/enums.ts";
import { MAIN_LINE_STATUSES } from "../../../domain/order-state-machine.ts";
import { businessIdCheckDigit } from "../../../domain/validation/business-id.ts";
import { asciiSlug, SCALE_INDUSTRIES, SCALE_LAST_NAMES, SCALE_MUNICIPALITIES } from "./scale-names.ts";
import { textArray, uuidOf } from "./scale-sql.ts";

/**
 * The multi-tenant scale seed's plan (seed-multi-tenant-scale.ts tells the whole): its sizes, the
 * statuses each order takes, the deterministic names and ids, and the temporary tables every row is
 * then inserted from.
 */

/** The seed's "today": order dates and lease terms are relative to it, so statuses stay sensible. */
const SEED_TODAY = "2026-11-02T08:00:00Z";
export const TODAY = sql.raw(`timestamptz '${SEED_TODAY}'`);

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
export const CLAIM_POSITION = ORDER_STATUSES.length;
const REDEMPTION_POSITION = ORDER_STATUSES.length + 1;
export const OWN_SHARE_POSITION = ORDER_STATUSES.length + 2;
/** The smallest company: its showcase and a few employees more. */
const MIN_COMPANY_EMPLOYEES = SHOWCASE.length + 5;

/** The statuses an order has a (signed) leasing agreement in: from the employee's signature onwards. */
const LEASED: readonly OrderStatus[] = [
  ...MAIN_LINE_STATUSES.slice(MAIN_LINE_STATUSES.indexOf("ALL_INFO_PROVIDED")),
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
export const groupName = (g: number) => `${groupBase(g)}-yhtiöt`;
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

/** The i-th (0-based, any integer expression) of a list, wrapping around. */
export const pick = (values: readonly string[], i: SQL) =>
  sql`(${textArray(values)})[1 + ((${i}) % ${sql.raw(String(values.length))})]`;

export type Step = (label: string, query: SQL) => Promise<void>;

/**
 * The plan, in temporary tables dropped at commit: mt_company (its group, names, first employee
 * number and size), mt_employee (company and position in it) and mt_order (whose, which of their
 * orders, status, step, lease and dates).
 */
export async function plan(sizes: MultiTenantSizes, step: Step): Promise<void> {
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
