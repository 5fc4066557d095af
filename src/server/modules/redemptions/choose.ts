import { eq } from "drizzle-orm";
import type { TRedemptionChoiceInput } from "../../../contract/bike-redemptions.ts";
import { isChoiceAvailable, isEarlyEnd } from "../../../domain/redemption.ts";
import { paymentMethodAllowed } from "../../../domain/user-payments.ts";
import { recordEvent } from "../../db/event-log.ts";
import { bikeRedemptions } from "../../db/schema/index.ts";
import type { Actor, WriteContext } from "../../db/transaction.ts";
import { paymentMethodNotAllowed } from "../user-payments/errors.ts";
import { absenceFactsOf, ensureOpen, lockedCase, onCase, optionsOf, todayOf } from "./case-facts.ts";
import { defaultMethod, handToBrokerage, redemptionUserPayment, releaseChoice } from "./choice-effects.ts";
import { notifyEmployerAdmins } from "./employer-bell.ts";
import { redemptionChoiceNotAllowed, redemptionDeadlinePassed } from "./errors.ts";

/**
 * Who chooses: the employee, their employer, or the helpdesk, who may still choose after the deadline
 * and record a return the employer allowed after a resignation.
 */
export type Chooser = Actor & { helpdesk: boolean };

/**
 * Records the employee's choice (made by them, their employer or the helpdesk) and starts what follows
 * from it; a choice made before is released first (releaseChoice).
 */
export async function chooseRedemption(
  ctx: WriteContext<Chooser>,
  caseId: string,
  input: TRedemptionChoiceInput,
) {
  const { tx, actor, now } = ctx;
  const facts = await lockedCase(tx, caseId);
  ensureOpen(facts);
  const { redemption } = facts;
  const today = todayOf(now);
  if (!actor.helpdesk && redemption.decisionDeadline && today > redemption.decisionDeadline)
    throw redemptionDeadlinePassed();
  const options = optionsOf(facts, await absenceFactsOf(tx, facts));
  const option = options.find((o) => o.choice === input.choice);
  // After a resignation a return is not offered, but the helpdesk may record one the employer allowed.
  const recordable =
    isChoiceAvailable(options, input.choice) ||
    (actor.helpdesk && option?.unavailableReason === "RESIGNED_MUST_REDEEM");
  if (!recordable) throw redemptionChoiceNotAllowed("The option is not open in this case");
  const paying = input.choice === "REDEEM" || input.choice === "RETURN";
  if (paying && input.paymentMethod && !paymentMethodAllowed(facts.companyPaymentMode, input.paymentMethod))
    throw paymentMethodNotAllowed();
  await releaseChoice(ctx, facts, (why) =>
    redemptionChoiceNotAllowed(`The choice can no longer be changed: ${why.toLowerCase()}`),
  );

  const method = input.paymentMethod ?? defaultMethod(facts);
  if (input.choice === "REDEEM") {
    await redemptionUserPayment(ctx, facts, {
      kind: "REDEMPTION",
      amountCents: redemption.redemptionPriceCents,
      method,
    });
  } else if (input.choice === "RETURN" && isEarlyEnd(redemption.reason)) {
    await redemptionUserPayment(ctx, facts, {
      kind: "RETURN_FEE",
      amountCents: redemption.returnFeeCents ?? 0,
      method,
    });
  } else if (input.choice === "BROKERAGE") {
    await handToBrokerage(ctx, facts);
  }
  await tx
    .update(bikeRedemptions)
    .set({
      choice: input.choice,
      choiceMadeAt: now,
      choiceByUserId: actor.userId,
      paymentMethod: paying ? method : redemption.paymentMethod,
      transferToEmail: input.choice === "TRANSFER" ? (input.transferToEmail ?? null) : null,
      updatedAt: now,
    })
    .where(eq(bikeRedemptions.id, caseId));
  await recordEvent(ctx, {
    type: "BIKE_REDEMPTION_CHOICE_MADE",
    ...onCase(redemption),
    data: { choice: input.choice, previousChoice: redemption.choice, paymentMethod: method },
  });
  await notifyEmployerAdmins(tx, facts, { kind: "chosen", choice: input.choice });
}
