import { eq, inArray } from "drizzle-orm";
import type { TMarkPayoutBatchPaid } from "../../../contract/store-payouts.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { payoutBatchRefusal } from "../../../domain/store-payouts.ts";
import { recordEvent } from "../../db/event-log.ts";
import { lockRows } from "../../db/lock-order.ts";
import { orders, payoutBatches, storePayables } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { badRequest } from "../../errors.ts";
import { settlePurchaseInvoices } from "../invoices/settle-purchase-invoices.ts";
import { queueStoreNotice } from "../notifications/notify-store.ts";
import type { PayoutClerk } from "./create-batch.ts";
import { payoutBatchStatusNotAllowed } from "./errors.ts";
import { lockBatch } from "./queries.ts";

/**
 * The money of an approved batch has left Pedaali's account on `paidDate` (not after today, not before
 * the approval): the batch, each of its payables and the stores' purchase invoices they pay are PAID.
 */
export async function markPayoutBatchPaid(
  ctx: WriteContext<PayoutClerk>,
  id: string,
  input: TMarkPayoutBatchPaid,
): Promise<void> {
  const { tx, now, actor } = ctx;
  const batch = await lockBatch(tx, id);
  if (payoutBatchRefusal(batch, "MARK_PAID", actor.userId))
    throw payoutBatchStatusNotAllowed(`A batch in ${batch.status} cannot be marked paid`);
  const today = toHelsinkiDateString(now);
  const approvedOn = batch.approvedAt ? toHelsinkiDateString(batch.approvedAt) : today;
  if (input.paidDate > today || input.paidDate < approvedOn)
    throw badRequest("The paid day is between the approval and today", [
      { field: "body.paidDate", message: `Must be between ${approvedOn} and ${today}` },
    ]);
  await tx
    .update(payoutBatches)
    .set({
      status: "PAID",
      paidByUserId: actor.userId,
      paidDate: input.paidDate,
      paidAt: now,
      updatedAt: now,
    })
    .where(eq(payoutBatches.id, id));
  const paid = await lockRows(
    tx,
    "storePayable",
    tx
      .update(storePayables)
      .set({ status: "PAID", updatedAt: now })
      .where(eq(storePayables.payoutBatchId, id))
      .returning({
        netCents: storePayables.netCents,
        purchaseInvoiceId: storePayables.purchaseInvoiceId,
        bikeStoreId: storePayables.bikeStoreId,
        orderId: storePayables.orderId,
      }),
  );
  await settlePurchaseInvoices(
    ctx,
    paid.map((p) => p.purchaseInvoiceId),
  );
  await recordEvent(ctx, {
    type: "PAYOUT_BATCH_PAID",
    entity: { type: "payoutBatch", id },
    companyId: null,
    data: {
      batchNumber: batch.batchNumber,
      paidDate: input.paidDate,
      payableCount: paid.length,
      netCents: paid.reduce((sum, p) => sum + p.netCents, 0),
    },
  });
  await tellStoresOfPayout(ctx, batch.batchNumber, input.paidDate, paid);
}

/** Each store the batch paid gets a mail, in its language, of what was paid and for which orders. */
async function tellStoresOfPayout(
  ctx: WriteContext<PayoutClerk>,
  batchNumber: number,
  paidDate: string,
  paid: readonly { bikeStoreId: string; orderId: string; netCents: number }[],
): Promise<void> {
  if (paid.length === 0) return;
  const numbers = new Map(
    (
      await ctx.tx
        .select({ id: orders.id, orderNumber: orders.orderNumber })
        .from(orders)
        .where(
          inArray(
            orders.id,
            paid.map((p) => p.orderId),
          ),
        )
    ).map((o) => [o.id, o.orderNumber]),
  );
  const stores = new Set(paid.map((p) => p.bikeStoreId));
  for (const bikeStoreId of stores) {
    const ofStore = paid.filter((p) => p.bikeStoreId === bikeStoreId);
    await queueStoreNotice(ctx.tx, "PAYOUT_BATCH_SENT", bikeStoreId, {
      batchNumber,
      paidDate,
      totalCents: ofStore.reduce((sum, p) => sum + p.netCents, 0),
      paidOrders: ofStore
        .map((p) => ({ orderNumber: numbers.get(p.orderId) ?? 0, netCents: p.netCents }))
        .sort((a, b) => a.orderNumber - b.orderNumber),
    });
  }
}
