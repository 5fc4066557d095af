import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zPayrollReportResponse } from "../../../contract/reporting.ts";
import { addMonths, firstDayOf } from "../../../domain/payroll/period.ts";
import { PAYROLL_MONEY_FIELDS } from "../../../domain/payroll/types.ts";
import type { Db } from "../../db/client.ts";
import { employeeAbsences, payrollReportSnapshots, userPayments } from "../../db/schema/index.ts";
import { companyDashboard } from "./dashboard.ts";
import { currentPeriod } from "./payroll.ts";
import { employee, freshCompany, lease } from "./test-fixtures.ts";

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);

const ADMIN = "admin@pedaali.test";
const DEMO_ADMIN = "employer.admin@demo.test";
const EDITOR = "employer.editor@demo.test";
const GROUP_ADMIN = "group.admin@demo.test";
const REPORTING = "reporting@demo.test";
const EMPLOYEE = "employee@demo.test";
const TOINEN_ADMIN = "employer.admin@toinen.test";

/** The month under test: fixed, so the tax rules of 2026 apply whatever today is. */
const PERIOD = "2026-06";

let demoOyId: string;
let logisticsId: string;
let toinenOyId: string;

beforeAll(async () => {
  const db = t.database.db;
  demoOyId = await companyIdByName(db, "Demo Oy");
  logisticsId = await companyIdByName(db, "Demo Logistiikka Oy");
  toinenOyId = await companyIdByName(db, "Toinen Oy");
});

