import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zOrderCancellationPage } from "../../../contract/order-cancellations.ts";
import { zOrderDetails, zOrderPage } from "../../../contract/orders.ts";
import { zStoreDelivery } from "../../../contract/store-links.ts";
import { orders } from "../../db/schema/index.ts";
import { write } from "../../db/transaction.ts";
import { issueStoreLink } from "../store-links/tokens.ts";

/**
 * An order whose cancellation request is open holds where it is: every side reads the request on the
 * order, the helpdesk is offered no step that carries the order on and the server refuses each with
 * 409 ORDER_CANCELLATION_PENDING, the bike store's delivery link holds the delivery, and once the
 * request is withdrawn the order goes on. On the demo's waiting request (seed-cancellations-demo.ts).
 */

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);

const HELPDESK = "helpdesk@pedaali.test";
const EMPLOYER = "employer.admin@demo.test";

let orderId: string;
let orderNumber: number;
let cancellationId: string;
let employeeEmail: string;

beforeAll(async () => {
  const demoOyId = await companyIdByName(t.database.db, "Demo Oy");
  const res = await call("GET", `/api/order-cancellations?companyId=${demoOyId}&limit=100`, HELPDESK);
  const waiting = zOrderCancellationPage.parse(res.json()).items.find((i) => i.status === "PENDING");
  if (!waiting) throw new Error("the demo has a cancellation request waiting for the helpdesk");
  orderId = waiting.order.orderId;
  orderNumber = waiting.order.orderNumber;
  cancellationId = waiting.orderCancellationId;
  employeeEmail = waiting.order.employee.email;
});

const order = async (who: string) =>
  zOrderDetails.parse((await call("GET", `/api/orders/${orderId}`, who)).json());

/** Every side reads the request on the order and in the lists; the order waits for the helpdesk. */
async function shownEverywhere() {
  for (const who of [HELPDESK, EMPLOYER]) {
    const details = await order(who);
    expect(details.orderStatus).toBe("CONFIRMED");
    expect(details.cancellationOpen).toBe(true);
    expect(details.afterSales.cancellation).toMatchObject({ status: "PENDING", requestedBy: "EMPLOYEE" });
    expect(details.waitingOn).toBe("HELPDESK");
    expect(details.statusSince).toBe(details.afterSales.cancellation?.createdAt);
  }
  const list = zOrderPage.parse(
    (await call("GET", `/api/orders/all?search=${orderNumber}`, HELPDESK)).json(),
  );
  expect(list.items.find((o) => o.orderId === orderId)?.cancellationOpen).toBe(true);
  const others = zOrderPage.parse(
    (await call("GET", "/api/orders/all?status=CONFIRMED&limit=100", HELPDESK)).json(),
  );
  expect(others.items.filter((o) => o.orderId !== orderId).every((o) => !o.cancellationOpen)).toBe(true);
}

/** No step that carries the order on is offered, and each is refused with 409 ORDER_CANCELLATION_PENDING. */
async function stepsHeld() {
  const details = await order(HELPDESK);
  expect(details.allowedActions).not.toContain("SEND_TO_LEASING_COMPANY");
  expect(details.allowedMoves).not.toContain("PROCESSED");
  expect(details.allowedMoves).toEqual(["WAITING_FOR_CUSTOMER_COMMENT", "CASE_X"]);
  // Cancelling is the request's completion, on its own page, not a move by name.
  expectError(
    await call("POST", `/api/orders/${orderId}/status`, HELPDESK, { to: "CANCELLED" }),
    409,
    "ORDER_CANCELLATION_OPEN",
  );
  expectError(
    await call("POST", `/api/orders/${orderId}/send-to-leasing-company`, HELPDESK),
    409,
    "ORDER_CANCELLATION_PENDING",
  );
  expectError(
    await call("POST", `/api/orders/${orderId}/process`, HELPDESK),
    409,
    // Processing needs the leasing company's acceptance first; the hold does not hide that.
    "AGREEMENT_NOT_ACCEPTED",
  );
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
  expect(row?.orderStatus).toBe("CONFIRMED");
}

/** A move back into the main line is held, and so is the store's delivery. */
async function returnAndDeliveryHeld() {
  // Paused for the customer's comment, the order may not return to the line while the request is open.
  const paused = await call("POST", `/api/orders/${orderId}/status`, HELPDESK, {
    to: "WAITING_FOR_CUSTOMER_COMMENT",
  });
  expect(paused.statusCode, paused.body).toBe(200);
  expectError(
    await call("POST", `/api/orders/${orderId}/status`, HELPDESK, { to: "CONFIRMED" }),
    409,
    "ORDER_CANCELLATION_PENDING",
  );
  expect((await order(HELPDESK)).allowedMoves).not.toContain("CONFIRMED");

  // The store's delivery link of an order in delivery says to hold the bike, and refuses the details.
  await t.database.db
    .update(orders)
    .set({ orderStatus: "WAITING_FOR_DELIVERY_DATE", previousStatus: null })
    .where(eq(orders.id, orderId));
  const { token } = await write(t.database.db, { actor: { userId: null } }, (ctx) =>
    issueStoreLink(ctx, orderId, "delivery"),
  );
  const view = zStoreDelivery.parse((await call("GET", `/api/store-links/delivery/${token}`, null)).json());
  expect(view).toMatchObject({ cancellationRequested: true, editable: false });
  expectError(
    await call("PUT", `/api/store-links/delivery/${token}`, null, {
      frameSerialNumber: "WTU 4411-PE",
      deliveryDate: "2026-12-01",
    }),
    409,
    "ORDER_CANCELLATION_PENDING",
  );
  await t.database.db
    .update(orders)
    .set({ orderStatus: "CONFIRMED", previousStatus: null })
    .where(eq(orders.id, orderId));
}

/** Once the employee withdraws the request, the order goes on. */
async function goesOnWhenWithdrawn() {
  const withdrawn = await call("DELETE", `/api/order-cancellations/${cancellationId}`, employeeEmail);
  expect(withdrawn.statusCode, withdrawn.body).toBe(200);
  const details = await order(HELPDESK);
  expect(details.cancellationOpen).toBe(false);
  expect(details.waitingOn).toBe("HELPDESK");
  expect(details.allowedActions).toContain("SEND_TO_LEASING_COMPANY");
  const sent = await call("POST", `/api/orders/${orderId}/send-to-leasing-company`, HELPDESK);
  expect(sent.statusCode, sent.body).toBe(200);
}

// One story on one order, in its order (the file's tests run shuffled).
describe("an order with an open cancellation request", () => {
  it("is held where it is, on every side, until the request is withdrawn; then it goes on", async () => {
    await shownEverywhere();
    await stepsHeld();
    await returnAndDeliveryHeld();
    await goesOnWhenWithdrawn();
  });
});
