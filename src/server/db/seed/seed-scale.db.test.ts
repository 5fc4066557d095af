import { count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../tests/helpers/test-db.ts";
import type { Database } from "../client.ts";
import { beneficiaryEmployees, companies, leasingAgreements, orders, users } from "../schema/index.ts";
import { seedReferenceData } from "./seed-demo.ts";
import { SCALE_ADMIN_EMAIL, SCALE_COMPANIES, seedScale } from "./seed-scale.ts";

/** `npm run seed:scale`, at a small size: the same rows every run, made once. */

let first: Database;
let second: Database;
let result: Awaited<ReturnType<typeof seedScale>>;
beforeAll(async () => {
  [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  await Promise.all([seedReferenceData(first.db), seedReferenceData(second.db)]);
  result = await seedScale(first.db, { employees: 500 });
});
afterAll(async () => {
  await first?.close();
  await second?.close();
});

describe("the scale seed", () => {
  it("puts the employees, their orders and running leases into one group's two companies", async () => {
    expect(result).toMatchObject({ seeded: true, employees: 500 });
    const scaleCompanies = await first.db
      .select({ id: companies.id, groupCompanyId: companies.groupCompanyId })
      .from(companies)
      .where(inArray(companies.name, [...SCALE_COMPANIES]));
    expect(scaleCompanies).toHaveLength(2);
    expect(new Set(scaleCompanies.map((c) => c.groupCompanyId)).size).toBe(1);
    const ids = scaleCompanies.map((c) => c.id);
    const [employees] = await first.db
      .select({ n: count() })
      .from(beneficiaryEmployees)
      .where(inArray(beneficiaryEmployees.companyId, ids));
    expect(employees?.n).toBe(500);
    const [orderCount] = await first.db
      .select({ n: count() })
      .from(orders)
      .where(inArray(orders.companyId, ids));
    expect(orderCount?.n).toBe(result.orders);
    expect(result.orders).toBeGreaterThan(250);
    const [leases] = await first.db
      .select({ n: count() })
      .from(leasingAgreements)
      .where(inArray(leasingAgreements.companyId, ids));
    expect(leases?.n).toBeGreaterThan(50);
    const [admin] = await first.db.select().from(users).where(eq(users.email, SCALE_ADMIN_EMAIL));
    expect(admin).toBeDefined();
  });

  it("makes the same rows on every run, and adds nothing to a database that has them", async () => {
    expect((await seedScale(first.db, { employees: 500 })).seeded).toBe(false);
    await seedScale(second.db, { employees: 500 });
    const idsOf = async (database: Database) =>
      (
        await database.db
          .select({ id: beneficiaryEmployees.id, employeeNumber: beneficiaryEmployees.employeeNumber })
          .from(beneficiaryEmployees)
          .orderBy(beneficiaryEmployees.employeeNumber)
      ).map((r) => `${r.id} ${r.employeeNumber}`);
    expect(await idsOf(second)).toEqual(await idsOf(first));
  });
});
