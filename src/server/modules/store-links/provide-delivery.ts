import type { TStoreDeliveryInput } from "../../../contract/store-links.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { recordEvent } from "../../db/event-log.ts";
import type { WriteContext } from "../../db/transaction.ts";
import type { AppError } from "../../errors.ts";
import { moveOrder } from "../orders/lifecycle.ts";
import { handoverRequired, storeLinkUsed, validationError } from "./errors.ts";
import { takesHandover } from "./handover-rule.ts";
import { DELIVERY_EDITABLE, type LinkedOrder, orderOfLink, type StoreActor } from "./queries.ts";

/**
 * The store gives the delivery by its link: the order the token names, locked in `ctx.tx`. An order
 * whose store has an account takes a handover instead (the pickup code, both signatures), also when
 * the link was issued before the store had its account: the link is refused, so it never skips them.
 */
export async function provideDelivery(
  ctx: WriteContext<StoreActor>,
  token: string,
  input: TStoreDeliveryInput,
): Promise<void> {
  const order = await orderOfLink(ctx.tx, { kind: "delivery", token }, ctx.now, true);
  if (await takesHandover(ctx.tx, order)) throw handoverRequired();
  await provideDeliveryOf(ctx, order, input, storeLinkUsed);
}

/**
 * The store gives the frame serial number and the delivery date of `order` (locked in `ctx.tx`),
 * whether by its link or as a user of its account: each is an event row with what it replaced, and the
 * order moves to READY_FOR_BILLING. Once done the link only shows what was entered. `notAtStep` is the
 * refusal of an order not waiting for it, in the words of the way the store came in.
 */
export async function provideDeliveryOf(
  ctx: WriteContext<StoreActor>,
  order: LinkedOrder,
  input: TStoreDeliveryInput,
  notAtStep: () => AppError,
): Promise<void> {
  if (!DELIVERY_EDITABLE.includes(order.orderStatus)) throw notAtStep();
  const orderDate = toHelsinkiDateString(order.createdAt);
  if (input.deliveryDate < orderDate) {
    throw validationError([
      { field: "body.deliveryDate", message: `Not before the order's date ${orderDate}` },
    ]);
  }
  const entity = { type: "order", id: order.id } as const;
  await recordEvent(ctx, {
    type: "SERIAL_NUMBER_UPDATED",
    entity,
    companyId: order.companyId,
    data: {
      frameSerialNumber: input.frameSerialNumber,
      previous: order.frameSerialNumber,
      by: ctx.actor.kind,
    },
  });
  await recordEvent(ctx, {
    type: "DELIVERY_DATE_UPDATED",
    entity,
    companyId: order.companyId,
    data: { deliveryDate: input.deliveryDate, previous: order.deliveryDate, by: ctx.actor.kind },
  });
  await moveOrder(ctx, {
    orderId: order.id,
    to: "READY_FOR_BILLING",
    set: { frameSerialNumber: input.frameSerialNumber, deliveryDate: input.deliveryDate },
  });
}
