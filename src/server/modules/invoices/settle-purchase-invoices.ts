import { and, inArray, notInArray, sql } from "drizzle-orm";
import { FINAL_INVOICE_STATUSES } from "../../../domain/invoice-status.ts";
import { lockRows } from "../../db/lock-order.ts";
import { invoices } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";

/**
 * The stores' purchase invoices a payout batch has paid are settled with it (store-payouts'
 * mark-batch-paid.ts, the one caller): the batch is their payment run, so they are PAID when it is,
 * the commission netted from what was paid. An invoice already final stays as it is.
 */
export async function settlePurchaseInvoices(
  ctx: WriteContext,
  invoiceIds: readonly string[],
): Promise<void> {
  if (invoiceIds.length === 0) return;
  await lockRows(
    ctx.tx,
    "invoice",
    ctx.tx
      .update(invoices)
      .set({
        status: "PAID",
        paidAt: ctx.now,
        paidAmountCents: sql`${invoices.totalCents}`,
        updatedAt: ctx.now,
      })
      .where(
        and(inArray(invoices.id, [...invoiceIds]), notInArray(invoices.status, [...FINAL_INVOICE_STATUSES])),
      ),
  );
}
