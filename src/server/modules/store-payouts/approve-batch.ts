import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { TApprovePayoutBatch } from "../../../contract/store-payouts.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { orderLetsStoreBePaid, payoutBatchRefusal } from "../../../domain/store-payouts.ts";
import { recordEvent } from "../../db/event-log.ts";
import { lockRows } from "../../db/lock-order.ts";
import { bikeStores, orders, payoutBatches, storePayables } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { badRequest } from "../../errors.ts";
import { ensureMayApprove } from "../system-users/staff-roles.ts";
import { approvalDigestOf, batchChangesOf } from "./approval.ts";
import type { PayoutClerk } from "./create-batch.ts";
import {
  noOpenPayables,
  payoutBatchChanged,
  payoutBatchStatusNotAllowed,
  payoutOrderNotPayable,
  payoutSameApprover,
  storeBankAccountMissing,
} from "./errors.ts";
import { lockBatch } from "./queries.ts";

/**
 * A second person approves a batch, with the day the bank is to pay it (today by default, never in the
 * past): from now on its credit transfer file may go to the bank. Its maker may not approve it (four
 * eyes) nor a staff member new to the role (system-users/staff-roles.ts), it must still pay exactly
 * what the approver was shown (the digest of the batch's read), every store in it must still have a
 * bank account, which is kept with its payables as approved, and every order in it must still let its
 * store be paid (409 naming the orders otherwise, however their payables came into the batch).
 */
export async function approvePayoutBatch(
  ctx: WriteContext<PayoutClerk>,
  id: string,
  input: TApprovePayoutBatch,
): Promise<void> {
  const { tx, now, actor } = ctx;
  const batch = await lockBatch(tx, id);
  const refusal = payoutBatchRefusal(batch, "APPROVE", actor.userId);
  if (refusal === "STATUS")
    throw payoutBatchStatusNotAllowed(`A batch in ${batch.status} cannot be approved`);
  if (refusal === "SAME_PERSON") throw payoutSameApprover();
  await ensureMayApprove(ctx, batch.createdAt);
  const today = toHelsinkiDateString(now);
  const executionDate = input.executionDate ?? today;
  if (executionDate < today)
    throw badRequest("The bank cannot pay in the past", [
      { field: "body.executionDate", message: "Must not be before today" },
    ]);
  // The stores' rows are held until the commit, so no account changes between the digest and the copy
  // below; the batch's lock keeps its payables (a cancellation locks the batch before it voids one,
  // in the lock order: batch, store, payable).
  await lockRows(
    tx,
    "bikeStore",
    tx
      .select({ id: bikeStores.id })
      .from(bikeStores)
      .where(
        inArray(
          bikeStores.id,
          tx
            .select({ id: storePayables.bikeStoreId })
            .from(storePayables)
            .where(eq(storePayables.payoutBatchId, id)),
        ),
      )
      .for("share"),
  );
  if ((await approvalDigestOf(tx, id)) !== input.approvalDigest)
    throw payoutBatchChanged(await batchChangesOf(tx, batch));
  // Its orders may all have been cancelled since it was made: a bank file of no payment is refused.
  // The orders are not locked here: a cancellation locks its order first and then this batch, so it
  // waits for this approval and then finds the batch approved (the store's refund settles that).
  const inBatch = await tx
    .select({
      orderNumber: orders.orderNumber,
      orderStatus: orders.orderStatus,
      previousStatus: orders.previousStatus,
    })
    .from(storePayables)
    .innerJoin(orders, eq(orders.id, storePayables.orderId))
    .where(eq(storePayables.payoutBatchId, id))
    .orderBy(asc(orders.orderNumber));
  if (inBatch.length === 0) throw noOpenPayables();
  const notPayable = inBatch.filter((order) => !orderLetsStoreBePaid(order));
  if (notPayable.length > 0) throw payoutOrderNotPayable(notPayable);
  const [withoutAccount] = await tx
    .select({ id: bikeStores.id })
    .from(storePayables)
    .innerJoin(bikeStores, eq(bikeStores.id, storePayables.bikeStoreId))
    .where(and(eq(storePayables.payoutBatchId, id), isNull(bikeStores.iban)))
    .limit(1);
  if (withoutAccount) throw storeBankAccountMissing();
  // The accounts approved are the accounts paid, whatever a store saves afterwards.
  await lockRows(
    tx,
    "storePayable",
    tx
      .update(storePayables)
      .set({ creditorIban: bikeStores.iban, creditorBic: bikeStores.bic, updatedAt: now })
      .from(bikeStores)
      .where(and(eq(storePayables.payoutBatchId, id), eq(bikeStores.id, storePayables.bikeStoreId))),
  );
  await tx
    .update(payoutBatches)
    .set({
      status: "APPROVED",
      approvedByUserId: actor.userId,
      approvedAt: now,
      executionDate,
      updatedAt: now,
    })
    .where(eq(payoutBatches.id, id));
  await recordEvent(ctx, {
    type: "PAYOUT_BATCH_APPROVED",
    entity: { type: "payoutBatch", id },
    companyId: null,
    data: { batchNumber: batch.batchNumber, executionDate, createdByUserId: batch.createdByUserId },
  });
}
