import { inArray } from "drizzle-orm";
import { orders } from "../../db/schema/index.ts";
import type { Tx } from "../../db/transaction.ts";

/**
 * An erased person's texts on their orders: the delivery address and what they or the helpdesk wrote
 * go; the order's facts (its package, prices, dates and status) stay for the books and the lease.
 */
export async function erasePersonalTextsOfOrders(tx: Tx, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx
    .update(orders)
    .set({
      deliveryStreetAddress: null,
      deliveryPostalCode: null,
      deliveryCity: null,
      customerComment: null,
      adminNote: null,
    })
    .where(inArray(orders.id, [...orderIds]));
}
