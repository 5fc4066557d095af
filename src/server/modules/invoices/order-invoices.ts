import { asc, eq } from "drizzle-orm";
import type { TOrderInvoice } from "../../../contract/invoices.ts";
import type { Db } from "../../db/client.ts";
import { invoices } from "../../db/schema/index.ts";

/** An order's invoices in brief, oldest first (the order's detail; invoices_order_idx). */
export async function orderInvoicesOf(db: Db, orderId: string): Promise<TOrderInvoice[]> {
  return db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      status: invoices.status,
      payerType: invoices.payerType,
      totalCents: invoices.totalCents,
      issueDate: invoices.issueDate,
    })
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
    .orderBy(asc(invoices.createdAt), asc(invoices.id));
}
