import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiCaller } from "../../../../tests/helpers/api.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zBikeRedemptionSaved } from "../../../contract/bike-redemptions.ts";
import { zCompanyOrdersPage } from "../../../contract/companies.ts";
import { zMyOrders } from "../../../contract/orders.ts";
import { zReportingDashboard } from "../../../contract/reporting.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { leaseInvoiceLines } from "../../../domain/lease-invoice.ts";
import { addMonths, lastDayOf, periodOf } from "../../../domain/payroll/period.ts";
import { RETURN_DELIVERY_CAPITAL_AREA_CENTS, RETURN_FEE_CENTS } from "../../../domain/redemption.ts";
import { bikeRedemptions } from "../../db/schema/index.ts";
import { loadPayrollSources } from "../reporting/payroll-input.ts";
import { activeLease } from "./test-kit.ts";

/**
 * The end of an employment and the end date of a lease: the employer's form ending the employment opens
 * a redemption case for every running or starting lease of the person, a lease not started yet takes its
 * case, and once a case is open the employee's order, the case, payroll and the lease invoice all end
 * the lease on the same day.
 */

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);
const db = () => t.database.db;

const EMPLOYER = "employer.admin@demo.test";
const today = () => toHelsinkiDateString(new Date());
const thisMonth = () => periodOf(today());

const casesOf = (orderId: string) =>
  db().select().from(bikeRedemptions).where(eq(bikeRedemptions.orderId, orderId));

describe("the employer's form ending an employment", () => {
  it("opens a redemption case for each running and starting lease of the person", async () => {
    const email = "aino.koivula@demo.test";
    const running = await activeLease(db(), { email, startedMonthsAgo: 12 });
    const starting = await activeLease(db(), { email, startedMonthsAgo: -1 });
    const lastDay = lastDayOf(addMonths(thisMonth(), 1));
    const res = await call("POST", `/api/beneficiary-employee/${running.employmentId}/update`, EMPLOYER, {
      lastWorkingDayDate: lastDay,
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const lease of [running, starting]) {
      const cases = await casesOf(lease.orderId);
      expect(cases.map((c) => [c.status, c.reason])).toEqual([["PENDING", "EMPLOYER_ENDED_EMPLOYMENT"]]);
    }
    const [runningCase] = await casesOf(running.orderId);
    // The lease ends with the last working day's month.
    expect(runningCase?.leaseEndsOn).toBe(lastDay);
    // Moving the day again opens no second case.
    const again = await call("POST", `/api/beneficiary-employee/${running.employmentId}/update`, EMPLOYER, {
      lastWorkingDayDate: lastDayOf(addMonths(thisMonth(), 2)),
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await casesOf(running.orderId)).toHaveLength(1);
  });
});

describe("a lease between start-leasing and its first day", () => {
  it("takes an early end's case instead of answering 409 NO_ACTIVE_LEASE", async () => {
    const starting = await activeLease(db(), { email: "employee@demo.test", startedMonthsAgo: -1 });
    const res = await call("POST", "/api/bike-redemption", EMPLOYER, {
      orderId: starting.orderId,
      reason: "EMPLOYER_ENDED_EMPLOYMENT",
    });
    expect(res.statusCode, res.body).toBe(201);
    const saved = zBikeRedemptionSaved.parse(res.json()).bikeRedemption;
    // The lease's first month is the shortest it can run.
    expect(saved.leaseEndsOn).toBe(lastDayOf(addMonths(thisMonth(), 1)));
  });
});

describe("an early return's fee", () => {
  it("is 260 € and the capital area's 25 € delivery for a bike picked up in Espoo", async () => {
    const lease = await activeLease(db(), {
      email: "employee@demo.test",
      startedMonthsAgo: 6,
      deliveryCity: "Espoo",
    });
    const res = await call("POST", "/api/bike-redemption", EMPLOYER, {
      orderId: lease.orderId,
      reason: "EMPLOYEE_RESIGNED",
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await casesOf(lease.orderId);
    expect(row?.returnFeeCents).toBe(RETURN_FEE_CENTS + RETURN_DELIVERY_CAPITAL_AREA_CENTS);
    expect(row?.returnFeeCents).toBe(28_500);
  });
});

describe("one end date once a case is open", () => {
  it("is the same in the employee's order, the case, payroll and the lease invoice", async () => {
    const email = "employee@demo.test";
    const lease = await activeLease(db(), { email, startedMonthsAgo: 6, months: 36 });
    const dashboard = async () =>
      zReportingDashboard.parse(
        (await call("GET", `/api/reporting/dashboard?companyId=${lease.companyId}`, EMPLOYER)).json(),
      );
    const endingSoonBefore = (await dashboard()).leasesEndingSoon;
    const res = await call("POST", "/api/bike-redemption", EMPLOYER, {
      orderId: lease.orderId,
      reason: "EMPLOYEE_RESIGNED",
      lastWorkingDay: today(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const caseEnd = zBikeRedemptionSaved.parse(res.json()).bikeRedemption.leaseEndsOn;
    expect(caseEnd).toBe(lastDayOf(thisMonth()));

    const mine = zMyOrders.parse((await call("GET", "/api/orders/my", email)).json());
    const order = mine.items.find((o) => o.orderId === lease.orderId);
    expect(order?.agreement?.leaseEndsOn).toBe(caseEnd);

    const next = addMonths(thisMonth(), 1);
    const sources = await loadPayrollSources(db(), lease.companyId, thisMonth(), next);
    const inPayroll = sources.of(thisMonth()).leases.find((l) => l.orderId === lease.orderId);
    expect(inPayroll?.endDate).toBe(caseEnd);
    const billed = (period: string) => {
      const source = sources.of(period);
      return leaseInvoiceLines({ ...source, period, vatPercent: 25.5 }).some(
        (line) => line.orderNumber === lease.orderNumber,
      );
    };
    // This month is the lease's last: invoiced and deducted; the next is neither.
    expect(billed(thisMonth())).toBe(true);
    expect(billed(next)).toBe(false);
    const rows = await db()
      .select({ status: bikeRedemptions.status })
      .from(bikeRedemptions)
      .where(and(eq(bikeRedemptions.orderId, lease.orderId), eq(bikeRedemptions.status, "PENDING")));
    expect(rows).toHaveLength(1);

    // The employer's and the helpdesk's lists, the helpdesk's order page and the dashboard agree.
    for (const who of [EMPLOYER, "helpdesk@pedaali.test"]) {
      const res = await call(
        "GET",
        `/api/companies/${lease.companyId}/orders?activeLeases=true&limit=100`,
        who,
      );
      expect(res.statusCode, res.body).toBe(200);
      const listed = zCompanyOrdersPage.parse(res.json()).items.find((o) => o.orderId === lease.orderId);
      expect(listed?.leaseEndDate, who).toBe(caseEnd);
    }
    expect((await dashboard()).leasesEndingSoon).toBe(endingSoonBefore + 1);
  });
});
