import { and, eq } from "drizzle-orm";
import type { StoreLinkKind } from "../../../contract/store-links.ts";
import { canMoveInvoice, STORE_PURCHASE_INVOICE_PAYER } from "../../../domain/invoice-status.ts";
import { lockRows } from "../../db/lock-order.ts";
import { invoices, orders } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";
import { companyScopeWhere } from "../auth/tenancy.ts";
import { orderTransitionNotAllowed } from "../orders/errors.ts";
import { moveOrder } from "../orders/lifecycle.ts";
import { openStorePayable } from "../store-payouts/open-payable.ts";
import { invoiceStatusNotAllowed, invoiceTotalMismatch } from "./errors.ts";
import { type InvoiceClerk, lockInvoice } from "./queries.ts";

/**
 * Matches a received purchase invoice to its order inside `ctx.tx`: equal totals, the invoice VERIFIED,
 * the order on to WAITING_FOR_DELIVERY_DATE, and its price owed to the bike store (a store payable, paid
 * in a payout batch); answers the kind of the store's link the move issued (its mail queued with it).
 */
export async function matchPurchaseInvoice(
  ctx: WriteContext<InvoiceClerk>,
  id: string,
): Promise<StoreLinkKind | undefined> {
  const { tx, now, actor } = ctx;
  // The order before its invoice, in the lock order (db/lock-order.ts), as a payout batch paid settles
  // the invoice after the order's payable. An invoice's order never changes, so it is read unlocked.
  const [seen] = await tx
    .select({ orderId: invoices.orderId })
    .from(invoices)
    .where(and(eq(invoices.id, id), companyScopeWhere(actor, invoices.companyId)));
  const [order] = seen?.orderId
    ? await lockRows(
        tx,
        "order",
        tx
          .select({ status: orders.orderStatus, totalPriceCents: orders.totalPriceCents })
          .from(orders)
          .where(eq(orders.id, seen.orderId))
          .for("update"),
      )
    : [];
  const invoice = await lockInvoice(tx, actor, id);
  if (invoice.payerType !== STORE_PURCHASE_INVOICE_PAYER || !invoice.orderId)
    throw invoiceStatusNotAllowed("Only a store's purchase invoice of an order is matched");
  if (!canMoveInvoice(invoice.status, "VERIFIED"))
    throw invoiceStatusNotAllowed(`An invoice in ${invoice.status} cannot be matched`);
  if (!order) throw notFound("Order");
  if (order.status !== "WAITING_FOR_INVOICE_MATCH") {
    throw orderTransitionNotAllowed(`An order in ${order.status} does not wait for its invoice`);
  }
  if (invoice.totalCents !== order.totalPriceCents) {
    throw invoiceTotalMismatch(invoice.totalCents, order.totalPriceCents);
  }
  await tx.update(invoices).set({ status: "VERIFIED", updatedAt: now }).where(eq(invoices.id, id));
  const moved = await moveOrder(
    { tx, now, actor: { kind: "user", userId: actor.userId, roleNames: actor.roleNames } },
    { orderId: invoice.orderId, to: "WAITING_FOR_DELIVERY_DATE", data: { invoiceId: id } },
  );
  await openStorePayable(ctx, {
    id,
    orderId: invoice.orderId,
    bikeStoreId: invoice.bikeStoreId,
    amountCents: invoice.amountCents,
    vatCents: invoice.vatCents,
  });
  return moved.storeLink;
}
