import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { outboxRowsOf } from "../../../../tests/helpers/outbox.ts";
import {
  cancelOpenOrders,
  type PackageLine,
  packagedOrder,
} from "../../../../tests/helpers/package-order.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zOrderOffer, zSigningCodeSent } from "../../../contract/order-acceptance.ts";
import { zOrderDetails } from "../../../contract/orders.ts";
import { zMyUserPayments } from "../../../contract/user-payments.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import type { PaymentMode } from "../../../domain/enums.ts";
import { addMonths, firstDayOf, periodOf } from "../../../domain/payroll/period.ts";
import { addDays } from "../../../domain/user-payments.ts";
import {
  beneficiaryEmployees,
  bikePolicies,
  companies,
  eventLog,
  leasingAgreements,
  orders,
  userPayments,
} from "../../db/schema/index.ts";
import { write } from "../../db/transaction.ts";
import { createUserPayment } from "../user-payments/ledger.ts";
import { issueOwnShare } from "../user-payments/own-share.ts";

/**
 * The employee's own share above the max price is money owed only once the order is confirmed: not at
 * the package's acceptance, not at the signature while the employer has still to approve, but with the
 * confirmation, once; an order refused or cancelled before it leaves no invoice, and an older order's
 * invoice (made at the acceptance) is cancelled with the order. A package above the max price is accepted
 * only with the employee's confirmation of the share.
 */

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);

const EMPLOYEE = "employee@demo.test";
const DEMO_ADMIN = "employer.admin@demo.test";
const ADMIN = "admin@pedaali.test";
/** Above the employee's 4 500 € max price by 200 €. */
const OVER_MAX: PackageLine[] = [{ name: "Helkama Jopo", unitPriceCents: 470_000 }];

let employmentId: string;
let employeeUserId: string;
let demoOyId: string;

beforeAll(async () => {
  const db = t.database.db;
  demoOyId = await companyIdByName(db, "Demo Oy");
  employeeUserId = await userIdByEmail(db, EMPLOYEE);
  const [row] = await db
    .select({ id: beneficiaryEmployees.id })
    .from(beneficiaryEmployees)
    .where(
      and(eq(beneficiaryEmployees.userId, employeeUserId), eq(beneficiaryEmployees.companyId, demoOyId)),
    );
  employmentId = row?.id as string;
});

beforeEach(async () => cancelOpenOrders(t.database.db, employmentId));
afterEach(async () => {
  await t.database.db.delete(bikePolicies).where(eq(bikePolicies.userId, employeeUserId));
});

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

/** The employee's own policy without the employer's approval (a user override of Demo Oy's). */
async function withoutApproval() {
  await t.database.db.insert(bikePolicies).values({
    companyId: demoOyId,
    userId: employeeUserId,
    minLeaseTimeMonths: 12,
    maxLeaseTimeMonths: 36,
    requiresEmployerApproval: false,
  });
}

const newOrder = (lines: PackageLine[] = OVER_MAX) =>
  packagedOrder(t.database.db, { employmentId, companyId: demoOyId, lines });

/** The employee reads the offer and accepts it, confirming the own share as their page does. */
async function accept(orderId: string, body: Record<string, unknown> = { overMaxPriceConfirmed: true }) {
  const offer = zOrderOffer.parse((await call("GET", `/api/orders/${orderId}/offer`, EMPLOYEE)).json());
  return call("POST", `/api/orders/${orderId}/accept`, EMPLOYEE, {
    leaseTimeMonths: 36,
    packageVersion: offer.packageVersion,
    ...body,
  });
}

async function accepted(orderId: string) {
  const res = await accept(orderId);
  expect(res.statusCode, res.body).toBe(200);
}

/** The employee signs with a fresh code; answers the order as the signature leaves it. */
async function sign(orderId: string) {
  const sent = await call("POST", `/api/orders/${orderId}/sign/code`, EMPLOYEE);
  expect(sent.statusCode, sent.body).toBe(200);
  const code = zSigningCodeSent.parse(sent.json()).devCode as string;
  const res = await call("POST", `/api/orders/${orderId}/sign`, EMPLOYEE, { code });
  expect(res.statusCode, res.body).toBe(200);
  return zOrderDetails.parse(res.json());
}

async function decide(orderId: string, approve: boolean) {
  const body = approve ? { approve } : { approve, reason: "Liian kallis paketti" };
  const res = await call("POST", `/api/orders/${orderId}/employer-decision`, DEMO_ADMIN, body);
  expect(res.statusCode, res.body).toBe(200);
  return zOrderDetails.parse(res.json());
}

