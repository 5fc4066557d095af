import { and, desc, eq, lte } from "drizzle-orm";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { invoiceDueDate, leasingCompanyPayerType } from "../../../domain/invoice-status.ts";
import { FINNISH_VAT_PERCENT, vatSplitOfGross } from "../../../domain/money.ts";
import { financedCentsOf } from "../../../domain/order-offer.ts";
import { referenceNumber } from "../../../domain/reference-number.ts";
import type { Db } from "../../db/client.ts";
import { leasingCompanies, vatRates } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";
import { issueInvoice } from "../invoices/issue-invoice.ts";
import { leasingCompanyBillCount } from "../invoices/queries.ts";
import { agreementNotAccepted } from "./errors.ts";
import { moveOrder, type OrderMover, requireStatus } from "./lifecycle.ts";
import { lockOrder } from "./order-rows.ts";
import { agreementOf } from "./queries.ts";

/**
 * The VAT rate of an order on a day: its own, else Finland's in force on the day, else the default. The
 * bill is priced with it and its e-invoice names it.
 */
export async function vatPercentOf(
  db: Db,
  order: { vatPercent: number | null },
  today: string,
): Promise<number> {
  if (order.vatPercent !== null) return order.vatPercent;
  const [rate] = await db
    .select({ value: vatRates.ratePercent })
    .from(vatRates)
    .where(and(eq(vatRates.countryCode, "FI"), lte(vatRates.validFrom, today)))
    .orderBy(desc(vatRates.validFrom))
    .limit(1);
  return rate?.value ?? FINNISH_VAT_PERCENT;
}

/**
 * The helpdesk bills the leasing company for a delivered order: READY_FOR_BILLING →
 * GRENKE_INVOICE_SENT with the invoice of the financed amount (the invoices module issues it), the move's
 * event naming it.
 */
export async function billLeasingCompany(ctx: WriteContext<OrderMover>, orderId: string): Promise<void> {
  const { tx, now } = ctx;
  const order = await lockOrder(tx, orderId);
  requireStatus(order, "READY_FOR_BILLING", "GRENKE_INVOICE_SENT");
  const agreement = await agreementOf(tx, orderId, true);
  if (agreement?.status !== "ACCEPTED") throw agreementNotAccepted();
  const [leasingCompany] = await tx
    .select({ id: leasingCompanies.id, companyName: leasingCompanies.companyName })
    .from(leasingCompanies)
    .where(eq(leasingCompanies.id, agreement.leasingCompanyId));
  if (!leasingCompany) throw notFound("Leasing company");
  const issueDate = toHelsinkiDateString(now);
  const vatPercent = await vatPercentOf(tx, order, issueDate);
  // The lessor pays what its lease finances: the package up to the cap. The own share above it is the
  // employee's, paid to Pedaali once, never billed to the lessor as well. The bill's VAT is the rate of
  // its VAT-free amount, as every invoice of ours computes it.
  const { vatExcludedCents: amountCents, vatCents } = vatSplitOfGross(financedCentsOf(order), vatPercent);
  // One bill per billing of the order; billed again (after a CASE_X) it gets the next number.
  const sequence = (await leasingCompanyBillCount(tx, orderId, leasingCompany.id)) + 1;
  const invoiceId = await issueInvoice(ctx, {
    invoiceNumber: `PED-L-${order.orderNumber}${sequence > 1 ? `-${sequence}` : ""}`,
    payerType: leasingCompanyPayerType(leasingCompany.companyName),
    companyId: order.companyId,
    orderId,
    leasingCompanyId: leasingCompany.id,
    description: `Order ${order.orderNumber}`,
    amountCents,
    vatCents,
    totalCents: amountCents + vatCents,
    referenceNumber: referenceNumber(`${order.orderNumber}${String(sequence).padStart(2, "0")}`),
    issueDate,
    dueDate: invoiceDueDate(issueDate),
  });
  await moveOrder(ctx, { orderId, to: "GRENKE_INVOICE_SENT", data: { invoiceId } });
}
