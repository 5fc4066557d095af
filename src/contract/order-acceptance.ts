import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zOrderDetails, zOrderIdParams, zOrderItem, zOrderListItem } from "./orders.ts";
import { zMultiLineText } from "./text.ts";
import { zFileAnswer } from "./uploads.ts";

/**
 * The employee's acceptance and signature of their order, and the employer's approval (ADR 004).
 * Every answer that is "the order" is `zOrderDetails` of orders.ts.
 *
 * The employee's own (own-order.manage; another's order is 404):
 * - GET /api/orders/my/benefit → `zMyBenefit`: their max price, the bike policy, and whether they may
 *   order now (404 without an employment).
 * - GET /api/orders/{orderId}/offer?leaseTimeMonths= → `zOrderOffer`: the lease of their
 *   PACKAGE_PROVIDED order for a period (the price bracket's, or the nearest allowed, when not given),
 *   priced by the domain's lease payment with the company's billing table on the package less the
 *   employee's own share above the max price, with the package's lines it was priced on and their
 *   `packageVersion`. 400 LEASE_TIME_NOT_ALLOWED for a period outside `allowedLeaseTimes`.
 * - POST /api/orders/{orderId}/accept `zAcceptOrder` → the order: PACKAGE_PROVIDED → ALL_INFO_PROVIDED
 *   with the offer's figures fixed, the employer's approval required as the bike policy says, and the
 *   leasing agreement made (status null). The body names the `packageVersion` of the offer the
 *   employee read: the store's link may still replace the package until the acceptance, and a package
 *   that is no longer the one the offer showed is 409 OFFER_CHANGED, with nothing changed. A package
 *   above the max price needs `overMaxPriceConfirmed: true` (400 OVER_MAX_PRICE_NOT_CONFIRMED): the
 *   employee has seen what they pay themselves. The own share is not invoiced here but when the order
 *   is confirmed (signed, and approved where the policy asks).
 * - POST /api/orders/{orderId}/sign/code → `zSigningCodeSent`: a fresh 6-digit code by SMS to the
 *   employee's phone (5 minutes, 5 tries; a new code ends the earlier one). 400
 *   PHONE_NUMBER_REQUIRED_FOR_SIGNING without a phone number, 409 ORDER_ALREADY_SIGNED.
 * - POST /api/orders/{orderId}/sign `zSignOrder` → the order: the agreement PDF rendered, stored with
 *   its SHA-256 and the signer's evidence as a signed document; agreement SIGNED; confirmed at once
 *   when no approval is needed or it was given. 400 VERIFICATION_FAILED for a wrong code,
 *   VERIFICATION_EXPIRED when there is no live code (expired, used, or five wrong tries), 409
 *   ORDER_ALREADY_SIGNED.
 * - GET /api/orders/{orderId}/agreement.pdf → the PDF: the signed one byte for byte, else a draft
 *   marked LUONNOS (also to the order's employer with signed-documents.read, and the admin tier).
 *
 * The employer (orders.approve, the caller's companies; another tenant's order is 404):
 * - POST /api/orders/{orderId}/employer-decision `zEmployerDecision` → the order. Approve: confirms
 *   the order when it is already signed. Reject: cancels it with the reason. 409
 *   EMPLOYER_APPROVAL_NOT_REQUIRED, EMPLOYER_ALREADY_DECIDED, ORDER_TRANSITION_NOT_ALLOWED.
 * - GET /api/orders/awaiting-employer → `zAwaitingEmployer`: orders accepted by the employee that wait
 *   for the caller's approval, longest waiting first.
 */

const zLeaseTimeMonths = lazy(() => z.int().min(1).max(120));

const CANNOT_ORDER_REASONS = ["EMPLOYMENT_NOT_ACCEPTED", "NOT_ELIGIBLE", "ORDER_ALREADY_OPEN"] as const;

export const zMyBenefit = lazy(() =>
  z.object({
    /** The employee's own max price, else the company's; null: no limit. */
    maxPriceCents: z.int().nullable(),
    /** The policy the employee's orders follow (their override, else the company's; defaults when unset). */
    policy: z.object({
      minLeaseTimeMonths: z.int(),
      maxLeaseTimeMonths: z.int(),
      requiresEmployerApproval: z.boolean(),
      accessoriesAllowed: z.boolean(),
      maintenanceIncluded: z.boolean(),
      insuranceRequired: z.boolean(),
      policyText: z.string().nullable(),
    }),
    companyName: z.string(),
    canOrder: z.boolean(),
    cannotOrderReason: z.enum(CANNOT_ORDER_REASONS).nullable(),
  }),
);
export type TMyBenefit = z.infer<typeof zMyBenefit>;

/**
 * The version of the store's package an offer was priced on: a hash of its total and its lines (what the
 * employee sees of them), the same for as long as the package is the same. Opaque to the client.
 */
const zPackageVersion = lazy(() => z.string().regex(/^[0-9a-f]{64}$/, "The packageVersion of the offer"));

const zOrderOfferQuery = lazy(() =>
  z.object({
    leaseTimeMonths: z.coerce.number().int().min(1).max(120).optional(),
  }),
);