const ownSharesOf = (orderId: string) =>
  t.database.db
    .select()
    .from(userPayments)
    .where(and(eq(userPayments.orderId, orderId), eq(userPayments.kind, "OWN_SHARE")));

const invoiceMailsOf = (paymentId: string) => outboxRowsOf(t.database, "USER_PAYMENT_INVOICE", { paymentId });

/** An own share made as the acceptance made it before it waited for the confirmation. */
async function olderOwnShare(orderId: string) {
  return write(t.database.db, { actor: { userId: employeeUserId } }, (w) =>
    createUserPayment(w, {
      kind: "OWN_SHARE",
      beneficiaryEmployeeId: employmentId,
      companyId: demoOyId,
      orderId,
      amountCents: 20_000,
      paymentMethod: "BATCH",
      dueDate: addDays(toHelsinkiDateString(new Date()), 14),
      send: true,
    }),
  );
}

describe("accepting a package above the max price", { timeout: 60_000 }, () => {
  it("needs the employee's confirmation of the own share: 400 naming the field, nothing changed", async () => {
    const orderId = await newOrder();
    for (const body of [{}, { overMaxPriceConfirmed: false }]) {
      const error = expectError(await accept(orderId, body), 400, "OVER_MAX_PRICE_NOT_CONFIRMED");
      expect(error.details?.map((d) => d.field)).toEqual(["body.overMaxPriceConfirmed"]);
    }
    expectError(await accept(orderId, { overMaxPriceConfirmed: "yes" }), 400);
    const [still] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(still).toMatchObject({ orderStatus: "PACKAGE_PROVIDED", monthlyPaymentCents: null });
    expect(
      await t.database.db.select().from(leasingAgreements).where(eq(leasingAgreements.orderId, orderId)),
    ).toEqual([]);
    await accepted(orderId);
  });

  it("needs no confirmation within the max price", async () => {
    const orderId = await newOrder([{ name: "Tunturi eSport 500", unitPriceCents: 300_000 }]);
    const res = await accept(orderId, {});
    expect(res.statusCode, res.body).toBe(200);
  });
});

/** Each test signs one or two agreements (their PDFs rendered): more than the default time on a busy machine. */
const SIGNING = { timeout: 60_000 };

