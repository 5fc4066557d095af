import { eq } from "drizzle-orm";
import type { TStorePackageInput } from "../../../contract/store-links.ts";
import { packageTotalCents } from "../../../domain/order-package.ts";
import { recordEvent } from "../../db/event-log.ts";
import { orderItems } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import type { AppError } from "../../errors.ts";
import { notifyEmployee } from "../notifications/notify.ts";
import { moveOrder } from "../orders/lifecycle.ts";
import { setOrderPackage } from "../orders/order-rows.ts";
import { storeLinkUsed } from "./errors.ts";
import { type LinkedOrder, orderOfLink, PACKAGE_EDITABLE, type StoreActor } from "./queries.ts";

/** The store enters the package by its link: the order the token names, locked in `ctx.tx`. */
export async function providePackage(
  ctx: WriteContext<StoreActor>,
  token: string,
  input: TStorePackageInput,
): Promise<void> {
  const order = await orderOfLink(ctx.tx, { kind: "package", token }, ctx.now, true);
  await providePackageOf(ctx, order, input, storeLinkUsed);
}

/**
 * The store enters (or, before the employee accepts, replaces) the package of `order` (locked in
 * `ctx.tx`), whether it came by its link or as a user of its account: the lines replace the order's,
 * the total and the store's order number go on the order, and a PENDING order moves to
 * PACKAGE_PROVIDED; a replaced package is an event-log row of its own. `notAtStep` is the refusal of an
 * order past this step, in the words of the way the store came in.
 */
export async function providePackageOf(
  ctx: WriteContext<StoreActor>,
  order: LinkedOrder,
  input: TStorePackageInput,
  notAtStep: () => AppError,
): Promise<void> {
  const { tx, now } = ctx;
  if (!PACKAGE_EDITABLE.includes(order.orderStatus)) throw notAtStep();
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
  // The employee checks the package again before accepting it.
  await notifyEmployee(ctx.tx, "ORDER_PACKAGE_CHANGED", order.id);
}
