import { and, eq, inArray, isNotNull, notInArray } from "drizzle-orm";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { type ErasureBlocker, SETTLED_ORDER_STATUSES } from "../../../domain/erasure.ts";
import { isBikeInUse } from "../../../domain/lease-dates.ts";
import type { Db } from "../../db/client.ts";
import {
  beneficiaryEmployees,
  bikeRedemptions,
  insuranceClaims,
  leasingAgreements,
  orderCancellations,
  orders,
  redemptionPayments,
  userPayments,
} from "../../db/schema/index.ts";

/** Payment states in which the money is still owed. */
const OWED = ["PENDING", "NOT_PAID"] as const;

/** The ids of the person's employments (one per company they have worked for through the service). */
export async function employmentIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: beneficiaryEmployees.id })
    .from(beneficiaryEmployees)
    .where(eq(beneficiaryEmployees.userId, userId));
  return rows.map((row) => row.id);
}

/**
 * What must be settled before the person's data may be erased: a lease that still runs (the bike is
 * theirs to use: isBikeInUse), an order on its way, a claim, redemption or cancellation still open, and
 * money they still owe. Each is what a law or the contract still needs the person for.
 */
export async function erasureBlockers(db: Db, employmentIds: readonly string[], now: Date) {
  const blockers: ErasureBlocker[] = [];
  if (employmentIds.length === 0) return blockers;
  const today = toHelsinkiDateString(now);
  const ofPerson = inArray(orders.beneficiaryEmployeeId, employmentIds);

  const theirOrders = await db
    .select({ id: orders.id, status: orders.orderStatus })
    .from(orders)
    .where(ofPerson);
  if (theirOrders.some((o) => !(SETTLED_ORDER_STATUSES as readonly string[]).includes(o.status)))
    blockers.push("OPEN_ORDER");

  const leasing = theirOrders.filter((o) => o.status === "ACTIVE_LEASING").map((o) => o.id);
  if (leasing.length > 0) {
    const agreements = await db
      .select({ orderId: leasingAgreements.orderId, endDate: leasingAgreements.endDate })
      .from(leasingAgreements)
      .where(and(inArray(leasingAgreements.orderId, leasing), eq(leasingAgreements.status, "ACCEPTED")));
    const redemptions = await db
      .select({
        orderId: bikeRedemptions.orderId,
        status: bikeRedemptions.status,
        choice: bikeRedemptions.choice,
      })
      .from(bikeRedemptions)
      .where(inArray(bikeRedemptions.orderId, leasing));
    const claims = await db
      .select({
        orderId: insuranceClaims.orderId,
        status: insuranceClaims.status,
        outcome: insuranceClaims.outcome,
      })
      .from(insuranceClaims)
      .where(and(isNotNull(insuranceClaims.orderId), inArray(insuranceClaims.orderId, leasing)));
    const running = leasing.some((orderId) =>
      isBikeInUse(
        {
          orderStatus: "ACTIVE_LEASING",
          agreementEndDate: agreements.find((a) => a.orderId === orderId)?.endDate ?? null,
          redemption: redemptions.find((r) => r.orderId === orderId && r.status === "COMPLETED") ?? null,
          claimOutcomes: claims.filter((c) => c.orderId === orderId),
        },
        today,
      ),
    );
    if (running) blockers.push("RUNNING_LEASE");
  }

  const [openClaim] = await db
    .select({ id: insuranceClaims.id })
    .from(insuranceClaims)
    .where(
      and(
        inArray(insuranceClaims.beneficiaryEmployeeId, employmentIds),
        eq(insuranceClaims.status, "PENDING"),
      ),
    )
    .limit(1);
  if (openClaim) blockers.push("OPEN_INSURANCE_CLAIM");

  const [openRedemption] = await db
    .select({ id: bikeRedemptions.id })
    .from(bikeRedemptions)
    .where(
      and(
        inArray(bikeRedemptions.beneficiaryEmployeeId, employmentIds),
        eq(bikeRedemptions.status, "PENDING"),
      ),
    )
    .limit(1);
  if (openRedemption) blockers.push("OPEN_REDEMPTION");

  if (theirOrders.length > 0) {
    const [openCancellation] = await db
      .select({ id: orderCancellations.id })
      .from(orderCancellations)
      .where(
        and(
          inArray(
            orderCancellations.orderId,
            theirOrders.map((o) => o.id),
          ),
          eq(orderCancellations.status, "PENDING"),
        ),
      )
      .limit(1);
    if (openCancellation) blockers.push("OPEN_CANCELLATION");
  }

  const [unpaid] = await db
    .select({ id: userPayments.id })
    .from(userPayments)
    .where(
      and(
        inArray(userPayments.beneficiaryEmployeeId, employmentIds),
        eq(userPayments.isUserPaymentDone, false),
        inArray(userPayments.paymentStatus, OWED),
      ),
    )
    .limit(1);
  if (unpaid) blockers.push("UNPAID_USER_PAYMENT");

  const [unpaidRedemption] = await db
    .select({ id: redemptionPayments.id })
    .from(redemptionPayments)
    .innerJoin(bikeRedemptions, eq(bikeRedemptions.id, redemptionPayments.bikeRedemptionId))
    .where(
      and(
        inArray(bikeRedemptions.beneficiaryEmployeeId, employmentIds),
        eq(redemptionPayments.payerType, "EMPLOYEE"),
        notInArray(redemptionPayments.status, ["PAID", "COMPLETED", "CANCELLED"]),
      ),
    )
    .limit(1);
  if (unpaidRedemption) blockers.push("UNPAID_REDEMPTION_PAYMENT");
  return blockers;
}
