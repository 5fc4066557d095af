import { z } from "zod";
import { INVOICE_SENDERS, INVOICE_STATUSES, PAYER_TYPES } from "../domain/enums.ts";
import { zPage, zPageQuery } from "./common.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zSingleLineText } from "./text.ts";
import { zFileAnswer } from "./uploads.ts";
import { INT4_MAX, zCents, zDateOnly } from "./values.ts";

/**
 * Invoices (docs/data-model.md "Invoice", docs/product.md "States" invoice statuses and payer types, docs/api-surface.md GET /api/invoices/{id}). The
 * admin tier only: reading needs invoices.read, every change orders.process (the helpdesk's processing).
 * Money in cents; totalCents = amountCents (excl. VAT) + vatCents. payerType says who pays the invoice:
 * PEDAALI for a bike store's purchase invoice of an order (we pay the store), the leasing company's
 * payer type (GRENKE, LEASE_PLUS...) for our invoice of the bike to it.
 *
 * - POST /api/invoices `zCreateInvoice` → 201 `zInvoice`: records a store's purchase invoice of an order
 *   (status RECEIVED, the order's store and company);
 * - GET /api/invoices `zInvoicesQuery` → the default page of `zInvoice`, newest first;
 * - GET /api/invoices/{id} → `zInvoice`;
 * - POST /api/invoices/{id}/match → `zInvoice`: matches a RECEIVED purchase invoice to its order, which
 *   waits in WAITING_FOR_INVOICE_MATCH: the totals must be equal (409 INVOICE_TOTAL_MISMATCH); the
 *   invoice becomes VERIFIED and the order moves to WAITING_FOR_DELIVERY_DATE (the store gets its
 *   delivery link). 409 INVOICE_STATUS_NOT_ALLOWED when the invoice is not a RECEIVED purchase invoice;
 *   409 ORDER_TRANSITION_NOT_ALLOWED when the order does not wait for the match;
 * - PUT /api/invoices/{id}/status `zInvoiceStatusChange` → `zInvoice`: a move of
 *   src/domain/invoice-status.ts (409 INVOICE_STATUS_NOT_ALLOWED otherwise); PAID and MARKED_PAID set
 *   the paid amount to the total and paidAt, SENT sets sentAt;
 * - GET /api/invoices/{id}/finvoice.xml → our bill to a leasing company as an e-invoice, a Finvoice 3.0
 *   message (application/xml, attachment lasku-<number>.xml); a file, so it keeps its own route. 409
 *   NOT_AN_E_INVOICE for any other invoice (src/domain/invoice-status.ts eInvoiceObstacle), 409
 *   E_INVOICE_ADDRESS_MISSING while the leasing company has no e-invoice address and operator ID.
 */

export const zInvoice = lazy(() =>
  z.object({
    id: z.uuid(),
    invoiceNumber: z.string().nullable(),
    status: z.enum(INVOICE_STATUSES),
    payerType: z.enum(PAYER_TYPES),
    companyId: z.uuid().nullable(),
    orderId: z.uuid().nullable(),
    orderNumber: z.int().nullable(),
    bikeStoreId: z.uuid().nullable(),
    leasingCompanyId: z.uuid().nullable(),
    description: z.string().nullable(),
    amountCents: z.int(),
    vatCents: z.int(),
    totalCents: z.int(),
    paidAmountCents: z.int(),
    /** Finnish reference number (viitenumero) of our outgoing invoices; null on purchase invoices. */
    referenceNumber: z.string().nullable(),
    issueDate: z.string().nullable(),
    dueDate: z.string().nullable(),
    sentAt: z.iso.datetime().nullable(),
    paidAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  }),
);
export type TInvoice = z.infer<typeof zInvoice>;
export const zInvoicePage = lazy(() => zPage(zInvoice));

