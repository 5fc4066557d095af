import { z } from "zod";
import {
  EVENT_TYPES,
  ORDER_STATUSES,
  PAYER_TYPES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  REDEMPTION_CHOICES,
  REDEMPTION_REASONS,
  SIMPLE_STATES,
  USER_PAYMENT_KINDS,
} from "../domain/enums.ts";
import {
  isMonthEnd,
  OPTION_OUTCOMES,
  OPTION_TAX_NOTES,
  OPTION_UNAVAILABLE_REASONS,
  REDEMPTION_STATES,
} from "../domain/redemption.ts";
import { zMessage, zPageQuery } from "./common.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zOrderItem } from "./orders.ts";
import { zRedemptionOffer, zRedemptionOfferSaved } from "./redemption-offers.ts";
import { zEmailAddress } from "./system-users.ts";
import { zMultiLineText, zSingleLineText } from "./text.ts";
import { zCents, zDateOnly, zPlausibleDate } from "./values.ts";

/**
 * The end of a lease (ADR 009; docs/data-model.md "Bike redemption", "Redemption payment", docs/api-surface.md, docs/product.md "Errors"): a
 * bike redemption case (lunastus) opens before a lease ends, at its term's end (the daily job, 8 weeks
 * ahead, or the helpdesk) or early (the employment ends, a long absence). It carries the redemption
 * price by rule (src/domain/redemption.ts), the decision deadline and the lease's last day, the options
 * with their costs compared, the redemption offers (PDF), the employee's choice and what follows from
 * it. Money is integer cents incl. VAT; dates are YYYY-MM-DD (Helsinki); times ISO 8601.
 *
 * Who: the helpdesk (redemptions.manage) every case; an employer user their companies' cases (read
 * with orders.read; open one and choose for an employee with employees.manage); the employee
 * (own-order.manage) their own. Another tenant's or another employee's case is 404.
 *
 * Bike redemptions:
 * - GET /api/bike-redemption `zBikeRedemptionsQuery` → `zBikeRedemptionList` `{ items, totalCount,
 *   page, limit }`, newest first; search by the employee's name or e-mail or the order number; filter
 *   by status, paymentMethod, reason. Readers: redemptions.manage, orders.read, own-order.manage.
 * - POST /api/bike-redemption `zOpenBikeRedemption` → 201 `zBikeRedemptionSaved` (message 'Bike
 *   redemption created successfully'): opens a case for an order in ACTIVE_LEASING whose agreement is
 *   ACCEPTED and started (else 409 NO_ACTIVE_LEASE); one open case per order (409
 *   REDEMPTION_ALREADY_OPEN, also for the loser of two at once). The helpdesk may give any reason; the
 *   employer (employees.manage) EMPLOYEE_RESIGNED, EMPLOYER_ENDED_EMPLOYMENT or LONG_ABSENCE for its
 *   companies' employees; the employee EMPLOYEE_RESIGNED or LONG_ABSENCE for their own order (another
 *   reason: 403). The price, the deadline and the lease's last day follow the rules; the offer PDF is
 *   made at once; the employee gets a mail, the employer admins a notification.
 *   `lastWorkingDay` (an ending employment; default the employment's own last working day when set),
 *   `absenceStartDate` (LONG_ABSENCE; default the employee's latest recorded absence; 400 when
 *   neither), `employerInitiated` (LONG_ABSENCE: the employer caused it, a lay-off: 90 covered days
 *   instead of 30; ignored from the employee). A day outside earlyEndDayRange is 400 at its field.
 * - GET /api/bike-redemption/{id} → `zBikeRedemptionDetails`: the case, its order and agreement in
 *   brief, the options with costs, the price table, the offers (each with its fileUrl), its user
 *   payment, its redemption payments (not for the employee), its brokerage listing, the leasing
 *   company's invoice (admin tier), its events, and what the caller may do next (`allowedActions`).
 * - PUT /api/bike-redemption/{id} `zUpdateBikeRedemption` (redemptions.manage) → `zBikeRedemptionSaved`
 *   ('Bike redemption updated successfully'): only the fields given change. A new leaseEndsOn (a month's
 *   last day within the lease) without a price recomputes the price by rule. An open payment of the
 *   case is made again with the new figures; once it is paid, price, method and fee are 409
 *   REDEMPTION_CLOSED. A closed case: 409 REDEMPTION_CLOSED. A method the company's payment mode does
 *   not allow: 409 PAYMENT_METHOD_NOT_ALLOWED.
 * - DELETE /api/bike-redemption/{id} (redemptions.manage) → `{ message: 'Bike redemption deleted
 *   successfully' }`: the case is CANCELLED (kept for history), its open user payment cancelled, an
 *   unlisted brokerage row withdrawn. 409 REDEMPTION_CLOSED when closed or its payment is paid (refund
 *   it first).
 * - POST /api/bike-redemption/{id}/choice `zRedemptionChoiceInput` → `zBikeRedemptionDetails`: the
 *   employee (own), the employer (employees.manage, e.g. for someone who has left) or the helpdesk.
 *   Only an available option (409 LEASE_END_CHOICE_NOT_ALLOWED); after the deadline only the helpdesk
 *   (409 LEASE_END_DEADLINE_PASSED). A choice may be changed until something follows from it (a paid
 *   payment, a brokerage listing: then 409 LEASE_END_CHOICE_NOT_ALLOWED). REDEEM: paymentMethod
 *   required, allowed by the company's paymentMode (PAYROLL, BATCH, ALL = both; 409
 *   PAYMENT_METHOD_NOT_ALLOWED); a REDEMPTION user payment is made and sent at once (PAYROLL due in the
 *   lease's last month, BATCH in 14 days or by the lease's last day). RETURN on an early end with a
 *   fee the employee pays: a RETURN_FEE user payment (paymentMethod if given, else the company's).
 *   BROKERAGE: the bike goes to the brokerage, not listed yet. TRANSFER: transferToEmail required.
 * - POST /api/bike-redemption/{id}/grenke-invoice (redemptions.manage) → `zBikeRedemptionDetails`:
 *   Pedaali buys the bike from the leasing company at the price by rule at the lease's last day (the
 *   residual at the term's end): an invoice (payer PEDAALI) and a PEDAALI redemption payment. 409
 *   CONFLICT when already sent, REDEMPTION_CLOSED when closed.
 * - POST /api/bike-redemption/{id}/complete (redemptions.manage; no body) → `zBikeRedemptionDetails`:
 *   COMPLETED; the lease ends on leaseEndsOn (not for CONTINUE); a returned bike goes to the brokerage;
 *   the employee gets a mail. 409 LEASE_END_CHOICE_NOT_ALLOWED without a choice, REDEMPTION_NOT_PAID
 *   for REDEEM before its payment is paid, REDEMPTION_CLOSED when closed.
 * - POST /api/bike-redemption/{id}/offer (redemptions.manage; no body) → 201 `zRedemptionOfferSaved`
 *   ('Redemption offer created successfully'): the offer PDF made again from the case.
 *
 * The offers' own calls (uploading one, reading its file) are contract/redemption-offers.ts.
 */

