import { desc, eq } from "drizzle-orm";
import type { TAskingPriceSuggestion } from "../../../contract/bike-brokerage.ts";
import { suggestedAskingPriceCents, wholeMonthsBetween } from "../../../domain/brokerage.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import type { Db } from "../../db/client.ts";
import { leasingAgreements, orders } from "../../db/schema/index.ts";

/**
 * The asking price src/domain/brokerage.ts suggests for an order's bike, with what it was worked out
 * from: the order's package price, its lease's start (the agreement that started, else the newest) and
 * its residual value (the agreement's, else the order's). Null for an unknown order.
 */
export async function askingPriceSuggestion(
  db: Db,
  orderId: string,
  now: Date,
): Promise<TAskingPriceSuggestion | null> {
  const [order] = await db
    .select({ totalPriceCents: orders.totalPriceCents, residualValueCents: orders.residualValueCents })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const agreements = await db
    .select({
      startDate: leasingAgreements.startDate,
      residualValueCents: leasingAgreements.residualValueCents,
    })
    .from(leasingAgreements)
    .where(eq(leasingAgreements.orderId, orderId))
    .orderBy(desc(leasingAgreements.createdAt));
  const agreement = agreements.find((a) => a.startDate !== null) ?? agreements[0];
  const today = toHelsinkiDateString(now);
  const leaseStartDate = agreement?.startDate ?? null;
  const residualValueCents = agreement?.residualValueCents ?? order.residualValueCents;
  const basis = { packagePriceCents: order.totalPriceCents, leaseStartDate, residualValueCents, today };
  return {
    priceCents: suggestedAskingPriceCents(basis),
    packagePriceCents: order.totalPriceCents,
    leaseStartDate,
    months: leaseStartDate ? wholeMonthsBetween(leaseStartDate, today) : 0,
    residualValueCents,
  };
}
