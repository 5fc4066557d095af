import { z } from "zod";
import { USER_PAYMENTS_PAGE_SIZE } from "../domain/constants.ts";
import { EVENT_TYPES, PAYMENT_METHODS, PAYMENT_STATUSES, USER_PAYMENT_KINDS } from "../domain/enums.ts";
import { HAND_MADE_USER_PAYMENT_KINDS, USER_PAYMENT_MAX_CENTS } from "../domain/user-payments.ts";
import { zPage } from "./common.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zBooleanString } from "./system-users.ts";
import { zSingleLineText } from "./text.ts";
import { zDateOnly } from "./values.ts";

/**
 * User payments (docs/data-model.md "User payment filters", docs/api-surface.md "User payments"): what an
 * employee pays themself — the part of a package above the max price (OWN_SHARE), a redemption price,
 * a return fee, a deductible, anything else. PAYROLL payments are deducted from the net pay of their
 * due date's month; BATCH payments are invoices paid by bank transfer to Pedaali's account with the
 * payment's reference number, or with the virtual barcode (`bankTransfer`, while unpaid).
 *
 * The employee's own (own-order.manage):
 * - GET /api/user-payment → `zMyUserPayments` `{ items }`: every payment of the caller's employments,
 *   newest first.
 *
 * The helpdesk's and the employer's (user-payments.manage or user-payments.read; the admin tier sees
 * every company's, an employer their companies'; another tenant's payment is 404):
 * - GET /api/user-payment/optimized `zUserPaymentsQuery` → `zUserPaymentPage`, the default page `{ items,
 *   page, limit, total, totalPages, hasNext, hasPrevious }` (limit: the pageSize asked), newest first. searchTerm: the employee's name or
 *   e-mail, the reference number, the description or the order number; created/sent/paid dates are
 *   inclusive Helsinki days (400 when a from is after its to); isUserPaymentDone `true`/`false`.
 * - GET /api/user-payment/{id} → `zUserPaymentDetails` (the payment with its events, oldest first);
 *   the employee may read their own too.
 *
 * The helpdesk's (user-payments.manage); each answers the payment (`zUserPayment`):
 * - POST /api/user-payment `zCreateUserPayment` → 201: a payment made by hand (OTHER, RETURN_FEE or
 *   DEDUCTIBLE) for an employee of any company; 400 at beneficiaryEmployeeId for an unknown employee,
 *   409 PAYMENT_METHOD_NOT_ALLOWED when the company's payment mode does not allow the method. With
 *   `send` the employee is asked to pay at once (a BATCH invoice is mailed).
 * - POST /api/user-payment/{id}/sent: the employee has been asked to pay (a BATCH invoice is mailed,
 *   once); sending again changes nothing.
 * - POST /api/user-payment/{id}/paid: the money is in (PAID, done).
 * - POST /api/user-payment/{id}/cancel `zCancelUserPayment` `{ reason }`: no longer owed (CANCELLED).
 * The three answer 409 USER_PAYMENT_ALREADY_PAID for a paid payment and USER_PAYMENT_CANCELLED for a
 * cancelled one.
 *
 * docs/product.md "Errors": the web's list call says 'Error fetching user payments' when it fails without a readable
 * error of ours.
 */

export const USER_PAYMENTS_FETCH_ERROR = "Error fetching user payments";

/** The docs/api-surface.md query's date pairs, each checked from ≤ to. */
const DATE_RANGES = [
  ["createdFrom", "createdTo"],
  ["sentFrom", "sentTo"],
  ["paidFrom", "paidTo"],
] as const;

export const zUserPaymentsQuery = lazy(() =>
  z
    .object({
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(USER_PAYMENTS_PAGE_SIZE),
      /** Trimmed; empty means no search. */
      searchTerm: zSingleLineText({ max: 100 }).optional(),
      createdFrom: zDateOnly.optional(),
      createdTo: zDateOnly.optional(),
      sentFrom: zDateOnly.optional(),
      sentTo: zDateOnly.optional(),
      paidFrom: zDateOnly.optional(),
      paidTo: zDateOnly.optional(),
      isUserPaymentDone: zBooleanString.optional(),
    })
    .superRefine((query, issues) => {
      for (const [from, to] of DATE_RANGES) {
        const start = query[from];
        const end = query[to];
        if (start && end && start > end)
          issues.addIssue({ code: "custom", path: [to], message: `Must not be before ${from}` });
      }
    }),
);
export type TUserPaymentsQuery = z.infer<typeof zUserPaymentsQuery>;
/** The query as the web writes it (the flag as text). */
export type TUserPaymentsQueryInput = z.input<typeof zUserPaymentsQuery>;

const zUserPaymentIdParams = lazy(() => z.object({ id: z.uuid() }));

/** How to pay an unpaid BATCH payment by bank transfer (src/domain/payment-instructions.ts). */
const zBankTransfer = lazy(() =>
  z.object({
    recipient: z.string(),
    /** As printed, in groups of four. */
    iban: z.string(),
    bic: z.string(),
    /** As printed, in groups of five. */
    referenceNumber: z.string(),
    amountCents: z.int(),
    dueDate: z.string().nullable(),
    /** The 54-digit virtual barcode; null when the payment cannot be one. */
    virtualBarcode: z.string().nullable(),
  }),
);
export type TBankTransfer = z.infer<typeof zBankTransfer>;

