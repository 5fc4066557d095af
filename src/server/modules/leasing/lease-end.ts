import { eq } from "drizzle-orm";
import { lastDayOf, periodOf } from "../../../domain/payroll/period.ts";
import type { Db } from "../../db/client.ts";
import { eventLog, leasingAgreements } from "../../db/schema/index.ts";
import { AppError, notFound } from "../../errors.ts";

/**
 * The end of a lease (issue 13): at its term's end, or early when the bike is redeemed, returned or
 * passed on before it, or stolen and not replaced. An early end moves the agreement's end date to the
 * last day of the lease's last month, which is what payroll reads (src/domain/lease-dates.ts
 * effectiveLeaseMonths): no deduction after it. Either way the agreement's LEASING_ENDED event is
 * written, in the caller's transaction.
 */

export type LeaseEnd = {
  agreementId: string;
  /** The lease's last day as the case sees it; an early end ends on the last day of that month. */
  lastDay: string;
  /** Why it ends, for the event (the lease-end case's reason, or the claim's outcome). */
  reason: string;
  /** The lease-end case or insurance claim that ends it. */
  source: { entityType: "bikeRedemption" | "insuranceClaim"; entityId: string };
};

const noLease = () => new AppError(409, "NO_ACTIVE_LEASE", "The agreement has no lease that has started");

/** Ends the agreement's lease; answers its end date as it now stands. */
export async function endLease(
  tx: Db,
  end: LeaseEnd,
  by: { userId: string | null },
  now: Date,
): Promise<string> {
  const [agreement] = await tx
    .select()
    .from(leasingAgreements)
    .where(eq(leasingAgreements.id, end.agreementId))
    .for("update");
  if (!agreement) throw notFound("Leasing agreement");
  if (agreement.status !== "ACCEPTED" || !agreement.startDate) throw noLease();
  const monthEnd = lastDayOf(periodOf(end.lastDay));
  // Never after the term's end, never before the lease's first month (the table's check).
  let endDate = agreement.endDate && agreement.endDate < monthEnd ? agreement.endDate : monthEnd;
  if (endDate <= agreement.startDate) endDate = lastDayOf(periodOf(agreement.startDate));
  const early = agreement.endDate === null || endDate < agreement.endDate;
  if (endDate !== agreement.endDate) {
    await tx
      .update(leasingAgreements)
      .set({ endDate, updatedAt: now })
      .where(eq(leasingAgreements.id, agreement.id));
  }
  await tx.insert(eventLog).values({
    type: "LEASING_ENDED",
    actorUserId: by.userId,
    companyId: agreement.companyId,
    entityType: "leasingAgreement",
    entityId: agreement.id,
    data: {
      orderId: agreement.orderId,
      endDate,
      early,
      reason: end.reason,
      [end.source.entityType === "bikeRedemption" ? "bikeRedemptionId" : "insuranceClaimId"]:
        end.source.entityId,
    },
    createdAt: now,
  });
  return endDate;
}