describe("the own share above the max price, owed from the order's confirmation", SIGNING, () => {
  it("is not made at the acceptance nor at the signature, but once at the employer's approval that confirms", () =>
    inMode("BATCH", async () => {
      const orderId = await newOrder();
      await accepted(orderId);
      expect(await ownSharesOf(orderId)).toEqual([]);
      const signed = await sign(orderId);
      expect(signed.orderStatus).toBe("ALL_INFO_PROVIDED");
      expect(await ownSharesOf(orderId)).toEqual([]);

      const confirmed = await decide(orderId, true);
      expect(confirmed.orderStatus).toBe("CONFIRMED");
      const [payment, ...more] = await ownSharesOf(orderId);
      expect(more).toEqual([]);
      expect(payment).toMatchObject({
        amountCents: 20_000,
        paymentMethod: "BATCH",
        paymentStatus: "PENDING",
        dueDate: addDays(toHelsinkiDateString(new Date()), 14),
      });
      expect(payment?.sentAt).not.toBeNull();
      // Its invoice is queued in the confirmation's transaction, once.
      expect(await invoiceMailsOf(payment?.id as string)).toHaveLength(1);

      // A return into CONFIRMED (after the helpdesk's question) is no new confirmation.
      for (const to of ["WAITING_FOR_CUSTOMER_COMMENT", "CONFIRMED"]) {
        const moved = await call("POST", `/api/orders/${orderId}/status`, ADMIN, { to, note: "Runkokoko?" });
        expect(moved.statusCode, moved.body).toBe(200);
      }
      // Nor is asking again in the same order: the share is made once per order.
      expect(await write(t.database.db, { actor: { userId: null } }, (w) => issueOwnShare(w, orderId))).toBe(
        null,
      );
      expect((await ownSharesOf(orderId)).map((p) => p.id)).toEqual([payment?.id]);
      expect(await invoiceMailsOf(payment?.id as string)).toHaveLength(1);
    }));

  it("is made at the signature that confirms, deducted in a payroll company, and the employee sees it", () =>
    inMode("PAYROLL", async () => {
      await withoutApproval();
      const orderId = await newOrder();
      await accepted(orderId);
      expect(await ownSharesOf(orderId)).toEqual([]);
      const confirmed = await sign(orderId);
      expect(confirmed.orderStatus).toBe("CONFIRMED");
      const [payment, ...more] = await ownSharesOf(orderId);
      expect(more).toEqual([]);
      expect(payment).toMatchObject({
        beneficiaryEmployeeId: employmentId,
        companyId: demoOyId,
        amountCents: 20_000,
        paymentMethod: "PAYROLL",
        dueDate: firstDayOf(addMonths(periodOf(toHelsinkiDateString(new Date())), 1)),
        description: null,
        isUserPaymentDone: false,
      });
      // Payroll deducts it: no invoice is mailed.
      expect(await invoiceMailsOf(payment?.id as string)).toEqual([]);
      const mine = zMyUserPayments.parse((await call("GET", "/api/user-payment", EMPLOYEE)).json()).items;
      expect(mine.find((p) => p.id === payment?.id)).toMatchObject({
        orderNumber: confirmed.orderNumber,
        kind: "OWN_SHARE",
      });
    }));

  it("is nothing within the max price", async () => {
    await withoutApproval();
    const orderId = await newOrder([{ name: "Tunturi eSport 500", unitPriceCents: 300_000 }]);
    await accepted(orderId);
    expect((await sign(orderId)).orderStatus).toBe("CONFIRMED");
    expect(await ownSharesOf(orderId)).toEqual([]);
  });

  it("is never made for an order the employer refuses", async () => {
    const orderId = await newOrder();
    await accepted(orderId);
    await sign(orderId);
    expect((await decide(orderId, false)).orderStatus).toBe("CANCELLED");
    expect(await ownSharesOf(orderId)).toEqual([]);
  });

  it("of an older order, made at its acceptance, is kept at the confirmation: never a second one", async () => {
    const orderId = await newOrder();
    await accepted(orderId);
    const older = await olderOwnShare(orderId);
    await sign(orderId);
    expect((await decide(orderId, true)).orderStatus).toBe("CONFIRMED");
    expect((await ownSharesOf(orderId)).map((p) => [p.id, p.paymentStatus])).toEqual([[older, "PENDING"]]);
  });

  it("of an older order is cancelled when the employer refuses it, and its invoice is not mailed", async () => {
    const orderId = await newOrder();
    await accepted(orderId);
    const older = await olderOwnShare(orderId);
    await decide(orderId, false);
    const [payment] = await ownSharesOf(orderId);
    expect(payment).toMatchObject({ id: older, paymentStatus: "CANCELLED" });
    const [cancelled] = await t.database.db
      .select({ data: eventLog.data })
      .from(eventLog)
      .where(and(eq(eventLog.entityId, older), eq(eventLog.type, "USER_PAYMENT_CANCELLED")));
    expect(cancelled?.data).toEqual({ reason: "Order cancelled" });
  });

  it("of an older order is cancelled when the employee cancels the order before signing", async () => {
    const orderId = await newOrder();
    await accepted(orderId);
    const older = await olderOwnShare(orderId);
    const res = await call("POST", "/api/order-cancellations", EMPLOYEE, {
      orderId,
      reason: "Valitsen toisen pyörän",
    });
    expect(res.statusCode, res.body).toBe(201);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.orderStatus).toBe("CANCELLED");
    expect((await ownSharesOf(orderId)).map((p) => [p.id, p.paymentStatus])).toEqual([[older, "CANCELLED"]]);
  });

  it("of an earlier package is cancelled when a new package is accepted, and the new one waits for the confirmation", async () => {
    const orderId = await newOrder();
    await accepted(orderId);
    const older = await olderOwnShare(orderId);
    // The helpdesk takes the order back to the package (a special case, resolved back), and the employee
    // accepts the store's new package.
    for (const to of ["CASE_X", "PACKAGE_PROVIDED"]) {
      const moved = await call("POST", `/api/orders/${orderId}/status`, ADMIN, { to, note: "Uusi paketti" });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    await t.database.db.update(orders).set({ totalPriceCents: 495_000 }).where(eq(orders.id, orderId));
    await accepted(orderId);
    expect((await ownSharesOf(orderId)).map((p) => [p.id, p.paymentStatus])).toEqual([[older, "CANCELLED"]]);
    const [cancelled] = await t.database.db
      .select({ data: eventLog.data })
      .from(eventLog)
      .where(and(eq(eventLog.entityId, older), eq(eventLog.type, "USER_PAYMENT_CANCELLED")));
    expect(cancelled?.data).toEqual({ reason: "Uusi paketti hyväksytty" });
  });
});
