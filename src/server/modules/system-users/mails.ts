import type { FastifyBaseLogger } from "fastify";
import type { TCreateSystemUser } from "../../../contract/system-users.ts";
import { passwordLinkHours } from "../../../domain/auth-rules.ts";
import type { AppContext } from "../../context.ts";
import { setPasswordMail } from "../../messaging/account-mails.ts";
import { pageUrl } from "../../messaging/templates.ts";

type Log = Pick<FastifyBaseLogger, "error">;

/**
 * The new user's set-password mail, after the commit. The user exists either way; a failed mail is
 * logged and a login attempt sends a new link.
 */
export async function mailSetPassword(
  ctx: AppContext,
  created: { userId: string; token: string; input: TCreateSystemUser },
  log: Log,
): Promise<void> {
  const { input } = created;
  try {
    const mail = setPasswordMail(input.language ?? "fi", {
      name: input.firstName,
      link: pageUrl(ctx.config.publicUrl, input.language, "passwordReset", { token: created.token }),
      validHours: passwordLinkHours("first"),
    });
    await ctx.messaging.sendMail({ to: input.workEmail, ...mail });
  } catch (error) {
    log.error({ err: error, userId: created.userId }, "set-password mail failed");
  }
}
