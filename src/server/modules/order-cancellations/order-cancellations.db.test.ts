import { and, count, eq, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { outboxRowsOf } from "../../../../tests/helpers/outbox.ts";
import { elevenMegabytes, RENAMED_EXE, realPdf, SAMPLE_PNG } from "../../../../tests/helpers/sample-files.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import {
  zOrderCancellationDetails,
  zOrderCancellationPage,
  zRefundUpload,
} from "../../../contract/order-cancellations.ts";
import type { OrderStatus } from "../../../domain/enums.ts";
import {
  beneficiaryEmployees,
  bikeStores,
  eventLog,
  files,
  invoices,
  orderCancellations,
  orders,
  outbox,
  refundUploads,
  userPayments,
  users,
} from "../../db/schema/index.ts";

/**
 * Order cancellations and refund receipts: who cancels at once and who asks, the
 * refund each carries, completing, withdrawing, the receipts, and every endpoint's 400, 401, 403 and
 * the 404 of another tenant and of another employee. Each test makes its own orders.
 */

const t = setupTestApp({}, { demoData: true });
const { as, call } = apiCaller(t);

const HELPDESK = "helpdesk@pedaali.test";
const EMPLOYER = "employer.admin@demo.test";
const EDITOR = "employer.editor@demo.test";
const REPORTING = "reporting@demo.test";
const EMPLOYEE = "employee@demo.test";
const OTHER_TENANT = "employer.admin@toinen.test";
const MISSING = "00000000-0000-4000-8000-00000000dead";

let demoOyId: string;
let employmentId: string;
/** Another Demo Oy employee, whose orders employee@demo.test must not reach. */
let otherEmploymentId: string;
let storeId: string;
let pdf: Buffer;

beforeAll(async () => {
  const db = t.database.db;
  demoOyId = await companyIdByName(db, "Demo Oy");
  const [mine] = await db
    .select({ id: beneficiaryEmployees.id })
    .from(beneficiaryEmployees)
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .where(and(eq(users.email, EMPLOYEE), eq(beneficiaryEmployees.companyId, demoOyId)));
  employmentId = mine?.id as string;
  const [other] = await db
    .select({ id: beneficiaryEmployees.id })
    .from(beneficiaryEmployees)
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .where(and(eq(beneficiaryEmployees.companyId, demoOyId), ne(users.email, EMPLOYEE)))
    .limit(1);
  otherEmploymentId = other?.id as string;
  const [store] = await db
    .insert(bikeStores)
    .values({ storeName: "Peruutuspyörä Oy", email: "myynti@peruutuspyora.test" })
    .returning({ id: bikeStores.id });
  storeId = store?.id as string;
  pdf = await realPdf();
});

/** A Demo Oy order in `status` (employee@demo.test's unless told), straight in the table. */
async function freshOrder(
  status: OrderStatus,
  extra: Partial<typeof orders.$inferInsert> = {},
): Promise<{ orderId: string; orderNumber: number }> {
  const [order] = await t.database.db
    .insert(orders)
    .values({
      beneficiaryEmployeeId: employmentId,
      companyId: demoOyId,
      bikeStoreId: storeId,
      orderStatus: status,
      deliveryMethod: "PICKUP",
      totalPriceCents: 342_000,
      userPaymentCents: 42_000,
      vatPercent: 25.5,
      ...extra,
    })
    .returning({ id: orders.id, orderNumber: orders.orderNumber });
  return { orderId: order?.id as string, orderNumber: order?.orderNumber as number };
}

/** The employee's own-share payment of the order, paid or not. */
async function ownShare(orderId: string, paid: boolean, amountCents = 42_000) {
  const [payment] = await t.database.db
    .insert(userPayments)
    .values({
      beneficiaryEmployeeId: employmentId,
      companyId: demoOyId,
      orderId,
      kind: "OWN_SHARE",
      amountCents,
      paymentMethod: "BATCH",
      paymentStatus: paid ? "PAID" : "PENDING",
      isUserPaymentDone: paid,
      dueDate: "2026-03-01",
    })
    .returning({ id: userPayments.id });
  return payment?.id as string;
}

const reason = "Pyörän toimitus viivästyy, en tarvitse sitä enää";

async function cancel(orderId: string, who: string | null, body: Record<string, unknown> = {}) {
  return call("POST", "/api/order-cancellations", who, { orderId, reason, ...body });
}

