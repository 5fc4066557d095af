import { count, eq } from "drizzle-orm";
import type { TCreateBikeBrokerage, TUpdateBikeBrokerage } from "../../../contract/bike-brokerage.ts";
import type { TErrorDetail } from "../../../contract/errors.ts";
import { canMoveBrokerage } from "../../../domain/brokerage.ts";
import { recordEvent } from "../../db/event-log.ts";
import { lockRows } from "../../db/lock-order.ts";
import { bikeBrokerageInquiries, bikeBrokerages, orders } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { badRequest, notFound } from "../../errors.ts";
import { brokerageInUse, brokerageMoveNotAllowed, onlyForSaleListed } from "./errors.ts";
import { listBikeForBrokerage, PEDAALI_SELLER } from "./listing.ts";
import { askingPriceSuggestion } from "./suggestion.ts";

/**
 * The helpdesk's changes to the brokerage's bikes, each in the caller's transaction with its event-log
 * row (entityType bikeBrokerage), so the demo seed makes its bikes the same way the API does.
 */

/** A text field of the body: left out stays, empty text or null empties it. */
const optionalText = (value: string | null | undefined) => (value === undefined ? undefined : value || null);

/** What every event of a brokerage bike names: the bike (entity bikeBrokerage) and its company, if any. */
export const onBike = (bike: { id: string; companyId: string | null }) => ({
  entity: { type: "bikeBrokerage" as const, id: bike.id },
  companyId: bike.companyId,
});

function required(input: TCreateBikeBrokerage): TErrorDetail[] {
  const missing: TErrorDetail[] = [];
  if (!input.brand) missing.push({ field: "body.brand", message: "Required for a bike added by hand" });
  if (!input.model) missing.push({ field: "body.model", message: "Required for a bike added by hand" });
  if (input.askingPriceCents === undefined)
    missing.push({ field: "body.askingPriceCents", message: "Required for a bike added by hand" });
  return missing;
}

/**
 * Adds a bike: from an order (its package's bike and the suggested price fill what the body leaves
 * out or empties; listBikeForBrokerage refuses an order not in leasing or already brokered) or by hand.
 * Answers the new bike's id.
 */
export async function addBrokerageBike(ctx: WriteContext, input: TCreateBikeBrokerage): Promise<string> {
  const { tx, now } = ctx;
  if (input.orderId) {
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, input.orderId));
    if (!order) throw badRequest("Unknown order", [{ field: "body.orderId", message: "No such order" }]);
    const askingPriceCents =
      input.askingPriceCents ?? (await askingPriceSuggestion(tx, order.id, now))?.priceCents ?? 0;
    const bike = Object.fromEntries(
      Object.entries({
        brand: input.brand,
        model: input.model,
        modelYear: input.modelYear,
        frameSize: optionalText(input.frameSize),
      }).filter(([, value]) => value != null),
    );
    return listBikeForBrokerage(ctx, {
      orderId: order.id,
      askingPriceCents,
      city: optionalText(input.city) ?? null,
      description: optionalText(input.description) ?? null,
      adminNote: optionalText(input.adminNote) ?? null,
      listNow: input.listed,
      bike,
    });
  }
  const missing = required(input);
  if (missing.length > 0) throw badRequest("A bike added by hand needs its brand, model and price", missing);
  const [row] = await tx
    .insert(bikeBrokerages)
    .values({
      userId: null,
      companyId: null,
      orderId: null,
      ...PEDAALI_SELLER,
      brand: input.brand ?? null,
      model: input.model ?? null,
      modelYear: input.modelYear ?? null,
      frameSize: optionalText(input.frameSize) ?? null,
      description: optionalText(input.description) ?? null,
      askingPriceCents: input.askingPriceCents ?? null,
      city: optionalText(input.city) ?? null,
      adminNote: optionalText(input.adminNote) ?? null,
      status: "PENDING",
      listedAt: input.listed ? now : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: bikeBrokerages.id, companyId: bikeBrokerages.companyId });
  const bike = row as { id: string; companyId: string | null };
  await recordEvent(ctx, {
    type: "BIKE_BROKERAGE_LISTED",
    ...onBike(bike),
    data: { byHand: true, listed: input.listed },
  });
  return bike.id;
}

const FIELDS = [
  "brand",
  "model",
  "modelYear",
  "frameSize",
  "description",
  "askingPriceCents",
  "city",
  "adminNote",
] as const;

