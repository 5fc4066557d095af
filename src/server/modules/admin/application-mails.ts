import type { Db } from "../../db/client.ts";
import type { companyApplications } from "../../db/schema/index.ts";
import {
  companyApplicationAcceptedMail,
  companyApplicationRejectedMail,
} from "../../messaging/company-application-mails.ts";
import type { RenderedMail } from "../../messaging/templates.ts";
import { queueMessage } from "../notifications/outbox.ts";
import type { OutboxRenderer, RenderedMessage } from "../notifications/outbox-renderers.ts";
import { accountOf, firstPasswordLink } from "../password/mails.ts";
import { emailOwnerId } from "../system-users/queries.ts";

/**
 * The helpdesk's answer to a company application, to its contact person in the applicant's language,
 * queued in the message outbox with the review. An accepted one that made the contact person a new
 * account carries its set-password link, minted when the mail is sent.
 */

/** The notification table's event of the answer to a company application. */
export const APPLICATION_DECIDED_EVENT = "COMPANY_APPLICATION_DECIDED";

type Application = typeof companyApplications.$inferSelect;

type QueuedParams = { name: string; companyName: string } & (
  | { decision: "ACCEPTED"; newAccount: boolean }
  | { decision: "REJECTED"; reason: string }
);

const asMail = (mail: RenderedMail): RenderedMessage => ({ kind: "mail", mail });

/**
 * Queues the answer in the review's transaction `tx`. The accepted company's admin is the mail's
 * account; a rejected applicant's is whatever account holds the address, if any.
 */
export async function queueApplicationDecision(
  tx: Db,
  application: Application,
  decision:
    | { decision: "ACCEPTED"; adminUserId: string; newAccount: boolean }
    | { decision: "REJECTED"; reason: string },
): Promise<void> {
  const facts = { name: application.contactFirstName, companyName: application.companyName };
  const [userId, params]: [string | null, QueuedParams] =
    decision.decision === "ACCEPTED"
      ? [decision.adminUserId, { ...facts, decision: "ACCEPTED", newAccount: decision.newAccount }]
      : [
          await emailOwnerId(tx, application.contactEmail),
          { ...facts, decision: "REJECTED", reason: decision.reason },
        ];
  await queueMessage(tx, {
    userId,
    event: APPLICATION_DECIDED_EVENT,
    channel: "EMAIL",
    recipient: application.contactEmail,
    language: application.language,
    params,
  });
}

/**
 * COMPANY_APPLICATION_DECIDED: rejected with the reason, or accepted, with a set-password link of the
 * "first" lifetime while the new admin account has no password (nothing once the account is gone).
 */
export const renderApplicationDecision: OutboxRenderer = async (row, deps) => {
  const params = row.params as QueuedParams;
  const { name, companyName } = params;
  if (params.decision === "REJECTED") {
    return asMail(companyApplicationRejectedMail(row.language, { name, companyName, reason: params.reason }));
  }
  const account = await accountOf(deps, row);
  if (!account) return null;
  const setPassword =
    params.newAccount && !account.hasPassword ? await firstPasswordLink(deps, account.id, row.language) : {};
  return asMail(companyApplicationAcceptedMail(row.language, { name, companyName, ...setPassword }));
};
