import { and, eq } from "drizzle-orm";
import { DAY_MS } from "../../../domain/dates.ts";
import {
  buildFinvoice,
  type FinvoiceInvoice,
  type FinvoiceParty,
  type FinvoiceSeller,
} from "../../../domain/finvoice.ts";
import { eInvoiceObstacle } from "../../../domain/invoice-status.ts";
import { PEDAALI_BANK_ACCOUNT } from "../../../domain/payment-instructions.ts";
import { PEDAALI_COMPANY } from "../../../domain/pedaali-company.ts";
import { isValidBusinessId, vatIdFromBusinessId } from "../../../domain/validation/business-id.ts";
import type { Db } from "../../db/client.ts";
import { invoices, leasingCompanies, orders } from "../../db/schema/index.ts";
import { notFound } from "../../errors.ts";
import { companyScopeWhere } from "../auth/tenancy.ts";
import { vatPercentOf } from "../orders/bill-leasing-company.ts";
import { eInvoiceAddressMissing, notAnEInvoice } from "./errors.ts";
import type { InvoiceViewer } from "./queries.ts";

/**
 * Our bill to a leasing company as an e-invoice (Finvoice 3.0), for the helpdesk to download and hand
 * to our operator: Pedaali Oy sells, the leasing company buys and receives it at its e-invoice address.
 * The bill is one row, the order's bike package, with the VAT it was issued with.
 */

const OBSTACLE_TEXTS = {
  NOT_OUR_BILL_TO_A_LEASING_COMPANY: "Only our invoice to a leasing company goes out as an e-invoice",
  WITHDRAWN: "An invalidated, replaced or deleted invoice does not go out again",
  INCOMPLETE: "The invoice has no number, issue date, due date or reference number",
} as const;

/** Pedaali Oy as an e-invoice names it: the buyer of the stores' invoices sent from their accounts. */
export const PEDAALI_PARTY: FinvoiceParty = {
  name: PEDAALI_COMPANY.name,
  businessId: PEDAALI_COMPANY.businessId,
  vatId: PEDAALI_COMPANY.vatId,
  address: {
    street: PEDAALI_COMPANY.streetAddress,
    postalCode: PEDAALI_COMPANY.postalCode,
    town: PEDAALI_COMPANY.town,
    countryCode: PEDAALI_COMPANY.countryCode,
  },
  eInvoiceAddress: PEDAALI_COMPANY.eInvoiceAddress,
  eInvoiceOperator: PEDAALI_COMPANY.eInvoiceOperator,
};

/** Pedaali Oy as the seller of every e-invoice we send, paid to our own account. */
export const PEDAALI_AS_SELLER: FinvoiceSeller = {
  ...PEDAALI_PARTY,
  iban: PEDAALI_BANK_ACCOUNT.iban,
  bic: PEDAALI_BANK_ACCOUNT.bic,
};

/** How the payment terms read on the invoice: "14 päivää netto". */
export function paymentTermsOf(invoiceDate: string, dueDate: string): string {
  return `${Math.round((Date.parse(dueDate) - Date.parse(invoiceDate)) / DAY_MS)} päivää netto`;
}

/** A buyer of ours: its VAT number follows from its business ID, when that is a valid one. */
export function finvoiceBuyer(
  buyer: Omit<FinvoiceParty, "vatId" | "businessId"> & { businessId: string | null },
): FinvoiceParty {
  const businessId = buyer.businessId && isValidBusinessId(buyer.businessId) ? buyer.businessId : null;
  return { ...buyer, businessId, vatId: businessId ? vatIdFromBusinessId(businessId) : null };
}

/** The file's name: lasku-<number>.xml, the number kept to what a file name and a header can carry. */
export function eInvoiceFileName(invoiceNumber: string): string {
  return `lasku-${invoiceNumber.replace(/[^A-Za-z0-9._-]/g, "_")}.xml`;
}

/** The Finvoice message of an invoice in the viewer's scope (404 otherwise), made at `now`. */
export async function eInvoiceOf(
  db: Db,
  viewer: InvoiceViewer,
  id: string,
  now: Date,
): Promise<{ fileName: string; xml: string }> {
  const [row] = await db
    .select({ invoice: invoices, leasingCompany: leasingCompanies, orderVatPercent: orders.vatPercent })
    .from(invoices)
    .leftJoin(leasingCompanies, eq(leasingCompanies.id, invoices.leasingCompanyId))
    .leftJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(eq(invoices.id, id), companyScopeWhere(viewer, invoices.companyId)));
  if (!row) throw notFound("Invoice");
  const { invoice, leasingCompany: buyer } = row;
  const obstacle = eInvoiceObstacle(invoice);
  if (obstacle) throw notAnEInvoice(OBSTACLE_TEXTS[obstacle]);
  if (!buyer?.eInvoiceAddress || !buyer.eInvoiceOperator)
    throw eInvoiceAddressMissing(buyer?.companyName ?? "The leasing company");
  // eInvoiceObstacle has made sure of these.
  const invoiceNumber = invoice.invoiceNumber as string;
  const invoiceDate = invoice.issueDate as string;
  const dueDate = invoice.dueDate as string;
  const vatPercent = await vatPercentOf(db, { vatPercent: row.orderVatPercent ?? null }, invoiceDate);
  const message: FinvoiceInvoice = {
    messageId: invoice.id,
    createdAt: now,
    invoiceNumber,
    invoiceDate,
    dueDate,
    referenceNumber: invoice.referenceNumber as string,
    freeText: invoice.description,
    paymentTermsText: paymentTermsOf(invoiceDate, dueDate),
    seller: PEDAALI_AS_SELLER,
    buyer: finvoiceBuyer({
      name: buyer.companyName,
      businessId: buyer.businessId,
      address: null,
      eInvoiceAddress: buyer.eInvoiceAddress,
      eInvoiceOperator: buyer.eInvoiceOperator,
    }),
    rows: [
      {
        name: invoice.description ?? `Lasku ${invoiceNumber}`,
        quantity: 1,
        vatPercent,
        // Its VAT is the rate of this amount, as the bill was issued with it (vatSplitOfGross).
        vatExcludedCents: invoice.amountCents,
      },
    ],
  };
  return { fileName: eInvoiceFileName(invoiceNumber), xml: buildFinvoice(message) };
}
