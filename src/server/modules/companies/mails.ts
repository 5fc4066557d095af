import type { FastifyBaseLogger } from "fastify";
import { passwordLinkHours } from "../../../domain/auth-rules.ts";
import type { AppContext } from "../../context.ts";
import { setPasswordMail } from "../../messaging/account-mails.ts";
import { pageUrl, type RenderedMail } from "../../messaging/templates.ts";
import type { AdminInvitation } from "./create-company.ts";

/** The company area's mails, sent after the change has committed. */

type Log = Pick<FastifyBaseLogger, "error">;

/** A new account's set-password link and how many hours it works. */
export type SetPasswordLink = { link: string; validHours: number };

/**
 * A caller's own mail to the first admin in place of the set-password mail (an accepted application's
 * "accepted" mail): sent whether or not an account was made, and given the link only when one was.
 */
export type AdminMail = {
  to: string;
  render: (setPassword: SetPasswordLink | undefined) => RenderedMail;
  /** The log line of a failed send. */
  failure: { message: string; fields: Record<string, unknown> };
};

/**
 * Mails the first admin after the commit: the set-password link of a new account (nothing for an
 * existing one), or the caller's `mail`. The account exists either way, so a failure is logged.
 */
export async function sendAdminInvitation(
  ctx: AppContext,
  invitation: AdminInvitation | null,
  log: Log,
  mail?: AdminMail,
): Promise<void> {
  const setPassword = invitation
    ? {
        link: pageUrl(ctx.config.publicUrl, invitation.language, "passwordReset", {
          token: invitation.token,
        }),
        validHours: passwordLinkHours("first"),
      }
    : undefined;
  const send: AdminMail | undefined =
    mail ??
    (invitation && setPassword
      ? {
          to: invitation.email,
          render: () => setPasswordMail(invitation.language, { name: invitation.firstName, ...setPassword }),
          failure: { message: "set-password mail failed", fields: { userId: invitation.userId } },
        }
      : undefined);
  if (!send) return;
  try {
    await ctx.messaging.sendMail({ to: send.to, ...send.render(setPassword) });
  } catch (error) {
    log.error({ err: error, ...send.failure.fields }, send.failure.message);
  }
}
