import type { Db } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { redemptionCompletedMail, redemptionOfferMail } from "../../messaging/redemption-mails.ts";
import { queueMessage } from "../notifications/outbox.ts";
import type { OutboxRenderer } from "../notifications/outbox-renderers.ts";
import { bikeNameOf, loadCaseFacts } from "./case-facts.ts";

/**
 * The employee's mails of their redemption case: its offer when it opens, and its completion. Queued in
 * the message outbox inside the action's transaction; the row names the case only, and the mail tells
 * the case as it is when sent.
 */

type MailKind = "offer" | "completed";

const EVENT_OF = { offer: "REDEMPTION_OFFERED", completed: "REDEMPTION_COMPLETED" } as const;

/** Queues the employee's mail of their case in the caller's transaction: its offer, or its completion. */
export async function queueRedemptionMail(tx: Db, caseId: string, kind: MailKind): Promise<void> {
  const facts = await loadCaseFacts(tx, caseId);
  await queueMessage(tx, {
    userId: facts.employeeUserId,
    event: EVENT_OF[kind],
    channel: "EMAIL",
    recipient: facts.email,
    language: facts.language,
    params: { caseId },
  });
}

/**
 * REDEMPTION_OFFERED, REDEMPTION_COMPLETED: the case's offer or completion with the employee's own page.
 * A case gone, or an offer whose case was cancelled meanwhile, sends nothing.
 */
export const renderRedemptionMail: OutboxRenderer = async (row, deps) => {
  const facts = await loadCaseFacts(deps.db, String(row.params.caseId)).catch((error: unknown) => {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  });
  if (!facts) return null;
  const { redemption, order } = facts;
  const offer = row.event === EVENT_OF.offer;
  if (offer && redemption.status === "CANCELLED") return null;
  const common = {
    name: facts.firstName,
    orderNumber: order.orderNumber,
    bikeName: await bikeNameOf(deps.db, order.id),
    leaseEndsOn: redemption.leaseEndsOn ?? facts.lease?.endDate ?? "",
    link: `${deps.publicUrl}/mybike`,
  };
  const mail = offer
    ? redemptionOfferMail(row.language, {
        ...common,
        reason: redemption.reason,
        decisionDeadline: redemption.decisionDeadline ?? common.leaseEndsOn,
        priceCents: redemption.redemptionPriceCents,
      })
    : redemptionCompletedMail(row.language, { ...common, choice: redemption.choice ?? "RETURN" });
  return { kind: "mail", mail };
};