export const BIKE_REDEMPTION_CREATED = "Bike redemption created successfully";
export const BIKE_REDEMPTION_UPDATED = "Bike redemption updated successfully";
export const BIKE_REDEMPTION_DELETED = "Bike redemption deleted successfully";
export const REDEMPTION_PAYMENT_CREATED = "Redemption payment created successfully";
export const REDEMPTION_PAYMENT_UPDATED = "Redemption payment updated successfully";
export const REDEMPTION_PAYMENT_DELETED = "Redemption payment deleted successfully";

/** The largest price, fee or payment the API takes: 100 000,00 €. */
const REDEMPTION_MAX_CENTS = 10_000_000;
/** An amount of a redemption's money, in cents. */
export const zRedemptionAmount = lazy(() => zCents.max(REDEMPTION_MAX_CENTS));

const zBikeRedemptionIdParams = lazy(() => z.object({ id: z.uuid() }));

// ---- Lists ---------------------------------------------------------------------------------------

export const zBikeRedemptionsQuery = lazy(() =>
  zPageQuery.extend({
    /** Part of the employee's name or e-mail, or the order number; trimmed, empty means all. */
    search: zSingleLineText({ max: 100 }).optional(),
    status: z.enum(SIMPLE_STATES).optional(),
    paymentMethod: z.enum(PAYMENT_METHODS).optional(),
    reason: z.enum(REDEMPTION_REASONS).optional(),
  }),
);
export type TBikeRedemptionsQuery = z.infer<typeof zBikeRedemptionsQuery>;

