import { z } from "zod";
import { DELIVERY_METHODS, INVOICE_STATUSES, LANGUAGES, ORDER_STATUSES } from "../domain/enums.ts";
import { STORE_STEPS } from "../domain/store-orders.ts";
import { zBic, zIban } from "./bank-account.ts";
import { orNone, zMessage, zPage, zPageQuery } from "./common.ts";
import { zIdParams } from "./companies.ts";
import { zPostalCode } from "./company-fields.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { ORDER_PARTIES, zOrderEvent, zOrderIdParams } from "./orders.ts";
import { zPackageItem, zStorePackageInput } from "./store-links.ts";
import { zStorePayouts } from "./store-payouts.ts";
import { zEmailAddress } from "./system-users.ts";
import { zOptionalSingleLineText, zSingleLineText } from "./text.ts";
import { zFileAnswer } from "./uploads.ts";

/**
 * A bike store's own account (the token links stay for stores without one). A store user (BIKE_STORE,
 * bound to one or more stores) reads the orders of their stores across every employer, gives the
 * package and the delivery through the same steps as the links, and keeps the store's details; the
 * helpdesk invites and removes the store's users from its bike store view.
 *
 * - GET /api/store/orders `zStoreOrdersQuery` → the default page of `zStoreOrderListItem`, newest first;
 * - GET /api/store/orders/{orderId} → `zStoreOrder` with the timeline; another store's order is 404;
 * - PUT /api/store/orders/{orderId}/package `zStorePackageInput` → `zStoreOrder`; 409
 *   STORE_ORDER_STEP_CLOSED when the order does not wait for (or no longer takes) a package;
 * - POST /api/store/orders/{orderId}/invoice `zStoreInvoiceInput` → 201 `zStoreOrder`: the store invoices
 *   Pedaali for the package (the lines, their VAT, its reference) while the order waits for its invoice;
 *   409 STORE_ORDER_STEP_CLOSED otherwise, STORE_DETAILS_INCOMPLETE without the store's business ID and
 *   bank account; GET /api/store/orders/{orderId}/invoice/finvoice.xml gives that invoice as a Finvoice
 *   3.0 e-invoice (a file: its route keeps its own registration);
 * - the delivery is the handover's (contract/handovers.ts): a store with an account records it there;
 * - GET/PUT /api/store/details[?storeId=] → `zStoreDetails` (without storeId, the first of the caller's
 *   stores; the answer lists every store the caller acts for);
 * - GET /api/store/payouts[?storeId=] `zStorePayoutsQuery` → `zStorePayouts` (store-payouts.ts): what is
 *   still open, each order's payable (paged) and the payouts that paid them; the same view the helpdesk
 *   has of the store (GET /api/bike-stores/{id}/payouts);
 * - GET /api/bike-stores/{id}/users, POST (invite: 201), DELETE /api/bike-stores/{id}/users/{userId}.
 */

export const STORE_USER_REMOVED = "Store user removed";

export const zStoreOrdersQuery = lazy(() =>
  zPageQuery.extend({
    status: z.enum(ORDER_STATUSES).optional(),
    /** Only the orders that wait for this step of the store's. */
    step: z.enum(STORE_STEPS).optional(),
    /** One of the caller's stores; all of them when left out. */
    storeId: z.uuid().optional(),
    /** An order number, or part of the employee's name or e-mail. */
    search: zSingleLineText({ max: 100 }).optional(),
  }),
);
export type TStoreOrdersQuery = z.infer<typeof zStoreOrdersQuery>;

const zStoreOrderListItem = lazy(() =>
  z.object({
    orderId: z.uuid(),
    orderNumber: z.int(),
    orderStatus: z.enum(ORDER_STATUSES),
    bikeStoreId: z.uuid(),
    storeName: z.string(),
    customerName: z.string(),
    companyName: z.string(),
    deliveryMethod: z.enum(DELIVERY_METHODS).nullable(),
    totalPriceCents: z.int().nullable(),
    deliveryDate: z.string().nullable(),
    /** What the order waits for from the store now: the package, the delivery, or nothing. */
    nextStep: z.enum(STORE_STEPS).nullable(),
    cancellationRequested: z.boolean(),
    createdAt: z.iso.datetime(),
  }),
);
export type TStoreOrderListItem = z.infer<typeof zStoreOrderListItem>;
export const zStoreOrderPage = lazy(() => zPage(zStoreOrderListItem));

