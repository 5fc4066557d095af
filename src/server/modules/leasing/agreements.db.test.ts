import { randomUUID } from "node:crypto";
import { count, desc, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zLeasingAgreement, zLeasingAgreementPage } from "../../../contract/leasing-agreements.ts";
import {
  beneficiaryEmployees,
  leasingAgreements,
  leasingCompanies,
  orders,
  users,
} from "../../db/schema/index.ts";

/** Leasing agreements (docs/api-surface.md "Leasing"): the list with the spec's searches, one agreement, its tax regime. */

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);

const ADMIN = "admin@pedaali.test";
const DEMO_ADMIN = "employer.admin@demo.test";
const GROUP_ADMIN = "group.admin@demo.test";
const TOINEN_ADMIN = "employer.admin@toinen.test";
const REPORTING = "reporting@demo.test";
const EMPLOYEE = "employee@demo.test";

let demoOyId: string;
let logistiikkaId: string;
let employee: { id: string; employeeNumber: string | null };
let leasingCompanyId: string;

beforeAll(async () => {
  const db = t.database.db;
  demoOyId = await companyIdByName(db, "Demo Oy");
  logistiikkaId = await companyIdByName(db, "Demo Logistiikka Oy");
  const [row] = await db
    .select({ id: beneficiaryEmployees.id, employeeNumber: beneficiaryEmployees.employeeNumber })
    .from(beneficiaryEmployees)
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .where(eq(users.email, EMPLOYEE));
  employee = row as typeof employee;
  const [leasing] = await db.select({ id: leasingCompanies.id }).from(leasingCompanies).limit(1);
  leasingCompanyId = leasing?.id as string;
});