/** A case in the list. */
const zBikeRedemptionListItem = lazy(() =>
  z.object({
    id: z.uuid(),
    status: z.enum(SIMPLE_STATES),
    reason: z.enum(REDEMPTION_REASONS),
    /** The employee's choice; null until made. */
    choice: z.enum(REDEMPTION_CHOICES).nullable(),
    paymentMethod: z.enum(PAYMENT_METHODS),
    /** The price the case asks (the rule's price unless the helpdesk changed it), incl. VAT. */
    redemptionPriceCents: z.int(),
    /** The last day to choose. */
    decisionDeadline: z.string().nullable(),
    /** The status as shown (redemptionState): an open case past its decision deadline is OVERDUE. */
    state: z.enum(REDEMPTION_STATES),
    /** The lease's last day as the case sees it (the term's end, or an earlier month's last day). */
    leaseEndsOn: z.string().nullable(),
    order: z.object({ orderId: z.uuid(), orderNumber: z.int() }),
    employee: z.object({ beneficiaryEmployeeId: z.uuid(), name: z.string(), email: z.string() }),
    company: z.object({ companyId: z.uuid(), name: z.string() }),
    /** The package's bike line ("Tunturi eMAX 28"), or null. */
    bikeName: z.string().nullable(),
    userPaymentSentAt: z.iso.datetime().nullable(),
    userPaymentPaidAt: z.iso.datetime().nullable(),
    leasingCompanyInvoiceSentAt: z.iso.datetime().nullable(),
    completedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  }),
);
export type TBikeRedemptionListItem = z.infer<typeof zBikeRedemptionListItem>;

/** docs/data-model.md: `items` and `totalCount`, with the page asked for. */
export const zBikeRedemptionList = lazy(() =>
  z.object({
    items: z.array(zBikeRedemptionListItem),
    totalCount: z.int(),
    page: z.int(),
    limit: z.int(),
  }),
);
export type TBikeRedemptionList = z.infer<typeof zBikeRedemptionList>;

// ---- One case -------------------------------------------------------------------------------------

/** An option and its cost (src/domain/redemption.ts redemptionOptions), in REDEMPTION_CHOICES order. */
const zRedemptionOption = lazy(() =>
  z.object({
    choice: z.enum(REDEMPTION_CHOICES),
    available: z.boolean(),
    /** Why it is not open: EARLY_END_ONLY, LONG_ABSENCE_ONLY, RESIGNED_MUST_REDEEM; null when open. */
    unavailableReason: z.enum(OPTION_UNAVAILABLE_REASONS).nullable(),
    /** What the employee pays; min < max where it depends on what is not known yet (a sale, a return date). */
    costCents: z.object({ min: z.int(), max: z.int() }),
    /** What the employer pays (an early return after it ended the employment). */
    employerCostCents: z.int(),
    /** What choosing it leads to (one per choice). */
    outcome: z.enum(OPTION_OUTCOMES),
    /** VERIFY_FAIR_VALUE (a purchase below fair value may be salary: verify), NEW_CONTRACT_TAXABLE. */
    taxNote: z.enum(OPTION_TAX_NOTES).nullable(),
  }),
);
export type TRedemptionOption = z.infer<typeof zRedemptionOption>;

/** A row of the month-by-month price table: the price if the lease ends at the end of that month. */
const zRedemptionPriceRow = lazy(() =>
  z.object({
    monthsPaid: z.int(),
    leaseEndsOn: z.string(),
    priceCents: z.int(),
  }),
);
export type TRedemptionPriceRow = z.infer<typeof zRedemptionPriceRow>;