export const zOrderOffer = lazy(() =>
  z.object({
    leaseTimeMonths: z.int(),
    monthlyPaymentCents: z.int(),
    /** What payroll deducts from the gross salary each month. */
    grossDeductionCents: z.int(),
    /** The employee's own share above their max price, paid separately. */
    userPaymentCents: z.int(),
    residualValueCents: z.int(),
    totalPriceCents: z.int(),
    allowedLeaseTimes: z.array(z.int()),
    /** The package's lines the offer was priced on, in the store's order: what the employee accepts. */
    items: z.array(zOrderItem),
    /** The package the offer was priced on; the acceptance names it. */
    packageVersion: zPackageVersion,
  }),
);
export type TOrderOffer = z.infer<typeof zOrderOffer>;

const zAcceptOrder = lazy(() =>
  z.object({
    leaseTimeMonths: zLeaseTimeMonths,
    /** The `packageVersion` of the offer the employee read: another package is not accepted unseen. */
    packageVersion: zPackageVersion,
    /**
     * The employee has confirmed the own share of a package above their max price: what they pay
     * themselves besides the monthly payment. Required (true) for such a package, else 400
     * OVER_MAX_PRICE_NOT_CONFIRMED; not needed for a package within the max price.
     */
    overMaxPriceConfirmed: z.boolean().optional(),
  }),
);
export type TAcceptOrder = z.infer<typeof zAcceptOrder>;

export const zSigningCodeSent = lazy(() =>
  z.object({
    /** The number the code went to, masked: +35850•••••10. */
    phoneNumberHint: z.string(),
    expiresInSeconds: z.int(),
    /** The code itself, only while the dev outbox is on (never in production). */
    devCode: z.string().optional(),
  }),
);
export type TSigningCodeSent = z.infer<typeof zSigningCodeSent>;

export const zSignOrder = lazy(() =>
  z.object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, "The code has 6 digits"),
  }),
);

export const zEmployerDecision = lazy(() =>
  z.object({
    approve: z.boolean(),
    /** Why the order is refused; kept in the cancellation's event. */
    reason: zMultiLineText({ max: 1000 }).optional(),
  }),
);
export type TEmployerDecision = z.infer<typeof zEmployerDecision>;

export const zAwaitingEmployer = lazy(() => z.object({ items: z.array(zOrderListItem) }));

/** The order's acceptance and signing; the agreement PDF is a file the browser opens by its address. */
export const orderAcceptanceApi = lazy(() => ({
  agreementPdf: endpoint({
    method: "GET",
    path: "/orders/:orderId/agreement.pdf",
    summary: "The order's leasing agreement as a PDF: the signed one byte for byte, else a draft",
    params: zOrderIdParams,
    answer: "file",
    response: zFileAnswer,
    errors: [400, 401, 403, 404],
  }),
  benefit: endpoint({
    method: "GET",
    path: "/orders/my/benefit",
    summary: "The employee's max price, bike policy, and whether they may order now",
    response: zMyBenefit,
    errors: [400, 401, 403, 404, 503],
  }),
  awaitingEmployer: endpoint({
    method: "GET",
    path: "/orders/awaiting-employer",
    summary: "Orders of the caller's companies waiting for the employer's approval, longest waiting first",
    response: zAwaitingEmployer,
    errors: [400, 401, 403, 404],
  }),
  offer: endpoint({
    method: "GET",
    path: "/orders/:orderId/offer",
    summary:
      "The lease on the employee's provided package for a period: monthly payment, own share, residual",
    params: zOrderIdParams,
    query: zOrderOfferQuery,
    response: zOrderOffer,
    errors: [400, 401, 403, 404, 409, 503],
  }),
  accept: endpoint({
    method: "POST",
    path: "/orders/:orderId/accept",
    summary:
      "The employee accepts the package of the offer they read for a lease period; the leasing agreement waits for signing; 409 OFFER_CHANGED when the store has replaced the package since; 400 OVER_MAX_PRICE_NOT_CONFIRMED when a package above the max price comes without the own share's confirmation",
    params: zOrderIdParams,
    body: zAcceptOrder,
    response: zOrderDetails,
    errors: [400, 401, 403, 404, 409, 503],
  }),
  signCode: endpoint({
    method: "POST",
    path: "/orders/:orderId/sign/code",
    summary: "Sends the employee a fresh 6-digit code by SMS to sign the order's leasing agreement",
    params: zOrderIdParams,
    response: zSigningCodeSent,
    errors: [400, 401, 403, 404, 409, 429],
  }),
  sign: endpoint({
    method: "POST",
    path: "/orders/:orderId/sign",
    summary: "The employee signs the leasing agreement with the code; the PDF is kept with its SHA-256",
    params: zOrderIdParams,
    body: zSignOrder,
    response: zOrderDetails,
    errors: [400, 401, 403, 404, 409, 429],
  }),
  employerDecision: endpoint({
    method: "POST",
    path: "/orders/:orderId/employer-decision",
    summary: "The employer approves the order (confirming it once signed) or refuses it (cancelling it)",
    params: zOrderIdParams,
    body: zEmployerDecision,
    response: zOrderDetails,
    errors: [400, 401, 403, 404, 409],
  }),
}));
