import { count, eq } from "drizzle-orm";
import { isCancellableBeforeDelivery } from "../../../domain/order-cancellations.ts";
import { recordEvent } from "../../db/event-log.ts";
import { orderCancellations, refundUploads } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { moveOrder } from "../orders/lifecycle.ts";
import { lockOrder } from "../orders/order-rows.ts";
import { isCancelled } from "./allowed-actions.ts";
import {
  type CancellationActor,
  type CancellationRow,
  cancelOrderNow,
  lockOpenCancellation,
  sideRoles,
} from "./cancel-order.ts";
import { orderNotCancellable, refundReceiptRequired } from "./errors.ts";

export type CompletedCancellation = {
  orderId: string;
  /** The order was cancelled by this completion (it was a request until now). */
  cancelledNow: boolean;
  reason: string | null;
  refundAmountCents: number;
  refundToType: CancellationRow["refundToType"];
};

/**
 * The helpdesk completes a cancellation: a request's order is cancelled now (409 ORDER_NOT_CANCELLABLE
 * if it has been delivered meanwhile); a refund above 0 needs a receipt (409 REFUND_RECEIPT_REQUIRED)
 * and moves the order on to REFUNDED; nothing to refund leaves it CANCELLED. Then COMPLETED.
 */
export async function completeCancellation(
  ctx: WriteContext<CancellationActor>,
  id: string,
): Promise<CompletedCancellation> {
  const { tx, now } = ctx;
  const row = await lockOpenCancellation(tx, id);
  const order = await lockOrder(tx, row.orderId);
  const cancelledNow = !isCancelled(order.orderStatus);
  if (cancelledNow && !isCancellableBeforeDelivery(order.orderStatus, order.previousStatus))
    throw orderNotCancellable();
  const refund = row.refundAmountCents > 0;
  if (refund) {
    const [receipts] = await tx
      .select({ n: count() })
      .from(refundUploads)
      .where(eq(refundUploads.orderCancellationId, id));
    if (!receipts?.n) throw refundReceiptRequired();
  }
  const helpdesk = { ...ctx.actor, roleNames: sideRoles("HELPDESK", ctx.actor.roleNames) };
  if (cancelledNow) await cancelOrderNow({ ...ctx, actor: helpdesk }, row);
  if (refund && order.orderStatus !== "REFUNDED") {
    await moveOrder(
      { tx, now, actor: { kind: "user", userId: helpdesk.userId, roleNames: helpdesk.roleNames } },
      {
        orderId: row.orderId,
        to: "REFUNDED",
        data: {
          orderCancellationId: id,
          refundAmountCents: row.refundAmountCents,
          payerType: row.payerType,
          refundToType: row.refundToType,
        },
      },
    );
  }
  await tx
    .update(orderCancellations)
    .set({ status: "COMPLETED", completedAt: now, completedByUserId: ctx.actor.userId, updatedAt: now })
    .where(eq(orderCancellations.id, id));
  await recordEvent(ctx, {
    type: "ORDER_CANCELLATION_COMPLETED",
    entity: { type: "orderCancellation", id: row.id },
    companyId: row.companyId,
    data: {
      orderId: row.orderId,
      cancelledNow,
      refundAmountCents: row.refundAmountCents,
      payerType: row.payerType,
      refundToType: row.refundToType,
    },
  });
  return {
    orderId: row.orderId,
    cancelledNow,
    reason: row.reason,
    refundAmountCents: row.refundAmountCents,
    refundToType: row.refundToType,
  };
}
