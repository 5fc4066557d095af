import { z } from "zod";
import {
  ORDER_CANCELLATION_REQUESTERS,
  ORDER_CANCELLATION_STATUSES,
  ORDER_STATUSES,
  PAYER_TYPES,
} from "../domain/enums.ts";
import { UPLOAD_MIME_TYPES } from "../domain/uploads.ts";
import { zMessage, zPage, zPageQuery } from "./common.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zOrderEvent } from "./orders.ts";
import { zMultiLineText, zSingleLineText } from "./text.ts";
import { zFileAnswer, zUploadFileName } from "./uploads.ts";

/**
 * Order cancellations and their refunds (docs/data-model.md "Order cancellation", docs/api-surface.md; ADR 009).
 *
 * The rules (src/domain/order-cancellations.ts, order-refunds.ts): an order is cancelled before delivery
 * (up to WAITING_FOR_DELIVERY_DATE, paused in one of those, CASE_X or WIX; else 409
 * ORDER_NOT_CANCELLABLE) by its employee, someone of its employer (orders.approve) or the helpdesk,
 * always with a reason. Before the order is confirmed the employee's and the employer's cancellation
 * cancels the order at once; from CONFIRMED on it is a request the helpdesk carries out; the helpdesk
 * cancels at once. One open (PENDING) cancellation per order (409 ORDER_CANCELLATION_OPEN). It carries
 * the refund suggested when it was made (the employee's paid own share from PEDAALI to EMPLOYEE, else the
 * store's paid purchase invoice from BIKE_STORE to PEDAALI, else nothing), which the helpdesk may change
 * while it is open; the order's unpaid own-share payments are cancelled with the order. A cancellation
 * stays PENDING until the helpdesk completes it: the order is cancelled now if it was a request, and a
 * refund above 0 needs a receipt (409 REFUND_RECEIPT_REQUIRED) and moves the order CANCELLED → REFUNDED;
 * then COMPLETED. A request the order has not followed yet may be withdrawn (CANCELLED, kept); once
 * the order is cancelled, 409 ORDER_CANCELLATION_CLOSED, as for every change of a closed cancellation.
 *
 * Who reads what: the helpdesk (order-cancellations.manage) every cancellation, the employer (orders.read)
 * their companies', the employee (own-order.manage) their own orders'; anything else is 404.
 *
 * - GET /api/order-cancellations `zOrderCancellationsQuery` (page 1, limit 20 ≤ 100, search by order
 *   number or the employee's name or e-mail, status, requestedBy, companyId) → the default page of
 *   `zOrderCancellationListItem`, newest first;
 * - POST /api/order-cancellations `zCreateOrderCancellation` → 201 `zOrderCancellationDetails`; the
 *   helpdesk, the employer's deciders (orders.approve) or the employee (own-order.manage) on an order of
 *   their reach (another tenant's or another employee's order: 404);
 * - GET /api/order-cancellations/get-details/{id} → `zOrderCancellationDetails`: the cancellation, its
 *   order in brief, `uploadedRefunds`, whether it cancelled the order at once, its events, and what the
 *   caller may do with it now (`allowedActions`);
 * - PUT /api/order-cancellations/{id} `zUpdateOrderCancellation` → details; the helpdesk, while PENDING;
 *   a refund above 0 names both parties, and a party does not refund itself (400 at the field);
 * - DELETE /api/order-cancellations/{id} → `{ message }`: withdraws a request the order has not
 *   followed; the helpdesk, or the requester's side (the employee their own, the employer their
 *   company's; the other side 403);
 * - POST /api/order-cancellations/{id}/complete (empty body) → details; the helpdesk;
 * - POST /api/refund/upload?orderCancellationId&fileName[&amountCents] (the receipt's bytes,
 *   application/octet-stream; PDF or image by its bytes, ≤ 10 MB, else 400 FILE_*) → 201
 *   `zRefundUpload`; the helpdesk, while PENDING;
 * - DELETE /api/delete-refund/{id} → `{ message }`: the receipt and its file; the helpdesk, while PENDING;
 * - GET /api/refund/{id}/file → the receipt's bytes, to whoever reads its cancellation.
 *
 * docs/product.md "Errors": "order cancellation errors use the response text": the web shows the translated code and
 * falls back to the server's message.
 */

export const ORDER_CANCELLATION_WITHDRAWN = "Order cancellation withdrawn";
export const REFUND_RECEIPT_DELETED = "Refund receipt deleted";

/** The largest refund one cancellation carries: far above any bike package (cents). */
const MAX_REFUND_CENTS = 10_000_000;

const zRefundCents = lazy(() => z.int().min(0).max(MAX_REFUND_CENTS));

