import type { Language } from "../../../domain/enums.ts";
import type { AppContext } from "../../context.ts";
import { employerSignupReceivedMail } from "../../messaging/company-application-mails.ts";
import { registrationReceivedMail } from "../../messaging/employee-mails.ts";

/**
 * The thanks of joining and of a sign-up, after the commit. The registration stands either way, so a
 * mail that cannot be sent is reported, never answered as an error.
 */

/** Where a failure that must not change the answer (a mail after the commit) is reported. */
export type FailureLog = (error: unknown, what: string) => void;

type Thanks = { to: string; language: Language; name: string; companyName: string };

/** The joiner's "received, your employer decides" mail. */
export async function mailJoinReceived(ctx: AppContext, thanks: Thanks, logFailure: FailureLog) {
  try {
    const mail = registrationReceivedMail(thanks.language, {
      name: thanks.name,
      companyName: thanks.companyName,
    });
    await ctx.messaging.sendMail({ to: thanks.to, ...mail });
  } catch (error) {
    logFailure(error, "registration received mail failed");
  }
}

/** The employer's "sign-up received, the helpdesk reviews it" mail. */
export async function mailSignupReceived(ctx: AppContext, thanks: Thanks, logFailure: FailureLog) {
  try {
    const mail = employerSignupReceivedMail(thanks.language, {
      name: thanks.name,
      companyName: thanks.companyName,
    });
    await ctx.messaging.sendMail({ to: thanks.to, ...mail });
  } catch (error) {
    logFailure(error, "employer sign-up mail failed");
  }
}
