import type { WriteContext } from "../../db/transaction.ts";
import { agreementNotAccepted } from "./errors.ts";
import { BY_SYSTEM, moveOrder, type OrderMover, requireStatus } from "./lifecycle.ts";
import { queuePurchaseOrder } from "./mails.ts";
import { lockOrder } from "./order-rows.ts";
import { agreementOf } from "./queries.ts";

/**
 * The helpdesk processes a CONFIRMED order whose agreement the leasing company accepted: CONFIRMED →
 * PROCESSED by the helpdesk, then on to WAITING_FOR_INVOICE_MATCH by the platform; the store's
 * purchase order is queued with the moves.
 */
export async function processOrder(ctx: WriteContext<OrderMover>, orderId: string): Promise<void> {
  const order = await lockOrder(ctx.tx, orderId);
  requireStatus(order, "CONFIRMED", "PROCESSED");
  const agreement = await agreementOf(ctx.tx, orderId, true);
  if (agreement?.status !== "ACCEPTED") throw agreementNotAccepted();
  await moveOrder(ctx, { orderId, to: "PROCESSED" });
  await moveOrder({ ...ctx, actor: BY_SYSTEM }, { orderId, to: "WAITING_FOR_INVOICE_MATCH" });
  await queuePurchaseOrder(ctx.tx, orderId);
}
