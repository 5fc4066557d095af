import { eq } from "drizzle-orm";
import { passwordLinkHours } from "../../../domain/auth-rules.ts";
import { systemUsers, users } from "../../db/schema/index.ts";
import { passwordChangedMail, passwordResetMail, setPasswordMail } from "../../messaging/account-mails.ts";
import { pageUrl } from "../../messaging/templates.ts";
import { createPasswordToken } from "../auth/password-tokens.ts";
import type { OutboxRenderDeps, OutboxRenderer, OutboxRow } from "../notifications/outbox-renderers.ts";

/**
 * The password mails, rendered by the message outbox when they are sent. A password link's token is
 * minted then (only its hash is stored, and it replaces the account's older links), so the outbox never
 * holds a working link and a resend mails a fresh one.
 */

/** The account as it is when the mail is sent; null when it is gone or deactivated. */
export async function accountOf(deps: OutboxRenderDeps, row: OutboxRow) {
  if (!row.userId) return null;
  const [account] = await deps.db
    .select({
      id: users.id,
      hasPassword: users.passwordHash,
      deactivated: users.deactivated,
      firstName: systemUsers.firstName,
    })
    .from(users)
    .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
    .where(eq(users.id, row.userId));
  if (!account || account.deactivated) return null;
  return { id: account.id, hasPassword: account.hasPassword !== null, firstName: account.firstName };
}

/**
 * PASSWORD_RESET: the link the person asked for (a reset, or logging in to an account without a
 * password): a reset mail, or a set-password mail when the account has no password yet.
 */
export const renderPasswordLinkMail: OutboxRenderer = async (row, deps) => {
  const account = await accountOf(deps, row);
  if (!account) return null;
  const token = await createPasswordToken(deps.db, account.id, "requested");
  const params = {
    name: account.firstName,
    link: pageUrl(deps.publicUrl, row.language, "passwordReset", { token }),
    validHours: passwordLinkHours("requested"),
  };
  const mail = account.hasPassword
    ? passwordResetMail(row.language, params)
    : setPasswordMail(row.language, params);
  return { kind: "mail", mail };
};

/**
 * The first password link of an account someone else made (a new user, an added employee, a company's
 * first admin, a store's user), minted as its mail is sent with the long "first" lifetime: a resend
 * mails a fresh link and the older one stops working.
 */
export async function firstPasswordLink(
  deps: OutboxRenderDeps,
  userId: string,
  language: string,
): Promise<{ link: string; validHours: number }> {
  const token = await createPasswordToken(deps.db, userId, "first");
  return {
    link: pageUrl(deps.publicUrl, language, "passwordReset", { token }),
    validHours: passwordLinkHours("first"),
  };
}

/** PASSWORD_CHANGED: the account's password was just changed or set (the owner who did not can act). */
export const renderPasswordChangedMail: OutboxRenderer = async (row, deps) => {
  const account = await accountOf(deps, row);
  if (!account) return null;
  const params = row.params as { changedAt: string; firstPassword: boolean };
  const mail = passwordChangedMail(row.language, {
    name: account.firstName,
    link: pageUrl(deps.publicUrl, row.language, "passwordRecovery"),
    changedAt: new Date(params.changedAt),
    firstPassword: params.firstPassword,
  });
  return { kind: "mail", mail };
};
