import { eq } from "drizzle-orm";
import { invoiceDueDate } from "../../../domain/invoice-status.ts";
import { FINNISH_VAT_PERCENT, netFromGross } from "../../../domain/money.ts";
import { referenceNumber } from "../../../domain/reference-number.ts";
import { recordEvent } from "../../db/event-log.ts";
import { bikeRedemptions, redemptionPayments } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { issueInvoice } from "../invoices/issue-invoice.ts";
import { noActiveLease } from "../leasing/errors.ts";
import { ensureOpen, lockedCase, onCase, rulePriceOf, todayOf } from "./case-facts.ts";
import { leasingCompanyInvoiceAlreadySent } from "./errors.ts";

/**
 * Pedaali buys the bike from the leasing company at the price by rule at the lease's last day (its
 * residual value at the term's end): our purchase invoice (payer PEDAALI) and its redemption payment.
 */
export async function sendLeasingCompanyInvoice(ctx: WriteContext, caseId: string) {
  const { tx, now } = ctx;
  const facts = await lockedCase(tx, caseId);
  ensureOpen(facts);
  const { redemption, order, agreement } = facts;
  if (redemption.leasingCompanyInvoiceSentAt) throw leasingCompanyInvoiceAlreadySent();
  if (!agreement) throw noActiveLease("The order has no lease that has started");
  const today = todayOf(now);
  const totalCents = rulePriceOf(facts);
  const amountCents = netFromGross(
    totalCents,
    redemption.vatPercent ?? order.vatPercent ?? FINNISH_VAT_PERCENT,
  );
  const reference = referenceNumber(`${order.orderNumber}77`);
  const dueDate = invoiceDueDate(today);
  const invoiceId = await issueInvoice(ctx, {
    invoiceNumber: `PED-R-${order.orderNumber}`,
    payerType: "PEDAALI",
    companyId: redemption.companyId,
    orderId: order.id,
    leasingCompanyId: agreement.leasingCompanyId,
    bikeRedemptionId: redemption.id,
    description: `Lunastus, tilaus ${order.orderNumber}`,
    amountCents,
    vatCents: totalCents - amountCents,
    totalCents,
    referenceNumber: reference,
    issueDate: today,
    dueDate,
  });
  await tx.insert(redemptionPayments).values({
    bikeRedemptionId: redemption.id,
    companyId: redemption.companyId,
    status: "PENDING",
    payerType: "PEDAALI",
    amountCents: totalCents,
    referenceNumber: reference,
    dueDate,
    note: `Lasku PED-R-${order.orderNumber}`,
    createdAt: now,
    updatedAt: now,
  });
  await tx
    .update(bikeRedemptions)
    .set({ leasingCompanyInvoiceSentAt: now, updatedAt: now })
    .where(eq(bikeRedemptions.id, caseId));
  await recordEvent(ctx, {
    type: "BIKE_REDEMPTION_GRENKE_INVOICE_SENT",
    ...onCase(redemption),
    data: { invoiceId, amountCents: totalCents },
  });
}
