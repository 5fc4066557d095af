import { createHash, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import {
  zAbsence,
  zAbsences,
  zEmployee,
  zEmployeeDetails,
  zEmployeesMinimalPage,
  zEmployeesPage,
} from "../../../contract/employees.ts";
import type { Db } from "../../db/client.ts";
import {
  beneficiaryEmployees,
  companies,
  companyUnits,
  employeeAbsences,
  eventLog,
  leasingAgreements,
  leasingCompanies,
  orders,
  outbox,
  passwordResetTokens,
  roles,
  signedDocuments,
  systemUsers,
  userRoles,
  users,
} from "../../db/schema/index.ts";

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);

const ADMIN = "admin@pedaali.test";
const DEMO_ADMIN = "employer.admin@demo.test";
const EDITOR = "employer.editor@demo.test";
const GROUP_ADMIN = "group.admin@demo.test";
const REPORTING = "reporting@demo.test";
const EMPLOYEE = "employee@demo.test";
const TOINEN_ADMIN = "employer.admin@toinen.test";

const LIST = "/api/beneficiary-employee/employeesOptimizedList";

let demoOyId: string;
let logisticsId: string;
let toinenOyId: string;

beforeAll(async () => {
  demoOyId = await companyIdByName(t.database.db, "Demo Oy");
  logisticsId = await companyIdByName(t.database.db, "Demo Logistiikka Oy");
  toinenOyId = await companyIdByName(t.database.db, "Toinen Oy");
});

const unique = () => randomUUID().slice(0, 8);

/** A throw-away company (outside every demo user's scope), so counts of filter tests are exact. */
async function freshCompany(db: Db): Promise<string> {
  const [row] = await db
    .insert(companies)
    .values({ name: `Suodatin ${unique()} Oy`, maxPriceCents: 300_000 })
    .returning({ id: companies.id });
  return row?.id as string;
}

type EmployeeSeed = Partial<typeof beneficiaryEmployees.$inferInsert> & {
  firstName?: string;
  lastName?: string;
  email?: string;
};

