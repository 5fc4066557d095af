import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../../../../tests/helpers/api.ts";
import { userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { outboxRowsOf } from "../../../../tests/helpers/outbox.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zOrderCancellationDetails } from "../../../contract/order-cancellations.ts";
import { eventLog, invoices, orderCancellations, userPayments } from "../../db/schema/index.ts";
import {
  cancellationKit,
  EDITOR,
  EMPLOYEE,
  EMPLOYER,
  HELPDESK,
  MISSING,
  OTHER_TENANT,
  REPORTING,
  reason,
} from "./test-kit.ts";

/**
 * Cancelling an order or asking to: who cancels at once and who asks, the refund each carries, withdrawing a
 * request, and every endpoint's 400, 401, 403 and the 404 of another tenant and of another employee. Each
 * test makes its own orders.
 */

const t = setupTestApp({}, { demoData: true });
const { call, demo, freshOrder, ownShare, cancel, cancelled, orderStatus, cancellationsOf, mailsAbout } =
  cancellationKit(t);

let demoOyId: string;
/** Another Demo Oy employee, whose orders employee@demo.test must not reach. */
let otherEmploymentId: string;
let storeId: string;

beforeAll(() => {
  ({ demoOyId, otherEmploymentId, storeId } = demo);
});

describe("POST /api/order-cancellations: who cancels at once and who asks", () => {
  it("cancels the employee's own order at once before signing and the unpaid own share with it", async () => {
    const { orderId, orderNumber } = await freshOrder("ALL_INFO_PROVIDED");
    const unpaid = await ownShare(orderId, false);
    const details = await cancelled(orderId, EMPLOYEE);
    expect(details).toMatchObject({
      status: "PENDING",
      requestedBy: "EMPLOYEE",
      reason,
      cancelledAtOnce: true,
      orderStatusAtRequest: "ALL_INFO_PROVIDED",
      refundAmountCents: 0,
      payerType: null,
      refundToType: null,
      // Names are the helpdesk's to see.
      requestedByName: null,
    });
    expect(details.order).toMatchObject({
      orderId,
      orderNumber,
      orderStatus: "CANCELLED",
      userPaymentCents: 42_000,
    });
    expect(details.events.map((e) => e.type)).toEqual([
      "ORDER_CANCELLATION_REQUESTED",
      "ORDER_STATUS_UPDATED",
    ]);
    expect(details.events[1]).toMatchObject({ from: "ALL_INFO_PROVIDED", to: "CANCELLED" });
    const [move] = await t.database.db
      .select({ data: eventLog.data })
      .from(eventLog)
      .where(and(eq(eventLog.entityType, "order"), eq(eventLog.entityId, orderId)));
    expect(move?.data).toMatchObject({ reason, orderCancellationId: details.orderCancellationId });
    const [payment] = await t.database.db
      .select({ status: userPayments.paymentStatus })
      .from(userPayments)
      .where(eq(userPayments.id, unpaid));
    expect(payment?.status).toBe("CANCELLED");
    // The employee cancelled it themself: no mail.
    expect(await mailsAbout(orderNumber, "order-cancelled")).toEqual([]);
  });

  it("makes the employee's cancellation of a confirmed order a request, leaving the order as it is", async () => {
    const { orderId } = await freshOrder("CONFIRMED");
    const details = await cancelled(orderId, EMPLOYEE);
    expect(details).toMatchObject({ cancelledAtOnce: false, requestedBy: "EMPLOYEE", status: "PENDING" });
    expect(await orderStatus(orderId)).toBe("CONFIRMED");
    expect(details.events.map((e) => e.type)).toEqual(["ORDER_CANCELLATION_REQUESTED"]);
  });

  it("cancels at once for the employer before confirmation and mails the employee; after, it asks", async () => {
    const early = await freshOrder("PACKAGE_PROVIDED");
    const details = await cancelled(early.orderId, EDITOR);
    expect(details).toMatchObject({ requestedBy: "EMPLOYER", cancelledAtOnce: true });
    expect(await orderStatus(early.orderId)).toBe("CANCELLED");
    const mails = await mailsAbout(early.orderNumber, "order-cancelled");
    expect(mails.map((m) => m.recipient)).toEqual([EMPLOYEE]);
    expect(mails[0]?.text).toContain(reason);
    // Queued with the cancellation for the employee's account, in their language: who and why only.
    const queued = await outboxRowsOf(t.database, "ORDER_CANCELLED", { orderId: early.orderId });
    expect(queued).toEqual([
      expect.objectContaining({
        userId: await userIdByEmail(t.database.db, EMPLOYEE),
        channel: "EMAIL",
        recipient: EMPLOYEE,
        language: "fi",
        params: { audience: "EMPLOYEE", orderId: early.orderId, cancelledBy: "EMPLOYER", reason },
      }),
    ]);

    const paused = await freshOrder("WAITING_FOR_CUSTOMER_COMMENT", { previousStatus: "PACKAGE_PROVIDED" });
    expect((await cancelled(paused.orderId, EMPLOYER)).cancelledAtOnce).toBe(true);

    const late = await freshOrder("WAITING_FOR_INVOICE_MATCH");
    expect(await cancelled(late.orderId, EMPLOYER)).toMatchObject({
      requestedBy: "EMPLOYER",
      cancelledAtOnce: false,
    });
    expect(await orderStatus(late.orderId)).toBe("WAITING_FOR_INVOICE_MATCH");
    expect(await mailsAbout(late.orderNumber, "order-cancelled")).toEqual([]);
  });

  it("lets the helpdesk cancel at once from every status before delivery, CASE_X and WIX included", async () => {
    for (const status of ["PROCESSED", "WAITING_FOR_DELIVERY_DATE", "CASE_X", "WIX"] as const) {
      const { orderId, orderNumber } = await freshOrder(status);
      const details = await cancelled(orderId, HELPDESK);
      expect(details, status).toMatchObject({ requestedBy: "HELPDESK", cancelledAtOnce: true });
      expect(details.requestedByName, status).toBeTruthy();
      expect(await orderStatus(orderId), status).toBe("CANCELLED");
      expect((await mailsAbout(orderNumber, "order-cancelled")).length, status).toBe(1);
    }
  });

  it("refuses an order the store has delivered, one leasing, one already cancelled (409, nothing stored)", async () => {
    const paused = { previousStatus: "READY_FOR_BILLING" as const };
    for (const [status, extra] of [
      ["READY_FOR_BILLING", {}],
      ["GRENKE_INVOICE_SENT", {}],
      ["ACTIVE_LEASING", {}],
      ["CANCELLED", {}],
      ["REFUNDED", {}],
      ["WAITING_FOR_CUSTOMER_COMMENT", paused],
    ] as const) {
      const { orderId } = await freshOrder(status, extra);
      expectError(await cancel(orderId, HELPDESK), 409, "ORDER_NOT_CANCELLABLE");
      expect(await cancellationsOf(orderId), status).toBe(0);
    }
  });

  it("keeps one open cancellation per order, also for two asked at the same moment", async () => {
    const { orderId } = await freshOrder("CONFIRMED");
    await cancelled(orderId, EMPLOYEE);
    expectError(await cancel(orderId, EMPLOYER), 409, "ORDER_CANCELLATION_OPEN");

    const twice = await freshOrder("PROCESSED");
    const answers = await Promise.all([cancel(twice.orderId, EMPLOYEE), cancel(twice.orderId, EMPLOYER)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((res) => res.statusCode === 409);
    expectError(refused as NonNullable<typeof refused>, 409, "ORDER_CANCELLATION_OPEN");
    expect(await cancellationsOf(twice.orderId)).toBe(1);
  });

  it("carries the refund the order's money suggests: the paid own share first, else the paid store invoice", async () => {
    const paidShare = await freshOrder("CONFIRMED");
    await ownShare(paidShare.orderId, true, 37_500);
    expect(await cancelled(paidShare.orderId, HELPDESK)).toMatchObject({
      refundAmountCents: 37_500,
      payerType: "PEDAALI",
      refundToType: "EMPLOYEE",
    });

    const paidStore = await freshOrder("WAITING_FOR_DELIVERY_DATE");
    await t.database.db.insert(invoices).values({
      invoiceNumber: "PP-901",
      status: "PAID",
      payerType: "PEDAALI",
      companyId: demoOyId,
      orderId: paidStore.orderId,
      bikeStoreId: storeId,
      amountCents: 272_510,
      vatCents: 69_490,
      totalCents: 342_000,
    });
    expect(await cancelled(paidStore.orderId, HELPDESK)).toMatchObject({
      refundAmountCents: 342_000,
      payerType: "BIKE_STORE",
      refundToType: "PEDAALI",
    });
  });

  it("refuses bad input with 400 and stores nothing", async () => {
    const { orderId } = await freshOrder("PENDING");
    for (const body of [
      { orderId },
      { orderId, reason: "ok" },
      { orderId, reason: "a".repeat(1001) },
      { orderId, reason: "Peru\u0000tus" },
      { orderId, reason, note: "x".repeat(1001) },
      { orderId: "not-a-uuid", reason },
      { reason },
    ]) {
      expectError(await call("POST", "/api/order-cancellations", EMPLOYEE, body), 400);
    }
    expect(await cancellationsOf(orderId)).toBe(0);
    expect(await orderStatus(orderId)).toBe("PENDING");
  });

  it("answers 401, 403 for reporting, 404 for another tenant, another employee and an unknown order", async () => {
    const { orderId } = await freshOrder("PENDING");
    expectError(await cancel(orderId, null), 401);
    expectError(await cancel(orderId, REPORTING), 403);
    expectError(await cancel(orderId, OTHER_TENANT), 404);
    expectError(await cancel(MISSING, HELPDESK), 404);
    const theirs = await freshOrder("PENDING", { beneficiaryEmployeeId: otherEmploymentId });
    expectError(await cancel(theirs.orderId, EMPLOYEE), 404);
    expect(await cancellationsOf(orderId)).toBe(0);
    expect(await cancellationsOf(theirs.orderId)).toBe(0);
  });
});

describe("DELETE /api/order-cancellations/{id}: withdrawing a request", () => {
  it("lets the requester's side withdraw a request the order has not followed, keeping it as CANCELLED", async () => {
    for (const [requester, withdrawer] of [
      [EMPLOYEE, EMPLOYEE],
      [EMPLOYER, EDITOR],
      [EMPLOYEE, HELPDESK],
    ] as const) {
      const { orderId } = await freshOrder("PROCESSED");
      const { orderCancellationId: id } = await cancelled(orderId, requester);
      const res = await call("DELETE", `/api/order-cancellations/${id}`, withdrawer);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: "Order cancellation withdrawn" });
      const details = zOrderCancellationDetails.parse(
        (await call("GET", `/api/order-cancellations/get-details/${id}`, HELPDESK)).json(),
      );
      expect(details.status).toBe("CANCELLED");
      expect(details.events.map((e) => e.type)).toContain("ORDER_CANCELLATION_WITHDRAWN");
      expect(await orderStatus(orderId)).toBe("PROCESSED");
      // A new cancellation may be asked for again.
      await cancelled(orderId, EMPLOYEE);
    }
  });

  it("refuses the other side (403), reporting (403), the anonymous (401), another tenant and employee (404)", async () => {
    const { orderId } = await freshOrder("CONFIRMED");
    const { orderCancellationId: id } = await cancelled(orderId, EMPLOYER);
    expectError(await call("DELETE", `/api/order-cancellations/${id}`, EMPLOYEE), 403);
    expectError(await call("DELETE", `/api/order-cancellations/${id}`, REPORTING), 403);
    expectError(await call("DELETE", `/api/order-cancellations/${id}`, null), 401);
    expectError(await call("DELETE", `/api/order-cancellations/${id}`, OTHER_TENANT), 404);
    expectError(await call("DELETE", "/api/order-cancellations/nope", HELPDESK), 400);
    const theirs = await freshOrder("CONFIRMED", { beneficiaryEmployeeId: otherEmploymentId });
    const other = await cancelled(theirs.orderId, HELPDESK);
    expectError(await call("DELETE", `/api/order-cancellations/${other.orderCancellationId}`, EMPLOYEE), 404);
    const [row] = await t.database.db.select().from(orderCancellations).where(eq(orderCancellations.id, id));
    expect(row?.status).toBe("PENDING");
  });

  it("refuses once the order is cancelled (409 ORDER_CANCELLATION_CLOSED)", async () => {
    const { orderId } = await freshOrder("PENDING");
    const { orderCancellationId: id } = await cancelled(orderId, EMPLOYEE);
    expectError(
      await call("DELETE", `/api/order-cancellations/${id}`, EMPLOYEE),
      409,
      "ORDER_CANCELLATION_CLOSED",
    );
  });
});
