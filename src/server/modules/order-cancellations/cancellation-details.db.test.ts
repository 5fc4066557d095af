import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../../../../tests/helpers/api.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zOrderCancellationDetails, zOrderCancellationPage } from "../../../contract/order-cancellations.ts";
import { orderCancellations } from "../../db/schema/index.ts";
import {
  cancellationKit,
  EMPLOYEE,
  EMPLOYER,
  HELPDESK,
  MISSING,
  OTHER_TENANT,
  REPORTING,
  reason,
} from "./test-kit.ts";

/**
 * Reading order cancellations and the helpdesk's changes to one: the lists and details of each side, the
 * refund and reason while open, and the demo's cancellations. Each test makes its own orders.
 */

const t = setupTestApp({}, { demoData: true });
const { call, demo, freshOrder, cancelled } = cancellationKit(t);

let demoOyId: string;
/** Another Demo Oy employee, whose orders employee@demo.test must not reach. */
let otherEmploymentId: string;

beforeAll(() => {
  ({ demoOyId, otherEmploymentId } = demo);
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
