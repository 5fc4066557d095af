import type { FastifyBaseLogger } from "fastify";
import type { TCreateSystemUser } from "../../../contract/system-users.ts";
import { PASSWORD_RESET_SECONDS } from "../../../domain/auth-rules.ts";
import type { AppContext } from "../../context.ts";
import { setPasswordMail } from "../../messaging/account-mails.ts";

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
      link: `${ctx.config.publicUrl}/reset/${created.token}`,
      validHours: PASSWORD_RESET_SECONDS / 3600,
    });
    await ctx.messaging.sendMail({ to: input.workEmail, ...mail });
  } catch (error) {
    log.error({ err: error, userId: created.userId }, "set-password mail failed");
  }
}
