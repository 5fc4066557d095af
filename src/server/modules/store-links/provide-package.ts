import { eq } from "drizzle-orm";
import type { TStorePackageInput } from "../../../contract/store-links.ts";
import { packageTotalCents } from "../../../domain/order-package.ts";
import { recordEvent } from "../../db/event-log.ts";
import { orderItems } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { type BY_BIKE_STORE, moveOrder } from "../orders/lifecycle.ts";
import { setOrderPackage } from "../orders/order-rows.ts";
import { storeLinkUsed } from "./errors.ts";
import { orderOfLink, PACKAGE_EDITABLE } from "./queries.ts";

/**
 * The store enters (or, before the employee accepts, replaces) the package by its link, inside
 * `ctx.tx`: the lines replace the order's, the total and the store's order number go on the order, and
 * a PENDING order moves to PACKAGE_PROVIDED; a replaced package is an event-log row of its own.
 */
export async function providePackage(
  ctx: WriteContext<typeof BY_BIKE_STORE>,
  token: string,
  input: TStorePackageInput,
): Promise<void> {
  const { tx, now } = ctx;
  const order = await orderOfLink(tx, { kind: "package", token }, now, true);
  if (!PACKAGE_EDITABLE.includes(order.orderStatus)) throw storeLinkUsed();
  const totalPriceCents = packageTotalCents(input.items);
  await tx.delete(orderItems).where(eq(orderItems.orderId, order.id));
  await tx.insert(orderItems).values(
    input.items.map((item, index) => ({
      orderId: order.id,
      itemType: item.itemType,
      name: item.name,
      brand: item.brand || null,
      model: item.model || null,
      modelYear: item.modelYear ?? null,
      frameSize: item.frameSize || null,
      color: item.color || null,
      quantity: item.quantity,
      unitPriceCents: item.unitPriceCents,
      discountCents: item.discountCents,
      sortOrder: index,
      createdAt: now,
      updatedAt: now,
    })),
  );
  const set = {
    totalPriceCents,
    ...(input.bikeStoreOrderNumber === undefined
      ? {}
      : { bikeStoreOrderNumber: input.bikeStoreOrderNumber || null }),
  };
  const data = { package: { lines: input.items.length, totalPriceCents } };
  if (order.orderStatus === "PENDING") {
    await moveOrder(ctx, { orderId: order.id, to: "PACKAGE_PROVIDED", data, set });
    return;
  }
  await setOrderPackage(ctx, order.id, set);
  // Not a move: no from/to, so the timeline does not take it for a change of status.
  await recordEvent(ctx, {
    type: "ORDER_STATUS_UPDATED",
    entity: { type: "order", id: order.id },
    companyId: order.companyId,
    data: { ...data, change: "packageReplaced", by: ctx.actor.kind },
  });
}
