import { invoices } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";

/** What an invoice we send says; its status (SENT) and sending time are the issue's own. */
export type InvoiceToIssue = Omit<
  typeof invoices.$inferInsert,
  "id" | "status" | "sentAt" | "paidAt" | "paidAmountCents" | "createdAt" | "updatedAt"
>;

/**
 * Issues an invoice we send, SENT now, in the caller's transaction: the bill to the leasing company
 * for an order (orders' billing), our purchase of a bike at a lease's end (the redemption case).
 * Answers its id for the caller's event row.
 */
export async function issueInvoice(ctx: WriteContext, invoice: InvoiceToIssue): Promise<string> {
  const [row] = await ctx.tx
    .insert(invoices)
    .values({ ...invoice, status: "SENT", sentAt: ctx.now })
    .returning({ id: invoices.id });
  return row?.id as string;
}
