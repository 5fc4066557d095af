import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zEmployeesMinimalPage, zEmployeesPage } from "../../../contract/employees.ts";
import type { Db } from "../../db/client.ts";
import {
  companies,
  companyUnits,
  employeeAbsences,
  leasingAgreements,
  leasingCompanies,
  orders,
  signedDocuments,
  users,
} from "../../db/schema/index.ts";
import {
  ADMIN,
  DEMO_ADMIN,
  EDITOR,
  EMPLOYEE,
  GROUP_ADMIN,
  REPORTING,
  seedEmployee,
  TOINEN_ADMIN,
  unique,
} from "./test-kit.ts";

/**
 * The employer's lists of employees: the paged and filtered list, the other lists, the filters' options and
 * the export as CSV or XLSX, each kept to the caller's companies.
 */

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);

const LIST = "/api/beneficiary-employee/employeesOptimizedList";

let demoOyId: string;
let logisticsId: string;
let toinenOyId: string;

beforeAll(async () => {
  demoOyId = await companyIdByName(t.database.db, "Demo Oy");
  logisticsId = await companyIdByName(t.database.db, "Demo Logistiikka Oy");
  toinenOyId = await companyIdByName(t.database.db, "Toinen Oy");
});

/** A throw-away company (outside every demo user's scope), so counts of filter tests are exact. */
async function freshCompany(db: Db): Promise<string> {
  const [row] = await db
    .insert(companies)
    .values({ name: `Suodatin ${unique()} Oy`, maxPriceCents: 300_000 })
    .returning({ id: companies.id });
  return row?.id as string;
}

async function seedOrder(
  db: Db,
  employee: { id: string; companyId: string },
  values: Partial<typeof orders.$inferInsert> = {},
) {
  const [row] = await db
    .insert(orders)
    .values({
      beneficiaryEmployeeId: employee.id,
      companyId: employee.companyId,
      totalPriceCents: 250_000,
      ...values,
    })
    .returning();
  return row as typeof orders.$inferSelect;
}