/** The employee's own payment of the case (the user payments ledger): REDEMPTION or RETURN_FEE. */
const zRedemptionUserPayment = lazy(() =>
  z.object({
    userPaymentId: z.uuid(),
    kind: z.enum(USER_PAYMENT_KINDS),
    amountCents: z.int(),
    paymentMethod: z.enum(PAYMENT_METHODS),
    paymentStatus: z.enum(PAYMENT_STATUSES),
    referenceNumber: z.string().nullable(),
    dueDate: z.string().nullable(),
    sentAt: z.iso.datetime().nullable(),
    paidAt: z.iso.datetime().nullable(),
  }),
);
export type TRedemptionUserPayment = z.infer<typeof zRedemptionUserPayment>;

export const zRedemptionPayment = lazy(() =>
  z.object({
    id: z.uuid(),
    bikeRedemptionId: z.uuid(),
    order: z.object({ orderId: z.uuid(), orderNumber: z.int() }),
    company: z.object({ companyId: z.uuid(), name: z.string() }),
    employeeName: z.string(),
    status: z.enum(PAYMENT_STATUSES),
    payerType: z.enum(PAYER_TYPES),
    amountCents: z.int(),
    referenceNumber: z.string().nullable(),
    dueDate: z.string().nullable(),
    paidAt: z.iso.datetime().nullable(),
    note: z.string().nullable(),
    /** The employee's row, kept by the user payments ledger: not changed or deleted here. */
    madeByLedger: z.boolean(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  }),
);
export type TRedemptionPayment = z.infer<typeof zRedemptionPayment>;

/** A row of the case's timeline (EventTimeline: id, time, who, what). */
const zBikeRedemptionEvent = lazy(() =>
  z.object({
    id: z.uuid(),
    type: z.enum(EVENT_TYPES),
    by: z.enum(["user", "system"]),
    /** The user's name, for the admin tier only. */
    actorName: z.string().nullable(),
    /** The choice an event names (BIKE_REDEMPTION_CHOICE_MADE), else null. */
    choice: z.enum(REDEMPTION_CHOICES).nullable(),
    /** The amount an event names (a payment, a price), else null. */
    amountCents: z.int().nullable(),
    createdAt: z.iso.datetime(),
  }),
);
export type TBikeRedemptionEvent = z.infer<typeof zBikeRedemptionEvent>;

/** What the caller may do next with the case (the server checks each again). */
const REDEMPTION_ACTIONS = [
  "CHOOSE",
  "UPDATE",
  "CANCEL",
  "UPLOAD_OFFER",
  "REGENERATE_OFFER",
  "SEND_LEASING_COMPANY_INVOICE",
  "COMPLETE",
  "RECORD_PAYMENT",
] as const;
export type RedemptionAction = (typeof REDEMPTION_ACTIONS)[number];

/** Who opened the case: the daily job (SYSTEM), the helpdesk, the employer or the employee. */
export const REDEMPTION_OPENERS = ["SYSTEM", "HELPDESK", "EMPLOYER", "EMPLOYEE"] as const;

export const zBikeRedemptionDetails = lazy(() =>
  zBikeRedemptionListItem.extend({
    order: z.object({
      orderId: z.uuid(),
      orderNumber: z.int(),
      orderStatus: z.enum(ORDER_STATUSES),
      bikeStoreName: z.string().nullable(),
      frameSerialNumber: z.string().nullable(),
      /** The package's lines (the bike, accessories, services). */
      items: z.array(zOrderItem),
    }),
    openedBy: z.enum(REDEMPTION_OPENERS),
    /** An early end (any reason but LEASE_TERM_ENDS). */
    early: z.boolean(),
    /** Today is after the decision deadline: only the helpdesk may choose. */
    deadlinePassed: z.boolean(),
    choiceMadeAt: z.iso.datetime().nullable(),
    /** TRANSFER: the colleague who takes the lease over. */
    transferToEmail: z.string().nullable(),
    /** An early return's fee and delivery the employee pays (0 when the employer does; null at the term's end). */
    returnFeeCents: z.int().nullable(),
    vatPercent: z.number().nullable(),
    note: z.string().nullable(),
    /** LONG_ABSENCE: the last day the employer covers the payments, and the expected return (null: unknown). */
    coveredUntil: z.string().nullable(),
    expectedReturn: z.string().nullable(),
    /** The lease in brief; null only for a case kept from before its agreement started (never one opened here). */
    agreement: z
      .object({
        id: z.uuid(),
        agreementNumber: z.string().nullable(),
        leasingCompanyName: z.string(),
        startDate: z.string(),
        /** The term's last day. */
        endDate: z.string(),
        leaseTimeMonths: z.int(),
        monthlyPaymentCents: z.int(),
        /** The financed package price (P) and its residual value (R), incl. VAT. */
        packagePriceCents: z.int(),
        residualValueCents: z.int(),
        annualInterestPercent: z.number(),
        /** Lease months started up to leaseEndsOn. */
        monthsPaid: z.int(),
        /** The price by rule at leaseEndsOn (the case's own price may differ after a change by the helpdesk). */
        rulePriceCents: z.int(),
      })
      .nullable(),
    options: z.array(zRedemptionOption),
    priceTable: z.array(zRedemptionPriceRow),
    offers: z.array(zRedemptionOffer),
    /** The open or paid payment the employee makes for the case (the latest), or null. */
    userPayment: zRedemptionUserPayment.nullable(),
    /** The case's money ledger; empty for the employee. */
    redemptionPayments: z.array(zRedemptionPayment),
    /** The bike in the brokerage (BROKERAGE, or a completed RETURN), or null. */
    brokerage: z
      .object({
        bikeBrokerageId: z.uuid(),
        status: z.enum(SIMPLE_STATES),
        askingPriceCents: z.int().nullable(),
        listedAt: z.iso.datetime().nullable(),
      })
      .nullable(),
    /** Pedaali's purchase of the bike from the leasing company (admin tier only), or null. */
    leasingCompanyInvoice: z
      .object({
        invoiceId: z.uuid(),
        invoiceNumber: z.string().nullable(),
        totalCents: z.int(),
        referenceNumber: z.string().nullable(),
        dueDate: z.string().nullable(),
        sentAt: z.iso.datetime().nullable(),
      })
      .nullable(),
    /** Oldest first. */
    events: z.array(zBikeRedemptionEvent),
    allowedActions: z.array(z.enum(REDEMPTION_ACTIONS)),
  }),
);
export type TBikeRedemptionDetails = z.infer<typeof zBikeRedemptionDetails>;

export const zBikeRedemptionSaved = lazy(() =>
  z.object({ message: z.string(), bikeRedemption: zBikeRedemptionDetails }),
);
export type TBikeRedemptionSaved = z.infer<typeof zBikeRedemptionSaved>;

// ---- Requests -----------------------------------------------------------------------------------------

export const zOpenBikeRedemption = lazy(() =>
  z.object({
    orderId: z.uuid(),
    reason: z.enum(REDEMPTION_REASONS),
    lastWorkingDay: zPlausibleDate("LAST_WORKING_DAY").optional(),
    absenceStartDate: zPlausibleDate("ABSENCE").optional(),
    employerInitiated: z.boolean().optional(),
    note: zMultiLineText({ max: 1000 }).optional(),
  }),
);
export type TOpenBikeRedemption = z.infer<typeof zOpenBikeRedemption>;

export const zUpdateBikeRedemption = lazy(() =>
  z
    .object({
      redemptionPriceCents: zRedemptionAmount.optional(),
      decisionDeadline: zDateOnly.optional(),
      /** The last day of a month within the lease. */
      leaseEndsOn: zPlausibleDate("LEASE").refine(isMonthEnd, "Must be the last day of a month").optional(),
      paymentMethod: z.enum(PAYMENT_METHODS).optional(),
      note: z.union([zMultiLineText({ max: 1000 }), z.null()]).optional(),
      returnFeeCents: z.union([zRedemptionAmount, z.null()]).optional(),
    })
    .refine((body) => Object.values(body).some((value) => value !== undefined), "Give at least one field"),
);
export type TUpdateBikeRedemption = z.infer<typeof zUpdateBikeRedemption>;

export const zRedemptionChoiceInput = lazy(() =>
  z
    .object({
      choice: z.enum(REDEMPTION_CHOICES),
      /** REDEEM: required; RETURN with a fee: how the fee is paid (default: as the company pays). */
      paymentMethod: z.enum(PAYMENT_METHODS).optional(),
      /** TRANSFER: required, the colleague's e-mail. */
      transferToEmail: zEmailAddress.optional(),
    })
    .superRefine((body, issues) => {
      if (body.choice === "REDEEM" && !body.paymentMethod)
        issues.addIssue({ code: "custom", path: ["paymentMethod"], message: "Required to redeem" });
      if (body.choice === "TRANSFER" && !body.transferToEmail)
        issues.addIssue({ code: "custom", path: ["transferToEmail"], message: "Required for a transfer" });
    }),
);
export type TRedemptionChoiceInput = z.infer<typeof zRedemptionChoiceInput>;

/**
 * The calls of the lease's end. Reading a case: redemptions.manage, orders.read or own-order.manage;
 * opening one and choosing: redemptions.manage, employees.manage or own-order.manage; the rest: helpdesk.
 */
export const redemptionsApi = lazy(() => ({
  list: endpoint({
    method: "GET",
    path: "/bike-redemption",
    summary:
      "Redemption cases, newest first; search by employee or order number, filter by status, method, reason",
    query: zBikeRedemptionsQuery,
    response: zBikeRedemptionList,
    errors: [400, 401, 403],
  }),
  open: endpoint({
    method: "POST",
    path: "/bike-redemption",
    summary: "Opens a redemption case for an active lease ('Bike redemption created successfully')",
    body: zOpenBikeRedemption,
    status: 201,
    response: zBikeRedemptionSaved,
    errors: [400, 401, 403, 404, 409],
  }),
  details: endpoint({
    method: "GET",
    path: "/bike-redemption/:id",
    summary: "A redemption case with its options, price table, offers, payments and events",
    params: zBikeRedemptionIdParams,
    response: zBikeRedemptionDetails,
    errors: [400, 401, 403, 404],
  }),
  update: endpoint({
    method: "PUT",
    path: "/bike-redemption/:id",
    summary:
      "Changes an open case's price, dates, payment method, fee or note ('Bike redemption updated successfully')",
    params: zBikeRedemptionIdParams,
    body: zUpdateBikeRedemption,
    response: zBikeRedemptionSaved,
    errors: [400, 401, 403, 404, 409],
  }),
  cancel: endpoint({
    method: "DELETE",
    path: "/bike-redemption/:id",
    summary: "Cancels an open case, kept for history ('Bike redemption deleted successfully')",
    params: zBikeRedemptionIdParams,
    response: zMessage,
    errors: [400, 401, 403, 404, 409],
  }),
  choose: endpoint({
    method: "POST",
    path: "/bike-redemption/:id/choice",
    summary: "The employee's choice (redeem, return, brokerage, transfer, continue) and what follows from it",
    params: zBikeRedemptionIdParams,
    body: zRedemptionChoiceInput,
    response: zBikeRedemptionDetails,
    errors: [400, 401, 403, 404, 409],
  }),
  leasingCompanyInvoice: endpoint({
    method: "POST",
    path: "/bike-redemption/:id/grenke-invoice",
    summary: "Pedaali buys the bike from the leasing company: our invoice and its redemption payment",
    params: zBikeRedemptionIdParams,
    response: zBikeRedemptionDetails,
    errors: [400, 401, 403, 404, 409],
  }),
  complete: endpoint({
    method: "POST",
    path: "/bike-redemption/:id/complete",
    summary: "Completes the case: the lease ends; a returned bike goes to the brokerage",
    params: zBikeRedemptionIdParams,
    response: zBikeRedemptionDetails,
    errors: [400, 401, 403, 404, 409, 422],
    idempotent: true,
  }),
  regenerateOffer: endpoint({
    method: "POST",
    path: "/bike-redemption/:id/offer",
    summary: "Makes the redemption offer PDF again from the case",
    params: zBikeRedemptionIdParams,
    status: 201,
    response: zRedemptionOfferSaved,
    errors: [400, 401, 403, 404, 409],
  }),
}));