/** A cancellation made through the API, as its details. */
async function cancelled(orderId: string, who: string) {
  const res = await cancel(orderId, who);
  expect(res.statusCode, res.body).toBe(201);
  return zOrderCancellationDetails.parse(res.json());
}

async function orderStatus(orderId: string): Promise<OrderStatus | undefined> {
  const [row] = await t.database.db
    .select({ status: orders.orderStatus })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row?.status;
}

async function cancellationsOf(orderId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(orderCancellations)
    .where(eq(orderCancellations.orderId, orderId));
  return row?.n ?? 0;
}

async function mailsAbout(orderNumber: number, template: string) {
  const rows = await t.database.db
    .select({ recipient: outbox.recipient, text: outbox.bodyText })
    .from(outbox)
    .where(eq(outbox.template, template));
  return rows.filter((row) => row.text.includes(String(orderNumber)));
}

async function upload(
  cancellationId: string,
  body: Buffer,
  who = HELPDESK,
  query: Record<string, string> = {},
) {
  const session = await as(who);
  const params = new URLSearchParams({
    orderCancellationId: cancellationId,
    fileName: "kuitti.pdf",
    ...query,
  });
  return t.app.inject({
    method: "POST",
    url: `/api/refund/upload?${params}`,
    headers: { ...session.headers(), "content-type": "application/octet-stream" },
    payload: body,
  });
}

async function receiptsOf(cancellationId: string) {
  return t.database.db
    .select({ id: refundUploads.id, fileId: refundUploads.fileId })
    .from(refundUploads)
    .where(eq(refundUploads.orderCancellationId, cancellationId));
}

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

describe("GET /api/order-cancellations and /get-details/{id}", () => {
  it("lists each side's reach newest first, filtered and searched in SQL", async () => {
    const mine = await freshOrder("CONFIRMED");
    const theirs = await freshOrder("CONFIRMED", { beneficiaryEmployeeId: otherEmploymentId });
    const a = await cancelled(mine.orderId, EMPLOYEE);
    const b = await cancelled(theirs.orderId, EMPLOYER);
    const page = async (who: string, query: string) => {
      const res = await call("GET", `/api/order-cancellations?${query}`, who);
      expect(res.statusCode, res.body).toBe(200);
      return zOrderCancellationPage.parse(res.json());
    };
    const ids = (p: { items: { orderCancellationId: string }[] }) =>
      p.items.map((i) => i.orderCancellationId);

    const both = await page(HELPDESK, `companyId=${demoOyId}&status=PENDING&limit=100`);
    expect(ids(both)).toEqual(expect.arrayContaining([a.orderCancellationId, b.orderCancellationId]));
    expect(ids(both).indexOf(b.orderCancellationId)).toBeLessThan(ids(both).indexOf(a.orderCancellationId));
    expect(ids(await page(EMPLOYER, `search=${theirs.orderNumber}`))).toEqual([b.orderCancellationId]);
    expect(ids(await page(REPORTING, `search=${mine.orderNumber}`))).toEqual([a.orderCancellationId]);
    expect(ids(await page(OTHER_TENANT, `search=${mine.orderNumber}`))).toEqual([]);
    // The employee sees their own orders' cancellations only.
    expect(ids(await page(EMPLOYEE, `search=${mine.orderNumber}`))).toEqual([a.orderCancellationId]);
    expect(ids(await page(EMPLOYEE, `search=${theirs.orderNumber}`))).toEqual([]);
    expect(ids(await page(HELPDESK, `search=${mine.orderNumber}&requestedBy=EMPLOYER`))).toEqual([]);
    expect(ids(await page(HELPDESK, `search=${mine.orderNumber}&status=COMPLETED`))).toEqual([]);
    const byName = await page(HELPDESK, `search=${encodeURIComponent("demo.test")}&limit=1&page=2`);
    expect(byName).toMatchObject({ page: 2, limit: 1, hasPrevious: true });
    expect(byName.total).toBeGreaterThanOrEqual(2);
  });

  it("refuses bad filters with 400 and the anonymous with 401", async () => {
    for (const query of [
      "limit=101",
      "page=0",
      "status=OPEN",
      "requestedBy=STORE",
      "companyId=x",
      "search=%00",
    ])
      expectError(await call("GET", `/api/order-cancellations?${query}`, HELPDESK), 400);
    expectError(await call("GET", "/api/order-cancellations", null), 401);
  });

  it("shows the details to the helpdesk, the employer and the employee; 404 to another tenant and employee", async () => {
    const { orderId } = await freshOrder("CONFIRMED");
    const { orderCancellationId: id } = await cancelled(orderId, EMPLOYEE);
    const path = `/api/order-cancellations/get-details/${id}`;
    for (const who of [HELPDESK, EMPLOYER, REPORTING, EMPLOYEE]) {
      const res = await call("GET", path, who);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(200);
      expect(zOrderCancellationDetails.parse(res.json()).order.orderId).toBe(orderId);
    }
    expectError(await call("GET", path, OTHER_TENANT), 404);
    expectError(await call("GET", path, null), 401);
    expectError(await call("GET", "/api/order-cancellations/get-details/nope", HELPDESK), 400);
    expectError(await call("GET", `/api/order-cancellations/get-details/${MISSING}`, HELPDESK), 404);
    const theirs = await freshOrder("CONFIRMED", { beneficiaryEmployeeId: otherEmploymentId });
    const other = await cancelled(theirs.orderId, HELPDESK);
    expectError(
      await call("GET", `/api/order-cancellations/get-details/${other.orderCancellationId}`, EMPLOYEE),
      404,
    );
  });
});