export const zCreateInvoice = lazy(() =>
  z
    .object({
      orderId: z.uuid(),
      /** The store's own invoice number. */
      invoiceNumber: zSingleLineText({ min: 1, max: 50 }),
      /** Excl. VAT, and the VAT; their sum is the invoice's total. */
      amountCents: zCents,
      vatCents: zCents,
      issueDate: zDateOnly,
      dueDate: zDateOnly.optional(),
      description: zSingleLineText({ max: 500 }).optional(),
    })
    .superRefine((invoice, issues) => {
      if (invoice.amountCents + invoice.vatCents > INT4_MAX)
        issues.addIssue({ code: "custom", path: ["vatCents"], message: "The total is too large" });
      if (invoice.dueDate && invoice.dueDate < invoice.issueDate)
        issues.addIssue({ code: "custom", path: ["dueDate"], message: "Must not be before the issue date" });
    }),
);
export type TCreateInvoice = z.infer<typeof zCreateInvoice>;

const zInvoicesQuery = lazy(() =>
  zPageQuery.extend({
    orderId: z.uuid().optional(),
    status: z.enum(INVOICE_STATUSES).optional(),
    payerType: z.enum(PAYER_TYPES).optional(),
  }),
);
export type TInvoicesQuery = z.infer<typeof zInvoicesQuery>;

export const zInvoiceIdParams = lazy(() => z.object({ id: z.uuid() }));

const zInvoiceStatusChange = lazy(() => z.object({ status: z.enum(INVOICE_STATUSES) }));
export type TInvoiceStatusChange = z.infer<typeof zInvoiceStatusChange>;

/** An invoice of an order in brief, as the order's detail lists it (the admin tier's; empty for others). */
export const zOrderInvoice = lazy(() =>
  z.object({
    id: z.uuid(),
    invoiceNumber: z.string().nullable(),
    status: z.enum(INVOICE_STATUSES),
    payerType: z.enum(PAYER_TYPES),
    /** Who sent it: the store's purchase invoice, our bill to the leasing company, or the leasing company's. */
    sender: z.enum(INVOICE_SENDERS),
    totalCents: z.int(),
    issueDate: z.string().nullable(),
    /** Whether GET /api/invoices/{id}/finvoice.xml gives it as an e-invoice now. */
    eInvoice: z.boolean(),
  }),
);
export type TOrderInvoice = z.infer<typeof zOrderInvoice>;

export const invoicesApi = lazy(() => ({
  eInvoice: endpoint({
    method: "GET",
    path: "/invoices/:id/finvoice.xml",
    summary:
      "Our bill to a leasing company as an e-invoice, a Finvoice 3.0 message (409 when it is no e-invoice or has no recipient address)",
    params: zInvoiceIdParams,
    answer: "file",
    response: zFileAnswer,
    errors: [400, 401, 403, 404, 409],
  }),
  list: endpoint({
    method: "GET",
    path: "/invoices",
    summary: "Invoices newest first, filtered by order, status and payer type",
    query: zInvoicesQuery,
    response: zInvoicePage,
    errors: [400, 401, 403],
  }),
  create: endpoint({
    method: "POST",
    path: "/invoices",
    summary: "Records a bike store's purchase invoice of an order (RECEIVED; Pedaali pays it)",
    body: zCreateInvoice,
    status: 201,
    response: zInvoice,
    errors: [400, 401, 403],
  }),
  get: endpoint({
    method: "GET",
    path: "/invoices/:id",
    summary: "An invoice",
    params: zInvoiceIdParams,
    response: zInvoice,
    errors: [400, 401, 403, 404],
  }),
  match: endpoint({
    method: "POST",
    path: "/invoices/:id/match",
    summary:
      "Matches a store's purchase invoice to its order (equal totals): the invoice VERIFIED, the order on to WAITING_FOR_DELIVERY_DATE",
    params: zInvoiceIdParams,
    response: zInvoice,
    errors: [400, 401, 403, 404, 409],
  }),
  changeStatus: endpoint({
    method: "PUT",
    path: "/invoices/:id/status",
    summary: "Moves an invoice to another status the invoice status table allows",
    params: zInvoiceIdParams,
    body: zInvoiceStatusChange,
    response: zInvoice,
    errors: [400, 401, 403, 404, 409],
  }),
}));