export const zOrderCancellationsQuery = lazy(() =>
  zPageQuery.extend({
    /** The order number, or part of the employee's name or e-mail; trimmed, empty means all. */
    search: zSingleLineText({ max: 100 }).optional(),
    status: z.enum(ORDER_CANCELLATION_STATUSES).optional(),
    requestedBy: z.enum(ORDER_CANCELLATION_REQUESTERS).optional(),
    companyId: z.uuid().optional(),
  }),
);
export type TOrderCancellationsQuery = z.infer<typeof zOrderCancellationsQuery>;

/** The cancelled order in brief: whose, where from, what it cost and the employee's own share of it. */
const zCancellationOrder = lazy(() =>
  z.object({
    orderId: z.uuid(),
    orderNumber: z.int(),
    orderStatus: z.enum(ORDER_STATUSES),
    previousStatus: z.enum(ORDER_STATUSES).nullable(),
    employee: z.object({ beneficiaryEmployeeId: z.uuid(), name: z.string(), email: z.string() }),
    company: z.object({ companyId: z.uuid(), name: z.string() }),
    bikeStore: z.object({ bikeStoreId: z.uuid(), storeName: z.string() }).nullable(),
    totalPriceCents: z.int(),
    userPaymentCents: z.int(),
  }),
);

const zOrderCancellationListItem = lazy(() =>
  z.object({
    orderCancellationId: z.uuid(),
    status: z.enum(ORDER_CANCELLATION_STATUSES),
    requestedBy: z.enum(ORDER_CANCELLATION_REQUESTERS),
    reason: z.string().nullable(),
    /** The refund: how much, who pays it (payerType) and to whom (refundToType), docs/product.md "States" payer types. */
    refundAmountCents: z.int(),
    payerType: z.enum(PAYER_TYPES).nullable(),
    refundToType: z.enum(PAYER_TYPES).nullable(),
    order: zCancellationOrder,
    createdAt: z.iso.datetime(),
    completedAt: z.iso.datetime().nullable(),
  }),
);
export type TOrderCancellationListItem = z.infer<typeof zOrderCancellationListItem>;
export const zOrderCancellationPage = lazy(() => zPage(zOrderCancellationListItem));
export type TOrderCancellationPage = z.infer<typeof zOrderCancellationPage>;

/** A refund receipt uploaded to a cancellation (docs/data-model.md uploadedRefunds). */
export const zRefundUpload = lazy(() =>
  z.object({
    refundUploadId: z.uuid(),
    fileName: z.string(),
    mimeType: z.enum(UPLOAD_MIME_TYPES),
    sizeBytes: z.int(),
    /** The amount the receipt shows, when the helpdesk gave it. */
    amountCents: z.int().nullable(),
    createdAt: z.iso.datetime(),
  }),
);
export type TRefundUpload = z.infer<typeof zRefundUpload>;

/**
 * What the caller may do with the cancellation now (each is checked again when it is done): while it is
 * PENDING the helpdesk changes it (UPDATE), adds and deletes its receipts (UPLOAD_RECEIPT,
 * DELETE_RECEIPT) and completes it once the order may still be cancelled and a refund above 0 has its
 * receipt (COMPLETE); a request the order has not followed yet may be withdrawn (WITHDRAW) by the
 * helpdesk or the side that asked for it.
 */
const CANCELLATION_ACTIONS = ["UPDATE", "UPLOAD_RECEIPT", "DELETE_RECEIPT", "COMPLETE", "WITHDRAW"] as const;
export type CancellationActionName = (typeof CANCELLATION_ACTIONS)[number];

export const zOrderCancellationDetails = lazy(() =>
  zOrderCancellationListItem.extend({
    note: z.string().nullable(),
    /** The order's status when the cancellation was asked for. */
    orderStatusAtRequest: z.enum(ORDER_STATUSES).nullable(),
    /** It cancelled the order when it was made (else it was a request the helpdesk carries out). */
    cancelledAtOnce: z.boolean(),
    /** Who asked and who completed it, by name for the admin tier only (the others see the side). */
    requestedByName: z.string().nullable(),
    completedByName: z.string().nullable(),
    uploadedRefunds: z.array(zRefundUpload),
    /** The cancellation's events and the order's moves it made, oldest first. */
    events: z.array(zOrderEvent),
    updatedAt: z.iso.datetime(),
    allowedActions: z.array(z.enum(CANCELLATION_ACTIONS)),
  }),
);
export type TOrderCancellationDetails = z.infer<typeof zOrderCancellationDetails>;

/** How long a cancellation's reason may be, in characters. */
export const CANCELLATION_REASON = { min: 3, max: 1000 } as const;