async function list(query: Record<string, string>, who = ADMIN) {
  const res = await call("GET", `${LIST}?${new URLSearchParams(query)}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return zEmployeesPage.parse(res.json());
}

describe("GET employeesOptimizedList", () => {
  it("answers the SPEC page shape, 10 a page by default, newest first", async () => {
    const db = t.database.db;
    const companyId = await freshCompany(db);
    const made = [];
    for (let i = 0; i < 12; i++) {
      made.push(await seedEmployee(db, companyId, { createdAt: new Date(Date.UTC(2026, 0, 1 + i)) }));
    }
    const first = await list({ companyId });
    expect(first).toMatchObject({ currentPage: 1, totalPages: 2, totalCount: 12 });
    expect(first.employees).toHaveLength(10);
    expect(first.employees[0]?.beneficiaryEmployeeId).toBe(made[11]?.id);
    const second = await list({ companyId, page: "2" });
    expect(second.employees.map((e) => e.beneficiaryEmployeeId)).toEqual([made[1]?.id, made[0]?.id]);
  });

  it("seeks the next and previous pages from their cursors to the rows the page numbers give", async () => {
    const db = t.database.db;
    const companyId = await freshCompany(db);
    // Microseconds a JavaScript Date would round away, and two employees joined at the same instant.
    for (let i = 0; i < 7; i++) {
      const employee = await seedEmployee(db, companyId);
      await db.execute(
        sql`update beneficiary_employees set created_at = timestamptz '2026-02-01 10:00:00.123456+00' + ${`${Math.floor(i / 2)} seconds`}::interval where id = ${employee.id}`,
      );
    }
    const byNumber = [];
    for (const page of ["1", "2", "3", "4"]) {
      byNumber.push(await list({ companyId, page, pageSize: "2" }));
    }
    const ids = (p: { employees: { beneficiaryEmployeeId: string }[] }) =>
      p.employees.map((e) => e.beneficiaryEmployeeId);
    expect(byNumber.flatMap(ids)).toHaveLength(7);
    expect(byNumber[0]?.previousCursor).toBeNull();
    expect(byNumber[3]?.nextCursor).toBeNull();

    let shown = byNumber[0];
    for (let page = 2; page <= 4; page++) {
      shown = await list({ companyId, page: String(page), pageSize: "2", after: shown?.nextCursor ?? "" });
      expect(ids(shown)).toEqual(ids(byNumber[page - 1] as (typeof byNumber)[number]));
      expect(shown.currentPage).toBe(page);
    }
    for (let page = 3; page >= 1; page--) {
      shown = await list({
        companyId,
        page: String(page),
        pageSize: "2",
        before: shown?.previousCursor ?? "",
      });
      expect(ids(shown)).toEqual(ids(byNumber[page - 1] as (typeof byNumber)[number]));
    }

    const forged = await call("GET", `${LIST}?companyId=${companyId}&page=2&after=bm90LWEtY3Vyc29y`, ADMIN);
    expectError(forged, 400);
    expect(JSON.stringify(forged.json())).toContain("querystring.after");
  });

  it("filters by status, payroll fields, unit, dates and orders in SQL", async () => {
    const db = t.database.db;
    const companyId = await freshCompany(db);
    const [unit] = await db.insert(companyUnits).values({ companyId, unitName: "Varasto" }).returning();
    const pending = await seedEmployee(db, companyId, {
      status: "PENDING",
      createdAt: new Date("2026-03-10T10:00:00Z"),
    });
    const withLease = await seedEmployee(db, companyId, {
      costUnit: "4100",
      employeeNumber: "77",
      payRollOther: "Tuntipalkka",
      unitId: unit?.id,
      createdAt: new Date("2026-04-10T10:00:00Z"),
    });
    const ended = await seedEmployee(db, companyId, { lastWorkingDayDate: "2025-12-31" });
    const absent = await seedEmployee(db, companyId);
    await db.insert(employeeAbsences).values({
      beneficiaryEmployeeId: absent.id,
      companyId,
      reason: "PARENTAL_LEAVE",
      startDate: "2020-01-01",
      endDate: null,
    });
    const order = await seedOrder(db, withLease, {
      orderStatus: "ACTIVE_LEASING",
      processedAt: new Date("2026-05-05T08:00:00Z"),
      leasingCompanyId: null,
    });
    const [leasing] = await db.select().from(leasingCompanies).limit(1);
    const [agreement] = await db
      .insert(leasingAgreements)
      .values({
        orderId: order.id,
        beneficiaryEmployeeId: withLease.id,
        companyId,
        leasingCompanyId: leasing?.id as string,
        leaseTimeMonths: 36,
        monthlyPaymentCents: 8_427,
        totalPriceCents: 250_000,
      })
      .returning();
    await db.insert(signedDocuments).values({
      beneficiaryEmployeeId: withLease.id,
      leasingAgreementId: agreement?.id as string,
      companyId,
      paymentStatus: "PAID",
    });

    const ids = async (query: Record<string, string>) =>
      (await list({ companyId, ...query })).employees.map((e) => e.beneficiaryEmployeeId).sort();
    expect(await ids({ filterType: "PENDING" })).toEqual([pending.id]);
    expect(await ids({ filterType: "ACTIVE_LEASE" })).toEqual([withLease.id]);
    expect(await ids({ filterType: "WITH_ORDER" })).toEqual([withLease.id]);
    expect((await ids({ filterType: "WITHOUT_ORDER" })).length).toBe(3);
    expect(await ids({ filterType: "EMPLOYMENT_ENDED" })).toEqual([ended.id]);
    expect(await ids({ filterType: "ON_ABSENCE" })).toEqual([absent.id]);
    expect(await ids({ filterType: "MISSING_PAYROLL_DATA" })).toEqual([ended.id, absent.id].sort());
    expect(await ids({ costUnit: "4100" })).toEqual([withLease.id]);
    expect(await ids({ payRollOther: "Tuntipalkka" })).toEqual([withLease.id]);
    expect(await ids({ unitId: unit?.id as string })).toEqual([withLease.id]);
    expect(await ids({ orderStatus: "ACTIVE_LEASING" })).toEqual([withLease.id]);
    expect(await ids({ orderStatus: "PENDING" })).toEqual([]);
    expect(await ids({ paymentStatus: "PAID" })).toEqual([withLease.id]);
    expect(await ids({ createdStart: "2026-03-10", createdEnd: "2026-03-10" })).toEqual([pending.id]);
    expect(await ids({ createdStart: "2026-04-01", createdEnd: "2026-04-30" })).toEqual([withLease.id]);
    expect(await ids({ processedStart: "2026-05-05", processedEnd: "2026-05-05" })).toEqual([withLease.id]);
    expect(await ids({ processedStart: "2026-05-06" })).toEqual([]);

    const row = (await list({ companyId, filterType: "ACTIVE_LEASE" })).employees[0];
    expect(row).toMatchObject({
      unitName: "Varasto",
      employeeNumber: "77",
      employmentEnded: false,
      orderCount: 1,
      orders: [{ orderId: order.id, orderStatus: "ACTIVE_LEASING", totalPrice: 2500, leaseTimeMonths: null }],
    });
    const absentRow = (await list({ companyId, filterType: "ON_ABSENCE" })).employees[0];
    expect(absentRow?.currentAbsence).toMatchObject({ reason: "PARENTAL_LEAVE", endDate: null });
    expect((await list({ companyId, filterType: "EMPLOYMENT_ENDED" })).employees[0]?.employmentEnded).toBe(
      true,
    );
  });

  it("searches names and e-mails containing the trimmed text, and employee numbers by their start", async () => {
    const db = t.database.db;
    const companyId = await freshCompany(db);
    const tag = unique();
    const match = await seedEmployee(db, companyId, {
      firstName: "Aino",
      lastName: `Hakulinen${tag}`,
      email: `aino.${tag}@employees.test`,
      employeeNumber: `N${tag}`,
    });
    const other = unique();
    await seedEmployee(db, companyId, { firstName: "Eero", lastName: "Muu", employeeNumber: `X${other}` });
    for (const search of [
      `  hakulinen${tag} `,
      `aino hakulinen${tag}`,
      `kulinen${tag}`,
      `aino.${tag}`,
      `${tag}@employees`,
      `n${tag}`,
    ]) {
      const page = await list({ companyId, search });
      expect(
        page.employees.map((e) => e.beneficiaryEmployeeId),
        search,
      ).toEqual([match.id]);
    }
    // A pattern character is a plain character; a number matches from its start only.
    expect((await list({ companyId, search: "%" })).totalCount).toBe(0);
    expect((await list({ companyId, search: other })).totalCount).toBe(0);
    expect((await list({ companyId, search: `x${other}` })).totalCount).toBe(1);
  });

  it("keeps every employer to their companies: Toinen Oy's admin, the group admin, the editor", async () => {
    const toinen = await list({}, TOINEN_ADMIN);
    expect(toinen.totalCount).toBeGreaterThan(0);
    expect(new Set(toinen.employees.map((e) => e.companyId))).toEqual(new Set([toinenOyId]));
    expectError(await call("GET", `${LIST}?companyId=${demoOyId}`, TOINEN_ADMIN), 404);

    const group = await list({ pageSize: "100" }, GROUP_ADMIN);
    const groupCompanies = new Set(group.employees.map((e) => e.companyId));
    expect(groupCompanies).toEqual(new Set([demoOyId, logisticsId]));
    expectError(await call("GET", `${LIST}?companyId=${toinenOyId}`, GROUP_ADMIN), 404);

    const editor = await list({ pageSize: "100" }, EDITOR);
    expect(new Set(editor.employees.map((e) => e.companyId))).toEqual(new Set([demoOyId]));
    expect((await list({}, REPORTING)).totalCount).toBeGreaterThan(0);
  });

  it("refuses the employee (403), the anonymous (401) and bad input (400)", async () => {
    expectError(await call("GET", LIST, EMPLOYEE), 403);
    expectError(await call("GET", LIST, null), 401);
    expectError(await call("GET", `${LIST}?pageSize=0`, ADMIN), 400);
    expectError(await call("GET", `${LIST}?pageSize=101`, ADMIN), 400);
    expectError(await call("GET", `${LIST}?createdStart=2026-02-30`, ADMIN), 400);
    expectError(await call("GET", `${LIST}?filterType=EVERYONE`, ADMIN), 400);
    expectError(await call("GET", `${LIST}?companyId=demo`, ADMIN), 400);
    expectError(await call("GET", `${LIST}?search=${encodeURIComponent("a\u0000b")}`, ADMIN), 400);
  });
});

describe("the other employee lists", () => {
  it("companies/{id}/employees pages one company; another tenant's is 404", async () => {
    const db = t.database.db;
    const companyId = await freshCompany(db);
    await seedEmployee(db, companyId);
    await seedEmployee(db, companyId);
    const res = await call(
      "GET",
      `/api/beneficiary-employee/companies/${companyId}/employees?pageSize=1`,
      ADMIN,
    );
    expect(zEmployeesPage.parse(res.json())).toMatchObject({ totalCount: 2, totalPages: 2, currentPage: 1 });
    const own = await call("GET", `/api/beneficiary-employee/companies/${demoOyId}/employees`, DEMO_ADMIN);
    expect(own.statusCode).toBe(200);
    expectError(
      await call("GET", `/api/beneficiary-employee/companies/${demoOyId}/employees`, TOINEN_ADMIN),
      404,
    );
    expectError(
      await call("GET", `/api/beneficiary-employee/companies/${randomUUID()}/employees`, ADMIN),
      404,
    );
  });

  it("employeesWithAllDataOnly lists accepted employees with complete payroll data, minimal on request", async () => {
    const db = t.database.db;
    const companyId = await freshCompany(db);
    const complete = await seedEmployee(db, companyId, {
      employeeNumber: "1",
      costUnit: "10",
      firstName: "Kaija",
    });
    await seedEmployee(db, companyId, { employeeNumber: "2" });
    await seedEmployee(db, companyId, { employeeNumber: "3", costUnit: "10", status: "PENDING" });
    const full = await call(
      "GET",
      `/api/beneficiary-employee/employeesWithAllDataOnly?companyId=${companyId}`,
      ADMIN,
    );
    expect(zEmployeesPage.parse(full.json()).employees.map((e) => e.beneficiaryEmployeeId)).toEqual([
      complete.id,
    ]);
    const minimal = await call(
      "GET",
      `/api/beneficiary-employee/employeesWithAllDataOnly?companyId=${companyId}&minimalData=true`,
      ADMIN,
    );
    expect(zEmployeesMinimalPage.parse(minimal.json()).employees).toEqual([
      {
        beneficiaryEmployeeId: complete.id,
        companyId,
        firstName: "Kaija",
        lastName: expect.any(String),
        employeeNumber: "1",
      },
    ]);
  });

  it("employeesWithOrders lists the employees with an order, filtered by its status", async () => {
    const db = t.database.db;
    const companyId = await freshCompany(db);
    const buyer = await seedEmployee(db, companyId);
    await seedEmployee(db, companyId);
    await seedOrder(db, buyer, { orderStatus: "CONFIRMED" });
    const res = await call("GET", `/api/employeesWithOrders?companyId=${companyId}`, ADMIN);
    const page = zEmployeesPage.parse(res.json());
    expect(page.employees.map((e) => e.beneficiaryEmployeeId)).toEqual([buyer.id]);
    expect(page.employees[0]?.orders[0]?.orderStatus).toBe("CONFIRMED");
    const none = await call(
      "GET",
      `/api/employeesWithOrders?companyId=${companyId}&orderStatus=PENDING`,
      ADMIN,
    );
    expect(zEmployeesPage.parse(none.json()).totalCount).toBe(0);
  });
});

describe("GET filter-options", () => {
  it("offers the cost units, payroll groups and units in use, of the caller's companies only", async () => {
    const db = t.database.db;
    const companyId = await freshCompany(db);
    await db.insert(companyUnits).values({ companyId, unitName: "Halli" });
    await seedEmployee(db, companyId, { costUnit: "B-2", payRollOther: "Kuukausipalkka" });
    await seedEmployee(db, companyId, { costUnit: "A-1", payRollOther: "Kuukausipalkka" });
    await seedEmployee(db, companyId, { costUnit: "A-1" });
    const res = await call("GET", `/api/beneficiary-employee/filter-options?companyId=${companyId}`, ADMIN);
    expect(res.json()).toEqual({
      costUnits: ["A-1", "B-2"],
      payRollOthers: ["Kuukausipalkka"],
      units: [{ unitId: expect.any(String), unitName: "Halli", companyId }],
    });
    const toinen = await call("GET", "/api/beneficiary-employee/filter-options", TOINEN_ADMIN);
    expect(toinen.json().units.every((u: { companyId: string }) => u.companyId === toinenOyId)).toBe(true);
    expectError(
      await call("GET", `/api/beneficiary-employee/filter-options?companyId=${demoOyId}`, TOINEN_ADMIN),
      404,
    );
    expectError(await call("GET", "/api/beneficiary-employee/filter-options", EMPLOYEE), 403);
    expectError(await call("GET", "/api/beneficiary-employee/filter-options?companyId=x", ADMIN), 400);
  });
});

describe("GET export", () => {
  it("writes the filtered list as CSV for Finnish Excel, every row", async () => {
    const db = t.database.db;
    const companyId = await freshCompany(db);
    for (let i = 0; i < 3; i++)
      await seedEmployee(db, companyId, { costUnit: "9000", maxPriceCents: 123_456 });
    await seedEmployee(db, companyId, { costUnit: "9001" });
    const res = await call(
      "GET",
      `/api/beneficiary-employee/export?companyId=${companyId}&costUnit=9000`,
      ADMIN,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toMatch(
      /attachment; filename="tyontekijat_\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = res.body.split("\r\n").filter(Boolean);
    expect(lines[0]?.startsWith("\uFEFFSukunimi;Etunimi;Työsähköposti")).toBe(true);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(";1234,56;");
    const en = await call(
      "GET",
      `/api/beneficiary-employee/export?companyId=${companyId}&language=en`,
      ADMIN,
    );
    expect(en.body.split("\r\n")[0]).toContain("Last name;First name");
  });

  it("writes XLSX that Excel opens, with the same rows", async () => {
    const db = t.database.db;
    const companyId = await freshCompany(db);
    await seedEmployee(db, companyId, { lastName: "Taulukko", lastWorkingDayDate: "2026-06-30" });
    const res = await call(
      "GET",
      `/api/beneficiary-employee/export?companyId=${companyId}&format=xlsx`,
      ADMIN,
    );
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe("Sukunimi");
    expect(sheet?.getRow(2).getCell(1).value).toBe("Taulukko");
    expect(sheet?.rowCount).toBe(2);
  });

  it("keeps to the caller's companies and refuses the employee", async () => {
    expectError(
      await call("GET", `/api/beneficiary-employee/export?companyId=${demoOyId}`, TOINEN_ADMIN),
      404,
    );
    const own = await call("GET", "/api/beneficiary-employee/export", TOINEN_ADMIN);
    const demoEmails = (await t.database.db.select({ email: users.email }).from(users)).filter((u) =>
      u.email.endsWith("@demo.test"),
    );
    for (const { email } of demoEmails) expect(own.body).not.toContain(email);
    expectError(await call("GET", "/api/beneficiary-employee/export", EMPLOYEE), 403);
    expectError(await call("GET", "/api/beneficiary-employee/export?format=pdf", ADMIN), 400);
  });
});