describe("PUT /api/order-cancellations/{id}", () => {
  it("lets the helpdesk change the refund and reason while open, with an event", async () => {
    const { orderId } = await freshOrder("CONFIRMED");
    const { orderCancellationId: id } = await cancelled(orderId, EMPLOYEE);
    const res = await call("PUT", `/api/order-cancellations/${id}`, HELPDESK, {
      refundAmountCents: 12_550,
      payerType: "BIKE_STORE",
      refundToType: "EMPLOYEE",
      note: "Liike palauttaa ennakkomaksun suoraan",
    });
    expect(res.statusCode, res.body).toBe(200);
    const details = zOrderCancellationDetails.parse(res.json());
    expect(details).toMatchObject({
      refundAmountCents: 12_550,
      payerType: "BIKE_STORE",
      refundToType: "EMPLOYEE",
      note: "Liike palauttaa ennakkomaksun suoraan",
      reason,
    });
    expect(details.events.map((e) => e.type)).toContain("ORDER_CANCELLATION_UPDATED");
  });

  it("refuses an incomplete refund, bad amounts and bad types with 400, changing nothing", async () => {
    const { orderId } = await freshOrder("CONFIRMED");
    const { orderCancellationId: id } = await cancelled(orderId, EMPLOYEE);
    for (const body of [
      { refundAmountCents: 5_000 },
      { refundAmountCents: 5_000, payerType: "PEDAALI", refundToType: "PEDAALI" },
      { refundAmountCents: -1 },
      { refundAmountCents: 1.5 },
      { refundAmountCents: 10_000_001 },
      { payerType: "SHOP" },
      { reason: "x" },
    ]) {
      expectError(await call("PUT", `/api/order-cancellations/${id}`, HELPDESK, body), 400);
    }
    const [row] = await t.database.db.select().from(orderCancellations).where(eq(orderCancellations.id, id));
    expect(row).toMatchObject({ refundAmountCents: 0, payerType: null, refundToType: null, reason });
  });

  it("is the helpdesk's (403 for the employer and the employee, 401, 404 unknown) and only while open", async () => {
    const { orderId } = await freshOrder("ALL_INFO_PROVIDED");
    const { orderCancellationId: id } = await cancelled(orderId, EMPLOYEE);
    const body = { note: "Tarkistettu" };
    expectError(await call("PUT", `/api/order-cancellations/${id}`, EMPLOYER, body), 403);
    expectError(await call("PUT", `/api/order-cancellations/${id}`, EMPLOYEE, body), 403);
    expectError(await call("PUT", `/api/order-cancellations/${id}`, OTHER_TENANT, body), 403);
    expectError(await call("PUT", `/api/order-cancellations/${id}`, null, body), 401);
    expectError(await call("PUT", `/api/order-cancellations/${MISSING}`, HELPDESK, body), 404);
    const done = await call("POST", `/api/order-cancellations/${id}/complete`, HELPDESK);
    expect(done.statusCode, done.body).toBe(200);
    expectError(
      await call("PUT", `/api/order-cancellations/${id}`, HELPDESK, body),
      409,
      "ORDER_CANCELLATION_CLOSED",
    );
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

describe("POST /api/order-cancellations/{id}/complete", () => {
  it("carries out a request with nothing to refund: the order ends CANCELLED and the employee is told", async () => {
    const { orderId, orderNumber } = await freshOrder("CONFIRMED");
    const unpaid = await ownShare(orderId, false);
    const { orderCancellationId: id } = await cancelled(orderId, EMPLOYEE);
    const res = await call("POST", `/api/order-cancellations/${id}/complete`, HELPDESK);
    expect(res.statusCode, res.body).toBe(200);
    const details = zOrderCancellationDetails.parse(res.json());
    expect(details).toMatchObject({ status: "COMPLETED", completedByName: expect.any(String) });
    expect(details.completedAt).not.toBeNull();
    expect(details.order.orderStatus).toBe("CANCELLED");
    expect(details.events.map((e) => e.type)).toEqual([
      "ORDER_CANCELLATION_REQUESTED",
      "ORDER_STATUS_UPDATED",
      "ORDER_CANCELLATION_COMPLETED",
    ]);
    const [payment] = await t.database.db
      .select({ status: userPayments.paymentStatus })
      .from(userPayments)
      .where(eq(userPayments.id, unpaid));
    expect(payment?.status).toBe("CANCELLED");
    expect((await mailsAbout(orderNumber, "order-cancelled")).map((m) => m.recipient)).toEqual([EMPLOYEE]);
    expectError(
      await call("POST", `/api/order-cancellations/${id}/complete`, HELPDESK),
      409,
      "ORDER_CANCELLATION_CLOSED",
    );
  });

  it("needs a receipt for a refund, then ends the order REFUNDED and mails the employee the refund", async () => {
    const { orderId, orderNumber } = await freshOrder("PROCESSED");
    await ownShare(orderId, true, 42_000);
    const { orderCancellationId: id } = await cancelled(orderId, EMPLOYEE);
    expectError(
      await call("POST", `/api/order-cancellations/${id}/complete`, HELPDESK),
      409,
      "REFUND_RECEIPT_REQUIRED",
    );
    expect(await orderStatus(orderId)).toBe("PROCESSED");

    expect((await upload(id, pdf)).statusCode).toBe(201);
    const res = await call("POST", `/api/order-cancellations/${id}/complete`, HELPDESK);
    expect(res.statusCode, res.body).toBe(200);
    const details = zOrderCancellationDetails.parse(res.json());
    expect(details.order.orderStatus).toBe("REFUNDED");
    expect(details.events.map((e) => [e.type, e.to])).toEqual([
      ["ORDER_CANCELLATION_REQUESTED", null],
      ["ORDER_REFUND_RECEIPT_UPLOADED", null],
      ["ORDER_STATUS_UPDATED", "CANCELLED"],
      ["ORDER_STATUS_UPDATED", "REFUNDED"],
      ["ORDER_CANCELLATION_COMPLETED", null],
    ]);
    const refunded = await mailsAbout(orderNumber, "order-refunded");
    expect(refunded.map((m) => m.recipient)).toEqual([EMPLOYEE]);
    expect(refunded[0]?.text).toMatch(/420,00\s€/);
    const [queued] = await outboxRowsOf(t.database, "ORDER_REFUNDED", { orderId });
    expect(queued).toMatchObject({
      userId: await userIdByEmail(t.database.db, EMPLOYEE),
      recipient: EMPLOYEE,
      language: "fi",
    });
    expect(queued?.params).toEqual({ audience: "EMPLOYEE", orderId, amountCents: 42_000 });
  });

  it("leaves an order cancelled at once CANCELLED when nothing is refunded", async () => {
    const { orderId } = await freshOrder("PENDING");
    const { orderCancellationId: id } = await cancelled(orderId, EMPLOYEE);
    const res = await call("POST", `/api/order-cancellations/${id}/complete`, HELPDESK);
    expect(res.statusCode, res.body).toBe(200);
    expect(zOrderCancellationDetails.parse(res.json())).toMatchObject({ status: "COMPLETED" });
    expect(await orderStatus(orderId)).toBe("CANCELLED");
  });

  it("refuses a request whose order was delivered meanwhile (409) and is the helpdesk's alone", async () => {
    const { orderId } = await freshOrder("WAITING_FOR_DELIVERY_DATE");
    const { orderCancellationId: id } = await cancelled(orderId, EMPLOYEE);
    await t.database.db
      .update(orders)
      .set({ orderStatus: "READY_FOR_BILLING" })
      .where(eq(orders.id, orderId));
    const path = `/api/order-cancellations/${id}/complete`;
    expectError(await call("POST", path, HELPDESK), 409, "ORDER_NOT_CANCELLABLE");
    expectError(await call("POST", path, EMPLOYER), 403);
    expectError(await call("POST", path, EMPLOYEE), 403);
    expectError(await call("POST", path, null), 401);
    expectError(await call("POST", `/api/order-cancellations/${MISSING}/complete`, HELPDESK), 404);
    expect(await orderStatus(orderId)).toBe("READY_FOR_BILLING");
  });
});

describe("refund receipts: POST /api/refund/upload, GET /api/refund/{id}/file, DELETE /api/delete-refund/{id}", () => {
  it("stores a real PDF and a PNG under clean names, and serves them to whoever reads the cancellation", async () => {
    const { orderId } = await freshOrder("CONFIRMED");
    const { orderCancellationId: id } = await cancelled(orderId, EMPLOYEE);
    const res = await upload(id, pdf, HELPDESK, {
      fileName: "C:\\kuitit\\hyvitys 03.pdf",
      amountCents: "42000",
    });
    expect(res.statusCode, res.body).toBe(201);
    const receipt = zRefundUpload.parse(res.json());
    expect(receipt).toMatchObject({
      fileName: "hyvitys 03.pdf",
      mimeType: "application/pdf",
      amountCents: 42_000,
    });
    expect(receipt.sizeBytes).toBe(pdf.byteLength);
    const png = zRefundUpload.parse((await upload(id, SAMPLE_PNG, HELPDESK, { fileName: "kuva" })).json());
    expect(png).toMatchObject({ fileName: "kuva.png", mimeType: "image/png", amountCents: null });

    for (const who of [HELPDESK, EMPLOYER, EMPLOYEE]) {
      const file = await call("GET", `/api/refund/${receipt.refundUploadId}/file`, who);
      expect(file.statusCode, who).toBe(200);
      expect(file.headers["content-type"]).toBe("application/pdf");
      expect(file.rawPayload.equals(pdf)).toBe(true);
    }
    expectError(await call("GET", `/api/refund/${receipt.refundUploadId}/file`, OTHER_TENANT), 404);
    expectError(await call("GET", `/api/refund/${receipt.refundUploadId}/file`, null), 401);
    expectError(await call("GET", `/api/refund/${MISSING}/file`, HELPDESK), 404);
    const details = zOrderCancellationDetails.parse(
      (await call("GET", `/api/order-cancellations/get-details/${id}`, EMPLOYEE)).json(),
    );
    expect(details.uploadedRefunds.map((r) => r.refundUploadId)).toEqual([
      receipt.refundUploadId,
      png.refundUploadId,
    ]);
  });

  it("keeps another employee's receipt from the employee (404)", async () => {
    const theirs = await freshOrder("CONFIRMED", { beneficiaryEmployeeId: otherEmploymentId });
    const { orderCancellationId: id } = await cancelled(theirs.orderId, HELPDESK);
    const receipt = zRefundUpload.parse((await upload(id, pdf)).json());
    expectError(await call("GET", `/api/refund/${receipt.refundUploadId}/file`, EMPLOYEE), 404);
  });

  it("refuses a renamed executable, 11 MB and an empty body with 400, storing nothing", async () => {
    const { orderId } = await freshOrder("CONFIRMED");
    const { orderCancellationId: id } = await cancelled(orderId, EMPLOYEE);
    const [filesBefore] = await t.database.db.select({ n: count() }).from(files);
    expectError(await upload(id, RENAMED_EXE), 400, "FILE_TYPE_NOT_ALLOWED");
    expectError(await upload(id, elevenMegabytes()), 400, "FILE_TOO_LARGE");
    expectError(await upload(id, Buffer.alloc(0)), 400, "FILE_EMPTY");
    const badQueries: Record<string, string>[] = [
      { fileName: "" },
      { amountCents: "-5" },
      { amountCents: "12.5" },
      { orderCancellationId: "x" },
    ];
    for (const query of badQueries) expectError(await upload(id, pdf, HELPDESK, query), 400);
    expect(await receiptsOf(id)).toEqual([]);
    const [filesAfter] = await t.database.db.select({ n: count() }).from(files);
    expect(filesAfter?.n).toBe(filesBefore?.n);
  });

  it("is the helpdesk's (403, 401), for a known open cancellation (404, 409)", async () => {
    const { orderId } = await freshOrder("PENDING");
    const { orderCancellationId: id } = await cancelled(orderId, EMPLOYEE);
    expectError(await upload(id, pdf, EMPLOYER), 403);
    expectError(await upload(id, pdf, EMPLOYEE), 403);
    const anonymous = await t.app.inject({
      method: "POST",
      url: `/api/refund/upload?orderCancellationId=${id}&fileName=k.pdf`,
      headers: { "content-type": "application/octet-stream" },
      payload: pdf,
    });
    expectError(anonymous, 401);
    expectError(await upload(MISSING, pdf), 404);
    await call("POST", `/api/order-cancellations/${id}/complete`, HELPDESK);
    expectError(await upload(id, pdf), 409, "ORDER_CANCELLATION_CLOSED");
    expect(await receiptsOf(id)).toEqual([]);
  });

  it("deletes a receipt with its file while open, and keeps it once completed", async () => {
    const { orderId } = await freshOrder("CONFIRMED");
    await ownShare(orderId, true);
    const { orderCancellationId: id } = await cancelled(orderId, EMPLOYEE);
    const first = zRefundUpload.parse((await upload(id, pdf)).json());
    const second = zRefundUpload.parse(
      (await upload(id, SAMPLE_PNG, HELPDESK, { fileName: "kuva.png" })).json(),
    );
    const [{ fileId } = { fileId: "" }] = (await receiptsOf(id)).filter((r) => r.id === first.refundUploadId);

    expectError(await call("DELETE", `/api/delete-refund/${first.refundUploadId}`, EMPLOYER), 403);
    expectError(await call("DELETE", `/api/delete-refund/${first.refundUploadId}`, EMPLOYEE), 403);
    expectError(await call("DELETE", `/api/delete-refund/${first.refundUploadId}`, null), 401);
    expectError(await call("DELETE", `/api/delete-refund/${MISSING}`, HELPDESK), 404);
    expectError(await call("DELETE", "/api/delete-refund/nope", HELPDESK), 400);

    const res = await call("DELETE", `/api/delete-refund/${first.refundUploadId}`, HELPDESK);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: "Refund receipt deleted" });
    expect((await receiptsOf(id)).map((r) => r.id)).toEqual([second.refundUploadId]);
    expect(await t.database.db.select({ id: files.id }).from(files).where(eq(files.id, fileId))).toEqual([]);
    const details = zOrderCancellationDetails.parse(
      (await call("GET", `/api/order-cancellations/get-details/${id}`, HELPDESK)).json(),
    );
    expect(details.events.map((e) => e.type)).toContain("ORDER_REFUND_RECEIPT_DELETED");

    expect((await call("POST", `/api/order-cancellations/${id}/complete`, HELPDESK)).statusCode).toBe(200);
    expectError(
      await call("DELETE", `/api/delete-refund/${second.refundUploadId}`, HELPDESK),
      409,
      "ORDER_CANCELLATION_CLOSED",
    );
  });
});

describe("the demo (seed-cancellations-demo.ts)", () => {
  it("has a Demo Oy order refunded with its receipt, and a request waiting for the helpdesk", async () => {
    const res = await call("GET", `/api/order-cancellations?companyId=${demoOyId}&limit=100`, HELPDESK);
    const items = zOrderCancellationPage.parse(res.json()).items;
    const seeded = items.filter(
      (i) => i.reason?.startsWith("Muutan keväällä") || i.reason?.startsWith("Sain puolisoni"),
    );
    const refunded = seeded.find((i) => i.status === "COMPLETED");
    expect(refunded).toMatchObject({
      requestedBy: "EMPLOYEE",
      refundAmountCents: 34_700,
      payerType: "PEDAALI",
      refundToType: "EMPLOYEE",
      order: { orderStatus: "REFUNDED" },
    });
    const details = zOrderCancellationDetails.parse(
      (
        await call("GET", `/api/order-cancellations/get-details/${refunded?.orderCancellationId}`, HELPDESK)
      ).json(),
    );
    expect(details.cancelledAtOnce).toBe(false);
    expect(details.uploadedRefunds).toHaveLength(1);
    expect(details.uploadedRefunds[0]?.mimeType).toBe("application/pdf");
    const file = await call(
      "GET",
      `/api/refund/${details.uploadedRefunds[0]?.refundUploadId}/file`,
      HELPDESK,
    );
    expect(file.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    const waiting = seeded.find((i) => i.status === "PENDING");
    expect(waiting).toMatchObject({ requestedBy: "EMPLOYEE", order: { orderStatus: "CONFIRMED" } });
    for (const item of seeded)
      expect(item.order.employee.email).not.toMatch(/^(employee|ville\.hamalainen)@/);
  });
});
