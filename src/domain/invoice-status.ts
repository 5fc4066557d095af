import { DAY_MS } from "./dates.ts";
import type { InvoiceSender, InvoiceStatus, PayerType } from "./enums.ts";

/**
 * The moves between invoice statuses (docs/product.md "States" lists the statuses, not the moves; this is ours). An
 * invoice runs one of two ways, by who pays it (invoices.payerType):
 *
 * - A purchase invoice we pay (a bike store's invoice of an order, payer PEDAALI): RECEIVED → VERIFIED
 *   (matched to its order) → APPROVED → PAYMENT_QUEUED → PAYMENT_SENT_TO_BANK → PAID. A payment the
 *   bank returns is PAYMENT_TRANSACTION_REMOVED and is queued again; one paid outside the bank run is
 *   MARKED_PAID.
 * - An invoice we send (to the leasing company, an employee...): UNSAVED → UNFINISHED → NOT_SENT → SENT
 *   → PAID, PARTLY_PAID (then PAID) or PAYMENT_DENIED (then sent again); MARKED_PAID when settled by
 *   hand. STARTED → INVOICED → SENT is the same road for invoices a batch run builds.
 *
 * Every status before a payment can be INVALIDATED (a wrong invoice) or OVERRIDDEN (replaced by a
 * corrected one); a draft that never left us may be DELETED. PAID, MARKED_PAID, INVALIDATED,
 * OVERRIDDEN and DELETED are final.
 */

export const FINAL_INVOICE_STATUSES: readonly InvoiceStatus[] = [
  "PAID",
  "MARKED_PAID",
  "INVALIDATED",
  "OVERRIDDEN",
  "DELETED",
];

/** Who pays the store's purchase invoice of an order: we do (docs/product.md "States" payer types; {product} = PEDAALI). */
export const STORE_PURCHASE_INVOICE_PAYER: PayerType = "PEDAALI";

/** Statuses where money may already be on its way: no invalidating or replacing once here. */
const PAYMENT_UNDER_WAY: readonly InvoiceStatus[] = ["PAYMENT_SENT_TO_BANK", "PARTLY_PAID"];

const DRAFTS: readonly InvoiceStatus[] = ["UNSAVED", "UNFINISHED", "NOT_SENT", "STARTED"];

const FORWARD: Readonly<Partial<Record<InvoiceStatus, readonly InvoiceStatus[]>>> = {
  // Purchase invoices we pay
  RECEIVED: ["VERIFIED"],
  VERIFIED: ["APPROVED"],
  APPROVED: ["PAYMENT_QUEUED", "MARKED_PAID"],
  PAYMENT_QUEUED: ["PAYMENT_SENT_TO_BANK", "PAYMENT_TRANSACTION_REMOVED", "MARKED_PAID"],
  PAYMENT_SENT_TO_BANK: ["PAID", "PAYMENT_TRANSACTION_REMOVED"],
  PAYMENT_TRANSACTION_REMOVED: ["PAYMENT_QUEUED", "MARKED_PAID"],
  // Invoices we send
  UNSAVED: ["UNFINISHED", "NOT_SENT"],
  UNFINISHED: ["NOT_SENT"],
  STARTED: ["INVOICED"],
  INVOICED: ["SENT"],
  NOT_SENT: ["SENT"],
  SENT: ["PAID", "PARTLY_PAID", "PAYMENT_DENIED", "MARKED_PAID"],
  PARTLY_PAID: ["PAID", "MARKED_PAID"],
  PAYMENT_DENIED: ["SENT", "MARKED_PAID"],
};

/** The statuses an invoice in `from` may move to (none from a final status). */
export function nextInvoiceStatuses(from: InvoiceStatus): InvoiceStatus[] {
  if (FINAL_INVOICE_STATUSES.includes(from)) return [];
  const next: InvoiceStatus[] = [...(FORWARD[from] ?? [])];
  if (!PAYMENT_UNDER_WAY.includes(from)) next.push("INVALIDATED", "OVERRIDDEN");
  if (DRAFTS.includes(from)) next.push("DELETED");
  return next;
}

