import { z } from "zod";
import {
  DELIVERY_METHODS,
  EVENT_TYPES,
  INSURANCE_CLAIM_OUTCOMES,
  INSURANCE_CLAIM_TYPES,
  ORDER_CANCELLATION_REQUESTERS,
  ORDER_CANCELLATION_STATUSES,
  ORDER_ITEM_TYPES,
  ORDER_STATUSES,
  PAYER_TYPES,
  PAYMENT_METHODS,
  REDEMPTION_CHOICES,
  REDEMPTION_REASONS,
  REQUEST_STATUSES_WITH_SIGNED,
  SIMPLE_STATES,
} from "../domain/enums.ts";
import { SIGNING_METHODS } from "../domain/identification.ts";
import type { OrderParty } from "../domain/order-state-machine.ts";
import { zPage, zPageQuery } from "./common.ts";
import { zPostalCode } from "./company-fields.ts";
import { endpoint } from "./endpoint.ts";
import { zOrderInvoice } from "./invoices.ts";
import { lazy } from "./lazy.ts";
import { zLeaseTax } from "./leasing-agreements.ts";
import { zMultiLineText, zOptionalSingleLineText, zSingleLineText } from "./text.ts";

/**
 * Orders as the back office and the employer read them (docs/data-model.md "Order", docs/api-surface.md "Orders and employees").
 * orders.read; the admin tier sees every company's, an employer-side user their companies' only
 * (another tenant's order is 404).
 *
 * - GET /api/orders/all `zOrdersQuery` → the default page of `zOrderListItem`, newest first; search by
 *   the employee's name or e-mail or the order number; filter by status, by one of the status subsets of
 *   docs/product.md "States" (`statusGroup`), by company and by bike store;
 * - GET /api/orders/list-data `{ companyId? }` → `{ statusCounts: [{ status, count }], total }`: how
 *   many orders of the caller's reach are in each status (the work queue's tabs);
 * - GET /api/orders/{orderId} → `zOrderDetails`: the order, whom it waits for and since when, its
 *   timeline (the event-log rows of its moves, oldest first), and what the caller may do with it now
 *   (`allowedActions`, `allowedMoves`);
 * - GET /api/orders/confirmedOnlineCount → `{ count }`: online orders confirmed and waiting for the
 *   helpdesk to process them (orders.process, the admin tier).
 *
 * The employee's own (own-order.manage):
 * - POST /api/orders `zStartOrder` → 201 `zOrderDetails`: starts an order at a bike store (NOT_STARTED →
 *   PENDING through the lifecycle), which waits for the store's package. 409 NOT_ELIGIBLE_TO_ORDER when
 *   the employment or the company's bike policy does not allow an order now, 409 ORDER_ALREADY_OPEN
 *   while another order is on its way; a store that is not active is a 400 at bikeStoreId.
 * - GET /api/orders/my → `{ items: zOrderDetails[] }`: the caller's orders, newest first.
 * - POST /api/orders/{orderId}/answer `zCustomerAnswer` → `zOrderDetails`: the employee answers the
 *   question the helpdesk asked while the order waits for the customer's comment; the answer is kept in
 *   the order's event log (ORDER_CUSTOMER_ANSWERED) and the order waits for the helpdesk. Another's
 *   order is 404; an order not waiting for an answer (or answered already) is 409
 *   ORDER_TRANSITION_NOT_ALLOWED.
 */

export const ORDER_STATUS_GROUPS = ["GENERAL", "POST_PROCESSING", "FROM_PROCESSED"] as const;
export type OrderStatusGroup = (typeof ORDER_STATUS_GROUPS)[number];

export const ORDER_PARTIES = [
  "EMPLOYEE",
  "EMPLOYER",
  "BIKE_STORE",
  "HELPDESK",
  "LEASING_COMPANY",
] as const satisfies readonly OrderParty[];

