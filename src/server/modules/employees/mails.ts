import type { FastifyBaseLogger } from "fastify";
import type { TCreateEmployee, TDecideEmployee } from "../../../contract/employees.ts";
import { passwordLinkHours } from "../../../domain/auth-rules.ts";
import type { AppContext } from "../../context.ts";
import {
  employeeAcceptedMail,
  employeeInvitationMail,
  employeeRejectedMail,
  employmentInvitationMail,
} from "../../messaging/employee-mails.ts";
import { pageUrl } from "../../messaging/templates.ts";
import { mailEmployee } from "../redemptions/mails.ts";
import type { Added } from "./add-employee.ts";
import { companyName, mailRecipient } from "./queries.ts";

/**
 * The employee's mails, sent after the change has committed. The change stands either way, so a mail
 * that cannot be sent is logged, not answered as an error.
 */

type Log = Pick<FastifyBaseLogger, "error">;

const loginUrl = (ctx: AppContext, language: string) => pageUrl(ctx.config.publicUrl, language, "login");

/**
 * The invitation of an added employee: with a set-password link when the account is new. A person who
 * is only invited gets the invitation to accept, at their account's address, greeted by their own name
 * in their own language (not by what the company typed).
 */
export async function mailInvitation(
  ctx: AppContext,
  added: Added,
  input: TCreateEmployee,
  log: Log,
): Promise<void> {
  if (added.kind === "invitation") return mailEmploymentInvitation(ctx, added, log);
  try {
    const mail = employeeInvitationMail(input.language, {
      name: input.firstName,
      companyName: added.companyName,
      ...(added.token
        ? { link: pageUrl(ctx.config.publicUrl, input.language, "passwordReset", { token: added.token }) }
        : {}),
      validHours: passwordLinkHours("first"),
      loginUrl: loginUrl(ctx, input.language),
    });
    await ctx.messaging.sendMail({ to: input.workEmail, ...mail });
  } catch (error) {
    log.error({ err: error, userId: added.userId }, "employee invitation mail failed");
  }
}

async function mailEmploymentInvitation(
  ctx: AppContext,
  invited: { userId: string; companyName: string; invitationId: string },
  log: Log,
): Promise<void> {
  try {
    const person = await mailRecipient(ctx.database.db, invited.userId);
    if (!person) return;
    const mail = employmentInvitationMail(person.language, {
      name: person.firstName,
      companyName: invited.companyName,
      url: pageUrl(ctx.config.publicUrl, person.language, "myBike"),
    });
    await ctx.messaging.sendMail({ to: person.email, ...mail });
  } catch (error) {
    log.error({ err: error, invitationId: invited.invitationId }, "employment invitation mail failed");
  }
}

/** The joiner's mail of the employer's decision: accepted (with the login link) or rejected (the reason). */
export async function mailDecision(
  ctx: AppContext,
  decided: { id: string; userId: string; companyId: string },
  input: TDecideEmployee,
  log: Log,
): Promise<void> {
  const { db } = ctx.database;
  try {
    const person = await mailRecipient(db, decided.userId);
    if (!person) return;
    const name = await companyName(db, decided.companyId);
    const mail =
      input.decision === "ACCEPTED"
        ? employeeAcceptedMail(person.language, {
            name: person.firstName,
            companyName: name,
            loginUrl: loginUrl(ctx, person.language),
          })
        : employeeRejectedMail(person.language, {
            name: person.firstName,
            companyName: name,
            reason: input.reason ?? null,
          });
    await ctx.messaging.sendMail({ to: person.email, ...mail });
  } catch (error) {
    log.error({ err: error, beneficiaryEmployeeId: decided.id }, "employee decision mail failed");
  }
}

/**
 * The offer of each lease-end case an ended employment opened, as the helpdesk's and the identity
 * provider's case openings mail it.
 */
export async function mailOffers(ctx: AppContext, caseIds: readonly string[], log: Log): Promise<void> {
  const deps = {
    db: ctx.database.db,
    messaging: ctx.messaging,
    publicUrl: ctx.config.publicUrl,
    logFailure: (error: unknown, what: string) => log.error({ err: error }, what),
  };
  for (const id of caseIds) await mailEmployee(deps, id, "offer");
}
