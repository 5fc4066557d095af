import { eq } from "drizzle-orm";
import { recordEvent } from "../../db/event-log.ts";
import { orderCancellations } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { lockOrder } from "../orders/order-rows.ts";
import { isCancelled } from "./allowed-actions.ts";
import { type CancellationActor, lockOpenCancellation } from "./cancel-order.ts";
import { cancellationClosed } from "./errors.ts";

/** A request the order has not followed yet is withdrawn (kept, CANCELLED); else 409 CLOSED. */
export async function withdrawCancellation(ctx: WriteContext<CancellationActor>, id: string): Promise<void> {
  const row = await lockOpenCancellation(ctx.tx, id);
  const order = await lockOrder(ctx.tx, row.orderId);
  if (isCancelled(order.orderStatus)) throw cancellationClosed();
  await ctx.tx
    .update(orderCancellations)
    .set({ status: "CANCELLED", updatedAt: ctx.now })
    .where(eq(orderCancellations.id, id));
  await recordEvent(ctx, {
    type: "ORDER_CANCELLATION_WITHDRAWN",
    entity: { type: "orderCancellation", id: row.id },
    companyId: row.companyId,
    data: { orderId: row.orderId },
  });
}
