import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { LeaseInvoiceLine } from "../../../domain/lease-invoice.ts";
import { id, percent, timestamptz } from "../columns.ts";
import { companies } from "./companies.ts";
import { leaseInvoiceKind } from "./enums.ts";

/**
 * Pedaali's monthly invoice to an employer for its running bike leases (src/domain/lease-invoice.ts):
 * one REGULAR invoice per company and month, issued by the daily job, and after it the month's
 * corrections (src/domain/lease-billing.ts): SUPPLEMENTARY invoices billing leases it missed, naming
 * it, and CREDIT_NOTEs taking back lines of an invoice they name, with negative amounts. Its lines and
 * sums are kept as issued, so the invoice reads the same however the leases change later; the buyer's
 * e-invoice address is read when the e-invoice is made, so a corrected address reaches the next
 * download. `invoiceNumber` is the invoice's number to people and the base of its reference number.
 */
export const leaseInvoices = pgTable(
  "lease_invoices",
  {
    id: id(),
    invoiceNumber: integer().notNull().generatedAlwaysAsIdentity({ startWith: 700001 }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    kind: leaseInvoiceKind().notNull().default("REGULAR"),
    /** A supplementary invoice's regular invoice of the month; the invoice a credit note credits. */
    originalInvoiceId: uuid().references((): AnyPgColumn => leaseInvoices.id),
    /** The first day of the month billed (YYYY-MM-01). */
    period: date({ mode: "string" }).notNull(),
    issueDate: date({ mode: "string" }).notNull(),
    dueDate: date({ mode: "string" }).notNull(),
    /** The Finnish reference number (viitenumero) of invoiceNumber. */
    referenceNumber: text().notNull(),
    vatPercent: percent().notNull(),
    lines: jsonb().$type<LeaseInvoiceLine[]>().notNull(),
    /** Cents: the lines' VAT-excluded sum + their VAT = the total; negative on a credit note. */
    amountCents: integer().notNull(),
    vatCents: integer().notNull(),
    totalCents: integer().notNull(),
    /**
     * How the invoice reaches the company, decided when it is issued from the company's billing
     * address (src/domain/billing-address.ts): E_INVOICE (due to go as a Finvoice), EMAIL (its mail,
     * with a link to download it after login, queued to `sentTo` at `mailedAt`; the message outbox's
     * row of LEASE_INVOICE_ISSUED says whether it left), or null when it had none.
     */
    sendBy: text().$type<"EMAIL" | "E_INVOICE">(),
    sentTo: text(),
    mailedAt: timestamptz(),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("lease_invoices_number_unique").on(t.invoiceNumber),
    // One regular invoice a month; its supplementary invoices and credit notes are as many as it takes.
    uniqueIndex("lease_invoices_company_period_unique")
      .on(t.companyId, t.period)
      .where(sql`${t.kind} = 'REGULAR'`),
    index("lease_invoices_company_period_idx").on(t.companyId, t.period),
    index("lease_invoices_original_idx").on(t.originalInvoiceId),
    check(
      "lease_invoices_cents_check",
      sql`${t.totalCents} = ${t.amountCents} + ${t.vatCents} and case when ${t.kind} = 'CREDIT_NOTE'
        then ${t.amountCents} <= 0 and ${t.vatCents} <= 0 else ${t.amountCents} >= 0 and ${t.vatCents} >= 0 end`,
    ),
    check("lease_invoices_original_check", sql`(${t.kind} = 'REGULAR') = (${t.originalInvoiceId} is null)`),
  ],
);
