import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { cancelOpenOrders, packagedOrder } from "../../../../tests/helpers/package-order.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zMyBenefit, zOrderOffer } from "../../../contract/order-acceptance.ts";
import { zOrderDetails } from "../../../contract/orders.ts";
import { zMyUserPayments } from "../../../contract/user-payments.ts";
import { monthlyLeasePayment } from "../../../domain/calculator/lease-payment.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import type { PaymentMode } from "../../../domain/enums.ts";
import { addMonths, firstDayOf, periodOf } from "../../../domain/payroll/period.ts";
import { addDays } from "../../../domain/user-payments.ts";
import {
  beneficiaryEmployees,
  companies,
  eventLog,
  leasingAgreements,
  orders,
  outbox,
  userPayments,
} from "../../db/schema/index.ts";
import { DEMO_BILLING_TABLE } from "../../db/seed/demo-data.ts";

/** The employee's benefit, the offer on a provided package, and accepting it. */

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

describe("the own share above the max price, owed from the acceptance", () => {
  /** Runs `work` with Demo Oy in the payment mode, putting back the demo's own afterwards. */
  async function inMode(mode: PaymentMode, work: () => Promise<void>) {
    const db = t.database.db;
    const [company] = await db
      .select({ paymentMode: companies.paymentMode })
      .from(companies)
      .where(eq(companies.id, demoOyId));
    await db.update(companies).set({ paymentMode: mode }).where(eq(companies.id, demoOyId));
    try {
      await work();
    } finally {
      await db
        .update(companies)
        .set({ paymentMode: company?.paymentMode ?? "PAYROLL" })
        .where(eq(companies.id, demoOyId));
    }
  }

  const ownSharesOf = (orderId: string) =>
    t.database.db
      .select()
      .from(userPayments)
      .where(and(eq(userPayments.orderId, orderId), eq(userPayments.kind, "OWN_SHARE")));

  it("is deducted from the next month's pay in a payroll company, sent at once, and the employee sees it", () =>
    inMode("PAYROLL", async () => {
      const orderId = await newOrder([{ name: "Helkama Jopo", unitPriceCents: 470_000 }]);
      const accepted = zOrderDetails.parse(
        (await call("POST", `/api/orders/${orderId}/accept`, EMPLOYEE, { leaseTimeMonths: 24 })).json(),
      );
      const [payment, ...more] = await ownSharesOf(orderId);
      expect(more).toEqual([]);
      const today = toHelsinkiDateString(new Date());
      expect(payment).toMatchObject({
        beneficiaryEmployeeId: employmentId,
        companyId: demoOyId,
        amountCents: 20_000,
        paymentMethod: "PAYROLL",
        paymentStatus: "PENDING",
        dueDate: firstDayOf(addMonths(periodOf(today), 1)),
        description: null,
        isUserPaymentDone: false,
      });
      expect(payment?.sentAt).not.toBeNull();
      const mine = zMyUserPayments.parse((await call("GET", "/api/user-payment", EMPLOYEE)).json()).items;
      expect(mine.find((p) => p.id === payment?.id)).toMatchObject({
        orderNumber: accepted.orderNumber,
        kind: "OWN_SHARE",
      });
    }));

  it("is an invoice due in 14 days where the company does not use payroll alone (BATCH, ALL)", async () => {
    for (const mode of ["BATCH", "ALL"] as const)
      await inMode(mode, async () => {
        const orderId = await newOrder([{ name: "Tunturi eMax", unitPriceCents: 460_000 }]);
        const res = await call("POST", `/api/orders/${orderId}/accept`, EMPLOYEE, { leaseTimeMonths: 36 });
        expect(res.statusCode, res.body).toBe(200);
        const [payment] = await ownSharesOf(orderId);
        expect(payment).toMatchObject({
          amountCents: 10_000,
          paymentMethod: "BATCH",
          dueDate: addDays(toHelsinkiDateString(new Date()), 14),
        });
        // The invoice is mailed to the employee once the acceptance has committed, with its reference.
        const mails = await t.database.db
          .select({ text: outbox.bodyText })
          .from(outbox)
          .where(and(eq(outbox.recipient, EMPLOYEE), eq(outbox.template, "user-payment-invoice")));
        expect(mails.some((m) => m.text.replace(/\s/g, "").includes(payment?.referenceNumber ?? "-"))).toBe(
          true,
        );
      });
  });

  it("is nothing within the max price", async () => {
    const orderId = await newOrder();
    const res = await call("POST", `/api/orders/${orderId}/accept`, EMPLOYEE, { leaseTimeMonths: 36 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ownSharesOf(orderId)).toEqual([]);
  });

  it("replaces the earlier open own share when a new package is accepted, so only one is ever open", async () => {
    const orderId = await newOrder([{ name: "Riese & Müller Charger4", unitPriceCents: 480_000 }]);
    await call("POST", `/api/orders/${orderId}/accept`, EMPLOYEE, { leaseTimeMonths: 36 });
    const [first] = await ownSharesOf(orderId);
    expect(first?.amountCents).toBe(30_000);
    // The helpdesk takes the order back to the package (a special case, resolved back), the store's new
    // package costs more, and the employee accepts it.
    for (const to of ["CASE_X", "PACKAGE_PROVIDED"]) {
      const moved = await call("POST", `/api/orders/${orderId}/status`, ADMIN, { to, note: "Uusi paketti" });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    await t.database.db.update(orders).set({ totalPriceCents: 495_000 }).where(eq(orders.id, orderId));
    const again = await call("POST", `/api/orders/${orderId}/accept`, EMPLOYEE, { leaseTimeMonths: 36 });
    expect(again.statusCode, again.body).toBe(200);

    const shares = await ownSharesOf(orderId);
    expect(shares.map((p) => [p.amountCents, p.paymentStatus]).sort()).toEqual([
      [30_000, "CANCELLED"],
      [45_000, "PENDING"],
    ]);
    const [cancelled] = await t.database.db
      .select({ data: eventLog.data })
      .from(eventLog)
      .where(and(eq(eventLog.entityId, first?.id as string), eq(eventLog.type, "USER_PAYMENT_CANCELLED")));
    expect(cancelled?.data).toEqual({ reason: "Uusi paketti hyväksytty" });
  });

  it("is not made when the acceptance is refused", async () => {
    const orderId = await newOrder([{ name: "Helkama Jopo", unitPriceCents: 470_000 }]);
    await call("POST", `/api/orders/${orderId}/accept`, EMPLOYEE, { leaseTimeMonths: 60 });
    expect(await ownSharesOf(orderId)).toEqual([]);
  });
});
