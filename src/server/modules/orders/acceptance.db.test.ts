import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { cancelOpenOrders, packagedOrder } from "../../../../tests/helpers/package-order.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zMyBenefit, zOrderOffer } from "../../../contract/order-acceptance.ts";
import { zMyOrders, zOrderDetails } from "../../../contract/orders.ts";
import { zStoreLinkIssued } from "../../../contract/store-links.ts";
import { monthlyLeasePayment } from "../../../domain/calculator/lease-payment.ts";
import {
  beneficiaryEmployees,
  bikeStores,
  eventLog,
  leasingAgreements,
  orders,
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
const HELPDESK = "helpdesk@pedaali.test";
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

/** The employee reads the offer, as their page does before they accept. */
async function readOffer(orderId: string, leaseTimeMonths?: number) {
  const query = leaseTimeMonths === undefined ? "" : `?leaseTimeMonths=${leaseTimeMonths}`;
  const res = await call("GET", `/api/orders/${orderId}/offer${query}`, EMPLOYEE);
  expect(res.statusCode, res.body).toBe(200);
  return zOrderOffer.parse(res.json());
}

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
      items: expect.any(Array),
      packageVersion: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    // The lines it was priced on, in the store's order.
    expect(offer.items.map((i) => [i.name, i.lineTotalCents])).toEqual([
      ["Tunturi eSport 500", 290_000],
      ["Lukko", 10_000],
    ]);
    const shorter = zOrderOffer.parse(
      (await call("GET", `/api/orders/${orderId}/offer?leaseTimeMonths=24`, EMPLOYEE)).json(),
    );
    expect(shorter.monthlyPaymentCents).toBe(monthlyLeasePayment(300_000, 24, TERMS).totalCents);
    // The period changes the figures, not the package.
    expect(shorter.packageVersion).toBe(offer.packageVersion);
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

  it("is what the employee's order shows before the acceptance: the own share and the approval the policy asks", async () => {
    const orderId = await newOrder([{ name: "Riese & Müller Load 75", unitPriceCents: 520_000 }]);
    const offer = await readOffer(orderId);
    expect(offer.userPaymentCents).toBe(70_000);
    const mine = zMyOrders.parse((await call("GET", "/api/orders/my", EMPLOYEE)).json());
    const order = mine.items.find((o) => o.orderId === orderId);
    expect(order).toMatchObject({
      orderStatus: "PACKAGE_PROVIDED",
      userPaymentCents: offer.userPaymentCents,
      employerApprovalRequired: true,
    });
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
    const { packageVersion } = await readOffer(orderId, 24);
    // Above the max price: the employee confirms the own share they pay themselves.
    const res = await call("POST", `/api/orders/${orderId}/accept`, EMPLOYEE, {
      leaseTimeMonths: 24,
      packageVersion,
      overMaxPriceConfirmed: true,
    });
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
      await call("POST", `/api/orders/${orderId}/accept`, EMPLOYEE, {
        leaseTimeMonths: 24,
        packageVersion,
        overMaxPriceConfirmed: true,
      }),
      409,
      "ORDER_TRANSITION_NOT_ALLOWED",
    );
  });

  it("refuses bad input, a disallowed period, other callers and another's order", async () => {
    const orderId = await newOrder();
    const url = `/api/orders/${orderId}/accept`;
    const { packageVersion } = await readOffer(orderId);
    expectError(await call("POST", url, EMPLOYEE, {}), 400);
    expectError(await call("POST", url, EMPLOYEE, { leaseTimeMonths: "36", packageVersion }), 400);
    // Without the offer's package, or with something else than its version: nothing to bind to.
    const missing = expectError(await call("POST", url, EMPLOYEE, { leaseTimeMonths: 36 }), 400);
    expect(missing.details?.map((d) => d.field)).toContain("body.packageVersion");
    expectError(await call("POST", url, EMPLOYEE, { leaseTimeMonths: 36, packageVersion: "300000" }), 400);
    expectError(
      await call("POST", url, EMPLOYEE, { leaseTimeMonths: 60, packageVersion }),
      400,
      "LEASE_TIME_NOT_ALLOWED",
    );
    expectError(await call("POST", url, DEMO_ADMIN, { leaseTimeMonths: 36, packageVersion }), 403);
    expectError(await call("POST", url, ADMIN, { leaseTimeMonths: 36, packageVersion }), 404);
    const [still] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(still?.orderStatus).toBe("PACKAGE_PROVIDED");
  });
});

