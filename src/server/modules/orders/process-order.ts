import type { WriteContext } from "../../db/transaction.ts";
import type { IssuedStoreLink } from "../store-links/tokens.ts";
import { agreementNotAccepted } from "./errors.ts";
import { BY_SYSTEM, moveOrder, type OrderMover, requireStatus } from "./lifecycle.ts";
import { lockOrder } from "./order-rows.ts";
import { agreementOf } from "./queries.ts";

/**
 * The helpdesk processes a CONFIRMED order whose agreement the leasing company accepted: CONFIRMED →
 * PROCESSED by the helpdesk, then on to WAITING_FOR_INVOICE_MATCH by the platform, which issues the
 * store's link; answers that link for the caller to mail after the commit, with the purchase order.
 */
export async function processOrder(
  ctx: WriteContext<OrderMover>,
  orderId: string,
): Promise<IssuedStoreLink | undefined> {
  const order = await lockOrder(ctx.tx, orderId);
  requireStatus(order, "CONFIRMED", "PROCESSED");
  const agreement = await agreementOf(ctx.tx, orderId, true);
  if (agreement?.status !== "ACCEPTED") throw agreementNotAccepted();
  await moveOrder(ctx, { orderId, to: "PROCESSED" });
  const waiting = await moveOrder({ ...ctx, actor: BY_SYSTEM }, { orderId, to: "WAITING_FOR_INVOICE_MATCH" });
  return waiting.storeLink;
}
