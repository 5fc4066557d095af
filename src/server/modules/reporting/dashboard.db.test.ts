import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zReportingDashboard } from "../../../contract/reporting.ts";
import { addMonths, firstDayOf } from "../../../domain/payroll/period.ts";
import { regimeDate, taxRegime } from "../../../domain/payroll/tax-rules.ts";
import { bikeRedemptions, leasingAgreements, orders } from "../../db/schema/index.ts";
import { listCases, type RedemptionViewer } from "../redemptions/queries.ts";
import { companyDashboard } from "./dashboard.ts";
import { currentPeriod } from "./payroll.ts";
import { employee, freshCompany, lease } from "./test-fixtures.ts";

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);

const ADMIN = "admin@pedaali.test";
const EDITOR = "employer.editor@demo.test";
const REPORTING = "reporting@demo.test";
const TOINEN_ADMIN = "employer.admin@toinen.test";

let demoOyId: string;

beforeAll(async () => {
  demoOyId = await companyIdByName(t.database.db, "Demo Oy");
});

describe("GET /api/reporting/dashboard", () => {
  it("counts the open lease ends and the overdue among them as the Pyörät list shows them", async () => {
    const db = t.database.db;
    const companyId = await freshCompany(db);
    const now = currentPeriod();
    const today = "2026-11-27";
    // Like the demo: a lease whose term ends next month with its case open and the deadline to come,
    // an early end whose deadline has passed with no choice, a lease end done, and a lease ending in
    // two months that has no case yet.
    const cases: { status: "PENDING" | "COMPLETED"; decisionDeadline: string; months: number }[] = [
      { status: "PENDING", decisionDeadline: "2026-12-15", months: 24 },
      { status: "PENDING", decisionDeadline: "2026-11-20", months: 36 },
      { status: "COMPLETED", decisionDeadline: "2026-10-31", months: 24 },
    ];
    for (const [n, c] of cases.entries()) {
      const who = await employee(db, companyId, `Loppuva${n}`);
      const { order } = await lease(db, who, {
        monthlyPaymentCents: 5_000,
        start: firstDayOf(addMonths(now, -23)),
        months: c.months,
        committed: "2026-01-05",
      });
      await db.insert(bikeRedemptions).values({
        orderId: order.id,
        beneficiaryEmployeeId: who.id,
        companyId,
        redemptionPriceCents: 15_000,
        status: c.status,
        decisionDeadline: c.decisionDeadline,
      });
    }
    const later = await employee(db, companyId, "Myohemmin");
    await lease(db, later, {
      monthlyPaymentCents: 5_000,
      start: firstDayOf(addMonths(now, -22)),
      months: 24,
      committed: "2026-01-05",
    });

    const dashboard = await companyDashboard(
      db,
      { id: companyId, name: "Raportti" },
      new Date(`${today}T10:00:00Z`),
    );
    const viewer = {
      id: crypto.randomUUID(),
      scope: { kind: "companies", companyIds: [companyId] },
      permissions: ["orders.read"],
    } as unknown as RedemptionViewer;
    const listed = await listCases(
      db,
      viewer,
      { status: "PENDING", page: 1, limit: 100 },
      new Date(`${today}T10:00:00Z`),
    );
    expect(dashboard.openLeaseEnds).toEqual({ open: 2, overdue: 1 });
    expect(dashboard.openLeaseEnds.open).toBe(listed.totalCount);
    expect(dashboard.openLeaseEnds.overdue).toBe(listed.items.filter((c) => c.state === "OVERDUE").length);
  });

  it("counts the company's leases, orders, employees and the tax-free part this year", async () => {
    const db = t.database.db;
    const companyId = await freshCompany(db);
    const now = currentPeriod();
    const running = await employee(db, companyId, "Juokseva");
    await lease(db, running, {
      monthlyPaymentCents: 10_000,
      start: firstDayOf(addMonths(now, -2)),
      months: 24,
      committed: "2026-01-05",
    });
    const ending = await employee(db, companyId, "Loppuva");
    await lease(db, ending, {
      monthlyPaymentCents: 5_000,
      start: firstDayOf(addMonths(now, -22)),
      months: 24,
      committed: "2025-03-01",
    });
    await employee(db, companyId, "Uusi", { status: "PENDING" });
    const res = await call("GET", `/api/reporting/dashboard?companyId=${companyId}`, ADMIN);
    expect(res.statusCode, res.body).toBe(200);
    const dashboard = zReportingDashboard.parse(res.json());
    expect(dashboard).toMatchObject({
      activeLeases: 2,
      monthlyCostCents: 15_000,
      employees: { accepted: 2, pending: 1, withActiveLease: 2 },
      leasesEndingSoon: 1,
      openLeaseEnds: { open: 0, overdue: 0 },
    });
    expect(dashboard.months).toHaveLength(12);
    expect(dashboard.months.at(-1)).toEqual({ period: now, activeLeases: 2, leaseCostCents: 15_000 });
    expect(dashboard.months.at(-3)).toEqual({
      period: addMonths(now, -2),
      activeLeases: 2,
      leaseCostCents: 15_000,
    });
    expect(dashboard.months.at(-4)?.activeLeases).toBe(1);
    expect(dashboard.leasesByRegime.GRANDFATHERED).toBe(1);
    expect(dashboard.ordersByStatus).toEqual([{ orderStatus: "ACTIVE_LEASING", count: 2 }]);
    // The grandfathered lease's 50 € a month are all tax-free, every month of this year it ran.
    const monthsThisYear = Number(now.slice(5, 7));
    expect(dashboard.taxFreeThisYearCents).toBe(5_000 * monthsThisYear);
  });

  it("counts an accepted employee with a running lease once, and no one whose lease has ended or who is not accepted", async () => {
    const db = t.database.db;
    const companyId = await freshCompany(db);
    const now = currentPeriod();
    const twoLeases = await employee(db, companyId, "Kaksi");
    for (const start of [addMonths(now, -1), now]) {
      await lease(db, twoLeases, {
        monthlyPaymentCents: 8_000,
        start: firstDayOf(start),
        months: 36,
        committed: "2026-01-05",
      });
    }
    const ended = await employee(db, companyId, "Päättynyt");
    await lease(db, ended, {
      monthlyPaymentCents: 6_000,
      start: firstDayOf(addMonths(now, -12)),
      months: 12,
      committed: "2026-01-05",
    });
    const inactive = await employee(db, companyId, "Lopettanut", { status: "INACTIVE" });
    await lease(db, inactive, {
      monthlyPaymentCents: 7_000,
      start: firstDayOf(addMonths(now, -3)),
      months: 36,
      committed: "2026-01-05",
    });
    const res = await call("GET", `/api/reporting/dashboard?companyId=${companyId}`, ADMIN);
    expect(res.statusCode, res.body).toBe(200);
    const dashboard = zReportingDashboard.parse(res.json());
    expect(dashboard.activeLeases).toBe(3);
    expect(dashboard.employees).toEqual({ accepted: 2, pending: 0, withActiveLease: 1 });
  });

  it("keeps to the caller's companies and refuses the editor", async () => {
    expectError(await call("GET", `/api/reporting/dashboard?companyId=${demoOyId}`, TOINEN_ADMIN), 404);
    expectError(await call("GET", `/api/reporting/dashboard?companyId=${demoOyId}`, EDITOR), 403);
    const own = await call("GET", `/api/reporting/dashboard?companyId=${demoOyId}`, REPORTING);
    expect(own.statusCode).toBe(200);
    expectError(await call("GET", "/api/reporting/dashboard?companyId=nope", ADMIN), 400);
  });

  it("counts each regime on either side of its dates as the tax rules do", async () => {
    const db = t.database.db;
    const companyId = await freshCompany(db);
    const leases = [
      { start: "2026-01-01", committed: "2025-04-23" },
      { start: "2026-01-01", committed: "2025-04-24" },
      { start: "2026-01-01", committed: "2025-12-31" },
      { start: "2026-01-01", committed: "2026-01-01" },
      { start: "2025-04-01", committed: null },
      { start: "2025-05-01", committed: null },
    ];
    const expected = { GRANDFATHERED: 0, EXEMPT_2025_ONLY: 0, TAXABLE: 0 };
    for (const [i, { start, committed }] of leases.entries()) {
      const who = await employee(db, companyId, `Raja${i}`);
      const { agreement } = await lease(db, who, {
        monthlyPaymentCents: 5_000,
        start,
        months: 36,
        committed: committed ?? start,
      });
      if (committed === null) {
        await db
          .update(leasingAgreements)
          .set({ commitmentDate: null })
          .where(eq(leasingAgreements.id, agreement.id));
      }
      expected[taxRegime(regimeDate({ commitmentDate: committed, startDate: start }))] += 1;
    }
    const dashboard = await companyDashboard(
      db,
      { id: companyId, name: "" },
      new Date("2026-06-15T10:00:00Z"),
    );
    expect(expected).toEqual({ GRANDFATHERED: 2, EXEMPT_2025_ONLY: 3, TAXABLE: 1 });
    expect(dashboard.leasesByRegime).toEqual(expected);
    // The two grandfathered leases: 50 € a month tax-free from January to June.
    expect(dashboard.taxFreeThisYearCents).toBe(2 * 6 * 5_000);
  });

  it("ends the tax-free part with the employment", async () => {
    const db = t.database.db;
    const companyId = await freshCompany(db);
    const left = await employee(db, companyId, "Lähtenyt", { lastWorkingDayDate: "2026-03-20" });
    await lease(db, left, {
      monthlyPaymentCents: 5_000,
      start: "2025-01-01",
      months: 36,
      committed: "2024-12-01",
    });
    const leaving = await employee(db, companyId, "Lähtevä", { lastWorkingDayDate: "2026-09-30" });
    await lease(db, leaving, {
      monthlyPaymentCents: 5_000,
      start: "2025-01-01",
      months: 36,
      committed: "2024-12-01",
    });
    const dashboard = await companyDashboard(
      db,
      { id: companyId, name: "" },
      new Date("2026-06-15T10:00:00Z"),
    );
    // January to March for the one who left, January to June for the one still employed.
    expect(dashboard.taxFreeThisYearCents).toBe(3 * 5_000 + 6 * 5_000);
  });

  it("does not count a cancelled order's lease", async () => {
    const db = t.database.db;
    const companyId = await freshCompany(db);
    const who = await employee(db, companyId, "Peruja");
    const { order } = await lease(db, who, {
      monthlyPaymentCents: 7_000,
      start: firstDayOf(addMonths(currentPeriod(), -1)),
      months: 24,
      committed: "2026-01-01",
    });
    await db.update(orders).set({ orderStatus: "CANCELLED" }).where(eq(orders.id, order.id));
    const res = await call("GET", `/api/reporting/dashboard?companyId=${companyId}`, ADMIN);
    expect(zReportingDashboard.parse(res.json())).toMatchObject({ activeLeases: 0, monthlyCostCents: 0 });
  });
});
