import { eq } from "drizzle-orm";
import type { TUpdateBikeRedemption } from "../../../contract/bike-redemptions.ts";
import {
  isDayWithin,
  isEarlyEnd,
  leaseEndRange,
  monthsPaidBy,
  redemptionPriceCents,
} from "../../../domain/redemption.ts";
import { paymentMethodAllowed } from "../../../domain/user-payments.ts";
import { recordEvent } from "../../db/event-log.ts";
import { bikeRedemptions } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { badRequest } from "../../errors.ts";
import { paymentMethodNotAllowed } from "../user-payments/errors.ts";
import { ensureOpen, lockedCase, onCase } from "./case-facts.ts";
import { handToBrokerage, redemptionUserPayment, releaseChoice } from "./choice-effects.ts";
import { redemptionClosed } from "./errors.ts";

/**
 * The helpdesk changes the case's figures (only the fields given). A new last day without a price
 * recomputes the price by rule. An open payment is made again with the new figures; a paid one freezes
 * them.
 */
export async function updateRedemptionCase(ctx: WriteContext, caseId: string, input: TUpdateBikeRedemption) {
  const { tx, now } = ctx;
  const facts = await lockedCase(tx, caseId);
  ensureOpen(facts);
  const { redemption, lease } = facts;
  if (input.leaseEndsOn !== undefined && lease) {
    // The same month ends the case's opening may give (redemptionSchedule), so the two paths agree.
    const range = leaseEndRange(lease.startDate, lease.endDate);
    if (!isDayWithin(input.leaseEndsOn, range))
      throw badRequest("The lease's last day must be within the lease", [
        { field: "body.leaseEndsOn", message: `Between ${range.min} and ${range.max}` },
      ]);
  }
  if (input.paymentMethod && !paymentMethodAllowed(facts.companyPaymentMode, input.paymentMethod))
    throw paymentMethodNotAllowed();
  const leaseEndsOn = input.leaseEndsOn ?? redemption.leaseEndsOn;
  const price =
    input.redemptionPriceCents ??
    (input.leaseEndsOn !== undefined && lease && leaseEndsOn
      ? redemptionPriceCents(
          lease.terms,
          monthsPaidBy(lease.startDate, lease.terms.leaseTimeMonths, leaseEndsOn),
        )
      : redemption.redemptionPriceCents);
  const method = input.paymentMethod ?? redemption.paymentMethod;
  const fee = input.returnFeeCents === undefined ? redemption.returnFeeCents : input.returnFeeCents;
  const moneyChanged =
    price !== redemption.redemptionPriceCents ||
    method !== redemption.paymentMethod ||
    fee !== redemption.returnFeeCents;
  const [updated] = await tx
    .update(bikeRedemptions)
    .set({
      redemptionPriceCents: price,
      paymentMethod: method,
      returnFeeCents: fee,
      leaseEndsOn,
      decisionDeadline: input.decisionDeadline ?? redemption.decisionDeadline,
      note: input.note === undefined ? redemption.note : input.note || null,
      updatedAt: now,
    })
    .where(eq(bikeRedemptions.id, caseId))
    .returning();
  if (moneyChanged && redemption.choice) {
    // The choice's payment follows the new figures: released (refused once paid) and made again.
    await releaseChoice(ctx, facts, (why) =>
      redemptionClosed(`The figures can no longer be changed: ${why.toLowerCase()}`),
    );
    const next = { ...facts, redemption: updated as typeof redemption };
    if (redemption.choice === "REDEEM")
      await redemptionUserPayment(ctx, next, { kind: "REDEMPTION", amountCents: price, method });
    if (redemption.choice === "RETURN" && isEarlyEnd(redemption.reason))
      await redemptionUserPayment(ctx, next, { kind: "RETURN_FEE", amountCents: fee ?? 0, method });
    if (redemption.choice === "BROKERAGE") await handToBrokerage(ctx, next);
  }
  const fields = Object.entries(input)
    .filter(([, value]) => value !== undefined)
    .map(([field]) => field);
  await recordEvent(ctx, {
    type: "BIKE_REDEMPTION_UPDATED",
    ...onCase(redemption),
    data: { fields, amountCents: price },
  });
}