/** The store's invoice of an order to Pedaali, as it reached Pedaali (sent from the account or by other means). */
const zStoreInvoice = lazy(() =>
  z.object({
    invoiceId: z.uuid(),
    invoiceNumber: z.string().nullable(),
    issueDate: z.string().nullable(),
    dueDate: z.string().nullable(),
    amountCents: z.int(),
    vatCents: z.int(),
    totalCents: z.int(),
    status: z.enum(INVOICE_STATUSES),
    /** Sent from the store's account, so it downloads as an e-invoice. */
    sentFromAccount: z.boolean(),
  }),
);
export type TStoreInvoice = z.infer<typeof zStoreInvoice>;

/** The store's invoice number for an order it invoices from its account; the date is today. */
export const zStoreInvoiceInput = lazy(() =>
  z.object({
    invoiceNumber: zSingleLineText({ min: 1, max: 40 }),
  }),
);
export type TStoreInvoiceInput = z.infer<typeof zStoreInvoiceInput>;

/** One order as its store reads it: who and what, the delivery, the timeline; never pay or lease terms. */
export const zStoreOrder = lazy(() =>
  zStoreOrderListItem.extend({
    /** In the side state: the status the order returns to. */
    previousStatus: z.enum(ORDER_STATUSES).nullable(),
    /** "Street, postal code city" for home delivery; null for a pickup. */
    deliveryAddress: z.string().nullable(),
    /** The employee's max price; above it the employee pays the rest. */
    maxPriceCents: z.int().nullable(),
    customerComment: z.string().nullable(),
    bikeStoreOrderNumber: z.string().nullable(),
    items: z.array(zPackageItem),
    frameSerialNumber: z.string().nullable(),
    /** The order's date (YYYY-MM-DD, Helsinki): the delivery is not before it. */
    orderDate: z.string(),
    /** The store may (re)enter the package now / give the serial number and delivery date now. */
    packageEditable: z.boolean(),
    deliveryEditable: z.boolean(),
    /** The store may invoice the order from its account now (it waits for the store's invoice). */
    invoiceEditable: z.boolean(),
    /** The store's invoice of the order, once it has reached Pedaali. */
    invoice: zStoreInvoice.nullable(),
    waitingOn: z.enum(ORDER_PARTIES).nullable(),
    statusSince: z.iso.datetime(),
    events: z.array(zOrderEvent),
  }),
);
export type TStoreOrder = z.infer<typeof zStoreOrder>;

const zStoreDetailsQuery = lazy(() =>
  z.object({
    /** Which of the caller's stores; left out, the one they were bound to first. */
    storeId: z.uuid().optional(),
  }),
);

/** One page of the store's payables; storeId as for the details. */
export const zStorePayoutsQuery = lazy(() => zPageQuery.extend(zStoreDetailsQuery.shape));
export type TStorePayoutsQuery = z.infer<typeof zStorePayoutsQuery>;

/** What the store keeps itself; its name, business ID and whether it is active stay the helpdesk's. */
export const zStoreDetailsInput = lazy(() =>
  z.object({
    contactPersonName: zOptionalSingleLineText(200),
    contactPersonEmail: orNone(zEmailAddress),
    phoneNumber: zOptionalSingleLineText(40),
    streetAddress: zOptionalSingleLineText(200),
    postalCode: orNone(zPostalCode),
    city: zOptionalSingleLineText(100),
    iban: orNone(zIban),
    bic: orNone(zBic),
    /** Where the order mails (package and delivery links, purchase orders) go. */
    email: zEmailAddress,
    /** The store's language for those mails; left out, unchanged. */
    language: z.enum(LANGUAGES).optional(),
    /**
     * The user's current password, needed only when the bank account (IBAN or BIC) changes: a session
     * left open must not redirect the store's payouts. Not trimmed: spaces belong to a password.
     */
    currentPassword: z.string().max(1024).optional(),
  }),
);
export type TStoreDetailsInput = z.infer<typeof zStoreDetailsInput>;

export const zStoreDetails = lazy(() =>
  z.object({
    bikeStoreId: z.uuid(),
    storeName: z.string(),
    businessId: z.string().nullable(),
    email: z.string().nullable(),
    contactPersonName: z.string().nullable(),
    contactPersonEmail: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    streetAddress: z.string().nullable(),
    postalCode: z.string().nullable(),
    city: z.string().nullable(),
    iban: z.string().nullable(),
    bic: z.string().nullable(),
    language: z.enum(LANGUAGES),
    updatedAt: z.iso.datetime(),
    /** Every store the caller acts for, by name, to switch between them. */
    stores: z.array(z.object({ bikeStoreId: z.uuid(), storeName: z.string() })),
  }),
);
export type TStoreDetails = z.infer<typeof zStoreDetails>;

