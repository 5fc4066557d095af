import type { Db } from "../../db/client.ts";
import { employerSignupReceivedMail } from "../../messaging/company-application-mails.ts";
import { registrationReceivedMail } from "../../messaging/employee-mails.ts";
import { queueMessage } from "../notifications/outbox.ts";
import type { OutboxRenderer } from "../notifications/outbox-renderers.ts";
import { emailOwnerId } from "../system-users/queries.ts";

/**
 * The thanks of joining and of a sign-up, queued in the message outbox with the registration (one
 * that rolls back thanks no one) and rendered when they are sent.
 */

/** The notification table's events of the thanks. */
export const JOIN_REQUESTED_EVENT = "JOIN_REQUESTED";
export const SIGNUP_RECEIVED_EVENT = "COMPANY_SIGNUP_RECEIVED";

type Thanks = { name: string; companyName: string };

/** The joiner's "received, your employer decides" mail, to the account the join made. */
export async function queueJoinReceived(
  tx: Db,
  joiner: { userId: string; email: string; language: string },
  thanks: Thanks,
): Promise<void> {
  await queueMessage(tx, {
    userId: joiner.userId,
    event: JOIN_REQUESTED_EVENT,
    channel: "EMAIL",
    recipient: joiner.email,
    language: joiner.language,
    params: thanks,
  });
}

/**
 * The employer's "sign-up received, the helpdesk reviews it" mail, to the applicant's address (and its
 * account, where the address has one).
 */
export async function queueSignupReceived(
  tx: Db,
  to: { email: string; language: string },
  thanks: Thanks,
): Promise<void> {
  await queueMessage(tx, {
    userId: await emailOwnerId(tx, to.email),
    event: SIGNUP_RECEIVED_EVENT,
    channel: "EMAIL",
    recipient: to.email,
    language: to.language,
    params: thanks,
  });
}

/** JOIN_REQUESTED: the joiner's thanks. */
export const renderJoinReceived: OutboxRenderer = (row) => ({
  kind: "mail",
  mail: registrationReceivedMail(row.language, row.params as Thanks),
});

/** COMPANY_SIGNUP_RECEIVED: the applicant's thanks. */
export const renderSignupReceived: OutboxRenderer = (row) => ({
  kind: "mail",
  mail: employerSignupReceivedMail(row.language, row.params as Thanks),
});
