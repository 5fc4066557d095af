import type { Db } from "../../db/client.ts";
import { redemptionCompletedMail, redemptionOfferMail } from "../../messaging/redemption-mails.ts";
import type { Messaging } from "../../messaging/types.ts";
import { bikeNameOf, loadCaseFacts } from "./case-facts.ts";

/**
 * The employee's mails of their lease-end case: its offer when it opens, and its completion. Sent after
 * the action's transaction committed; a failed mail is logged and undoes nothing.
 */

export type MailDeps = {
  db: Db;
  messaging: Messaging;
  publicUrl: string;
  logFailure: (error: unknown, what: string) => void;
};

/** Mails the employee about their case, after its transaction committed: its offer, or its completion. */
export async function mailEmployee(
  deps: MailDeps,
  caseId: string,
  kind: "offer" | "completed",
): Promise<void> {
  try {
    const facts = await loadCaseFacts(deps.db, caseId);
    const { redemption, order } = facts;
    const common = {
      name: facts.firstName,
      orderNumber: order.orderNumber,
      bikeName: await bikeNameOf(deps.db, order.id),
      leaseEndsOn: redemption.leaseEndsOn ?? facts.lease?.endDate ?? "",
      link: `${deps.publicUrl}/mybike`,
    };
    const mail =
      kind === "offer"
        ? redemptionOfferMail(facts.language, {
            ...common,
            reason: redemption.reason,
            decisionDeadline: redemption.decisionDeadline ?? common.leaseEndsOn,
            priceCents: redemption.redemptionPriceCents,
          })
        : redemptionCompletedMail(facts.language, { ...common, choice: redemption.choice ?? "RETURN" });
    await deps.messaging.sendMail({ to: facts.email, ...mail });
  } catch (error) {
    deps.logFailure(error, `lease-end ${kind} mail failed`);
  }
}