const zStoreUser = lazy(() =>
  z.object({
    userId: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phoneNumber: z.string().nullable(),
    deactivated: z.boolean(),
    addedAt: z.iso.datetime(),
  }),
);
export type TStoreUser = z.infer<typeof zStoreUser>;
export const zStoreUserPage = lazy(() => zPage(zStoreUser));

export const zStoreUserInvite = lazy(() =>
  z.object({
    firstName: zSingleLineText({ min: 1, max: 100 }),
    lastName: zSingleLineText({ min: 1, max: 100 }),
    workEmail: zEmailAddress,
    /** The number the login's code goes to (docs/product.md "Field rules" rule). */
    phoneNumber: zSingleLineText({ min: 1, max: 40 }),
    language: z.enum(LANGUAGES).optional(),
  }),
);
export type TStoreUserInvite = z.infer<typeof zStoreUserInvite>;

/** 201: the store's user; `created` false when an existing store user was bound to this store too. */
export const zStoreUserInvited = lazy(() => z.object({ user: zStoreUser, created: z.boolean() }));
export type TStoreUserInvited = z.infer<typeof zStoreUserInvited>;

const zStoreUserParams = lazy(() => zIdParams.extend({ userId: z.uuid() }));

export const storeAccountsApi = lazy(() => ({
  eInvoice: endpoint({
    method: "GET",
    path: "/store/orders/:orderId/invoice/finvoice.xml",
    summary: "The invoice the store sent from its account, as a Finvoice 3.0 e-invoice to Pedaali",
    params: zOrderIdParams,
    answer: "file",
    response: zFileAnswer,
    errors: [400, 401, 403, 404, 409],
  }),
  orders: endpoint({
    method: "GET",
    path: "/store/orders",
    summary: "The orders of the caller's bike stores across employers, newest first, paged",
    query: zStoreOrdersQuery,
    response: zStoreOrderPage,
    errors: [400, 401, 403, 404],
  }),
  order: endpoint({
    method: "GET",
    path: "/store/orders/:orderId",
    summary: "One order of the caller's stores with its timeline (another store's order: 404)",
    params: zOrderIdParams,
    response: zStoreOrder,
    errors: [400, 401, 403, 404],
  }),
  putPackage: endpoint({
    method: "PUT",
    path: "/store/orders/:orderId/package",
    summary: "The store gives (or, before the employee accepts, replaces) the order's package",
    params: zOrderIdParams,
    body: zStorePackageInput,
    response: zStoreOrder,
    errors: [400, 401, 403, 404, 409],
  }),
  sendInvoice: endpoint({
    method: "POST",
    path: "/store/orders/:orderId/invoice",
    summary:
      "The store invoices Pedaali for the order's package from its account (409 when the order does not wait for it)",
    params: zOrderIdParams,
    body: zStoreInvoiceInput,
    status: 201,
    response: zStoreOrder,
    errors: [400, 401, 403, 404, 409],
  }),
  details: endpoint({
    method: "GET",
    path: "/store/details",
    summary: "The details of the caller's store (storeId when they act for several)",
    query: zStoreDetailsQuery,
    response: zStoreDetails,
    errors: [400, 401, 403, 404],
  }),
  updateDetails: endpoint({
    method: "PUT",
    path: "/store/details",
    summary: "The store changes its contact person, phone, address, bank account and order e-mail",
    query: zStoreDetailsQuery,
    body: zStoreDetailsInput,
    response: zStoreDetails,
    errors: [400, 401, 403, 404, 429],
  }),
  payouts: endpoint({
    method: "GET",
    path: "/store/payouts",
    summary:
      "What Pedaali still owes the caller's store, its payables per order and the payouts that paid them",
    query: zStorePayoutsQuery,
    response: zStorePayouts,
    errors: [400, 401, 403, 404],
  }),
  users: endpoint({
    method: "GET",
    path: "/bike-stores/:id/users",
    summary: "The users of a bike store's account, newest first",
    params: zIdParams,
    query: zPageQuery,
    response: zStoreUserPage,
    errors: [400, 401, 403, 404],
  }),
  inviteUser: endpoint({
    method: "POST",
    path: "/bike-stores/:id/users",
    summary: "Invite a store user: an account with BIKE_STORE bound to the store and a set-password mail",
    params: zIdParams,
    body: zStoreUserInvite,
    status: 201,
    response: zStoreUserInvited,
    errors: [400, 401, 403, 404, 409],
  }),
  removeUser: endpoint({
    method: "DELETE",
    path: "/bike-stores/:id/users/:userId",
    summary: "Remove a user's binding to the store ('Store user removed')",
    params: zStoreUserParams,
    response: zMessage,
    errors: [400, 401, 403, 404],
  }),
}));
