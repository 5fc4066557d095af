import { z } from "zod";
import { ORDER_STATUSES } from "../domain/enums.ts";
import { endpoint } from "./endpoint.ts";
import { ERROR_CODES } from "./errors.ts";
import { lazy } from "./lazy.ts";
import { zOrderDetails, zOrderIdParams } from "./orders.ts";
import { zMultiLineText } from "./text.ts";

/**
 * The helpdesk's processing of an order (the lifecycle of docs/architecture.md, ADR 004). The admin
 * tier (orders.process). Each action answers the order as GET /api/orders/{orderId} does; each moves
 * the order through the lifecycle (moveOrder), so a status the action does not leave from is 409
 * ORDER_TRANSITION_NOT_ALLOWED.
 *
 * - POST /api/orders/{orderId}/send-to-leasing-company: a CONFIRMED order's SIGNED agreement goes to
 *   its leasing company (LeasingCompanyGateway); the agreement is PENDING, the order's event log has
 *   ORDER_SENT. 409 AGREEMENT_NOT_SIGNED when there is no signed agreement to send.
 * - POST /api/orders/{orderId}/process: the agreement is ACCEPTED (else 409 AGREEMENT_NOT_ACCEPTED);
 *   CONFIRMED → PROCESSED → (system) WAITING_FOR_INVOICE_MATCH; the store gets the purchase order by mail.
 * - POST /api/orders/{orderId}/bill: READY_FOR_BILLING → GRENKE_INVOICE_SENT; our invoice of the bike to
 *   the leasing company (SENT, with its reference number, due in 14 days).
 * - POST /api/orders/{orderId}/start-leasing: GRENKE_INVOICE_SENT → ACTIVE_LEASING; the agreement starts
 *   the first day of the month after delivery and ends on the last day of its last month (LEASING_STARTED).
 *   409 DELIVERY_DATE_MISSING without a delivery date, AGREEMENT_NOT_ACCEPTED without an accepted agreement.
 * - POST /api/orders/{orderId}/status `zOrderStatusMove`: the moves the helpdesk makes by status name
 *   (src/domain/order-admin-moves.ts: the customer-comment side state, cancelling, refunding, CASE_X);
 *   a milestone (processing, billing...) is 409 ORDER_TRANSITION_NOT_ALLOWED here: it has its action.
 * - POST /api/orders/bulk-status `zBulkOrderStatus` → `zBulkOrderStatusResult`: the same move for up to
 *   100 orders, each in its own transaction: one refused order leaves the others moved.
 */

export const zOrderStatusMove = lazy(() =>
  z.object({
    to: z.enum(ORDER_STATUSES),
    /** Why (kept in the event log's row of the move). */
    note: zMultiLineText({ max: 1000 }).optional(),
  }),
);
export type TOrderStatusMove = z.infer<typeof zOrderStatusMove>;

const BULK_ORDER_LIMIT = 100;

const zBulkOrderStatus = lazy(() =>
  zOrderStatusMove.extend({
    orderIds: z
      .array(z.uuid())
      .min(1)
      .max(BULK_ORDER_LIMIT)
      .refine(
        (ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length,
        "Order ids must be unique",
      ),
  }),
);
export type TBulkOrderStatus = z.infer<typeof zBulkOrderStatus>;

export const zBulkOrderStatusResult = lazy(() =>
  z.object({
    results: z.array(
      z.object({
        orderId: z.uuid(),
        ok: z.boolean(),
        /** Why this order was not moved (NOT_FOUND, ORDER_TRANSITION_NOT_ALLOWED...). */
        code: z.enum(ERROR_CODES).optional(),
      }),
    ),
  }),
);
export type TBulkOrderStatusResult = z.infer<typeof zBulkOrderStatusResult>;

/** Each action on one order answers the order as GET /api/orders/{orderId} does. */
const orderAction = <const P extends string, const S extends string>(path: P, summary: S) =>
  endpoint({
    method: "POST",
    path,
    summary,
    params: zOrderIdParams,
    response: zOrderDetails,
    errors: [400, 401, 403, 404, 409],
  });

export const orderProcessingApi = lazy(() => ({
  sendToLeasingCompany: orderAction(
    "/orders/:orderId/send-to-leasing-company",
    "Sends a CONFIRMED order's signed agreement to its leasing company (the agreement PENDING, event ORDER_SENT)",
  ),
  process: orderAction(
    "/orders/:orderId/process",
    "Processes a CONFIRMED order whose agreement the leasing company accepted; the store gets the purchase order",
  ),
  bill: orderAction(
    "/orders/:orderId/bill",
    "Bills the leasing company for a READY_FOR_BILLING order (GRENKE_INVOICE_SENT)",
  ),
  startLeasing: orderAction(
    "/orders/:orderId/start-leasing",
    "Starts the lease (ACTIVE_LEASING): the agreement runs from the first day of the month after delivery",
  ),
  moveStatus: endpoint({
    method: "POST",
    path: "/orders/:orderId/status",
    summary: "Moves an order by status name: the customer-comment side state, cancelling, refunding, CASE_X",
    params: zOrderIdParams,
    body: zOrderStatusMove,
    response: zOrderDetails,
    errors: [400, 401, 403, 404, 409, 422],
    idempotent: true,
  }),
  bulkStatus: endpoint({
    method: "POST",
    path: "/orders/bulk-status",
    summary: "Moves up to 100 orders by status name, each on its own: the result of each",
    body: zBulkOrderStatus,
    response: zBulkOrderStatusResult,
    errors: [400, 401, 403],
  }),
}));