async function list(query: string, who = ADMIN) {
  const res = await call("GET", `/api/leasing-agreements/list?${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return zLeasingAgreementPage.parse(res.json());
}

/** An agreement of the demo employee's new order, with the dates given. */
async function agreement(
  dates: { commitmentDate?: string; startDate?: string },
  status: "PENDING" | "ACCEPTED" = "ACCEPTED",
) {
  const db = t.database.db;
  const [order] = await db
    .insert(orders)
    .values({ beneficiaryEmployeeId: employee.id, companyId: demoOyId })
    .returning({ id: orders.id });
  const [created] = await db
    .insert(leasingAgreements)
    .values({
      orderId: order?.id as string,
      beneficiaryEmployeeId: employee.id,
      companyId: demoOyId,
      leasingCompanyId,
      status,
      leaseTimeMonths: 36,
      monthlyPaymentCents: 9_900,
      totalPriceCents: 300_000,
      ...dates,
    })
    .returning({ id: leasingAgreements.id });
  return created?.id as string;
}

const countIn = async (companyIds: string[]) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(leasingAgreements)
      .where(inArray(leasingAgreements.companyId, companyIds))
  )[0]?.n;

describe("GET /api/leasing-agreements/list", () => {
  it("pages every agreement newest first for the admin tier, and each employer's own only", async () => {
    await agreement({ startDate: "2026-03-01" });
    const [all] = await t.database.db.select({ n: count() }).from(leasingAgreements);
    const page = await list("limit=5");
    expect(page).toMatchObject({ total: all?.n, limit: 5 });
    const times = page.items.map((a) => a.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await list("limit=1", DEMO_ADMIN)).total).toBe(await countIn([demoOyId]));
    expect((await list("limit=1", GROUP_ADMIN)).total).toBe(await countIn([demoOyId, logistiikkaId]));
    const toinen = await list("limit=100", TOINEN_ADMIN);
    expect(toinen.items.every((a) => a.company.name === "Toinen Oy")).toBe(true);
  });

  it("pages a group's agreements newest first across its companies, each once", async () => {
    await agreement({ startDate: "2026-04-01" }, "PENDING");
    const expected = (
      await t.database.db
        .select({ id: leasingAgreements.id })
        .from(leasingAgreements)
        .where(inArray(leasingAgreements.companyId, [demoOyId, logistiikkaId]))
        .orderBy(desc(leasingAgreements.createdAt), desc(leasingAgreements.id))
    ).map((a) => a.id);
    const paged: string[] = [];
    for (let page = 1; page <= Math.ceil(expected.length / 2); page++) {
      paged.push(...(await list(`limit=2&page=${page}`, GROUP_ADMIN)).items.map((a) => a.id));
    }
    expect(paged).toEqual(expected);
    const pending = await list("limit=100&status=PENDING", GROUP_ADMIN);
    expect(pending.items.length).toBeGreaterThan(0);
    expect(pending.items.every((a) => a.status === "PENDING")).toBe(true);
  });

  it("searches by e-mail, name and employee number (from its start) and filters by status", async () => {
    const id = await agreement({ startDate: "2026-02-01" }, "PENDING");
    expect((await list("searchEmail=EMPLOYEE%40DEMO&limit=100")).items.map((a) => a.id)).toContain(id);
    const mine = (await list(`searchEmail=${EMPLOYEE}&limit=1`)).items[0];
    const lastName = mine?.employee.name.split(" ").at(-1) ?? "";
    expect(
      (await list(`searchName=${encodeURIComponent(` ${lastName} `)}&limit=100`)).items.map((a) => a.id),
    ).toContain(id);
    if (employee.employeeNumber) {
      const start = employee.employeeNumber.slice(0, 2);
      const byNumber = await list(`searchEmployeeNumber=${encodeURIComponent(start)}&limit=100`);
      expect(byNumber.items.every((a) => a.employee.employeeNumber?.startsWith(start))).toBe(true);
      expect(byNumber.items.map((a) => a.id)).toContain(id);
    }
    const pending = await list("status=PENDING&limit=100");
    expect(pending.items.every((a) => a.status === "PENDING")).toBe(true);
    expect(pending.items.map((a) => a.id)).toContain(id);
    expect((await list("searchName=%25_")).total).toBe(0);
  });

  it("refuses bad input, reporting, the employee and the anonymous", async () => {
    expectError(await call("GET", "/api/leasing-agreements/list?status=ACTIVE", ADMIN), 400);
    expectError(await call("GET", "/api/leasing-agreements/list?limit=0", ADMIN), 400);
    expectError(await call("GET", "/api/leasing-agreements/list", REPORTING), 403);
    expectError(await call("GET", "/api/leasing-agreements/list", EMPLOYEE), 403);
    expectError(await call("GET", "/api/leasing-agreements/list", null), 401);
  });
});

describe("GET /api/leasing-agreements/{id}", () => {
  it("answers the tax regime by the commitment date and the tax line from the lease's own dates", async () => {
    const get = async (id: string) =>
      zLeasingAgreement.parse((await call("GET", `/api/leasing-agreements/${id}`, DEMO_ADMIN)).json());
    const grandfathered = await get(
      await agreement({ commitmentDate: "2025-04-23", startDate: "2025-06-01" }),
    );
    expect(grandfathered).toMatchObject({
      taxRegime: "GRANDFATHERED",
      tax: { kind: "TAX_FREE", taxFreeUntil: "2028-05-31", taxableFrom: null },
    });
    const in2025 = await get(await agreement({ commitmentDate: "2025-04-24", startDate: "2025-06-01" }));
    expect(in2025).toMatchObject({
      taxRegime: "EXEMPT_2025_ONLY",
      tax: { kind: "TAX_FREE_THEN_TAXABLE", taxFreeUntil: "2025-12-31", taxableFrom: "2026-01-01" },
    });
    // Committed in 2025, but the lease starts in 2026: it never was tax-free.
    const startsIn2026 = await get(
      await agreement({ commitmentDate: "2025-11-03", startDate: "2026-01-14" }),
    );
    expect(startsIn2026).toMatchObject({ taxRegime: "EXEMPT_2025_ONLY", tax: { kind: "TAXABLE" } });
    const taxable = await get(await agreement({ commitmentDate: "2026-01-01", startDate: "2026-02-01" }));
    expect(taxable).toMatchObject({ taxRegime: "TAXABLE", tax: { kind: "TAXABLE", taxFreeUntil: null } });
    // Before approval the start date decides; with neither date nothing is known yet.
    expect(await get(await agreement({ startDate: "2025-03-01" }))).toMatchObject({
      taxRegime: "GRANDFATHERED",
    });
    expect(await get(await agreement({}, "PENDING"))).toMatchObject({
      taxRegime: null,
      tax: { kind: "UNKNOWN" },
    });
  });

  it("is 404 for another tenant and an unknown agreement, 400 for a bad id", async () => {
    const id = await agreement({ startDate: "2026-01-01" });
    expectError(await call("GET", `/api/leasing-agreements/${id}`, TOINEN_ADMIN), 404);
    expectError(await call("GET", `/api/leasing-agreements/${randomUUID()}`, ADMIN), 404);
    expectError(await call("GET", "/api/leasing-agreements/abc", ADMIN), 400);
    expect((await call("GET", `/api/leasing-agreements/${id}`, GROUP_ADMIN)).statusCode).toBe(200);
  });
});
