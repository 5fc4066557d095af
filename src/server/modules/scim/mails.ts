import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context.ts";
import { mailOffers as mailEmployeeOffers, mailInvitation } from "../employees/mails.ts";
import type { ProvisionedUser } from "./provision.ts";

/**
 * What goes out after an identity provider's change committed, the same mails as the employer's and
 * the helpdesk's own changes send: an added employee's invitation, and the offer of each lease-end
 * case a deactivation opened. A mail that fails is logged and undoes nothing.
 */

type Log = Pick<FastifyBaseLogger, "error">;

export async function mailInvited(ctx: AppContext, provisioned: ProvisionedUser, log: Log): Promise<void> {
  await mailInvitation(ctx, provisioned.added, provisioned.input, log);
}

export async function mailOffers(ctx: AppContext, caseIds: readonly string[], log: Log): Promise<void> {
  await mailEmployeeOffers(ctx, caseIds, log);
}