async function payroll(companyId: string, period = PERIOD, who = ADMIN) {
  const res = await call("GET", `/api/reporting/payroll?companyId=${companyId}&period=${period}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return zPayrollReportResponse.parse(res.json());
}

/**
 * Several employees under both tax regimes, an absence without pay and an ended employment: the
 * company's report for June 2026.
 */
async function scenario(db: Db) {
  const companyId = await freshCompany(db);
  const taxable = await employee(db, companyId, "Aalto");
  await lease(db, taxable, {
    monthlyPaymentCents: 8_427,
    start: "2026-02-01",
    months: 36,
    committed: "2026-01-10",
  });
  const grandfathered = await employee(db, companyId, "Berg");
  await lease(db, grandfathered, {
    monthlyPaymentCents: 17_000,
    start: "2025-05-01",
    months: 36,
    committed: "2025-03-15",
  });
  const onLeave = await employee(db, companyId, "Carlsson");
  await lease(db, onLeave, {
    monthlyPaymentCents: 9_000,
    start: "2026-01-01",
    months: 24,
    committed: "2025-12-01",
  });
  await db.insert(employeeAbsences).values({
    beneficiaryEmployeeId: onLeave.id,
    companyId,
    reason: "PARENTAL_LEAVE",
    startDate: "2026-05-01",
    endDate: null,
  });
  const leaving = await employee(db, companyId, "Dahl", { lastWorkingDayDate: "2026-06-14" });
  await lease(db, leaving, {
    monthlyPaymentCents: 6_000,
    start: "2026-03-01",
    months: 24,
    committed: "2026-02-01",
  });
  // May fully on unpaid leave: its payment is deferred and collected from the final pay in June.
  await db.insert(employeeAbsences).values({
    beneficiaryEmployeeId: leaving.id,
    companyId,
    reason: "OTHER",
    reasonOther: "Palkaton vapaa",
    startDate: "2026-05-01",
    endDate: "2026-05-31",
  });
  const ownShare = await employee(db, companyId, "Ek");
  const { order } = await lease(db, ownShare, {
    monthlyPaymentCents: 12_000,
    start: "2026-06-01",
    months: 36,
    committed: "2026-05-02",
  });
  await db.insert(userPayments).values({
    beneficiaryEmployeeId: ownShare.id,
    companyId,
    orderId: order.id,
    kind: "OWN_SHARE",
    amountCents: 45_000,
    paymentMethod: "PAYROLL",
    dueDate: "2026-06-25",
  });
  const notYet = await employee(db, companyId, "Fors");
  await lease(db, notYet, {
    monthlyPaymentCents: 5_000,
    start: "2026-07-01",
    months: 24,
    committed: "2026-06-10",
  });
  return { companyId, taxable, grandfathered, onLeave, leaving, ownShare, notYet };
}

describe("GET /api/reporting/payroll", () => {
  it("reconciles with the leases it lists: several employees, an absence and an ended employment", async () => {
    const db = t.database.db;
    const s = await scenario(db);
    const report = await payroll(s.companyId);
    const byName = new Map(report.rows.map((row) => [row.lastName, row]));
    expect([...byName.keys()]).toEqual(["Aalto", "Berg", "Carlsson", "Dahl", "Ek"]);

    // Each row: the benefit's value is its lease's payment, split into 363 + 364.
    const payments: Record<string, number> = {
      Aalto: 8_427,
      Berg: 17_000,
      Carlsson: 9_000,
      Dahl: 6_000,
      Ek: 12_000,
    };
    for (const row of report.rows) {
      expect(row.monthlyPaymentCents).toBe(payments[row.lastName]);
      expect(row.taxFreeCents + row.taxableCents).toBe(row.benefitValueCents);
      expect(row.grossDeductionCents).toBe(row.monthlyPaymentCents - row.deferredCents + row.catchUpCents);
    }
    expect(byName.get("Aalto")).toMatchObject({ regime: "TAXABLE", taxFreeCents: 0, taxableCents: 8_427 });
    expect(byName.get("Berg")).toMatchObject({
      regime: "GRANDFATHERED",
      taxFreeCents: 10_000,
      taxableCents: 7_000,
    });
    expect(byName.get("Carlsson")).toMatchObject({
      withoutPay: true,
      grossDeductionCents: 0,
      deferredCents: 9_000,
    });
    expect(byName.get("Carlsson")?.absence).toMatchObject({
      reason: "PARENTAL_LEAVE",
      effect: "DEDUCTION_DEFERRED",
    });
    expect(byName.get("Dahl")).toMatchObject({
      employmentEndsOn: "2026-06-14",
      catchUpCents: 6_000,
      grossDeductionCents: 12_000,
    });
    expect(byName.get("Ek")).toMatchObject({
      firstMonth: true,
      ownPaymentCents: 45_000,
      netDeductionCents: 45_000,
    });

    // The totals are the rows' sums, column by column and per income type.
    for (const field of PAYROLL_MONEY_FIELDS) {
      expect(report.totals[field], field).toBe(report.rows.reduce((sum, row) => sum + row[field], 0));
    }
    expect(report.totals.grossDeductionCents).toBe(8_427 + 17_000 + 0 + 12_000 + 12_000);
    expect(report.totals.incomeTypes).toEqual([
      { incomeType: 363, amountCents: 10_000 },
      { incomeType: 364, amountCents: 8_427 + 7_000 + 9_000 + 6_000 + 12_000 },
      { incomeType: 420, amountCents: 45_000 },
    ]);
    expect(report.totals).toMatchObject({ rowCount: 5, employeeCount: 5 });

    // July: Dahl's employment has ended (no row); Fors's lease has started.
    const july = await payroll(s.companyId, "2026-07");
    expect(july.rows.map((row) => [row.lastName, row.change])).toEqual([
      ["Aalto", "UNCHANGED"],
      ["Berg", "UNCHANGED"],
      ["Carlsson", "CHANGED"],
      ["Dahl", "ENDED"],
      ["Ek", "CHANGED"],
      ["Fors", "NEW"],
    ]);
    // Still on leave: one more payment waits, and the leave is now over 90 days long.
    const carlsson = july.rows.find((row) => row.lastName === "Carlsson");
    expect(carlsson?.changedFields.sort()).toEqual(["absence", "outstandingDeferredCents"]);
    expect(carlsson?.absence?.long).toBe(true);
    expect(july.comparedWith).toEqual({ period: PERIOD, source: "COMPUTED", sentAt: null });
    expect(july.totals.rowCount).toBe(5);
  });

  it("marks the changes against the report as it was sent, when it was", async () => {
    const db = t.database.db;
    const s = await scenario(db);
    const june = await payroll(s.companyId);
    // As sent in June, Aalto's payment was different (the lease changed since).
    const sentRows = june.rows.map((row) =>
      row.lastName === "Aalto" ? { ...row, grossDeductionCents: 8_000 } : row,
    );
    const sentAt = new Date("2026-06-15T04:00:00Z");
    await db.insert(payrollReportSnapshots).values({
      companyId: s.companyId,
      period: firstDayOf(PERIOD),
      rows: sentRows,
      totals: june.totals,
      sentTo: ["palkat@raportti.test"],
      sentAt,
    });
    expect((await payroll(s.companyId)).sentAt).toBe(sentAt.toISOString());
    const july = await payroll(s.companyId, "2026-07");
    expect(july.comparedWith).toEqual({ period: PERIOD, source: "SENT", sentAt: sentAt.toISOString() });
    const aalto = july.rows.find((row) => row.lastName === "Aalto");
    expect(aalto).toMatchObject({ change: "CHANGED", changedFields: ["grossDeductionCents"] });
  });

  it("counts the accepted employees payroll cannot place, and defaults to the current Helsinki month", async () => {
    const db = t.database.db;
    const companyId = await freshCompany(db);
    await employee(db, companyId, "Numeroton", { employeeNumber: null });
    await employee(db, companyId, "Odottaja", { employeeNumber: null, status: "PENDING" });
    const res = await call("GET", `/api/reporting/payroll?companyId=${companyId}`, ADMIN);
    const report = zPayrollReportResponse.parse(res.json());
    expect(report.employeesMissingPayrollData).toBe(1);
    expect(report.period).toBe(currentPeriod());
    expect(report.comparedWith.period).toBe(addMonths(currentPeriod(), -1));
  });

  it("is for the employer admin, the group admin and reporting of the company; 404 for another tenant", async () => {
    expect((await payroll(demoOyId, PERIOD, DEMO_ADMIN)).company.name).toBe("Demo Oy");
    expect((await payroll(demoOyId, PERIOD, REPORTING)).company.id).toBe(demoOyId);
    expect((await payroll(logisticsId, PERIOD, GROUP_ADMIN)).company.id).toBe(logisticsId);
    expectError(await call("GET", `/api/reporting/payroll?companyId=${toinenOyId}`, GROUP_ADMIN), 404);
    expectError(await call("GET", `/api/reporting/payroll?companyId=${demoOyId}`, TOINEN_ADMIN), 404);
    expectError(await call("GET", `/api/reporting/payroll?companyId=${demoOyId}`, EDITOR), 403);
    expectError(await call("GET", `/api/reporting/payroll?companyId=${demoOyId}`, EMPLOYEE), 403);
    expectError(await call("GET", `/api/reporting/payroll?companyId=${demoOyId}`, null), 401);
  });

  it("refuses a bad month or company with 400", async () => {
    for (const query of [
      `companyId=${demoOyId}&period=2026-13`,
      `companyId=${demoOyId}&period=6/2026`,
      // The report looks 61 months back: from these it would reach before year 0.
      `companyId=${demoOyId}&period=0000-01`,
      `companyId=${demoOyId}&period=0007-01`,
      `companyId=${demoOyId}&period=1999-12`,
      "companyId=x",
      "",
    ]) {
      expectError(await call("GET", `/api/reporting/payroll?${query}`, ADMIN), 400);
    }
    expectError(
      await call(
        "GET",
        `/api/reporting/payroll/export?companyId=${demoOyId}&period=0000-01&format=csv`,
        ADMIN,
      ),
      400,
    );
  });
});

describe("the employee's yearly limit across leases", () => {
  it("counts what a lease that ended earlier in the year used, however long ago it started", async () => {
    const db = t.database.db;
    const companyId = await freshCompany(db);
    const who = await employee(db, companyId, "Kahdesti");
    // Started 66 months before December 2026, its 60 months run to May 2026: 100 € tax-free a month.
    await lease(db, who, {
      monthlyPaymentCents: 10_000,
      start: "2021-06-01",
      months: 60,
      committed: "2021-05-10",
    });
    await lease(db, who, {
      monthlyPaymentCents: 10_000,
      start: "2025-05-01",
      months: 36,
      committed: "2025-04-01",
    });
    // January to May both leases take 100 €, June and July the second: the 1 200 € are used by July.
    const december = await payroll(companyId, "2026-12");
    expect(december.rows).toHaveLength(1);
    expect(december.rows[0]).toMatchObject({ taxFreeCents: 0, taxableCents: 10_000 });
    const july = await payroll(companyId, "2026-07");
    expect(july.rows[0]).toMatchObject({ taxFreeCents: 10_000, taxableCents: 0 });
    const dashboard = await companyDashboard(
      db,
      { id: companyId, name: "" },
      new Date("2026-12-15T10:00:00Z"),
    );
    expect(dashboard.taxFreeThisYearCents).toBe(120_000);
  });
});

describe("GET /api/reporting/payroll/export", () => {
  it("writes the report as CSV for Finnish Excel with a totals row", async () => {
    const s = await scenario(t.database.db);
    const res = await call(
      "GET",
      `/api/reporting/payroll/export?companyId=${s.companyId}&period=${PERIOD}`,
      ADMIN,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toMatch(
      /filename="palkkaraportti_raportti-[a-z0-9]+-oy_2026-06\.csv"/,
    );
    const lines = res.body.split("\r\n").filter(Boolean);
    expect(lines[0]).toContain("363 Polkupyöräedun verovapaa osuus (€)");
    expect(lines).toHaveLength(1 + 5 + 1);
    expect(lines.at(-1)?.startsWith("Yhteensä;")).toBe(true);
    expect(lines.at(-1)).toContain(";494,27;");
    expect(lines.find((line) => line.startsWith("Berg;"))).toContain("Verovapaa (siirtymäsääntö)");
  });

  it("writes XLSX with the rows, the totals and a summary per income type", async () => {
    const s = await scenario(t.database.db);
    const res = await call(
      "GET",
      `/api/reporting/payroll/export?companyId=${s.companyId}&period=${PERIOD}&format=xlsx&language=en`,
      ADMIN,
    );
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const [rows, summary] = workbook.worksheets;
    expect(rows?.getRow(1).getCell(1).value).toBe("Last name");
    expect(rows?.rowCount).toBe(1 + 5 + 1);
    expect(summary?.getRow(2).values).toEqual([undefined, 363, "Tax-free part of the bike benefit", 100]);
  });

  it("keeps to the caller's companies", async () => {
    expectError(await call("GET", `/api/reporting/payroll/export?companyId=${demoOyId}`, TOINEN_ADMIN), 404);
    expectError(await call("GET", `/api/reporting/payroll/export?companyId=${demoOyId}`, EDITOR), 403);
    expectError(
      await call("GET", `/api/reporting/payroll/export?companyId=${demoOyId}&format=pdf`, ADMIN),
      400,
    );
  });
});
