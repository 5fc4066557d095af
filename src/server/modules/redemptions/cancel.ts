import { eq } from "drizzle-orm";
import { recordEvent } from "../../db/event-log.ts";
import { bikeRedemptions } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { ensureOpen, lockedCase, onCase } from "./case-facts.ts";
import { releaseChoice } from "./choice-effects.ts";
import { redemptionClosed } from "./errors.ts";

/**
 * The helpdesk cancels the case (kept for history): its open payment cancelled, its unlisted brokerage
 * withdrawn. A paid payment or a listed bike must be refunded or withdrawn first.
 */
export async function cancelRedemptionCase(ctx: WriteContext, caseId: string) {
  const { tx, now } = ctx;
  const facts = await lockedCase(tx, caseId);
  ensureOpen(facts);
  await releaseChoice(ctx, facts, (why) => redemptionClosed(`${why}: refund or withdraw it first`));
  await tx
    .update(bikeRedemptions)
    .set({ status: "CANCELLED", updatedAt: now })
    .where(eq(bikeRedemptions.id, caseId));
  await recordEvent(ctx, {
    type: "BIKE_REDEMPTION_CANCELLED",
    ...onCase(facts.redemption),
    data: { choice: facts.redemption.choice },
  });
}
