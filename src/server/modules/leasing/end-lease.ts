import { eq } from "drizzle-orm";
import { lastDayOf, periodOf } from "../../../domain/payroll/period.ts";
import { recordEvent } from "../../db/event-log.ts";
import { lockRows } from "../../db/lock-order.ts";
import { leasingAgreements } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";
import { noActiveLease } from "./errors.ts";

/**
 * The end of a lease (ADR 009, "The lease's end"): at its term's end, or early when the bike is
 * redeemed, returned or passed on before it, or stolen and not replaced. An early end moves the
 * agreement's end date to the last day of the lease's last month, which is what payroll reads (src/domain/lease-dates.ts
 * effectiveLeaseMonths): no deduction after it. Either way the agreement's LEASING_ENDED event is
 * written, in the caller's transaction.
 */

export type EndOfLease = {
  agreementId: string;
  /** The lease's last day as the case sees it; an early end ends on the last day of that month. */
  lastDay: string;
  /** Why it ends, for the event (the redemption case's reason, or the claim's outcome). */
  reason: string;
  /** The redemption case or insurance claim that ends it. */
  source: { entityType: "bikeRedemption" | "insuranceClaim"; entityId: string };
};

/** Ends the agreement's lease; answers its end date as it now stands. */
export async function endLease(ctx: WriteContext, end: EndOfLease): Promise<string> {
  const { tx, now } = ctx;
  const [agreement] = await lockRows(
    tx,
    "leasingAgreement",
    tx.select().from(leasingAgreements).where(eq(leasingAgreements.id, end.agreementId)).for("update"),
  );
  if (!agreement) throw notFound("Leasing agreement");
  if (agreement.status !== "ACCEPTED" || !agreement.startDate) throw noActiveLease();
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
  await recordEvent(ctx, {
    type: "LEASING_ENDED",
    entity: { type: "leasingAgreement", id: agreement.id },
    companyId: agreement.companyId,
    data: {
      orderId: agreement.orderId,
      endDate,
      early,
      reason: end.reason,
      [end.source.entityType === "bikeRedemption" ? "bikeRedemptionId" : "insuranceClaimId"]:
        end.source.entityId,
    },
  });
  return endDate;
}