describe("the store's package replaced after the employee read the offer", () => {
  /** The store's package as its link sends it: a bike at the price. */
  const storePackage = (name: string, unitPriceCents: number) => ({
    items: [{ itemType: "BIKE", name, quantity: 1, unitPriceCents, discountCents: 0 }],
  });

  /** The store's link, anonymous, each call from an address of its own (the link is rate-limited). */
  let address = 0;
  const putPackage = (token: string, body: unknown) => {
    address += 1;
    return t.app.inject({
      method: "PUT",
      url: `/api/store-links/package/${token}`,
      remoteAddress: `10.7.0.${address}`,
      payload: body as object,
    });
  };

  /** A PENDING order of the employee and its package link, re-issued by the helpdesk. */
  async function pendingOrderWithLink() {
    const [store] = await t.database.db
      .select({ id: bikeStores.id })
      .from(bikeStores)
      .where(eq(bikeStores.active, true))
      .limit(1);
    const started = await call("POST", "/api/orders", EMPLOYEE, {
      beneficiaryEmployeeId: employmentId,
      bikeStoreId: store?.id,
      deliveryMethod: "PICKUP",
    });
    expect(started.statusCode, started.body).toBe(201);
    const { orderId } = zOrderDetails.parse(started.json());
    const link = await call("POST", `/api/orders/${orderId}/store-link`, HELPDESK, { kind: "package" });
    expect(link.statusCode, link.body).toBe(200);
    const token = /\/pyoraliike\/paketti\/([A-Za-z0-9_-]+)/.exec(
      zStoreLinkIssued.parse(link.json()).url,
    )?.[1];
    return { orderId, token: token as string };
  }

  it("is refused with OFFER_CHANGED, changing nothing; the offer read again is accepted with its figures", async () => {
    const { orderId, token } = await pendingOrderWithLink();
    expect((await putPackage(token, storePackage("Tunturi Kaupunki", 200_000))).statusCode).toBe(200);
    const seen = await readOffer(orderId, 36);
    expect(seen).toMatchObject({ totalPriceCents: 200_000, leaseTimeMonths: 36 });
    expect(seen.monthlyPaymentCents).toBe(monthlyLeasePayment(200_000, 36, TERMS).totalCents);

    // The link still replaces the package while the order waits for the employee.
    const swap = await putPackage(token, storePackage("Riese & Müller Load", 440_000));
    expect(swap.statusCode, swap.body).toBe(200);
    const [before] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    const refused = expectError(
      await call("POST", `/api/orders/${orderId}/accept`, EMPLOYEE, {
        leaseTimeMonths: 36,
        packageVersion: seen.packageVersion,
      }),
      409,
      "OFFER_CHANGED",
    );
    expect(refused.message).toMatch(/changed the package/);
    // Nothing changed: the order waits as it was, with no agreement, own share or move.
    const [after] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(after).toEqual(before);
    expect(after).toMatchObject({ orderStatus: "PACKAGE_PROVIDED", monthlyPaymentCents: null });
    expect(
      await t.database.db.select().from(leasingAgreements).where(eq(leasingAgreements.orderId, orderId)),
    ).toEqual([]);
    expect(await t.database.db.select().from(userPayments).where(eq(userPayments.orderId, orderId))).toEqual(
      [],
    );
    const moves = await t.database.db.select().from(eventLog).where(eq(eventLog.entityId, orderId));
    expect(moves.some((e) => (e.data as { to?: string } | null)?.to === "ALL_INFO_PROVIDED")).toBe(false);

    // The employee reads the offer again: the new package and its figures, and accepts those.
    const fresh = await readOffer(orderId, 36);
    expect(fresh.packageVersion).not.toBe(seen.packageVersion);
    expect(fresh.items.map((i) => [i.name, i.lineTotalCents])).toEqual([["Riese & Müller Load", 440_000]]);
    const res = await call("POST", `/api/orders/${orderId}/accept`, EMPLOYEE, {
      leaseTimeMonths: 36,
      packageVersion: fresh.packageVersion,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(zOrderDetails.parse(res.json())).toMatchObject({
      orderStatus: "ALL_INFO_PROVIDED",
      totalPriceCents: 440_000,
      monthlyPaymentCents: fresh.monthlyPaymentCents,
    });
    // Accepted: the link no longer replaces the package.
    expectError(await putPackage(token, storePackage("Halvempi", 100_000)), 409, "STORE_LINK_USED");
  });

  it("accepts the package the offer showed when the store saved the very same one again", async () => {
    const { orderId, token } = await pendingOrderWithLink();
    const same = storePackage("Tunturi Kaupunki", 200_000);
    expect((await putPackage(token, same)).statusCode).toBe(200);
    const seen = await readOffer(orderId, 24);
    // New rows of the same lines: the employee would see the same package.
    expect((await putPackage(token, same)).statusCode).toBe(200);
    const res = await call("POST", `/api/orders/${orderId}/accept`, EMPLOYEE, {
      leaseTimeMonths: 24,
      packageVersion: seen.packageVersion,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(zOrderDetails.parse(res.json())).toMatchObject({
      totalPriceCents: 200_000,
      monthlyPaymentCents: seen.monthlyPaymentCents,
    });
  });
});