/** An employee (with a user and a profile) straight in the database. */
async function seedEmployee(db: Db, companyId: string, seed: EmployeeSeed = {}) {
  const { firstName = "Testi", lastName = `Henkilö${unique()}`, email, ...employee } = seed;
  const [user] = await db
    .insert(users)
    .values({ email: email ?? `${unique()}@employees.test` })
    .returning({ id: users.id });
  const userId = user?.id as string;
  await db.insert(systemUsers).values({ userId, firstName, lastName, companyId });
  const [row] = await db
    .insert(beneficiaryEmployees)
    .values({ userId, companyId, status: "ACCEPTED", ...employee })
    .returning();
  return row as typeof beneficiaryEmployees.$inferSelect;
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

describe("GET details/{id}", () => {
  it("answers the employee with absences; another tenant's and unknown ids are 404", async () => {
    const db = t.database.db;
    const employee = await seedEmployee(db, demoOyId);
    await db.insert(employeeAbsences).values({
      beneficiaryEmployeeId: employee.id,
      companyId: demoOyId,
      reason: "SICK_LEAVE",
      startDate: "2026-02-01",
      endDate: "2026-02-14",
    });
    const res = await call("GET", `/api/beneficiary-employee/details/${employee.id}`, DEMO_ADMIN);
    const details = zEmployeeDetails.parse(res.json());
    expect(details.absences).toEqual([
      expect.objectContaining({ reason: "SICK_LEAVE", endDate: "2026-02-14" }),
    ]);
    expect(details.lastWorkingDayDate).toBe("2999-01-01");
    expectError(await call("GET", `/api/beneficiary-employee/details/${employee.id}`, TOINEN_ADMIN), 404);
    expectError(await call("GET", `/api/beneficiary-employee/details/${randomUUID()}`, ADMIN), 404);
    expectError(await call("GET", `/api/beneficiary-employee/details/${employee.id}`, EMPLOYEE), 403);
  });
});

describe("POST create", () => {
  const body = (over: Record<string, unknown> = {}) => ({
    companyId: demoOyId,
    firstName: "Veera",
    lastName: "Uusi",
    workEmail: `veera.${unique()}@demo.test`,
    phoneNumber: "040 123 4567",
    language: "fi",
    costUnit: "4100",
    employeeNumber: `U-${unique()}`,
    ...over,
  });

  it("mails a new employee a set-password link in their language that still works after 2 days", async () => {
    const input = body({ language: "sv" });
    const res = await call("POST", "/api/beneficiary-employee/create", DEMO_ADMIN, input);
    expect(res.statusCode, res.body).toBe(201);
    const db = t.database.db;
    const [mail] = await db.select().from(outbox).where(eq(outbox.recipient, input.workEmail));
    // The link opens the page in Swedish, and the mail says how long it lasts.
    const token = /\/sv\/reset\/([\w-]{20,})/.exec(mail?.bodyText ?? "")?.[1] as string;
    expect(token).toBeTruthy();
    expect(mail?.bodyText).toContain("Länken är giltig i 7 dagar");
    // Two days pass before the person reads their mail.
    const twoDays = 2 * 24 * 60 * 60 * 1000;
    await db
      .update(passwordResetTokens)
      .set({
        createdAt: sql`${passwordResetTokens.createdAt} - ${`${twoDays} milliseconds`}::interval`,
        expiresAt: sql`${passwordResetTokens.expiresAt} - ${`${twoDays} milliseconds`}::interval`,
      })
      .where(eq(passwordResetTokens.tokenHash, createHash("sha256").update(token).digest("hex")));
    const status = await t.app.inject({ method: "GET", url: `/api/password-reset/${token}` });
    expect(status.json()).toMatchObject({ valid: true, email: input.workEmail });
    const set = await t.app.inject({
      method: "POST",
      url: `/api/password-reset/${token}`,
      payload: { password: "kolme iloista polkupyörää" },
    });
    expect(set.statusCode, set.body).toBe(200);
  });

  it("adds an accepted employee with an account, a beneficiary role, an event and an invitation mail", async () => {
    const input = body();
    const res = await call("POST", "/api/beneficiary-employee/create", DEMO_ADMIN, input);
    expect(res.statusCode, res.body).toBe(201);
    const employee = zEmployee.parse(res.json());
    expect(employee).toMatchObject({
      status: "ACCEPTED",
      companyId: demoOyId,
      costUnit: "4100",
      lastWorkingDayDate: "2999-01-01",
      systemUser: { firstName: "Veera", workEmail: input.workEmail, phoneNumber: "0401234567" },
    });
    const db = t.database.db;
    const held = await db
      .select({ name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(eq(userRoles.userId, employee.userId), eq(userRoles.companyId, demoOyId)));
    expect(held.map((r) => r.name)).toEqual(["BIKE_BENEFICIARY"]);
    const [mail] = await db.select().from(outbox).where(eq(outbox.recipient, input.workEmail));
    expect(mail?.subject).toBe("Demo Oy kutsuu sinut käyttämään polkupyöräetua");
    expect(mail?.bodyText).toMatch(/\/reset\/[\w-]{20,}/);
    const events = await db
      .select()
      .from(eventLog)
      .where(eq(eventLog.entityId, employee.beneficiaryEmployeeId));
    expect(events.map((e) => e.type)).toEqual(["EMPLOYEE_CREATED"]);
  });

  it("adds an existing account of a sister company without a new password link; twice is 409", async () => {
    const db = t.database.db;
    const existing = await seedEmployee(db, logisticsId, { email: `jaettu.${unique()}@demo.test` });
    const [user] = await db.select().from(users).where(eq(users.id, existing.userId));
    const input = body({ workEmail: user?.email });
    const res = await call("POST", "/api/beneficiary-employee/create", GROUP_ADMIN, input);
    expect(res.statusCode, res.body).toBe(201);
    expect(zEmployee.parse(res.json()).userId).toBe(existing.userId);
    const [mail] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, user?.email as string));
    expect(mail?.bodyText).not.toMatch(/\/reset\//);
    expectError(
      await call("POST", "/api/beneficiary-employee/create", GROUP_ADMIN, input),
      409,
      "EMPLOYEE_EXISTS",
    );
  });

  it("refuses an admin-tier address, another tenant's company, a unit of another company and bad input", async () => {
    expectError(
      await call(
        "POST",
        "/api/beneficiary-employee/create",
        DEMO_ADMIN,
        body({ workEmail: "helpdesk@pedaali.test" }),
      ),
      409,
      "EMAIL_TAKEN",
    );
    expectError(await call("POST", "/api/beneficiary-employee/create", TOINEN_ADMIN, body()), 404);
    const [foreignUnit] = await t.database.db
      .select({ id: companyUnits.id })
      .from(companyUnits)
      .where(eq(companyUnits.companyId, toinenOyId));
    expectError(
      await call("POST", "/api/beneficiary-employee/create", DEMO_ADMIN, body({ unitId: foreignUnit?.id })),
      400,
    );
    expectError(
      await call("POST", "/api/beneficiary-employee/create", DEMO_ADMIN, body({ workEmail: "ei-osoite" })),
      400,
    );
    expectError(
      await call("POST", "/api/beneficiary-employee/create", DEMO_ADMIN, body({ phoneNumber: "12" })),
      400,
      "UNSUPPORTED_PHONE_NUMBER",
    );
    expectError(
      await call("POST", "/api/beneficiary-employee/create", DEMO_ADMIN, body({ maxPrice: -1 })),
      400,
    );
    expectError(await call("POST", "/api/beneficiary-employee/create", REPORTING, body()), 403);
    expectError(await call("POST", "/api/beneficiary-employee/create", EMPLOYEE, body()), 403);
  });
});

describe("POST {id}/update", () => {
  it("changes the given fields only, logs them, and a last working day is an EMPLOYMENT_ENDED event", async () => {
    const db = t.database.db;
    const employee = await seedEmployee(db, demoOyId, {
      costUnit: "4100",
      employeeNumber: "E1",
      createdAt: new Date("2026-01-05T10:00:00Z"),
    });
    const url = `/api/beneficiary-employee/${employee.id}/update`;
    const res = await call("POST", url, EDITOR, {
      costUnit: "4200",
      maxPrice: 3999.9,
      firstName: "Uusinimi",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(zEmployee.parse(res.json())).toMatchObject({
      costUnit: "4200",
      employeeNumber: "E1",
      maxPrice: 3999.9,
      systemUser: { firstName: "Uusinimi" },
    });
    const ended = await call("POST", url, DEMO_ADMIN, { lastWorkingDayDate: "2026-12-31" });
    expect(zEmployee.parse(ended.json()).lastWorkingDayDate).toBe("2026-12-31");
    const cleared = await call("POST", url, DEMO_ADMIN, { lastWorkingDayDate: null });
    expect(zEmployee.parse(cleared.json()).lastWorkingDayDate).toBe("2999-01-01");
    const events = await db.select().from(eventLog).where(eq(eventLog.entityId, employee.id));
    expect(events.map((e) => e.type).sort()).toEqual([
      "EMPLOYEE_UPDATED",
      "EMPLOYEE_UPDATED",
      "EMPLOYMENT_ENDED",
    ]);
    expect(events.find((e) => e.type === "EMPLOYMENT_ENDED")?.data).toMatchObject({
      lastWorkingDayDate: "2026-12-31",
    });
  });

  it("refuses dates before the day the person joined, or a last day before the trial's end, at the field", async () => {
    const joined = new Date("2026-01-05T10:00:00Z");
    const employee = await seedEmployee(t.database.db, demoOyId, { createdAt: joined });
    const url = `/api/beneficiary-employee/${employee.id}/update`;
    const early = expectError(
      await call("POST", url, DEMO_ADMIN, {
        jobTrialPeriodEndDate: "2020-03-01",
        lastWorkingDayDate: "2020-06-30",
      }),
      400,
    );
    expect(early.details).toEqual([
      {
        field: "body.jobTrialPeriodEndDate",
        message: "Must not be before 2026-01-05",
        issue: { code: "custom", params: { rule: "TRIAL_END_BEFORE_JOINED", limit: "2026-01-05" } },
      },
      {
        field: "body.lastWorkingDayDate",
        message: "Must not be before 2026-01-05",
        issue: { code: "custom", params: { rule: "LAST_DAY_BEFORE_JOINED", limit: "2026-01-05" } },
      },
    ]);
    // Two dates of one body are the contract's to compare: the same words come from its check.
    const crossed = expectError(
      await call("POST", url, DEMO_ADMIN, {
        jobTrialPeriodEndDate: "2026-06-30",
        lastWorkingDayDate: "2026-03-31",
      }),
      400,
      "VALIDATION_ERROR",
    );
    expect(crossed.details?.[0]).toMatchObject({
      field: "body.lastWorkingDayDate",
      issue: { code: "custom", params: { rule: "LAST_DAY_BEFORE_TRIAL_END", limit: "2026-06-30" } },
    });
    // A text over its limit names the limit, never the value sent.
    const long = expectError(await call("POST", url, DEMO_ADMIN, { employeeNumber: "9".repeat(300) }), 400);
    expect(long.details).toEqual([
      {
        field: "body.employeeNumber",
        message: expect.any(String),
        issue: { code: "too_big", origin: "string", maximum: 50 },
      },
    ]);
    const ok = await call("POST", url, DEMO_ADMIN, {
      jobTrialPeriodEndDate: "2026-06-30",
      lastWorkingDayDate: "2026-06-30",
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("is 404 for another tenant, 403 for reporting, 400 for bad input", async () => {
    const employee = await seedEmployee(t.database.db, demoOyId);
    const url = `/api/beneficiary-employee/${employee.id}/update`;
    expectError(await call("POST", url, TOINEN_ADMIN, { costUnit: "1" }), 404);
    expectError(await call("POST", url, REPORTING, { costUnit: "1" }), 403);
    expectError(await call("POST", url, DEMO_ADMIN, { lastWorkingDayDate: "31.12.2026" }), 400);
    expectError(await call("POST", url, DEMO_ADMIN, { firstName: "" }), 400);
  });
});

describe("POST {id}/decide", () => {
  async function pendingJoiner() {
    const db = t.database.db;
    const employee = await seedEmployee(db, demoOyId, {
      status: "PENDING",
      createdAt: new Date("2026-01-05T10:00:00Z"),
    });
    const [role] = await db.select().from(roles).where(eq(roles.name, "BIKE_BENEFICIARY"));
    await db
      .insert(userRoles)
      .values({ userId: employee.userId, roleId: role?.id as string, companyId: demoOyId });
    return employee;
  }

  it("accepts with the employee's fields and role flags, the default last working day, and a mail", async () => {
    const employee = await pendingJoiner();
    const res = await call("POST", `/api/beneficiary-employee/${employee.id}/decide`, DEMO_ADMIN, {
      decision: "ACCEPTED",
      costUnit: "4300",
      employeeNumber: "H-9",
      jobTrialPeriodEndDate: "2027-03-31",
      roles: ["EMPLOYER_REPORTING"],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(zEmployee.parse(res.json())).toMatchObject({
      status: "ACCEPTED",
      costUnit: "4300",
      lastWorkingDayDate: "2999-01-01",
      jobTrialPeriodEndDate: "2027-03-31",
      employerRoles: ["EMPLOYER_REPORTING"],
    });
    expect(res.json().decidedAt).not.toBeNull();
    expectError(
      await call("POST", `/api/beneficiary-employee/${employee.id}/decide`, DEMO_ADMIN, {
        decision: "REJECTED",
      }),
      409,
      "EMPLOYEE_ALREADY_DECIDED",
    );
  });

  it("rejects with a mail that carries the reason and takes the joiner's role away", async () => {
    const employee = await pendingJoiner();
    const db = t.database.db;
    const res = await call("POST", `/api/beneficiary-employee/${employee.id}/decide`, EDITOR, {
      decision: "REJECTED",
      reason: "Et ole yrityksen työntekijä.",
    });
    expect(zEmployee.parse(res.json()).status).toBe("REJECTED");
    const held = await db.select().from(userRoles).where(eq(userRoles.userId, employee.userId));
    expect(held).toEqual([]);
    const [person] = await db.select().from(users).where(eq(users.id, employee.userId));
    const [mail] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, person?.email as string));
    expect(mail?.bodyText).toContain("Et ole yrityksen työntekijä.");
  });

  it("counts a permission only in the company that holds it: reporting here and editor there edits only there", async () => {
    const db = t.database.db;
    // reporting@demo.test only reads in Demo Oy; for this test also an editor in Demo Logistiikka Oy.
    const reporting = (await db.select({ id: users.id }).from(users).where(eq(users.email, REPORTING)))[0]
      ?.id as string;
    const [editorRole] = await db.select().from(roles).where(eq(roles.name, "EMPLOYER_EDITOR"));
    const [granted] = await db
      .insert(userRoles)
      .values({ userId: reporting, roleId: editorRole?.id as string, companyId: logisticsId })
      .returning();
    try {
      const here = await seedEmployee(db, demoOyId, { costUnit: "1000" });
      const there = await seedEmployee(db, logisticsId, { costUnit: "1000" });
      const edit = (id: string, body: object) =>
        call("POST", `/api/beneficiary-employee/${id}/update`, REPORTING, body);
      expectError(await edit(here.id, { costUnit: "2000" }), 403);
      // Refused before its input is judged, so a malformed body gets the same answer.
      expectError(await edit(here.id, { costUnit: 2000, maxPrice: "lots" }), 403);
      expectError(
        await call("POST", `/api/beneficiary-employee/${here.id}/absences`, REPORTING, {
          reason: "OTHER",
          startDate: "2027-01-01",
        }),
        403,
      );
      const [unchanged] = await db
        .select()
        .from(beneficiaryEmployees)
        .where(eq(beneficiaryEmployees.id, here.id));
      expect(unchanged?.costUnit).toBe("1000");
      const res = await edit(there.id, { costUnit: "2000" });
      expect(res.statusCode, res.body).toBe(200);
      // Reading stays open where the reporting role reads.
      expect((await call("GET", `/api/beneficiary-employee/details/${here.id}`, REPORTING)).statusCode).toBe(
        200,
      );
    } finally {
      await db.delete(userRoles).where(eq(userRoles.id, granted?.id as string));
    }
  });

  it("gives roles only where the caller is the company's admin, not for a role held in another company", async () => {
    const db = t.database.db;
    // hr@demo.test edits employees in Demo Oy and Demo Logistiikka Oy; for this test also an admin of Logistiikka.
    const hr = (await db.select({ id: users.id }).from(users).where(eq(users.email, "hr@demo.test")))[0]
      ?.id as string;
    const [adminRole] = await db.select().from(roles).where(eq(roles.name, "EMPLOYER_ADMIN"));
    const [granted] = await db
      .insert(userRoles)
      .values({ userId: hr, roleId: adminRole?.id as string, companyId: logisticsId })
      .returning();
    try {
      const demoJoiner = await pendingJoiner();
      const res = await call("POST", `/api/beneficiary-employee/${demoJoiner.id}/decide`, "hr@demo.test", {
        decision: "ACCEPTED",
        roles: ["EMPLOYER_ADMIN"],
      });
      expectError(res, 403);
      const [still] = await db
        .select()
        .from(beneficiaryEmployees)
        .where(eq(beneficiaryEmployees.id, demoJoiner.id));
      expect(still?.status).toBe("PENDING");
    } finally {
      await db.delete(userRoles).where(eq(userRoles.id, granted?.id as string));
    }
  });

  it("lets only an employer admin hand out roles; another tenant gets 404; bad input 400", async () => {
    const employee = await pendingJoiner();
    const url = `/api/beneficiary-employee/${employee.id}/decide`;
    expectError(await call("POST", url, EDITOR, { decision: "ACCEPTED", roles: ["EMPLOYER_ADMIN"] }), 403);
    expectError(await call("POST", url, TOINEN_ADMIN, { decision: "ACCEPTED" }), 404);
    expectError(await call("POST", url, DEMO_ADMIN, { decision: "MAYBE" }), 400);
    expectError(await call("POST", url, DEMO_ADMIN, { decision: "ACCEPTED", roles: ["SUPER_ADMIN"] }), 400);
    expectError(await call("POST", url, REPORTING, { decision: "ACCEPTED" }), 403);
    const still = await t.database.db
      .select()
      .from(beneficiaryEmployees)
      .where(eq(beneficiaryEmployees.id, employee.id));
    expect(still[0]?.status).toBe("PENDING");
  });
});

describe("absences", () => {
  it("records, lists, changes and removes absences, and refuses an overlap with 409", async () => {
    const employee = await seedEmployee(t.database.db, demoOyId);
    const base = `/api/beneficiary-employee/${employee.id}/absences`;
    const created = await call("POST", base, DEMO_ADMIN, {
      reason: "PARENTAL_LEAVE",
      startDate: "2026-03-01",
      endDate: null,
    });
    expect(created.statusCode, created.body).toBe(201);
    const absence = zAbsence.parse(created.json());
    expectError(
      await call("POST", base, DEMO_ADMIN, {
        reason: "SICK_LEAVE",
        startDate: "2027-01-01",
        endDate: "2027-01-05",
      }),
      409,
      "ABSENCE_OVERLAPS",
    );
    const closed = await call("PUT", `${base}/${absence.absenceId}`, EDITOR, {
      reason: "PARENTAL_LEAVE",
      startDate: "2026-03-01",
      endDate: "2026-08-31",
    });
    expect(zAbsence.parse(closed.json()).endDate).toBe("2026-08-31");
    const other = await call("POST", base, DEMO_ADMIN, {
      reason: "OTHER",
      reasonOther: "Opintovapaa",
      startDate: "2026-09-01",
      endDate: "2026-09-30",
    });
    expect(other.statusCode).toBe(201);
    const listed = zAbsences.parse((await call("GET", base, REPORTING)).json());
    expect(listed.absences.map((a) => a.startDate)).toEqual(["2026-09-01", "2026-03-01"]);
    expect((await call("DELETE", `${base}/${absence.absenceId}`, DEMO_ADMIN)).statusCode).toBe(200);
    expectError(await call("DELETE", `${base}/${absence.absenceId}`, DEMO_ADMIN), 404);
    const events = await t.database.db.select().from(eventLog).where(eq(eventLog.entityId, employee.id));
    expect(events.map((e) => e.type).sort()).toEqual([
      "EMPLOYEE_ABSENCE_RECORDED",
      "EMPLOYEE_ABSENCE_RECORDED",
      "EMPLOYEE_ABSENCE_REMOVED",
      "EMPLOYEE_ABSENCE_UPDATED",
    ]);
  });

  it("needs the reason's text for 'Muu, mikä', an end after the start, and the caller's company", async () => {
    const employee = await seedEmployee(t.database.db, demoOyId);
    const base = `/api/beneficiary-employee/${employee.id}/absences`;
    const other = expectError(
      await call("POST", base, DEMO_ADMIN, { reason: "OTHER", startDate: "2026-01-01" }),
      400,
    );
    expect(other.details?.[0]?.field).toContain("reasonOther");
    expectError(
      await call("POST", base, DEMO_ADMIN, {
        reason: "SICK_LEAVE",
        startDate: "2026-01-10",
        endDate: "2026-01-01",
      }),
      400,
    );
    expectError(
      await call("POST", base, TOINEN_ADMIN, { reason: "SICK_LEAVE", startDate: "2026-01-01" }),
      404,
    );
    expectError(await call("GET", base, TOINEN_ADMIN), 404);
    expectError(await call("POST", base, REPORTING, { reason: "SICK_LEAVE", startDate: "2026-01-01" }), 403);
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