const zCreateOrderCancellation = lazy(() =>
  z.object({
    orderId: z.uuid(),
    /** Why the order is cancelled; the employee and the employer see it. */
    reason: zMultiLineText(CANCELLATION_REASON),
    note: zMultiLineText({ max: 1000 }).optional(),
  }),
);
export type TCreateOrderCancellation = z.infer<typeof zCreateOrderCancellation>;

export const zUpdateOrderCancellation = lazy(() =>
  z.object({
    reason: zMultiLineText(CANCELLATION_REASON).optional(),
    /** null or empty text removes the note. */
    note: z.union([zMultiLineText({ max: 1000 }), z.null()]).optional(),
    refundAmountCents: zRefundCents.optional(),
    payerType: z.enum(PAYER_TYPES).nullable().optional(),
    refundToType: z.enum(PAYER_TYPES).nullable().optional(),
  }),
);
export type TUpdateOrderCancellation = z.infer<typeof zUpdateOrderCancellation>;

const zOrderCancellationIdParams = lazy(() => z.object({ id: z.uuid() }));
export const zRefundUploadIdParams = lazy(() => z.object({ id: z.uuid() }));

export const zRefundUploadQuery = lazy(() =>
  z.object({
    orderCancellationId: z.uuid(),
    fileName: zUploadFileName,
    /** The receipt's amount in cents, when known. */
    amountCents: z.coerce.number().int().min(0).max(MAX_REFUND_CENTS).optional(),
  }),
);
export type TRefundUploadQuery = z.infer<typeof zRefundUploadQuery>;

/** The cancellations' calls; the receipt's upload sends its bytes, its file answers them. */
export const orderCancellationsApi = lazy(() => ({
  uploadReceipt: endpoint({
    method: "POST",
    path: "/refund/upload",
    summary: "Uploads a refund receipt (PDF or image, at most 10 MB) to an open cancellation",
    query: zRefundUploadQuery,
    body: "file",
    status: 201,
    response: zRefundUpload,
    errors: [400, 401, 403, 404, 409],
  }),
  receiptFile: endpoint({
    method: "GET",
    path: "/refund/:id/file",
    summary: "A refund receipt's file (PDF or image), to whoever reads its cancellation",
    params: zRefundUploadIdParams,
    answer: "file",
    response: zFileAnswer,
    errors: [400, 401, 403, 404],
  }),
  list: endpoint({
    method: "GET",
    path: "/order-cancellations",
    summary: "Order cancellations newest first, of the caller's reach; search, status, requester, company",
    query: zOrderCancellationsQuery,
    response: zOrderCancellationPage,
    errors: [400, 401, 403, 404],
  }),
  create: endpoint({
    method: "POST",
    path: "/order-cancellations",
    summary: "Cancels an order before delivery with a reason: at once, or as a request for the helpdesk",
    body: zCreateOrderCancellation,
    status: 201,
    response: zOrderCancellationDetails,
    errors: [400, 401, 403, 404, 409],
  }),
  details: endpoint({
    method: "GET",
    path: "/order-cancellations/get-details/:id",
    summary: "A cancellation with its order in brief, refund receipts and events",
    params: zOrderCancellationIdParams,
    response: zOrderCancellationDetails,
    errors: [400, 401, 403, 404],
  }),
  update: endpoint({
    method: "PUT",
    path: "/order-cancellations/:id",
    summary: "Changes an open cancellation's reason, note and refund (amount, who pays it, to whom)",
    params: zOrderCancellationIdParams,
    body: zUpdateOrderCancellation,
    response: zOrderCancellationDetails,
    errors: [400, 401, 403, 404, 409],
  }),
  withdraw: endpoint({
    method: "DELETE",
    path: "/order-cancellations/:id",
    summary: "Withdraws a cancellation request the order has not followed yet",
    params: zOrderCancellationIdParams,
    response: zMessage,
    errors: [400, 401, 403, 404, 409],
  }),
  complete: endpoint({
    method: "POST",
    path: "/order-cancellations/:id/complete",
    summary:
      "Completes a cancellation: cancels a requested order, refunds it when a receipt shows the refund",
    params: zOrderCancellationIdParams,
    response: zOrderCancellationDetails,
    errors: [400, 401, 403, 404, 409, 422],
    idempotent: true,
  }),
  deleteReceipt: endpoint({
    method: "DELETE",
    path: "/delete-refund/:id",
    summary: "Deletes a refund receipt and its file from an open cancellation",
    params: zRefundUploadIdParams,
    response: zMessage,
    errors: [400, 401, 403, 404, 409],
  }),
}));