export const zUserPayment = lazy(() =>
  z.object({
    id: z.uuid(),
    kind: z.enum(USER_PAYMENT_KINDS),
    /** What the employee sees the payment for, in Finnish as payroll prints it. */
    description: z.string().nullable(),
    orderId: z.uuid().nullable(),
    orderNumber: z.int().nullable(),
    bikeRedemptionId: z.uuid().nullable(),
    insuranceClaimId: z.uuid().nullable(),
    employee: z.object({ beneficiaryEmployeeId: z.uuid(), name: z.string(), email: z.string() }),
    company: z.object({ companyId: z.uuid(), name: z.string() }),
    amountCents: z.int(),
    paymentMethod: z.enum(PAYMENT_METHODS),
    paymentStatus: z.enum(PAYMENT_STATUSES),
    /** Digits only; shown in groups of five. */
    referenceNumber: z.string().nullable(),
    /** YYYY-MM-DD: the invoice's due date, or a day of the pay period that deducts a PAYROLL payment. */
    dueDate: z.string().nullable(),
    sentAt: z.iso.datetime().nullable(),
    paidAt: z.iso.datetime().nullable(),
    isUserPaymentDone: z.boolean(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    /** For an unpaid BATCH payment: the bank transfer's details and the virtual barcode; else null. */
    bankTransfer: zBankTransfer.nullable(),
  }),
);
export type TUserPayment = z.infer<typeof zUserPayment>;

export const zMyUserPayments = lazy(() => z.object({ items: z.array(zUserPayment) }));

/** The default list envelope: the spec names the query's page size pageSize, not the answer's. */
export const zUserPaymentPage = lazy(() => zPage(zUserPayment));
export type TUserPaymentPage = z.infer<typeof zUserPaymentPage>;

const zUserPaymentEvent = lazy(() =>
  z.object({
    id: z.uuid(),
    type: z.enum(EVENT_TYPES),
    /** Who did it, for the admin tier only (null for others, and for the system). */
    actorName: z.string().nullable(),
    /** A cancellation's reason. */
    reason: z.string().nullable(),
    createdAt: z.iso.datetime(),
  }),
);

export const zUserPaymentDetails = lazy(() => zUserPayment.extend({ events: z.array(zUserPaymentEvent) }));
export type TUserPaymentDetails = z.infer<typeof zUserPaymentDetails>;

export const zCreateUserPayment = lazy(() =>
  z.object({
    beneficiaryEmployeeId: z.uuid(),
    kind: z.enum(HAND_MADE_USER_PAYMENT_KINDS),
    description: zSingleLineText({ min: 1, max: 200 }),
    amountCents: z.int().min(1).max(USER_PAYMENT_MAX_CENTS),
    paymentMethod: z.enum(PAYMENT_METHODS),
    dueDate: zDateOnly,
    /** Ask the employee to pay at once; otherwise the helpdesk marks it sent later. */
    send: z.boolean(),
  }),
);
export type TCreateUserPayment = z.infer<typeof zCreateUserPayment>;

export const zCancelUserPayment = lazy(() => z.object({ reason: zSingleLineText({ min: 1, max: 500 }) }));

export const userPaymentsApi = lazy(() => ({
  mine: endpoint({
    method: "GET",
    path: "/user-payment",
    summary: "The caller's own payments (every employment of theirs), newest first, with how to pay them",
    response: zMyUserPayments,
    errors: [400, 401, 403],
  }),
  list: endpoint({
    method: "GET",
    path: "/user-payment/optimized",
    summary: "User payments newest first, searched and filtered in SQL (created, sent and paid dates, done)",
    query: zUserPaymentsQuery,
    response: zUserPaymentPage,
    errors: [400, 401, 403],
  }),
  create: endpoint({
    method: "POST",
    path: "/user-payment",
    summary: "Makes a payment by hand (other, return fee, deductible) for an employee",
    body: zCreateUserPayment,
    status: 201,
    response: zUserPayment,
    errors: [400, 401, 403, 404, 409],
  }),
  details: endpoint({
    method: "GET",
    path: "/user-payment/:id",
    summary: "A user payment with its events",
    params: zUserPaymentIdParams,
    response: zUserPaymentDetails,
    errors: [400, 401, 403, 404],
  }),
  markSent: endpoint({
    method: "POST",
    path: "/user-payment/:id/sent",
    summary: "The employee has been asked to pay (a BATCH invoice is mailed once)",
    params: zUserPaymentIdParams,
    response: zUserPayment,
    errors: [400, 401, 403, 404, 409],
  }),
  markPaid: endpoint({
    method: "POST",
    path: "/user-payment/:id/paid",
    summary: "The payment is in: PAID and done",
    params: zUserPaymentIdParams,
    response: zUserPayment,
    errors: [400, 401, 403, 404, 409, 422],
    idempotent: true,
  }),
  cancel: endpoint({
    method: "POST",
    path: "/user-payment/:id/cancel",
    summary: "The payment is no longer owed: CANCELLED, with the reason",
    params: zUserPaymentIdParams,
    body: zCancelUserPayment,
    response: zUserPayment,
    errors: [400, 401, 403, 404, 409],
  }),
}));
