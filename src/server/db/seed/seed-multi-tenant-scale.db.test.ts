import { type SQL, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loginAs } from "../../../../tests/helpers/auth.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../../../../tests/helpers/test-db.ts";
import { ORDER_STATUSES } from "../../../domain/enums.ts";
import type { Db } from "../client.ts";
import { rawRows } from "../raw.ts";
import {
  type MultiTenantScaleResult,
  multiTenantScaleSizes,
  seedMultiTenantScale,
} from "./seed-multi-tenant-scale.ts";

/**
 * `npm run seed:scale -- --shape=multi-tenant` at a thousandth of its size (one group of two
 * companies, a few hundred rows) on the demo data: the counts the sizes promise, every order status
 * and after-sales list in every company, the same rows on another database, made once, and the
 * group admin seeing its own group's companies only.
 */

const FACTOR = 0.001;
const t = setupTestApp({}, { demoData: true });
let other: TestDatabase;
let result: MultiTenantScaleResult;
let otherResult: MultiTenantScaleResult;

const one = async <T>(db: Db, query: SQL) => (await rawRows<T>(db, query))[0] as T;
const scaleCompanies = sql`(select c.id from companies c join group_companies g on g.id = c.group_company_id
  where g.name like '%-yhtiöt')`;

beforeAll(async () => {
  const { hash } = await one<{ hash: string }>(
    t.database.db,
    sql`select password_hash as hash from users where email = 'helpdesk@pedaali.test'`,
  );
  other = await createTestDatabase({ demoData: true });
  result = await seedMultiTenantScale(t.database.db, { factor: FACTOR, passwordHash: hash });
  otherResult = await seedMultiTenantScale(other.db, { factor: FACTOR, passwordHash: hash });
  return () => other.close();
});

describe("the multi-tenant scale seed", () => {
  it("makes the counts its size promises, in a group of its own", async () => {
    const sizes = multiTenantScaleSizes(FACTOR);
    expect(sizes).toMatchObject({ groups: 1, companies: 2, employees: 100, orders: 150 });
    const leases = sizes.leases.showcase + sizes.leases.older + sizes.leases.other;
    const counted = await one<Record<string, number>>(
      t.database.db,
      sql`select
        (select count(*)::int from group_companies where name like '%-yhtiöt') as groups,
        (select count(*)::int from ${scaleCompanies} c) as companies,
        (select count(*)::int from beneficiary_employees where company_id in ${scaleCompanies}) as employees,
        (select count(*)::int from users u join system_users s on s.user_id = u.id
          where s.company_id in ${scaleCompanies}) as users,
        (select count(*)::int from orders where company_id in ${scaleCompanies}) as orders,
        (select count(*)::int from leasing_agreements where company_id in ${scaleCompanies}) as leases,
        (select count(*)::int from signed_documents where company_id in ${scaleCompanies}) as signed,
        (select count(*)::int from notifications where company_id in ${scaleCompanies}) as notifications,
        (select count(*)::int from event_log where company_id in ${scaleCompanies}) as events`,
    );
    expect(counted).toEqual({
      groups: sizes.groups,
      companies: sizes.companies,
      employees: sizes.employees,
      // Every employee, and each group's group admin and employer admin.
      users: sizes.employees + 2 * sizes.groups,
      orders: sizes.orders,
      leases,
      signed: leases,
      notifications: sizes.notifications,
      events: sizes.events,
    });
    expect(result.counts).toMatchObject({ orders: sizes.orders, leasing_agreements: leases });
  });

  it("gives every company orders in every status and rows in every after-sales list", async () => {
    const perCompany = await rawRows<Record<string, number>>(
      t.database.db,
      sql`select c.id,
        (select count(distinct order_status)::int from orders o where o.company_id = c.id) as statuses,
        (select count(*)::int from order_cancellations x where x.company_id = c.id) as cancellations,
        (select count(*)::int from insurance_claims x where x.company_id = c.id) as claims,
        (select count(*)::int from bike_redemptions x where x.company_id = c.id) as redemptions,
        (select count(*)::int from redemption_payments x where x.company_id = c.id) as redemption_payments,
        (select count(*)::int from user_payments x where x.company_id = c.id) as user_payments
      from ${scaleCompanies} c(id)`,
    );
    expect(perCompany).toHaveLength(2);
    for (const { id: _, statuses, ...lists } of perCompany) {
      expect(statuses).toBe(ORDER_STATUSES.length);
      for (const n of Object.values(lists)) expect(n).toBeGreaterThan(0);
    }
    const waiting = await one<{ bad: number }>(
      t.database.db,
      sql`select count(*)::int as bad from orders where company_id in ${scaleCompanies}
        and (order_status = 'WAITING_FOR_CUSTOMER_COMMENT') <> (previous_status is not null)`,
    );
    expect(waiting.bad).toBe(0);
  });

  it("makes the same rows on another database, and nothing more on one that has them", async () => {
    const checksum = (db: Db) =>
      one<Record<string, string>>(
        db,
        sql`select
          (select md5(string_agg(u.id::text || u.email, ',' order by u.id)) from users u
            join system_users s on s.user_id = u.id where s.company_id in ${scaleCompanies}) as users,
          (select md5(string_agg(o.id::text || o.order_status::text || o.created_at::text || o.total_price_cents, ',' order by o.id))
            from orders o where o.company_id in ${scaleCompanies}) as orders,
          (select md5(string_agg(l.id::text || coalesce(l.end_date::text, ''), ',' order by l.id))
            from leasing_agreements l where l.company_id in ${scaleCompanies}) as leases,
          (select md5(string_agg(e.id::text || e.type::text || e.created_at::text, ',' order by e.id))
            from event_log e where e.company_id in ${scaleCompanies}) as events`,
      );
    expect(otherResult.counts).toEqual(result.counts);
    expect(await checksum(other.db)).toEqual(await checksum(t.database.db));
    expect((await seedMultiTenantScale(t.database.db, { factor: FACTOR })).seeded).toBe(false);
  });

  it("lets the group admin log in and see its group's companies only; the helpdesk sees them too", async () => {
    const [groupAdmin] = result.logins.groupAdmins;
    const session = await loginAs(t.app, groupAdmin as string);
    const me = await t.app.inject({ url: "/api/user", headers: session.headers() });
    expect(me.statusCode, me.body).toBe(200);
    const companies = (me.json() as { companies: { id: string }[] }).companies.map((c) => c.id).sort();
    const group = (
      await rawRows<{ id: string }>(t.database.db, sql`select id from ${scaleCompanies} c(id) order by id`)
    ).map((c) => c.id);
    expect(companies).toEqual(group);

    const helpdesk = await loginAs(t.app, "helpdesk@pedaali.test");
    const list = await t.app.inject({
      url: `/api/orders/all?companyId=${group[0]}&limit=1`,
      headers: helpdesk.headers(),
    });
    expect(list.statusCode, list.body).toBe(200);
    const { n } = await one<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from orders where company_id = ${group[0]}`,
    );
    expect((list.json() as { total: number }).total).toBe(n);
  });
});
