import { eq } from "drizzle-orm";
import { recordEvent } from "../../db/event-log.ts";
import { orders, storePayables } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { lockBatch } from "./queries.ts";

/**
 * A cancelled order's purchase price is not paid to its store, inside the transaction that cancels the
 * order (order-cancellations/cancel-order.ts): an OPEN payable becomes VOID, and so does one in a batch
 * still waiting for its approval, which leaves the batch (its approver sees it without the order). Once
 * a batch is approved its file may be at the bank, so the payable stays, and the cancellation's refund
 * from the store settles it. Answers whether a payable was voided.
 */
export async function voidStorePayableOf(ctx: WriteContext, orderId: string): Promise<boolean> {
  const { tx, now } = ctx;
  const [payable] = await tx
    .select({
      id: storePayables.id,
      status: storePayables.status,
      payoutBatchId: storePayables.payoutBatchId,
      bikeStoreId: storePayables.bikeStoreId,
      netCents: storePayables.netCents,
      companyId: orders.companyId,
    })
    .from(storePayables)
    .innerJoin(orders, eq(orders.id, storePayables.orderId))
    .where(eq(storePayables.orderId, orderId))
    .for("update", { of: storePayables });
  if (!payable) return false;
  if (payable.status === "IN_BATCH" && payable.payoutBatchId) {
    // Locked as its approval locks it, so the batch is not approved with the order in it meanwhile.
    const batch = await lockBatch(tx, payable.payoutBatchId);
    if (batch.status !== "CREATED") return false;
  } else if (payable.status !== "OPEN") {
    return false;
  }
  await tx
    .update(storePayables)
    .set({ status: "VOID", payoutBatchId: null, updatedAt: now })
    .where(eq(storePayables.id, payable.id));
  await recordEvent(ctx, {
    type: "STORE_PAYABLE_VOIDED",
    entity: { type: "storePayable", id: payable.id },
    companyId: payable.companyId,
    data: {
      orderId,
      bikeStoreId: payable.bikeStoreId,
      netCents: payable.netCents,
      payoutBatchId: payable.payoutBatchId,
    },
  });
  return true;
}
