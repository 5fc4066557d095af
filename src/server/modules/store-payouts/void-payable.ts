import { eq } from "drizzle-orm";
import { recordEvent } from "../../db/event-log.ts";
import { lockRows } from "../../db/lock-order.ts";
import { orders, storePayables } from "../../db/schema/index.ts";
import { inTransaction, type WriteContext } from "../../db/transaction.ts";
import { conflict } from "../../errors.ts";
import { lockBatchIfAny } from "./queries.ts";

/**
 * What happens to the store's payable when its order leaves the statuses that let the store be paid
 * (domain/store-payouts.ts orderLetsStoreBePaid), inside the transaction that moves the order
 * (orders/state-effects.ts): a cancelled or refunded order's payable is void, a special case's is taken
 * back out of a batch still waiting for approval, to wait OPEN until the case is settled. Once a batch
 * is approved its file may be at the bank, so the payable stays, and the cancellation's refund from the
 * store settles it.
 */

/** How many times the payable is looked up again when a batch takes it or lets it go meanwhile. */
const PAYABLE_LOOKUPS = 3;

/**
 * The order's payable locked with the batch it is in, in the lock order (db/lock-order.ts): the batch
 * first, as its approval, discarding and marking paid lock it, then the payable. Which batch that is
 * is read without a lock; a batch made or discarded between that read and the payable's lock moves the
 * payable, so it is checked again under the lock, and when it has moved into another batch both locks
 * are let go (a savepoint) and it is looked up anew. Answers null for an order without a payable.
 */
async function lockPayableWithItsBatch(ctx: WriteContext, orderId: string) {
  const { tx } = ctx;
  for (let lookup = 1; ; lookup++) {
    const [seen] = await tx
      .select({ id: storePayables.id, payoutBatchId: storePayables.payoutBatchId })
      .from(storePayables)
      .where(eq(storePayables.orderId, orderId));
    if (!seen) return null;
    const held = await inTransaction(tx, async (savepoint) => {
      const batch = seen.payoutBatchId ? await lockBatchIfAny(savepoint, seen.payoutBatchId) : null;
      const [payable] = await lockRows(
        savepoint,
        "storePayable",
        savepoint
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
          .where(eq(storePayables.id, seen.id))
          .for("update", { of: storePayables }),
      );
      // Out of a batch meanwhile (discarded): it needs no batch. Into another one: look again.
      if (payable?.payoutBatchId && payable.payoutBatchId !== seen.payoutBatchId) throw new PayableMoved();
      return payable ? { payable, batch } : null;
    }).catch((error: unknown) => {
      if (error instanceof PayableMoved) return "moved" as const;
      throw error;
    });
    if (held !== "moved") return held;
    if (lookup >= PAYABLE_LOOKUPS)
      throw conflict("CONFLICT", "The order's store payable moved between payout batches. Try again.");
  }
}

/** The payable went into another batch between its read and its lock. */
class PayableMoved extends Error {}

/** The order's payable, locked, while it may still be kept from its store: OPEN, or in a batch not approved. */
async function payableStillHeldBack(ctx: WriteContext, orderId: string) {
  const held = await lockPayableWithItsBatch(ctx, orderId);
  if (!held) return null;
  const { payable, batch } = held;
  // Its batch is locked, so the batch is not approved with the order in it meanwhile.
  if (payable.status === "IN_BATCH") return batch?.status === "CREATED" ? payable : null;
  return payable.status === "OPEN" ? payable : null;
}

/**
 * A cancelled order's purchase price is not paid to its store: an OPEN payable becomes VOID, and so does
 * one in a batch still waiting for its approval, which leaves the batch (its approver sees it without
 * the order). Answers whether a payable was voided.
 */
export async function voidStorePayableOf(ctx: WriteContext, orderId: string): Promise<boolean> {
  const { tx, now } = ctx;
  const payable = await payableStillHeldBack(ctx, orderId);
  if (!payable) return false;
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

/**
 * An order taken into a special case (CASE_X) may come back to the main line, so its payable is not
 * void: one in a batch still waiting for its approval is taken out of the batch and is OPEN again (its
 * event row says so), and no batch takes it while the order is in the case. Answers whether a payable
 * left a batch.
 */
export async function holdStorePayableOf(ctx: WriteContext, orderId: string): Promise<boolean> {
  const { tx, now } = ctx;
  const payable = await payableStillHeldBack(ctx, orderId);
  if (payable?.status !== "IN_BATCH") return false;
  await tx
    .update(storePayables)
    .set({ status: "OPEN", payoutBatchId: null, updatedAt: now })
    .where(eq(storePayables.id, payable.id));
  await recordEvent(ctx, {
    type: "STORE_PAYABLE_OPENED",
    entity: { type: "storePayable", id: payable.id },
    companyId: payable.companyId,
    data: {
      orderId,
      bikeStoreId: payable.bikeStoreId,
      netCents: payable.netCents,
      takenOutOfPayoutBatchId: payable.payoutBatchId,
      reason: "ORDER_IN_CASE_X",
    },
  });
  return true;
}
