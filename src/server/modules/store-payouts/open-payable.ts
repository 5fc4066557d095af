import { eq } from "drizzle-orm";
import { payableAmounts } from "../../../domain/store-commission.ts";
import { recordEvent } from "../../db/event-log.ts";
import { bikeStores, orders, storePayables } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";

/**
 * Makes an order's purchase price owed to its bike store, inside the transaction that matches the
 * store's purchase invoice to the order (invoices/match-purchase-invoice.ts, the one caller): the
 * invoice's total less the store's commission of its VAT-free amount (decision 022), OPEN until a
 * payout batch takes it, with its event row.
 * An order without a store has no one to pay, and answers null.
 */
export async function openStorePayable(
  ctx: WriteContext,
  invoice: { id: string; orderId: string; bikeStoreId: string | null; amountCents: number; vatCents: number },
): Promise<string | null> {
  const { tx, now } = ctx;
  const [order] = await tx
    .select({ companyId: orders.companyId, bikeStoreId: orders.bikeStoreId })
    .from(orders)
    .where(eq(orders.id, invoice.orderId));
  const bikeStoreId = invoice.bikeStoreId ?? order?.bikeStoreId ?? null;
  if (!order || !bikeStoreId) return null;
  const [store] = await tx
    .select({ commissionPercent: bikeStores.commissionPercent })
    .from(bikeStores)
    .where(eq(bikeStores.id, bikeStoreId));
  const amounts = payableAmounts(
    { vatExcludedCents: invoice.amountCents, vatCents: invoice.vatCents },
    store?.commissionPercent ?? null,
  );
  const [row] = await tx
    .insert(storePayables)
    .values({
      bikeStoreId,
      orderId: invoice.orderId,
      purchaseInvoiceId: invoice.id,
      ...amounts,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: storePayables.id });
  const id = row?.id as string;
  await recordEvent(ctx, {
    type: "STORE_PAYABLE_OPENED",
    entity: { type: "storePayable", id },
    companyId: order.companyId,
    data: { orderId: invoice.orderId, bikeStoreId, ...amounts },
  });
  return id;
}