/**
 * Changes a bike (PUT): its fields, whether it is shown, its status. Sold (COMPLETED) sets soldAt and
 * writes BIKE_BROKERAGE_SOLD; newly shown writes BIKE_BROKERAGE_LISTED; anything else that changed
 * writes BIKE_BROKERAGE_UPDATED, naming an unlisting, a withdrawal or a return to sale. A withdrawn
 * bike put back on sale waits to be listed again, after another look at it.
 */
export async function changeBrokerageBike(
  ctx: WriteContext,
  id: string,
  input: TUpdateBikeBrokerage,
): Promise<void> {
  const { tx, now } = ctx;
  const [bike] = await lockRows(
    tx,
    "bikeBrokerage",
    tx.select().from(bikeBrokerages).where(eq(bikeBrokerages.id, id)).for("update"),
  );
  if (!bike) throw notFound("Bike brokerage");
  const status = input.status ?? bike.status;
  if (!canMoveBrokerage(bike.status, status)) throw brokerageMoveNotAllowed(bike.status, status);
  const reopened = bike.status === "CANCELLED" && status === "PENDING";
  const wasListed = bike.listedAt !== null && !reopened;
  const listed = input.listed ?? wasListed;
  if (listed && !wasListed && status !== "PENDING") throw onlyForSaleListed();

  const values: Partial<typeof bikeBrokerages.$inferInsert> = {};
  for (const field of FIELDS) {
    const given = input[field];
    if (given === undefined) continue;
    const value = typeof given === "string" ? given || null : given;
    if (value !== bike[field]) Object.assign(values, { [field]: value });
  }
  const askingPriceCents =
    values.askingPriceCents !== undefined ? values.askingPriceCents : bike.askingPriceCents;
  if (listed && status === "PENDING" && askingPriceCents === null)
    throw badRequest("A listed bike needs an asking price", [
      { field: "body.askingPriceCents", message: "Required for a listed bike" },
    ]);
  const changes = Object.keys(values);
  const listedAt = listed ? (wasListed ? bike.listedAt : now) : null;
  const sold = status === "COMPLETED" && bike.status !== "COMPLETED";
  const statusChanged = status !== bike.status;
  const listingChanged = (listedAt === null) !== (bike.listedAt === null);
  if (changes.length === 0 && !statusChanged && !listingChanged) return;

  await tx
    .update(bikeBrokerages)
    .set({ ...values, status, listedAt, ...(sold ? { soldAt: now } : {}), updatedAt: now })
    .where(eq(bikeBrokerages.id, id));
  const data = { changes, status, listed };
  if (sold) await recordEvent(ctx, { type: "BIKE_BROKERAGE_SOLD", ...onBike(bike), data });
  else if (listed && !wasListed)
    await recordEvent(ctx, { type: "BIKE_BROKERAGE_LISTED", ...onBike(bike), data });
  else {
    const action =
      status === "CANCELLED" && statusChanged
        ? "WITHDRAWN"
        : reopened
          ? "REOPENED"
          : wasListed && !listed
            ? "UNLISTED"
            : null;
    await recordEvent(ctx, { type: "BIKE_BROKERAGE_UPDATED", ...onBike(bike), data: { ...data, action } });
  }
}

/** Deletes a bike nobody asked about (a bike added by mistake); one with inquiries is withdrawn instead. */
export async function removeBrokerageBike(ctx: WriteContext, id: string): Promise<void> {
  const { tx } = ctx;
  const [bike] = await lockRows(
    tx,
    "bikeBrokerage",
    tx
      .select({ id: bikeBrokerages.id, companyId: bikeBrokerages.companyId, orderId: bikeBrokerages.orderId })
      .from(bikeBrokerages)
      .where(eq(bikeBrokerages.id, id))
      .for("update"),
  );
  if (!bike) throw notFound("Bike brokerage");
  const [asked] = await tx
    .select({ n: count() })
    .from(bikeBrokerageInquiries)
    .where(eq(bikeBrokerageInquiries.bikeBrokerageId, id));
  if ((asked?.n ?? 0) > 0) throw brokerageInUse(asked?.n ?? 0);
  await tx.delete(bikeBrokerages).where(eq(bikeBrokerages.id, id));
  await recordEvent(ctx, {
    type: "BIKE_BROKERAGE_DELETED",
    ...onBike(bike),
    data: { orderId: bike.orderId },
  });
}