export function canMoveInvoice(from: InvoiceStatus, to: InvoiceStatus): boolean {
  return nextInvoiceStatuses(from).includes(to);
}

export function isFinalInvoiceStatus(status: InvoiceStatus): boolean {
  return FINAL_INVOICE_STATUSES.includes(status);
}

/** The statuses that mean the invoice is settled in full (paidAt and the paid amount are set). */
export const PAID_INVOICE_STATUSES: readonly InvoiceStatus[] = ["PAID", "MARKED_PAID"];

/** Our invoices' payment term: due 14 days after the issue date. */
const INVOICE_PAYMENT_TERM_DAYS = 14;

/** The due date `days` calendar days after an issue date (YYYY-MM-DD). */
export function invoiceDueDate(issueDate: string, days = INVOICE_PAYMENT_TERM_DAYS): string {
  const due = new Date(Date.parse(`${issueDate}T00:00:00Z`) + days * DAY_MS);
  return due.toISOString().slice(0, 10);
}

/**
 * Who pays our invoice to a leasing company: its payer type by its name (the three companies of docs/product.md "Constants");
 * a leasing company added later without its own payer type is OTHER.
 */
export function leasingCompanyPayerType(companyName: string): PayerType {
  const name = companyName.trim().toLowerCase();
  if (name.startsWith("grenke")) return "GRENKE";
  if (name.startsWith("leaseplus") || name.startsWith("lease plus")) return "LEASE_PLUS";
  if (name.startsWith("svea")) return "SVEA";
  if (name.startsWith("pedaali")) return "PEDAALI";
  return "OTHER";
}

/**
 * Who sent an invoice, by what it is about rather than by its payer: the payer of our bill to a
 * leasing company is PEDAALI too when Pedaali Oy itself is the lessor, and that bill is still ours.
 * A redemption's invoice is the leasing company's (we buy the bike back from it); another invoice of
 * a leasing company is our bill to it; the rest are stores' purchase invoices.
 */
export function invoiceSender(invoice: {
  leasingCompanyId: string | null;
  bikeRedemptionId: string | null;
}): InvoiceSender {
  if (invoice.bikeRedemptionId) return "LEASING_COMPANY";
  if (invoice.leasingCompanyId) return "PEDAALI";
  return "BIKE_STORE";
}

/** The payer types of a leasing company we bill (leasingCompanyPayerType's, but for ourselves). */
const LEASING_COMPANY_PAYERS: readonly PayerType[] = ["GRENKE", "LEASE_PLUS", "SVEA", "OTHER"];
/** An invoice found wrong or replaced by a corrected one never goes out again. */
const WITHDRAWN_INVOICE_STATUSES: readonly InvoiceStatus[] = ["INVALIDATED", "OVERRIDDEN", "DELETED"];

/**
 * Why an invoice cannot go out as an e-invoice (Finvoice) from us, or null when it can: it must be
 * our bill to a leasing company (one we pay, payer PEDAALI, is the seller's to send, and Pedaali Oy
 * as the lessor is ourselves), not withdrawn, and carry what a payment needs — its number, dates and
 * reference number. Whether the leasing company has an e-invoice address is the caller's to check.
 */
export function eInvoiceObstacle(invoice: {
  status: InvoiceStatus;
  payerType: PayerType;
  leasingCompanyId: string | null;
  invoiceNumber: string | null;
  issueDate: string | null;
  dueDate: string | null;
  referenceNumber: string | null;
}): "NOT_OUR_BILL_TO_A_LEASING_COMPANY" | "WITHDRAWN" | "INCOMPLETE" | null {
  if (!invoice.leasingCompanyId || !LEASING_COMPANY_PAYERS.includes(invoice.payerType))
    return "NOT_OUR_BILL_TO_A_LEASING_COMPANY";
  if (WITHDRAWN_INVOICE_STATUSES.includes(invoice.status)) return "WITHDRAWN";
  if (!invoice.invoiceNumber || !invoice.issueDate || !invoice.dueDate || !invoice.referenceNumber)
    return "INCOMPLETE";
  return null;
}
