import { z } from "zod";
import { PAYER_TYPES, PAYMENT_STATUSES } from "../domain/enums.ts";
import { zRedemptionAmount, zRedemptionPayment } from "./bike-redemptions.ts";
import { zMessage, zPageQuery } from "./common.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zMultiLineText, zOptionalSingleLineText, zSingleLineText } from "./text.ts";
import { zDateOnly } from "./values.ts";

/**
 * The money of a lease's end beside the employee's own payment (docs/data-model.md "Redemption payment", docs/api-surface.md): what
 * the leasing company, the store or Pedaali pays or is paid on a bike redemption case, recorded by the
 * helpdesk. The list answers SPEC's `items, totalCount`.
 *
 * The endpoints (the case's money ledger; the employee's own row is made by the user payments
 * ledger and follows their user payment):
 * - GET /api/redemption-payment `zRedemptionPaymentsQuery` → `zRedemptionPaymentList` `{ items,
 *   totalCount, page, limit }`, newest first (redemptions.manage; employers their companies' with
 *   orders.read).
 * - POST /api/redemption-payment `zRedemptionPaymentInput` → 201 `zRedemptionPaymentSaved` ('Redemption
 *   payment created successfully'); payer EMPLOYEE is 400 (the employee pays through their user payment).
 * - GET /api/redemption-payment/{id} → `zRedemptionPayment`; PUT `zRedemptionPaymentUpdate` →
 *   `zRedemptionPaymentSaved` ('… updated successfully'); DELETE → `{ message: 'Redemption payment
 *   deleted successfully' }` (all redemptions.manage). A payer EMPLOYEE row: 409 CONFLICT (its user
 *   payment is the truth).
 */

// ---- Redemption payments --------------------------------------------------------------------------

const zRedemptionPaymentsQuery = lazy(() =>
  zPageQuery.extend({
    /** Part of the employee's name or e-mail, the order number, or the reference number. */
    search: zSingleLineText({ max: 100 }).optional(),
    status: z.enum(PAYMENT_STATUSES).optional(),
    bikeRedemptionId: z.uuid().optional(),
  }),
);
export type TRedemptionPaymentsQuery = z.infer<typeof zRedemptionPaymentsQuery>;

export const zRedemptionPaymentList = lazy(() =>
  z.object({
    items: z.array(zRedemptionPayment),
    totalCount: z.int(),
    page: z.int(),
    limit: z.int(),
  }),
);
export type TRedemptionPaymentList = z.infer<typeof zRedemptionPaymentList>;

/** The payer types recorded here: everyone but the employee, who pays through their user payment. */
export const RECORDED_PAYER_TYPES = PAYER_TYPES.filter((payer) => payer !== "EMPLOYEE");

export const zRedemptionPaymentUpdate = lazy(() =>
  z.object({
    payerType: z.enum(PAYER_TYPES).refine((payer) => payer !== "EMPLOYEE", {
      message: "The employee pays through their user payment",
    }),
    amountCents: zRedemptionAmount,
    status: z.enum(PAYMENT_STATUSES),
    dueDate: z.union([zDateOnly, z.null()]).optional(),
    referenceNumber: zOptionalSingleLineText(35),
    note: z.union([zMultiLineText({ max: 1000 }), z.null()]).optional(),
  }),
);
export type TRedemptionPaymentUpdate = z.infer<typeof zRedemptionPaymentUpdate>;

const zRedemptionPaymentInput = lazy(() => zRedemptionPaymentUpdate.extend({ bikeRedemptionId: z.uuid() }));
export type TRedemptionPaymentInput = z.infer<typeof zRedemptionPaymentInput>;

export const zRedemptionPaymentSaved = lazy(() =>
  z.object({
    message: z.string(),
    redemptionPayment: zRedemptionPayment,
  }),
);
export type TRedemptionPaymentSaved = z.infer<typeof zRedemptionPaymentSaved>;

const zRedemptionPaymentIdParams = lazy(() => z.object({ id: z.uuid() }));

/** The helpdesk's calls of a case's redemption payments (redemptions.manage). */
export const redemptionPaymentsApi = lazy(() => ({
  listPayments: endpoint({
    method: "GET",
    path: "/redemption-payment",
    summary: "Redemption payments, newest first; search by employee, order or reference number",
    query: zRedemptionPaymentsQuery,
    response: zRedemptionPaymentList,
    errors: [400, 401, 403],
  }),
  recordPayment: endpoint({
    method: "POST",
    path: "/redemption-payment",
    summary: "Records a payment towards a case's redemption (not the employee's: their user payment)",
    body: zRedemptionPaymentInput,
    status: 201,
    response: zRedemptionPaymentSaved,
    errors: [400, 401, 403, 404],
  }),
  payment: endpoint({
    method: "GET",
    path: "/redemption-payment/:id",
    summary: "A redemption payment",
    params: zRedemptionPaymentIdParams,
    response: zRedemptionPayment,
    errors: [400, 401, 403, 404],
  }),
  updatePayment: endpoint({
    method: "PUT",
    path: "/redemption-payment/:id",
    summary: "Changes a redemption payment (409 for the employee's, which follows their user payment)",
    params: zRedemptionPaymentIdParams,
    body: zRedemptionPaymentUpdate,
    response: zRedemptionPaymentSaved,
    errors: [400, 401, 403, 404, 409],
  }),
  deletePayment: endpoint({
    method: "DELETE",
    path: "/redemption-payment/:id",
    summary: "Deletes a redemption payment (409 for the employee's, which follows their user payment)",
    params: zRedemptionPaymentIdParams,
    response: zMessage,
    errors: [400, 401, 403, 404, 409],
  }),
}));
