import type { OrderCancellationRequester, OrderStatus } from "../../src/domain/enums.ts";
import { orderCancellations, orders, refundUploads } from "../../src/server/db/schema/index.ts";
import { realPdf } from "../helpers/sample-files.ts";
import { testFileStore } from "../helpers/test-db.ts";
import type { Expectations, Fixtures, MatrixRow } from "./access-matrix.ts";

/**
 * Order cancellations and refund receipts. Rows read as those of access-matrix.ts (see its header); only types come from there.
 *
 * Reading is for the helpdesk, the employer (orders.read: Demo Oy's admin, editor, group admin and
 * reporting) and the employee (their own order's). Cancelling is for the helpdesk, the employer's
 * deciders (orders.approve; reporting has not) and the employee. The refund's work is the helpdesk's
 * (order-cancellations.manage), so every employer role and the other tenant get 403 there. Each case
 * acts on a throw-away order of Demo Oy's demo employee and a cancellation made for it.
 */

/** Everyone who reads Demo Oy's cancellations, the employee their own; Toinen Oy's admin gets 404. */
const readers: Expectations = { anonymous: 401, BIKE_STORE: 403, otherTenant: 404, rest: "ok" };
const helpdeskOnly: Expectations = { anonymous: 401, admins: "ok", rest: 403 };

async function freshOrder(f: Fixtures, status: OrderStatus): Promise<string> {
  const [order] = await f.db
    .insert(orders)
    .values({
      beneficiaryEmployeeId: f.employeeEmploymentId,
      companyId: f.demoCompanyId,
      orderStatus: status,
      totalPriceCents: 250_000,
      vatPercent: 25.5,
    })
    .returning({ id: orders.id });
  return order?.id as string;
}

/** An open cancellation the demo employee asked for on a confirmed order (a request: the order waits). */
async function freshCancellation(f: Fixtures, requestedBy: OrderCancellationRequester = "EMPLOYEE") {
  const orderId = await freshOrder(f, "CONFIRMED");
  const [row] = await f.db
    .insert(orderCancellations)
    .values({
      orderId,
      companyId: f.demoCompanyId,
      reason: "Matriisin peruutuspyyntö",
      requestedBy,
      orderStatusAtRequest: "CONFIRMED",
    })
    .returning({ id: orderCancellations.id });
  return row?.id as string;
}

/** A receipt of a fresh open cancellation, with its file. */
async function freshReceipt(f: Fixtures): Promise<string> {
  const orderCancellationId = await freshCancellation(f);
  const file = await testFileStore().put(f.db, {
    fileName: "kuitti.pdf",
    mimeType: "application/pdf",
    content: await realPdf("Matriisin kuitti"),
    companyId: f.demoCompanyId,
    uploadedByUserId: null,
  });
  const [receipt] = await f.db
    .insert(refundUploads)
    .values({ orderCancellationId, fileId: file.id, fileName: "kuitti.pdf" })
    .returning({ id: refundUploads.id });
  return receipt?.id as string;
}

export const CANCELLATION_ROWS: readonly MatrixRow[] = [
  {
    // Each reads their own reach; Toinen Oy's admin gets an empty page, not an error.
    operation: "GET /api/order-cancellations",
    call: () => ({ query: { status: "PENDING", requestedBy: "EMPLOYEE", search: "Laine", limit: "5" } }),
    expect: { anonymous: 401, BIKE_STORE: 403, rest: "ok" },
  },
  {
    operation: "POST /api/order-cancellations",
    ok: 201,
    call: async (f) => ({ body: { orderId: await freshOrder(f, "PENDING"), reason: "Matriisin peruutus" } }),
    expect: { anonymous: 401, EMPLOYER_REPORTING: 403, BIKE_STORE: 403, otherTenant: 404, rest: "ok" },
  },
  {
    operation: "GET /api/order-cancellations/get-details/{id}",
    call: async (f) => ({ params: { id: await freshCancellation(f) } }),
    expect: readers,
  },
  {
    operation: "PUT /api/order-cancellations/{id}",
    call: async (f) => ({
      params: { id: await freshCancellation(f) },
      body: { refundAmountCents: 1_000, payerType: "BIKE_STORE", refundToType: "PEDAALI" },
    }),
    expect: helpdeskOnly,
  },
  {
    // The employee withdraws their own request; the employer reads it but did not ask (403).
    operation: "DELETE /api/order-cancellations/{id}",
    call: async (f) => ({ params: { id: await freshCancellation(f, "EMPLOYEE") } }),
    expect: {
      anonymous: 401,
      admins: "ok",
      BIKE_BENEFICIARY: "ok",
      employerManagers: {
        status: 403,
        code: "FORBIDDEN",
        why: "the employee asked; only their side withdraws",
      },
      otherTenant: 404,
      rest: 403,
    },
  },
  {
    operation: "POST /api/order-cancellations/{id}/complete",
    call: async (f) => ({ params: { id: await freshCancellation(f) } }),
    expect: helpdeskOnly,
  },
  {
    operation: "POST /api/refund/upload",
    ok: 201,
    upload: true,
    call: async (f) => ({
      query: {
        orderCancellationId: await freshCancellation(f),
        fileName: "kuitti.pdf",
        amountCents: "42000",
      },
      rawBody: await realPdf(),
    }),
    expect: helpdeskOnly,
  },
  {
    operation: "DELETE /api/delete-refund/{id}",
    call: async (f) => ({ params: { id: await freshReceipt(f) } }),
    expect: helpdeskOnly,
  },
  {
    operation: "GET /api/refund/{id}/file",
    call: async (f) => ({ params: { id: await freshReceipt(f) } }),
    expect: readers,
  },
];
