import { and, eq } from "drizzle-orm";
import { payoutBatchRefusal } from "../../../domain/store-payouts.ts";
import { recordEvent } from "../../db/event-log.ts";
import { lockRows } from "../../db/lock-order.ts";
import { payoutBatches, storePayables } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import type { PayoutClerk } from "./create-batch.ts";
import { payoutBatchStatusNotAllowed } from "./errors.ts";
import { lockBatch } from "./queries.ts";

export const PAYOUT_BATCH_DISCARDED = "Payout batch discarded";

/**
 * A batch made by mistake, or left waiting for a second person while its stores should be paid
 * otherwise, is discarded before its approval (no file has been made, no money has moved): its
 * payables are open again for the next batch and the batch is gone, its number and contents kept in
 * its event row. An approved batch stays (409).
 */
export async function discardPayoutBatch(ctx: WriteContext<PayoutClerk>, id: string): Promise<void> {
  const { tx, now, actor } = ctx;
  const batch = await lockBatch(tx, id);
  if (payoutBatchRefusal(batch, "DISCARD", actor.userId))
    throw payoutBatchStatusNotAllowed(`A batch in ${batch.status} cannot be discarded`);
  const reopened = await lockRows(
    tx,
    "storePayable",
    tx
      .update(storePayables)
      .set({ status: "OPEN", payoutBatchId: null, updatedAt: now })
      .where(and(eq(storePayables.payoutBatchId, id), eq(storePayables.status, "IN_BATCH")))
      .returning({ orderId: storePayables.orderId, netCents: storePayables.netCents }),
  );
  await tx.delete(payoutBatches).where(eq(payoutBatches.id, id));
  await recordEvent(ctx, {
    type: "PAYOUT_BATCH_DISCARDED",
    entity: { type: "payoutBatch", id },
    companyId: null,
    data: {
      batchNumber: batch.batchNumber,
      createdByUserId: batch.createdByUserId,
      orderIds: reopened.map((p) => p.orderId),
      netCents: reopened.reduce((sum, p) => sum + p.netCents, 0),
    },
  });
}
