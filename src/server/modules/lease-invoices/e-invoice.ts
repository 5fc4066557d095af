import { eq } from "drizzle-orm";
import { buildFinvoice } from "../../../domain/finvoice.ts";
import { leaseInvoiceFreeText, leaseInvoiceRow } from "../../../domain/lease-invoice.ts";
import { periodOf } from "../../../domain/payroll/period.ts";
import type { Db } from "../../db/client.ts";
import { companies } from "../../db/schema/index.ts";
import { notFound } from "../../errors.ts";
import { eInvoiceFileName, finvoiceBuyer, PEDAALI_AS_SELLER, paymentTermsOf } from "../invoices/e-invoice.ts";
import { eInvoiceAddressMissing } from "../invoices/errors.ts";
import { leaseInvoiceOf } from "./queries.ts";

/**
 * A lease invoice as a Finvoice 3.0 e-invoice: Pedaali sells, the company buys and receives it at the
 * e-invoice address it has now. A row per lease, the VAT broken down by rate, the totals the rows' sums.
 * A credit note is Finvoice's credit note (INV02) naming the invoice it credits, its amounts negative;
 * a supplementary invoice is an invoice whose free text names the month's regular one.
 */
export async function leaseEInvoiceOf(
  db: Db,
  companyId: string,
  invoiceId: string,
  now: Date,
): Promise<{ fileName: string; xml: string }> {
  const invoice = await leaseInvoiceOf(db, companyId, invoiceId);
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw notFound("Company");
  if (!company.eInvoiceAddress || !company.eInvoiceOperator) throw eInvoiceAddressMissing(company.name);
  const period = periodOf(invoice.period);
  const invoiceNumber = String(invoice.invoiceNumber);
  const address =
    company.streetAddress && company.postalCode && company.city
      ? {
          street: company.streetAddress,
          postalCode: company.postalCode,
          town: company.city,
          countryCode: company.countryCode,
        }
      : null;
  const xml = buildFinvoice({
    messageId: invoice.id,
    createdAt: now,
    invoiceNumber,
    invoiceDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    referenceNumber: invoice.referenceNumber,
    creditedInvoiceNumber:
      invoice.kind === "CREDIT_NOTE" && invoice.originalInvoiceNumber !== null
        ? String(invoice.originalInvoiceNumber)
        : null,
    freeText: leaseInvoiceFreeText(invoice.kind, period, invoice.originalInvoiceNumber),
    paymentTermsText: paymentTermsOf(invoice.issueDate, invoice.dueDate),
    seller: PEDAALI_AS_SELLER,
    buyer: finvoiceBuyer({
      name: company.name,
      businessId: company.businessId,
      address,
      eInvoiceAddress: company.eInvoiceAddress,
      eInvoiceOperator: company.eInvoiceOperator,
    }),
    rows: invoice.lines.map((line) => leaseInvoiceRow(line, period)),
  });
  return { fileName: eInvoiceFileName(invoiceNumber), xml };
}
