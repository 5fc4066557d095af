import { eq } from "drizzle-orm";
import type { TInvoiceStatusChange } from "../../../contract/invoices.ts";
import { canMoveInvoice, PAID_INVOICE_STATUSES } from "../../../domain/invoice-status.ts";
import { invoices } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { invoiceStatusNotAllowed } from "./errors.ts";
import { type InvoiceClerk, lockInvoice } from "./queries.ts";

/**
 * Moves an invoice to another status the invoice status table allows (src/domain/invoice-status.ts):
 * paid in full when it enters a paid status, sent now when it enters SENT.
 */
export async function changeInvoiceStatus(
  ctx: WriteContext<InvoiceClerk>,
  id: string,
  change: TInvoiceStatusChange,
): Promise<void> {
  const { tx, now } = ctx;
  const invoice = await lockInvoice(tx, ctx.actor, id);
  if (!canMoveInvoice(invoice.status, change.status))
    throw invoiceStatusNotAllowed(`An invoice in ${invoice.status} cannot move to ${change.status}`);
  const paid = PAID_INVOICE_STATUSES.includes(change.status);
  await tx
    .update(invoices)
    .set({
      status: change.status,
      ...(paid ? { paidAt: now, paidAmountCents: invoice.totalCents } : {}),
      ...(change.status === "SENT" ? { sentAt: now } : {}),
      updatedAt: now,
    })
    .where(eq(invoices.id, id));
}
