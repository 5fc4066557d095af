import type { TStoreDeliveryInput } from "../../../contract/store-links.ts";
import { isTwentyYearsOrMoreInFuture, toHelsinkiDateString } from "../../../domain/dates.ts";
import { recordEvent } from "../../db/event-log.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { type BY_BIKE_STORE, moveOrder } from "../orders/lifecycle.ts";
import { deliveryDateFarFuture, storeLinkUsed, validationError } from "./errors.ts";
import { DELIVERY_EDITABLE, orderOfLink } from "./queries.ts";

/**
 * The store gives the frame serial number and the delivery date by its link, inside `ctx.tx`: each is
 * an event row with what it replaced, and the order moves to READY_FOR_BILLING. Once done the link
 * only shows what was entered.
 */
export async function provideDelivery(
  ctx: WriteContext<typeof BY_BIKE_STORE>,
  token: string,
  input: TStoreDeliveryInput,
): Promise<void> {
  const { tx, now } = ctx;
  const order = await orderOfLink(tx, { kind: "delivery", token }, now, true);
  if (!DELIVERY_EDITABLE.includes(order.orderStatus)) throw storeLinkUsed();
  const orderDate = toHelsinkiDateString(order.createdAt);
  if (input.deliveryDate < orderDate) {
    throw validationError([
      { field: "body.deliveryDate", message: `Not before the order's date ${orderDate}` },
    ]);
  }
  if (isTwentyYearsOrMoreInFuture(input.deliveryDate, now) && input.confirmFarFuture !== true) {
    throw deliveryDateFarFuture();
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
