import { z } from "zod";
import { LEASE_INVOICE_KINDS } from "../domain/enums.ts";
import { zPage, zPageQuery } from "./common.ts";
import { zIdParams } from "./companies.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zFileAnswer } from "./uploads.ts";

/**
 * Pedaali's monthly invoices to an employer for its running bike leases (src/domain/lease-invoice.ts),
 * on the company's settings page for those who manage it (company-settings.manage: its admin, its
 * group's admin, the admin tier), newest month first. Each is the month's REGULAR invoice, a
 * SUPPLEMENTARY one billing leases that invoice missed, or a CREDIT_NOTE taking back lines billed for a
 * month their lease did not run (negative amounts); the last two name the invoice they go with
 * (src/domain/lease-billing.ts):
 * - GET /api/companies/{id}/lease-invoices → one page of its invoices with their lines.
 * - GET /api/companies/{id}/lease-invoices/{invoiceId}/finvoice.xml → the invoice as a Finvoice 3.0
 *   e-invoice to the company's e-invoice address; 409 E_INVOICE_ADDRESS_MISSING while the company has no
 *   e-invoice address and operator ID.
 */

const zLeaseInvoiceLine = lazy(() =>
  z.object({
    orderNumber: z.int(),
    employeeName: z.string(),
    employeeNumber: z.string().nullable(),
    leaseStartDate: z.iso.date(),
    monthlyPaymentCents: z.int(),
    vatPercent: z.number(),
    vatExcludedCents: z.int(),
    vatCents: z.int(),
  }),
);

export const zLeaseInvoice = lazy(() =>
  z.object({
    id: z.uuid(),
    invoiceNumber: z.int(),
    kind: z.enum(LEASE_INVOICE_KINDS),
    /** The month's regular invoice of a supplementary one; the invoice a credit note credits. */
    originalInvoiceNumber: z.int().nullable(),
    /** The month billed, YYYY-MM. */
    period: z.string().regex(/^\d{4}-\d{2}$/),
    issueDate: z.iso.date(),
    dueDate: z.iso.date(),
    referenceNumber: z.string(),
    vatPercent: z.number(),
    amountCents: z.int(),
    vatCents: z.int(),
    totalCents: z.int(),
    lines: z.array(zLeaseInvoiceLine),
  }),
);
export type TLeaseInvoice = z.infer<typeof zLeaseInvoice>;

export const zLeaseInvoiceParams = lazy(() => z.object({ id: z.uuid(), invoiceId: z.uuid() }));

export const leaseInvoicesApi = lazy(() => ({
  eInvoice: endpoint({
    method: "GET",
    path: "/companies/:id/lease-invoices/:invoiceId/finvoice.xml",
    summary:
      "A lease invoice as a Finvoice 3.0 e-invoice to the company (409 while it has no e-invoice address)",
    params: zLeaseInvoiceParams,
    answer: "file",
    response: zFileAnswer,
    errors: [400, 401, 403, 404, 409],
  }),
  list: endpoint({
    method: "GET",
    path: "/companies/:id/lease-invoices",
    summary: "The company's monthly invoices for its bike leases, newest month first, with their lines",
    params: zIdParams,
    query: zPageQuery,
    response: zPage(zLeaseInvoice),
    errors: [400, 401, 403, 404],
  }),
}));
