import { and, eq, gt } from "drizzle-orm";
import { JOIN_CONFIRMATION_DAYS, joinConfirmationExpiry } from "../../../domain/join-rules.ts";
import { buildPath } from "../../../domain/routes.ts";
import type { Db } from "../../db/client.ts";
import { beneficiaryEmployees } from "../../db/schema/index.ts";
import { employerSignupReceivedMail } from "../../messaging/company-application-mails.ts";
import { joinConfirmationMail, registrationReceivedMail } from "../../messaging/employee-mails.ts";
import { randomToken, sha256 } from "../auth/tokens.ts";
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
export const JOIN_CONFIRMATION_EVENT = "JOIN_CONFIRMATION";

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

type ConfirmationParams = Thanks & { beneficiaryEmployeeId: string };

/** The domain joiner's confirmation link; minted when the mail is sent, so no token waits in the outbox. */
export async function queueJoinConfirmation(
  tx: Db,
  joiner: { userId: string; email: string; language: string },
  params: ConfirmationParams,
): Promise<void> {
  await queueMessage(tx, {
    userId: joiner.userId,
    event: JOIN_CONFIRMATION_EVENT,
    channel: "EMAIL",
    recipient: joiner.email,
    language: joiner.language,
    params,
  });
}

/**
 * JOIN_CONFIRMATION: only the new link's hash is stored, and the link lives its full time from now.
 * Nothing is sent once the employment no longer waits for it (confirmed, decided by the employer).
 */
export const renderJoinConfirmation: OutboxRenderer = async (row, deps) => {
  const params = row.params as ConfirmationParams;
  const token = randomToken();
  const now = new Date();
  const [waiting] = await deps.db
    .update(beneficiaryEmployees)
    .set({
      joinConfirmationHash: sha256(token),
      joinConfirmationExpiresAt: joinConfirmationExpiry(now),
    })
    .where(
      and(
        eq(beneficiaryEmployees.id, params.beneficiaryEmployeeId),
        eq(beneficiaryEmployees.status, "PENDING"),
        gt(beneficiaryEmployees.joinConfirmationExpiresAt, now),
      ),
    )
    .returning({ id: beneficiaryEmployees.id });
  if (!waiting) return null;
  return {
    kind: "mail",
    mail: joinConfirmationMail(row.language, {
      name: params.name,
      companyName: params.companyName,
      link: `${deps.publicUrl}${buildPath("joinConfirm", { token })}`,
      validDays: JOIN_CONFIRMATION_DAYS,
    }),
  };
};

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
