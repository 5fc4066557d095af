import { and, eq, gt, isNull } from "drizzle-orm";
import { EMAIL_CHANGE_SECONDS } from "../../../domain/contact-change.ts";
import { DAY_MS, formatHelsinkiDateTime } from "../../../domain/dates.ts";
import { personName } from "../../../domain/person-name.ts";
import { buildPath } from "../../../domain/routes.ts";
import { STAFF_APPROVAL_COOLING_OFF_DAYS } from "../../../domain/user-tiers.ts";
import { contactChangeRequests, systemUsers, users } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { type AccountMadeBy, setPasswordMail } from "../../messaging/account-mails.ts";
import {
  type ContactChangeParams,
  contactChangedMail,
  contactChangeRequestedMail,
  emailChangeConfirmMail,
  emailChangeInUseMail,
} from "../../messaging/contact-change-mails.ts";
import { type StaffRoleGranted, staffRoleGrantedMail } from "../../messaging/staff-role-mails.ts";
import { type RenderedMail, resolveLanguage } from "../../messaging/templates.ts";
import { randomToken, sha256 } from "../auth/tokens.ts";
import { queueMessage } from "../notifications/outbox.ts";
import type { OutboxRenderDeps, OutboxRenderer, RenderedMessage } from "../notifications/outbox-renderers.ts";
import { accountOf, firstPasswordLink } from "../password/mails.ts";

/**
 * The users' own mails, queued in the message outbox with the change and rendered when they are sent:
 * the set-password mail of an account someone made, the contact change's links and notices, and the
 * announcement of a staff role. A link's token is minted then, never kept in the outbox.
 */

const asMail = (mail: RenderedMail): RenderedMessage => ({ kind: "mail", mail });

/** The notification table's event of the set-password mail of an account someone else made. */
export const ACCOUNT_MADE_EVENT = "USER_CREATED";

/**
 * Queues, in the transaction that made the account, its set-password mail: to the account's address in
 * its language, naming the maker (the acting user) and the company or store the account is a user of.
 */
export async function queueSetPasswordMail(
  w: WriteContext,
  userId: string,
  organisation: AccountMadeBy["organisation"] = null,
): Promise<void> {
  const [account] = await w.tx
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) return;
  const madeBy: AccountMadeBy = { by: await nameOf(w, w.actor.userId), organisation };
  await queueMessage(w.tx, {
    userId,
    event: ACCOUNT_MADE_EVENT,
    channel: "EMAIL",
    recipient: account.email,
    language: account.language,
    params: { madeBy },
  });
}

/** The acting user's name as a mail names them; none for the jobs. */
async function nameOf(w: WriteContext, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [maker] = await w.tx
    .select({ email: users.email, firstName: systemUsers.firstName, lastName: systemUsers.lastName })
    .from(users)
    .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
    .where(eq(users.id, userId));
  return maker ? personName(maker.firstName, maker.lastName, maker.email) : null;
}

/**
 * USER_CREATED: the first set-password link, minted now with the "first" lifetime; nothing once the
 * account has its password (or is gone).
 */
export const renderSetPasswordMail: OutboxRenderer = async (row, deps) => {
  const account = await accountOf(deps, row);
  if (!account || account.hasPassword) return null;
  const link = await firstPasswordLink(deps, account.id, row.language);
  const { madeBy } = row.params as { madeBy?: AccountMadeBy };
  return asMail(setPasswordMail(row.language, { name: account.firstName, ...link, madeBy: madeBy ?? {} }));
};

/** The notification table's event of a contact change's mails. */
export const CONTACT_CHANGE_EVENT = "CONTACT_CHANGE";

/**
 * What a queued contact change mail says, with the recipient's first name: the link to the new address
 * (its token minted when it is sent), the "in use" answer in its place, and the notices to the current
 * address.
 */
export type ContactChangeMessage = { name?: string | null } & (
  | { mail: "CONFIRM_EMAIL"; requestId: string; newEmail: string }
  | { mail: "EMAIL_IN_USE"; newEmail: string }
  | ({ mail: "REQUESTED" } & ContactChangeParams)
  | ({ mail: "CHANGED"; byOther: boolean } & ContactChangeParams)
);

/**
 * The single-use link of an open e-mail change request, minted now: only its hash is stored (replacing
 * the request's earlier one) and the request lives its full time from now. Null for a request that was
 * used, replaced or has expired.
 */
async function emailChangeLink(deps: OutboxRenderDeps, requestId: string): Promise<string | null> {
  const token = randomToken();
  const now = new Date();
  const [request] = await deps.db
    .update(contactChangeRequests)
    .set({ secretHash: sha256(token), expiresAt: new Date(now.getTime() + EMAIL_CHANGE_SECONDS * 1000) })
    .where(
      and(
        eq(contactChangeRequests.id, requestId),
        eq(contactChangeRequests.kind, "EMAIL"),
        isNull(contactChangeRequests.consumedAt),
        gt(contactChangeRequests.expiresAt, now),
      ),
    )
    .returning({ id: contactChangeRequests.id });
  if (!request) return null;
  return `${deps.publicUrl}${buildPath("emailChangeConfirm", { token })}`;
}

/** CONTACT_CHANGE: a mail of a change of the login e-mail or phone. */
export const renderContactChangeMail: OutboxRenderer = async (row, deps) => {
  const message = row.params as ContactChangeMessage;
  const { name } = message;
  switch (message.mail) {
    case "CONFIRM_EMAIL": {
      const link = await emailChangeLink(deps, message.requestId);
      if (!link) return null;
      const validHours = EMAIL_CHANGE_SECONDS / 3600;
      return asMail(
        emailChangeConfirmMail(row.language, { name, link, newEmail: message.newEmail, validHours }),
      );
    }
    case "EMAIL_IN_USE":
      return asMail(emailChangeInUseMail(row.language, { name, newEmail: message.newEmail }));
    case "REQUESTED":
      return asMail(contactChangeRequestedMail(row.language, message));
    case "CHANGED":
      return asMail(contactChangedMail(row.language, message));
  }
};

/** The notification table's event of a staff role's announcement to the other staff. */
export const STAFF_ROLE_EVENT = "STAFF_ROLE_GRANTED";

/** What a queued staff role announcement says; the first day of approving is counted when it is sent. */
export type StaffRoleMessage = Omit<StaffRoleGranted, "mayApproveFrom"> & { grantedAt: string };

/** STAFF_ROLE_GRANTED: who was given which staff role, by whom, and when they may first approve. */
export const renderStaffRoleMail: OutboxRenderer = (row) => {
  const { grantedAt, ...granted } = row.params as StaffRoleMessage;
  const mayApproveFrom = formatHelsinkiDateTime(
    new Date(new Date(grantedAt).getTime() + STAFF_APPROVAL_COOLING_OFF_DAYS * DAY_MS),
  );
  return asMail(staffRoleGrantedMail(resolveLanguage(row.language), { ...granted, mayApproveFrom }));
};
