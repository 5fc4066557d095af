import { eq } from "drizzle-orm";
import { recordEvent } from "../../db/event-log.ts";
import { bikeRedemptions } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { endLease } from "../leasing/end-lease.ts";
import { ensureOpen, lockedCase, onCase } from "./case-facts.ts";
import { handToBrokerage } from "./choice-effects.ts";
import { redemptionChoiceNotAllowed, redemptionNotPaid } from "./errors.ts";

/**
 * Completes the case: a redemption once its payment is paid, the others when the helpdesk says the
 * bike is back, handed over or settled. The lease ends on the case's last day (not when the employee
 * continues it); a returned bike goes to the brokerage, not listed yet.
 */
export async function completeRedemptionCase(ctx: WriteContext, caseId: string) {
  const { tx, now } = ctx;
  const facts = await lockedCase(tx, caseId);
  ensureOpen(facts);
  const { redemption, lease } = facts;
  if (!redemption.choice) throw redemptionChoiceNotAllowed("Record the employee's choice first");
  if (redemption.choice === "REDEEM" && redemption.redemptionPriceCents > 0 && !redemption.userPaymentPaidAt)
    throw redemptionNotPaid();
  await tx
    .update(bikeRedemptions)
    .set({ status: "COMPLETED", completedAt: now, updatedAt: now })
    .where(eq(bikeRedemptions.id, caseId));
  await recordEvent(ctx, {
    type: "BIKE_REDEMPTION_COMPLETED",
    ...onCase(redemption),
    data: { choice: redemption.choice },
  });
  if (redemption.choice !== "CONTINUE" && lease) {
    await endLease(ctx, {
      agreementId: lease.agreementId,
      lastDay: redemption.leaseEndsOn ?? lease.endDate,
      reason: redemption.reason,
      source: { entityType: "bikeRedemption", entityId: caseId },
    });
  }
  if (redemption.choice === "RETURN") await handToBrokerage(ctx, facts);
}
