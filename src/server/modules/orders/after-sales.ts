import { desc, eq } from "drizzle-orm";
import type { TOrderAfterSales } from "../../../contract/orders.ts";
import { isBikeInUse } from "../../../domain/lease-dates.ts";
import type { Db } from "../../db/client.ts";
import {
  bikeRedemptions,
  insuranceClaims,
  leasingAgreements,
  orderCancellations,
  orders,
} from "../../db/schema/index.ts";

const iso = (value: Date | null) => value?.toISOString() ?? null;

/**
 * What followed an order's sale, in brief (contract/orders.ts zOrderAfterSales): its latest
 * cancellation and redemption case, and its insurance claims newest first. Three indexed reads by the
 * order's id; the caller has already checked that the reader may see the order.
 */
export async function orderAfterSalesOf(db: Db, orderId: string): Promise<TOrderAfterSales> {
  // One after another, as everywhere a read may run inside a write's transaction (db/transaction.ts).
  const [cancellation] = await db
    .select()
    .from(orderCancellations)
    .where(eq(orderCancellations.orderId, orderId))
    .orderBy(desc(orderCancellations.createdAt), desc(orderCancellations.id))
    .limit(1);
  const [redemption] = await db
    .select()
    .from(bikeRedemptions)
    .where(eq(bikeRedemptions.orderId, orderId))
    .orderBy(desc(bikeRedemptions.createdAt), desc(bikeRedemptions.id))
    .limit(1);
  const claims = await db
    .select()
    .from(insuranceClaims)
    .where(eq(insuranceClaims.orderId, orderId))
    .orderBy(desc(insuranceClaims.createdAt), desc(insuranceClaims.id));
  return {
    cancellation: cancellation
      ? {
          orderCancellationId: cancellation.id,
          status: cancellation.status,
          requestedBy: cancellation.requestedBy,
          reason: cancellation.reason,
          refundAmountCents: cancellation.refundAmountCents,
          payerType: cancellation.payerType,
          refundToType: cancellation.refundToType,
          createdAt: cancellation.createdAt.toISOString(),
          completedAt: iso(cancellation.completedAt),
        }
      : null,
    redemption: redemption
      ? {
          bikeRedemptionId: redemption.id,
          status: redemption.status,
          reason: redemption.reason,
          choice: redemption.choice,
          choiceMadeAt: iso(redemption.choiceMadeAt),
          redemptionPriceCents: redemption.redemptionPriceCents,
          paymentMethod: redemption.paymentMethod,
          decisionDeadline: redemption.decisionDeadline,
          leaseEndsOn: redemption.leaseEndsOn,
          userPaymentSentAt: iso(redemption.userPaymentSentAt),
          userPaymentPaidAt: iso(redemption.userPaymentPaidAt),
          createdAt: redemption.createdAt.toISOString(),
          completedAt: iso(redemption.completedAt),
        }
      : null,
    insuranceClaims: claims.map((claim) => ({
      insuranceId: claim.id,
      type: claim.type,
      status: claim.status,
      outcome: claim.outcome,
      createdAt: claim.createdAt.toISOString(),
      completedAt: iso(claim.completedAt),
    })),
  };
}

/**
 * Whether the order's bike is still the employee's benefit bike today (src/domain/lease-dates.ts
 * isBikeInUse): what a new insurance claim needs. False for an unknown order. With `pastEndAllowed`
 * a lease past its end date still counts while nothing has settled it (no completed redemption case, no
 * claim ending the leasing): the bike is still with the employee, and its redemption case is what
 * settles it.
 */
export async function isOrderBikeInUse(
  db: Db,
  orderId: string,
  today: string,
  { pastEndAllowed = false } = {},
): Promise<boolean> {
  const [order] = await db.select({ status: orders.orderStatus }).from(orders).where(eq(orders.id, orderId));
  if (order?.status !== "ACTIVE_LEASING") return false;
  const [agreement] = await db
    .select({ endDate: leasingAgreements.endDate })
    .from(leasingAgreements)
    .where(eq(leasingAgreements.orderId, orderId))
    .orderBy(desc(leasingAgreements.createdAt), desc(leasingAgreements.id))
    .limit(1);
  const afterSales = await orderAfterSalesOf(db, orderId);
  return isBikeInUse(
    {
      orderStatus: order.status,
      agreementEndDate: pastEndAllowed ? null : (agreement?.endDate ?? null),
      redemption: afterSales.redemption,
      claimOutcomes: afterSales.insuranceClaims,
    },
    today,
  );
}
