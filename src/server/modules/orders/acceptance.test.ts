import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { cancelOpenOrders, packagedOrder } from "../../../../tests/helpers/package-order.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zMyBenefit, zOrderOffer } from "../../../contract/order-acceptance.ts";
import { zOrderDetails } from "../../../contract/orders.ts";
import { monthlyLeasePayment } from "../../../domain/calculator/lease-payment.ts";
import { beneficiaryEmployees, leasingAgreements, orders } from "../../db/schema/index.ts";
import { DEMO_BILLING_TABLE } from "../../db/seed/demo-data.ts";

/** The employee's benefit, the offer on a provided package, and accepting it (issue 12). */

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);

const EMPLOYEE = "employee@demo.test";
const DEMO_ADMIN = "employer.admin@demo.test";
const REPORTING = "reporting@demo.test";
const ADMIN = "admin@pedaali.test";
const TERMS = {
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

const newOrder = (lines?: Parameters<typeof packagedOrder>[1]["lines"]) =>
  packagedOrder(t.database.db, { employmentId, companyId: demoOyId, ...(lines ? { lines } : {}) });

describe("GET /api/orders/my/benefit", () => {
  it("answers the employee's max price, the company's bike policy, and whether they may order", async () => {
    const res = await call("GET", "/api/orders/my/benefit", EMPLOYEE);
    expect(res.statusCode, res.body).toBe(200);
    expect(zMyBenefit.parse(res.json())).toMatchObject({
      maxPriceCents: 450_000,
      companyName: "Demo Oy",
      policy: { minLeaseTimeMonths: 12, maxLeaseTimeMonths: 36, requiresEmployerApproval: true },
      canOrder: true,
      cannotOrderReason: null,
    });
    await newOrder();
    const busy = zMyBenefit.parse((await call("GET", "/api/orders/my/benefit", EMPLOYEE)).json());
    expect(busy).toMatchObject({ canOrder: false, cannotOrderReason: "ORDER_ALREADY_OPEN" });
  });

  it("is 404 without an employment and 403 to the employer's roles", async () => {
    expectError(await call("GET", "/api/orders/my/benefit", ADMIN), 404, "NOT_FOUND");
    expectError(await call("GET", "/api/orders/my/benefit", REPORTING), 403, "FORBIDDEN");
    expectError(await call("GET", "/api/orders/my/benefit", null), 401);
  });
});

describe("GET /api/orders/{orderId}/offer", () => {
  it("prices the package with the company's billing table, in the policy's periods (the bracket's, or nearest)", async () => {
    const orderId = await newOrder();
    const res = await call("GET", `/api/orders/${orderId}/offer`, EMPLOYEE);
    expect(res.statusCode, res.body).toBe(200);
    const offer = zOrderOffer.parse(res.json());
    // 3 000 € falls in the 48-month bracket; the policy allows 12–36, so 36 is offered first.
    const lease = monthlyLeasePayment(300_000, 36, TERMS);
    expect(offer).toEqual({
      leaseTimeMonths: 36,
      monthlyPaymentCents: lease.totalCents,
      grossDeductionCents: lease.totalCents,
      userPaymentCents: 0,
      residualValueCents: lease.residualCents,
      totalPriceCents: 300_000,
      allowedLeaseTimes: [12, 24, 36],
    });
    const shorter = zOrderOffer.parse(
      (await call("GET", `/api/orders/${orderId}/offer?leaseTimeMonths=24`, EMPLOYEE)).json(),
    );
    expect(shorter.monthlyPaymentCents).toBe(monthlyLeasePayment(300_000, 24, TERMS).totalCents);
  });

  it("leases only up to the max price: the rest is the employee's own share", async () => {
    const orderId = await newOrder([
      { name: "Riese & Müller Load 75", unitPriceCents: 480_000 },
      { itemType: "ACCESSORY", name: "Sadesuoja", unitPriceCents: 20_000 },
    ]);
    const offer = zOrderOffer.parse(
      (await call("GET", `/api/orders/${orderId}/offer?leaseTimeMonths=36`, EMPLOYEE)).json(),
    );
    expect(offer.totalPriceCents).toBe(500_000);
    expect(offer.userPaymentCents).toBe(50_000);
    expect(offer.monthlyPaymentCents).toBe(monthlyLeasePayment(450_000, 36, TERMS).totalCents);
  });

  it("refuses a period the policy does not allow, bad input, others' orders and unprovided packages", async () => {
    const orderId = await newOrder();
    const error = expectError(
      await call("GET", `/api/orders/${orderId}/offer?leaseTimeMonths=48`, EMPLOYEE),
      400,
      "LEASE_TIME_NOT_ALLOWED",
    );
    expect(error.details?.[0]?.field).toBe("query.leaseTimeMonths");
    expectError(await call("GET", `/api/orders/${orderId}/offer?leaseTimeMonths=abc`, EMPLOYEE), 400);
    expectError(await call("GET", "/api/orders/not-a-uuid/offer", EMPLOYEE), 400);
    expectError(await call("GET", `/api/orders/${orderId}/offer`, ADMIN), 404, "NOT_FOUND");
    expectError(await call("GET", `/api/orders/${orderId}/offer`, DEMO_ADMIN), 403, "FORBIDDEN");
    await t.database.db.update(orders).set({ orderStatus: "PENDING" }).where(eq(orders.id, orderId));
    expectError(
      await call("GET", `/api/orders/${orderId}/offer`, EMPLOYEE),
      409,
      "ORDER_TRANSITION_NOT_ALLOWED",
    );
  });
});

describe("POST /api/orders/{orderId}/accept", () => {
  it("fixes the offer on the order, makes the agreement, asks for the employer's approval as the policy says", async () => {
    const orderId = await newOrder([{ name: "Helkama Jopo", unitPriceCents: 470_000 }]);
    const res = await call("POST", `/api/orders/${orderId}/accept`, EMPLOYEE, { leaseTimeMonths: 24 });
    expect(res.statusCode, res.body).toBe(200);
    const order = zOrderDetails.parse(res.json());
    const lease = monthlyLeasePayment(450_000, 24, TERMS);
    expect(order).toMatchObject({
      orderStatus: "ALL_INFO_PROVIDED",
      waitingOn: "EMPLOYEE",
      leaseTimeMonths: 24,
      monthlyPaymentCents: lease.totalCents,
      residualValueCents: lease.residualCents,
      userPaymentCents: 20_000,
      employerApprovalRequired: true,
      employerApprovedAt: null,
      agreement: {
        status: null,
        leaseTimeMonths: 24,
        monthlyPaymentCents: lease.totalCents,
        commitmentDate: null,
        taxRegime: null,
        signedDocumentId: null,
      },
    });
    expect(order.items.map((i) => [i.name, i.lineTotalCents])).toEqual([["Helkama Jopo", 470_000]]);
    expect(order.events.map((e) => e.to)).toContain("ALL_INFO_PROVIDED");
    const [agreement] = await t.database.db
      .select()
      .from(leasingAgreements)
      .where(eq(leasingAgreements.orderId, orderId));
    // The leasing company of the company (Pedaali Oy in the demo), financing the package less the own share.
    expect(agreement).toMatchObject({ totalPriceCents: 450_000, status: null });

    expectError(
      await call("POST", `/api/orders/${orderId}/accept`, EMPLOYEE, { leaseTimeMonths: 24 }),
      409,
      "ORDER_TRANSITION_NOT_ALLOWED",
    );
  });

  it("refuses bad input, a disallowed period, other callers and another's order", async () => {
    const orderId = await newOrder();
    expectError(await call("POST", `/api/orders/${orderId}/accept`, EMPLOYEE, {}), 400);
    expectError(
      await call("POST", `/api/orders/${orderId}/accept`, EMPLOYEE, { leaseTimeMonths: "36" }),
      400,
    );
    expectError(
      await call("POST", `/api/orders/${orderId}/accept`, EMPLOYEE, { leaseTimeMonths: 60 }),
      400,
      "LEASE_TIME_NOT_ALLOWED",
    );
    expectError(
      await call("POST", `/api/orders/${orderId}/accept`, DEMO_ADMIN, { leaseTimeMonths: 36 }),
      403,
    );
    expectError(await call("POST", `/api/orders/${orderId}/accept`, ADMIN, { leaseTimeMonths: 36 }), 404);
    const [still] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(still?.orderStatus).toBe("PACKAGE_PROVIDED");
  });
});