export const zOrdersQuery = lazy(() =>
  zPageQuery.extend({
    /** Part of the employee's name or e-mail, or the order number; trimmed, empty means all. */
    search: zSingleLineText({ max: 100 }).optional(),
    status: z.enum(ORDER_STATUSES).optional(),
    statusGroup: z.enum(ORDER_STATUS_GROUPS).optional(),
    companyId: z.uuid().optional(),
    bikeStoreId: z.uuid().optional(),
  }),
);
export type TOrdersQuery = z.infer<typeof zOrdersQuery>;

export const zOrderListItem = lazy(() =>
  z.object({
    orderId: z.uuid(),
    orderNumber: z.int(),
    orderStatus: z.enum(ORDER_STATUSES),
    /** Where a WAITING_FOR_CUSTOMER_COMMENT order returns to; null otherwise. */
    previousStatus: z.enum(ORDER_STATUSES).nullable(),
    isOnlineOrder: z.boolean(),
    isOrderConfirmed: z.boolean(),
    bikeStore: z.object({ bikeStoreId: z.uuid(), storeName: z.string() }).nullable(),
    bikeStoreOrderNumber: z.string().nullable(),
    orderPaidDate: z.string().nullable(),
    company: z.object({ companyId: z.uuid(), name: z.string() }),
    employee: z.object({
      beneficiaryEmployeeId: z.uuid(),
      name: z.string(),
      email: z.string(),
    }),
    deliveryMethod: z.enum(DELIVERY_METHODS).nullable(),
    totalPriceCents: z.int(),
    monthlyPaymentCents: z.int().nullable(),
    leaseTimeMonths: z.int().nullable(),
    /**
     * A cancellation request of the order is open: the order holds where it is until the helpdesk
     * completes it or it is withdrawn (moves along the main line answer 409 ORDER_CANCELLATION_PENDING).
     */
    cancellationOpen: z.boolean(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  }),
);
export type TOrderListItem = z.infer<typeof zOrderListItem>;
export const zOrderPage = lazy(() => zPage(zOrderListItem));

export const zOrderEvent = lazy(() =>
  z.object({
    id: z.uuid(),
    type: z.enum(EVENT_TYPES),
    from: z.enum(ORDER_STATUSES).nullable(),
    to: z.enum(ORDER_STATUSES).nullable(),
    /** Who moved it: a user, the bike store by its link, or the system. */
    by: z.enum(["user", "bikeStoreToken", "system"]),
    /** The user's name, for the admin tier only (others see who by `by`). */
    actorName: z.string().nullable(),
    /**
     * What the event says in words: the helpdesk's question to the employee and the employee's answer,
     * for the employee and the helpdesk; the helpdesk also reads the notes of its other moves (a special
     * case, a cancellation). Null for everyone else.
     */
    message: z.string().nullable(),
    createdAt: z.iso.datetime(),
  }),
);
export type TOrderEvent = z.infer<typeof zOrderEvent>;

/** A line of the order's bike package, as the store entered it; lineTotalCents = quantity × unit − discount. */
export const zOrderItem = lazy(() =>
  z.object({
    id: z.uuid(),
    itemType: z.enum(ORDER_ITEM_TYPES),
    name: z.string(),
    brand: z.string().nullable(),
    model: z.string().nullable(),
    modelYear: z.int().nullable(),
    frameSize: z.string().nullable(),
    color: z.string().nullable(),
    quantity: z.int(),
    unitPriceCents: z.int(),
    discountCents: z.int(),
    lineTotalCents: z.int(),
  }),
);
export type TOrderItem = z.infer<typeof zOrderItem>;

/**
 * The order's leasing agreement in brief (made when the employee accepts the package): its tax regime
 * from the commitment date (ADR 008; null until committed), and the signed document once signed.
 */
const zOrderAgreement = lazy(() =>
  z.object({
    id: z.uuid(),
    status: z.enum(REQUEST_STATUSES_WITH_SIGNED).nullable(),
    leaseTimeMonths: z.int(),
    monthlyPaymentCents: z.int(),
    commitmentDate: z.string().nullable(),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
    /**
     * The lease's last day as every view shows it: its redemption case's once one is open (the employee's
     * page, the case, payroll and the lease invoice agree), else the agreement's end date.
     */
    leaseEndsOn: z.string().nullable(),
    taxRegime: z.enum(["GRANDFATHERED", "EXEMPT_2025_ONLY", "TAXABLE"]).nullable(),
    tax: zLeaseTax,
    signedAt: z.iso.datetime().nullable(),
    signedDocumentId: z.uuid().nullable(),
  }),
);
export type TOrderAgreement = z.infer<typeof zOrderAgreement>;

/**
 * What followed the sale of the order (ADR 009), in brief, the same for every side that reads the
 * order: its latest cancellation, its latest redemption case and its insurance claims.
 * Each area's own endpoints give the whole of each.
 */
const zOrderAfterSales = lazy(() =>
  z.object({
    cancellation: z
      .object({
        orderCancellationId: z.uuid(),
        status: z.enum(ORDER_CANCELLATION_STATUSES),
        requestedBy: z.enum(ORDER_CANCELLATION_REQUESTERS),
        reason: z.string().nullable(),
        refundAmountCents: z.int(),
        payerType: z.enum(PAYER_TYPES).nullable(),
        refundToType: z.enum(PAYER_TYPES).nullable(),
        createdAt: z.iso.datetime(),
        completedAt: z.iso.datetime().nullable(),
      })
      .nullable(),
    redemption: z
      .object({
        bikeRedemptionId: z.uuid(),
        status: z.enum(SIMPLE_STATES),
        reason: z.enum(REDEMPTION_REASONS),
        choice: z.enum(REDEMPTION_CHOICES).nullable(),
        choiceMadeAt: z.iso.datetime().nullable(),
        redemptionPriceCents: z.int(),
        paymentMethod: z.enum(PAYMENT_METHODS),
        decisionDeadline: z.string().nullable(),
        leaseEndsOn: z.string().nullable(),
        userPaymentSentAt: z.iso.datetime().nullable(),
        userPaymentPaidAt: z.iso.datetime().nullable(),
        createdAt: z.iso.datetime(),
        completedAt: z.iso.datetime().nullable(),
      })
      .nullable(),
    insuranceClaims: z.array(
      z.object({
        insuranceId: z.uuid(),
        type: z.enum(INSURANCE_CLAIM_TYPES),
        status: z.enum(SIMPLE_STATES),
        outcome: z.enum(INSURANCE_CLAIM_OUTCOMES).nullable(),
        createdAt: z.iso.datetime(),
        completedAt: z.iso.datetime().nullable(),
      }),
    ),
  }),
);
export type TOrderAfterSales = z.infer<typeof zOrderAfterSales>;

/**
 * The helpdesk's question while the order waits for the customer's comment, and the employee's answer
 * once given (the order then waits for the helpdesk to move it on). For the employee and the helpdesk;
 * null for everyone else and in every other status.
 */
const zCustomerQuestion = lazy(() =>
  z.object({
    /** Null when the order was paused without a question (before questions were kept, or in bulk). */
    question: z.string().nullable(),
    askedAt: z.iso.datetime(),
    answer: z.string().nullable(),
    answeredAt: z.iso.datetime().nullable(),
  }),
);
export type TCustomerQuestion = z.infer<typeof zCustomerQuestion>;

/**
 * What the caller may do with the order now, by its status, its agreement and the caller's roles (each
 * is checked again when it is done):
 * - the employee, on their own order: ACCEPT_PACKAGE (PACKAGE_PROVIDED), SIGN (ALL_INFO_PROVIDED and
 *   the agreement not signed yet), OPEN_LEASE_END (an early end of a lease that is billed or running,
 *   its agreement accepted and dated, not settled, with no redemption case open);
 * - the employer's deciders (orders.approve): EMPLOYER_DECISION while the order waits for the approval
 *   the bike policy asked for;
 * - whoever cancels the order on their side (the employee, the employer's deciders, the helpdesk):
 *   before delivery, while no other cancellation of it is open, CANCEL where their cancellation
 *   cancels the order at once (the transition table lets their side cancel it now), else
 *   REQUEST_CANCELLATION, a request the helpdesk carries out;
 * - the helpdesk (orders.process): SEND_TO_LEASING_COMPANY (CONFIRMED, agreement SIGNED),
 *   RECORD_LEASING_DECISION and SYNC_LEASING_DECISIONS (leasing.manage; CONFIRMED, agreement PENDING),
 *   PROCESS (CONFIRMED, agreement ACCEPTED), MATCH_INVOICE (WAITING_FOR_INVOICE_MATCH), PACKAGE_LINK and
 *   DELIVERY_LINK (a fresh store link while the store has that step to make), BILL (READY_FOR_BILLING,
 *   agreement ACCEPTED), START_LEASING (GRENKE_INVOICE_SENT with a delivery date, agreement ACCEPTED).
 */
const ORDER_ACTIONS = [
  "ACCEPT_PACKAGE",
  "SIGN",
  "EMPLOYER_DECISION",
  "CANCEL",
  "REQUEST_CANCELLATION",
  "OPEN_LEASE_END",
  "SEND_TO_LEASING_COMPANY",
  "RECORD_LEASING_DECISION",
  "SYNC_LEASING_DECISIONS",
  "PROCESS",
  "MATCH_INVOICE",
  "PACKAGE_LINK",
  "DELIVERY_LINK",
  "BILL",
  "START_LEASING",
] as const;
export type OrderActionName = (typeof ORDER_ACTIONS)[number];

export const zOrderDetails = lazy(() =>
  zOrderListItem.extend({
    deliveryStreetAddress: z.string().nullable(),
    deliveryPostalCode: z.string().nullable(),
    deliveryCity: z.string().nullable(),
    vatPercent: z.number().nullable(),
    residualValueCents: z.int().nullable(),
    frameSerialNumber: z.string().nullable(),
    deliveryDate: z.string().nullable(),
    customerComment: z.string().nullable(),
    customerQuestion: zCustomerQuestion.nullable(),
    /** Whose move the order waits for (null: nothing left to do), and since when. */
    waitingOn: z.enum(ORDER_PARTIES).nullable(),
    statusSince: z.iso.datetime(),
    events: z.array(zOrderEvent),
    /** The bike package's lines, in the store's order (empty until the store provides the package). */
    items: z.array(zOrderItem),
    /** The employee's own share of a package above their max price; fixed when they accept. */
    userPaymentCents: z.int(),
    /** Fixed when the employee accepts: the bike policy then asked the employer to approve. */
    employerApprovalRequired: z.boolean(),
    employerApprovedAt: z.iso.datetime().nullable(),
    agreement: zOrderAgreement.nullable(),
    /** The order's invoices (the store's purchase invoice, our bill to the leasing company); admin tier only. */
    invoices: z.array(zOrderInvoice),
    afterSales: zOrderAfterSales,
    allowedActions: z.array(z.enum(ORDER_ACTIONS)),
    /**
     * The statuses the caller may move the order to by name now (POST /api/orders/{orderId}/status: the
     * customer-comment side state and back, cancelling, refunding, CASE_X in and out); empty but for the
     * helpdesk.
     */
    allowedMoves: z.array(z.enum(ORDER_STATUSES)),
    /**
     * The ways the company lets the agreement be signed and the order approved now, the preferred first
     * (src/domain/identification.ts); empty when it asks for strong identification and none is set up.
     */
    signingMethods: z.array(z.enum(SIGNING_METHODS)),
  }),
);
export type TOrderDetails = z.infer<typeof zOrderDetails>;

export const zOrderIdParams = lazy(() => z.object({ orderId: z.uuid() }));

const zOrderListDataQuery = lazy(() => z.object({ companyId: z.uuid().optional() }));
export const zOrderListData = lazy(() =>
  z.object({
    statusCounts: z.array(z.object({ status: z.enum(ORDER_STATUSES), count: z.int() })),
    total: z.int(),
  }),
);
export type TOrderListData = z.infer<typeof zOrderListData>;

export const zConfirmedOnlineCount = lazy(() => z.object({ count: z.int() }));

const zOptionalPostalCode = lazy(() => z.union([zPostalCode, z.literal(""), z.null()]).optional());

export const zStartOrder = lazy(() =>
  z
    .object({
      /** The employment the order is for; may be left out when the caller has exactly one accepted one. */
      beneficiaryEmployeeId: z.uuid().optional(),
      bikeStoreId: z.uuid(),
      deliveryMethod: z.enum(DELIVERY_METHODS),
      deliveryStreetAddress: zOptionalSingleLineText(200),
      deliveryPostalCode: zOptionalPostalCode,
      deliveryCity: zOptionalSingleLineText(100),
      /** What the employee tells the store (the bike they have in mind, a size). */
      customerComment: zMultiLineText({ max: 1000 }).optional(),
    })
    .superRefine((order, issues) => {
      if (order.deliveryMethod !== "HOME_DELIVERY") return;
      for (const field of ["deliveryStreetAddress", "deliveryPostalCode", "deliveryCity"] as const) {
        if (!order[field])
          issues.addIssue({ code: "custom", path: [field], message: "Required for home delivery" });
      }
    }),
);
export type TStartOrder = z.infer<typeof zStartOrder>;

export const zMyOrders = lazy(() => z.object({ items: z.array(zOrderDetails) }));

/** The longest answer the employee may give to the helpdesk's question. */
export const CUSTOMER_ANSWER_MAX = 2000;

export const zCustomerAnswer = lazy(() =>
  z.object({
    answer: zMultiLineText({ min: 1, max: CUSTOMER_ANSWER_MAX }),
  }),
);
export type TCustomerAnswer = z.infer<typeof zCustomerAnswer>;
export type TMyOrders = z.infer<typeof zMyOrders>;

export const ordersApi = lazy(() => ({
  list: endpoint({
    method: "GET",
    path: "/orders/all",
    summary: "Orders newest first, searched and filtered in SQL (status, status subset, company, store)",
    query: zOrdersQuery,
    response: zOrderPage,
    errors: [400, 401, 403],
  }),
  listData: endpoint({
    method: "GET",
    path: "/orders/list-data",
    summary: "How many orders are in each status (the work queue's tabs), of one company or all in reach",
    query: zOrderListDataQuery,
    response: zOrderListData,
    errors: [400, 401, 403],
  }),
  confirmedOnlineCount: endpoint({
    method: "GET",
    path: "/orders/confirmedOnlineCount",
    summary: "Online orders confirmed and waiting for the helpdesk to process them",
    response: zConfirmedOnlineCount,
    errors: [400, 401, 403],
  }),
  details: endpoint({
    method: "GET",
    path: "/orders/:orderId",
    summary: "An order with whom it waits for, since when, and its timeline",
    params: zOrderIdParams,
    response: zOrderDetails,
    errors: [400, 401, 403, 404],
  }),
  start: endpoint({
    method: "POST",
    path: "/orders",
    summary: "The employee starts an order at a bike store; it waits for the store's package",
    body: zStartOrder,
    status: 201,
    response: zOrderDetails,
    errors: [400, 401, 403, 404, 409],
  }),
  mine: endpoint({
    method: "GET",
    path: "/orders/my",
    summary: "The caller's own orders, newest first, each with its timeline",
    response: zMyOrders,
    errors: [400, 401, 403],
  }),
  answer: endpoint({
    method: "POST",
    path: "/orders/:orderId/answer",
    summary:
      "The employee answers the helpdesk's question on their order; the order then waits for the helpdesk",
    params: zOrderIdParams,
    body: zCustomerAnswer,
    response: zOrderDetails,
    errors: [400, 401, 403, 404, 409],
  }),
}));
