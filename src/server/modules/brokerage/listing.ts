import { and, asc, eq, inArray } from "drizzle-orm";
import { BROKERABLE_ORDER_STATUSES } from "../../../domain/brokerage.ts";
import { recordEvent } from "../../db/event-log.ts";
import { lockRows } from "../../db/lock-order.ts";
import { bikeBrokerages, orderItems, orders } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";
import { CONTACT_EMAIL } from "../../messaging/layout.ts";
import { bikeAlreadyBrokered, orderNotBrokerable } from "./errors.ts";

/**
 * Puts a benefit bike into the bike brokerage (ADR 009, "The lease's end"): a bike returned at its lease's end or
 * handed to brokerage by its employee. Pedaali sells it on, so Pedaali is the seller to contact; what
 * the bike is comes from the order's package (its BIKE line) unless the caller says otherwise. Works in
 * the caller's transaction, so the bike is listed together with the redemption case that sends it, or
 * not at all.
 */

/** What the caller knows better than the package: each given field replaces the package's. */
type BrokerageBikeDetails = {
  brand?: string | null;
  model?: string | null;
  modelYear?: number | null;
  frameSize?: string | null;
};

export type NewBrokerageListing = {
  orderId: string;
  /** The redemption case that hands the bike over, when one does. */
  bikeRedemptionId?: string | null;
  askingPriceCents: number;
  city?: string | null;
  description?: string | null;
  /** Show it on /bikeBrokerageService at once; otherwise the helpdesk lists it after a look at the bike. */
  listNow: boolean;
  bike?: BrokerageBikeDetails;
  adminNote?: string | null;
};

export const PEDAALI_SELLER = { contactName: "Pedaali asiakaspalvelu", contactEmail: CONTACT_EMAIL } as const;

/**
 * Lists the order's bike; answers the brokerage row's id. The order must be leasing (its bike was
 * delivered), and a bike is sold once: an order whose bike is already for sale or sold is 409 CONFLICT
 * (a withdrawn one may be listed again). The order row is locked, so two callers cannot list it twice.
 */
export async function listBikeForBrokerage(ctx: WriteContext, input: NewBrokerageListing): Promise<string> {
  const { tx, now } = ctx;
  const [order] = await lockRows(
    tx,
    "order",
    tx
      .select({
        id: orders.id,
        companyId: orders.companyId,
        orderNumber: orders.orderNumber,
        orderStatus: orders.orderStatus,
      })
      .from(orders)
      .where(eq(orders.id, input.orderId))
      .for("update"),
  );
  if (!order) throw notFound("Order");
  if (!BROKERABLE_ORDER_STATUSES.includes(order.orderStatus)) throw orderNotBrokerable();
  const [taken] = await tx
    .select({ id: bikeBrokerages.id })
    .from(bikeBrokerages)
    .where(
      and(eq(bikeBrokerages.orderId, order.id), inArray(bikeBrokerages.status, ["PENDING", "COMPLETED"])),
    )
    .limit(1);
  if (taken) throw bikeAlreadyBrokered();
  const lines = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.sortOrder));
  const bike = lines.find((line) => line.itemType === "BIKE") ?? lines[0];
  const given = input.bike ?? {};
  const [row] = await tx
    .insert(bikeBrokerages)
    .values({
      userId: null,
      companyId: order.companyId,
      orderId: order.id,
      bikeRedemptionId: input.bikeRedemptionId ?? null,
      ...PEDAALI_SELLER,
      brand: given.brand !== undefined ? given.brand : (bike?.brand ?? null),
      model: given.model !== undefined ? given.model : (bike?.model ?? bike?.name ?? null),
      modelYear: given.modelYear !== undefined ? given.modelYear : (bike?.modelYear ?? null),
      frameSize: given.frameSize !== undefined ? given.frameSize : (bike?.frameSize ?? null),
      description: input.description ?? null,
      askingPriceCents: input.askingPriceCents,
      city: input.city ?? null,
      adminNote: input.adminNote ?? null,
      status: "PENDING",
      listedAt: input.listNow ? now : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: bikeBrokerages.id });
  const id = row?.id as string;
  await recordEvent(ctx, {
    type: "BIKE_BROKERAGE_LISTED",
    entity: { type: "bikeBrokerage", id },
    companyId: order.companyId,
    data: {
      orderId: order.id,
      orderNumber: order.orderNumber,
      bikeRedemptionId: input.bikeRedemptionId ?? null,
      listed: input.listNow,
    },
  });
  return id;
}
