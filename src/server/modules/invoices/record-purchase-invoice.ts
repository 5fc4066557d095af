import { and, eq } from "drizzle-orm";
import type { TCreateInvoice } from "../../../contract/invoices.ts";
import { STORE_PURCHASE_INVOICE_PAYER } from "../../../domain/invoice-status.ts";
import { invoices, orders } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { badRequest } from "../../errors.ts";
import { companyScopeWhere } from "../auth/tenancy.ts";
import type { InvoiceClerk } from "./queries.ts";

/** A bike store's purchase invoice of an order in the clerk's scope, as received: we pay it. */
export async function createPurchaseInvoice(
  ctx: WriteContext<InvoiceClerk>,
  input: TCreateInvoice,
): Promise<{ id: string }> {
  const [order] = await ctx.tx
    .select({ id: orders.id, companyId: orders.companyId, bikeStoreId: orders.bikeStoreId })
    .from(orders)
    .where(and(eq(orders.id, input.orderId), companyScopeWhere(ctx.actor, orders.companyId)));
  if (!order) {
    throw badRequest("Unknown order", [{ field: "body.orderId", message: "No such order" }]);
  }
  return insertPurchaseInvoice(ctx, order, input);
}

/**
 * The one write of a store's purchase invoice, RECEIVED, whoever records it: the helpdesk from the
 * invoice that reached it, or the store from its own account (its user, and the reference number the
 * store's e-invoice carries).
 */
export async function insertPurchaseInvoice(
  ctx: WriteContext,
  order: { id: string; companyId: string; bikeStoreId: string | null },
  input: Omit<TCreateInvoice, "orderId">,
  fromStoreAccount: { userId: string; referenceNumber: string } | null = null,
): Promise<{ id: string }> {
  const { tx, now } = ctx;
  const [row] = await tx
    .insert(invoices)
    .values({
      invoiceNumber: input.invoiceNumber,
      status: "RECEIVED",
      payerType: STORE_PURCHASE_INVOICE_PAYER,
      companyId: order.companyId,
      orderId: order.id,
      bikeStoreId: order.bikeStoreId,
      description: input.description ?? null,
      amountCents: input.amountCents,
      vatCents: input.vatCents,
      totalCents: input.amountCents + input.vatCents,
      issueDate: input.issueDate,
      createdAt: now,
      updatedAt: now,
      dueDate: input.dueDate ?? null,
      sentByStoreUserId: fromStoreAccount?.userId ?? null,
      referenceNumber: fromStoreAccount?.referenceNumber ?? null,
    })
    .returning({ id: invoices.id });
  return { id: row?.id as string };
}
