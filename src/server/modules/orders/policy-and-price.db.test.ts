import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiCaller } from "../../../../tests/helpers/api.ts";
import { companyIdByName, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { cancelOpenOrders, packagedOrder } from "../../../../tests/helpers/package-order.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zCalculatorMyTerms } from "../../../contract/calculator.ts";
import { zOrderOffer } from "../../../contract/order-acceptance.ts";
import { zOrderDetails } from "../../../contract/orders.ts";
import { monthlyLeasePayment } from "../../../domain/calculator/lease-payment.ts";
import { leaseEndDate, leaseStartDate } from "../../../domain/lease-dates.ts";
import { beneficiaryEmployees, bikePolicies, leasingAgreements, orders } from "../../db/schema/index.ts";
import { DEMO_BILLING_TABLE } from "../../db/seed/demo-data.ts";

/**
 * The monthly payment follows the company's bike policy: the billing table prices the maintenance budget
 * and the insurance, the policy decides whether the lease has them. And the demo's leases keep the lease
 * rules: the first day of the month after delivery, their months exactly, within the policy.
 */

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);

const EMPLOYEE = "employee@demo.test";
const TABLE = {
  annualInterestPercent: DEMO_BILLING_TABLE.annualInterestPercent,
  insurancePercentPerYear: DEMO_BILLING_TABLE.insurancePercentPerYear,
  monthlyMaintenanceCents: DEMO_BILLING_TABLE.monthlyMaintenanceCents,
  monthlyServiceFeeCents: DEMO_BILLING_TABLE.monthlyServiceFeeCents,
  residualValuePercent: DEMO_BILLING_TABLE.residualValuePercent,
};

let employmentId: string;
let demoOyId: string;

beforeAll(async () => {
  const db = t.database.db;
  demoOyId = await companyIdByName(db, "Demo Oy");
  const userId = await userIdByEmail(db, EMPLOYEE);
  const [row] = await db
    .select({ id: beneficiaryEmployees.id })
    .from(beneficiaryEmployees)
    .where(and(eq(beneficiaryEmployees.userId, userId), eq(beneficiaryEmployees.companyId, demoOyId)));
  employmentId = row?.id as string;
});

beforeEach(async () => cancelOpenOrders(t.database.db, employmentId));

const setCover = (maintenanceIncluded: boolean, insuranceRequired: boolean) =>
  t.database.db
    .update(bikePolicies)
    .set({ maintenanceIncluded, insuranceRequired })
    .where(and(eq(bikePolicies.companyId, demoOyId), isNull(bikePolicies.userId)));

afterEach(async () => setCover(true, true));

async function offerOf(orderId: string) {
  const res = await call("GET", `/api/orders/${orderId}/offer?leaseTimeMonths=36`, EMPLOYEE);
  expect(res.statusCode, res.body).toBe(200);
  return zOrderOffer.parse(res.json());
}

describe("maintenance and insurance in the monthly payment", () => {
  it("a policy without maintenance finances no maintenance: the offer, the acceptance and the agreement", async () => {
    await setCover(false, true);
    const orderId = await packagedOrder(t.database.db, { employmentId, companyId: demoOyId });
    const offer = await offerOf(orderId);
    const expected = monthlyLeasePayment(300_000, 36, { ...TABLE, monthlyMaintenanceCents: 0 });
    expect(expected.maintenanceCents).toBe(0);
    expect(offer.monthlyPaymentCents).toBe(expected.totalCents);
    expect(offer.monthlyPaymentCents).toBe(
      monthlyLeasePayment(300_000, 36, TABLE).totalCents - TABLE.monthlyMaintenanceCents,
    );

    const res = await call("POST", `/api/orders/${orderId}/accept`, EMPLOYEE, {
      leaseTimeMonths: 36,
      packageVersion: offer.packageVersion,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(zOrderDetails.parse(res.json()).monthlyPaymentCents).toBe(expected.totalCents);
    const [agreement] = await t.database.db
      .select()
      .from(leasingAgreements)
      .where(eq(leasingAgreements.orderId, orderId));
    expect(agreement?.monthlyPaymentCents).toBe(expected.totalCents);
  });

  it("a policy without insurance leaves the insurance out; one with both has both", async () => {
    await setCover(false, false);
    const bare = await offerOf(await packagedOrder(t.database.db, { employmentId, companyId: demoOyId }));
    expect(bare.monthlyPaymentCents).toBe(
      monthlyLeasePayment(300_000, 36, { ...TABLE, monthlyMaintenanceCents: 0, insurancePercentPerYear: 0 })
        .totalCents,
    );
    await cancelOpenOrders(t.database.db, employmentId);
    await setCover(true, true);
    const full = await offerOf(await packagedOrder(t.database.db, { employmentId, companyId: demoOyId }));
    expect(full.monthlyPaymentCents).toBe(monthlyLeasePayment(300_000, 36, TABLE).totalCents);
  });

  it("the employee's own calculator prices the lease with the policy's extras only", async () => {
    await setCover(false, true);
    const res = await call("GET", "/api/calculator/my-terms", EMPLOYEE);
    expect(res.statusCode, res.body).toBe(200);
    const terms = zCalculatorMyTerms.parse(res.json());
    expect(terms.leaseTerms.monthlyMaintenanceCents).toBe(0);
    expect(terms.leaseTerms.insurancePercentPerYear).toBe(TABLE.insurancePercentPerYear);
  });
});

describe("the demo's leases", () => {
  it("start on the first day of the month after delivery, end after their months exactly, within the policy", async () => {
    const db = t.database.db;
    const leases = await db
      .select({
        orderNumber: orders.orderNumber,
        deliveryDate: orders.deliveryDate,
        startDate: leasingAgreements.startDate,
        endDate: leasingAgreements.endDate,
        months: leasingAgreements.leaseTimeMonths,
        orderMonths: orders.leaseTimeMonths,
        companyId: orders.companyId,
      })
      .from(leasingAgreements)
      .innerJoin(orders, eq(orders.id, leasingAgreements.orderId))
      .where(isNotNull(leasingAgreements.startDate));
    expect(leases.length).toBeGreaterThan(10);
    const policies = new Map(
      (
        await db
          .select({
            companyId: bikePolicies.companyId,
            min: bikePolicies.minLeaseTimeMonths,
            max: bikePolicies.maxLeaseTimeMonths,
          })
          .from(bikePolicies)
          .where(isNull(bikePolicies.userId))
      ).map((p) => [p.companyId, p]),
    );
    const wrong = leases.flatMap((l) => {
      const problems: string[] = [];
      const start = String(l.startDate);
      if (!l.deliveryDate) problems.push("no delivery date");
      else if (start !== leaseStartDate(String(l.deliveryDate)))
        problems.push(`delivered ${l.deliveryDate}, starts ${start}`);
      if (l.orderMonths !== l.months) problems.push(`order ${l.orderMonths} months, agreement ${l.months}`);
      // An end date before the term's end is a lease ended early (a redemption, a redemption case).
      if (l.endDate && String(l.endDate) > leaseEndDate(start, l.months))
        problems.push(`${l.months} months from ${start} end ${l.endDate}`);
      const policy = policies.get(l.companyId);
      if (policy && (l.months < policy.min || l.months > policy.max))
        problems.push(`${l.months} months outside the policy's ${policy.min}–${policy.max}`);
      return problems.length ? [`${l.orderNumber}: ${problems.join(", ")}`] : [];
    });
    expect(wrong).toEqual([]);
  });
});
