import { eq } from "drizzle-orm";
import { invoices } from "../../db/schema/index.ts";
import type { Tx } from "../../db/transaction.ts";

/**
 * An invoice whose legal hold has ended loses what names the person: its description and its PDF.
 * Answers the file it held, for the caller to delete when nothing else uses it.
 */
export async function erasePersonalTextsOfInvoice(tx: Tx, invoiceId: string): Promise<string | null> {
  const [before] = await tx
    .select({ fileId: invoices.fileId })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  await tx.update(invoices).set({ description: null, fileId: null }).where(eq(invoices.id, invoiceId));
  return before?.fileId ?? null;
}
