import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { TCreatePayoutBatch } from "../../../contract/store-payouts.ts";
import { orderLetsStoreBePaid } from "../../../domain/store-payouts.ts";
import { recordEvent } from "../../db/event-log.ts";
import { lockRows } from "../../db/lock-order.ts";
import { bikeStores, orders, payoutBatches, storePayables } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { badRequest } from "../../errors.ts";
import { noOpenPayables, storeBankAccountMissing } from "./errors.ts";

export type PayoutClerk = { userId: string };

/**
 * Gathers the open payables into a new batch waiting for approval: every store's that has a bank
 * account (a store without one stays open, to be paid once it gives one), or one store's. A payable
 * whose order does not let its store be paid now (cancelled, refunded, a special case) stays out,
 * however it came to be open. The payables are locked, so two people making batches at once never put
 * one payable in both.
 */
export async function createPayoutBatch(
  ctx: WriteContext<PayoutClerk>,
  input: TCreatePayoutBatch,
): Promise<string> {
  const { tx, now, actor } = ctx;
  if (input.bikeStoreId) {
    const [store] = await tx
      .select({ iban: bikeStores.iban })
      .from(bikeStores)
      .where(eq(bikeStores.id, input.bikeStoreId));
    if (!store)
      throw badRequest("Unknown bike store", [{ field: "body.bikeStoreId", message: "No such store" }]);
    if (!store.iban) throw storeBankAccountMissing();
  }
  const candidates = await lockRows(
    tx,
    "storePayable",
    tx
      .select({
        id: storePayables.id,
        netCents: storePayables.netCents,
        orderStatus: orders.orderStatus,
        previousStatus: orders.previousStatus,
      })
      .from(storePayables)
      .innerJoin(bikeStores, eq(bikeStores.id, storePayables.bikeStoreId))
      .innerJoin(orders, eq(orders.id, storePayables.orderId))
      .where(
        and(
          eq(storePayables.status, "OPEN"),
          isNotNull(bikeStores.iban),
          input.bikeStoreId ? eq(storePayables.bikeStoreId, input.bikeStoreId) : undefined,
        ),
      )
      .for("update", { of: storePayables }),
  );
  const open = candidates.filter(orderLetsStoreBePaid);
  if (open.length === 0) throw noOpenPayables();
  const [batch] = await tx
    .insert(payoutBatches)
    .values({
      bikeStoreId: input.bikeStoreId ?? null,
      createdByUserId: actor.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: payoutBatches.id, batchNumber: payoutBatches.batchNumber });
  const id = batch?.id as string;
  await tx
    .update(storePayables)
    .set({ status: "IN_BATCH", payoutBatchId: id, updatedAt: now })
    .where(
      inArray(
        storePayables.id,
        open.map((p) => p.id),
      ),
    );
  await recordEvent(ctx, {
    type: "PAYOUT_BATCH_CREATED",
    entity: { type: "payoutBatch", id },
    companyId: null,
    data: {
      batchNumber: batch?.batchNumber,
      bikeStoreId: input.bikeStoreId ?? null,
      payableCount: open.length,
      netCents: open.reduce((sum, p) => sum + p.netCents, 0),
    },
  });
  return id;
}
