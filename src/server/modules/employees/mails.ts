import type { TCreateEmployee, TDecideEmployee } from "../../../contract/employees.ts";
import type { Db } from "../../db/client.ts";
import {
  employeeAcceptedMail,
  employeeInvitationMail,
  employeeRejectedMail,
  employmentInvitationMail,
} from "../../messaging/employee-mails.ts";
import { pageUrl, type RenderedMail } from "../../messaging/templates.ts";
import { queueMessage } from "../notifications/outbox.ts";
import type { OutboxRenderer, RenderedMessage } from "../notifications/outbox-renderers.ts";
import { accountOf, firstPasswordLink } from "../password/mails.ts";
import type { Added } from "./add-employee.ts";
import { companyName, mailRecipient } from "./queries.ts";

/**
 * The employee's mails, queued in the message outbox with the change (a change that rolls back sends
 * nothing) and rendered when they are sent, greeting the person by their own name in their own
 * language: the invitation of an added employee (with a set-password link of a new account, minted
 * then), the invitation of a person who already has an account, and the employer's decision on a
 * joining request.
 */

const asMail = (mail: RenderedMail): RenderedMessage => ({ kind: "mail", mail });

/** The notification table's events of the employee's mails. */
export const EMPLOYEE_INVITED_EVENT = "EMPLOYEE_INVITED";
export const EMPLOYMENT_INVITED_EVENT = "EMPLOYMENT_INVITED";
export const JOIN_DECIDED_EVENT = "JOIN_DECIDED";

type InvitationParams = { companyName: string; newAccount: boolean };
type DecisionParams = { companyName: string; decision: TDecideEmployee["decision"]; reason: string | null };

/**
 * Queues, in the add's transaction `tx`, the invitation of an added employee (EMPLOYEE_INVITED, to the
 * address the employer typed), or of a person who is only invited (EMPLOYMENT_INVITED, to their
 * account's address).
 */
export async function queueInvitation(tx: Db, added: Added, input: TCreateEmployee): Promise<void> {
  const person = await mailRecipient(tx, added.userId);
  if (!person) return;
  const invitedOnly = added.kind === "invitation";
  const params: InvitationParams = {
    companyName: added.companyName,
    newAccount: !invitedOnly && added.newAccount,
  };
  await queueMessage(tx, {
    userId: added.userId,
    event: invitedOnly ? EMPLOYMENT_INVITED_EVENT : EMPLOYEE_INVITED_EVENT,
    channel: "EMAIL",
    recipient: invitedOnly ? person.email : input.workEmail,
    language: person.language,
    params,
  });
}

/**
 * Queues the employee invitation to a person the employer has already added (a staff file's, or one who
 * came to the registration link while on the list): with a set-password link that lands on their ready
 * account while they have no password, the login link otherwise.
 */
export async function queueReadyAccountInvitation(
  tx: Db,
  person: { userId: string; email: string; language: string; hasPassword: boolean },
  companyName: string,
): Promise<void> {
  const params: InvitationParams = { companyName, newAccount: !person.hasPassword };
  await queueMessage(tx, {
    userId: person.userId,
    event: EMPLOYEE_INVITED_EVENT,
    channel: "EMAIL",
    recipient: person.email,
    language: person.language,
    params,
  });
}

/** Queues, in the decision's transaction `tx`, the joiner's mail of the employer's decision. */
export async function queueDecision(
  tx: Db,
  decided: { userId: string; companyId: string },
  input: TDecideEmployee,
): Promise<void> {
  const person = await mailRecipient(tx, decided.userId);
  if (!person) return;
  const params: DecisionParams = {
    companyName: await companyName(tx, decided.companyId),
    decision: input.decision,
    reason: input.reason ?? null,
  };
  await queueMessage(tx, {
    userId: decided.userId,
    event: JOIN_DECIDED_EVENT,
    channel: "EMAIL",
    recipient: person.email,
    language: person.language,
    params,
  });
}

/**
 * EMPLOYEE_INVITED: the employer added the person; a new account without a password yet gets its
 * set-password link with the "first" lifetime, anyone else the login link.
 */
export const renderEmployeeInvitation: OutboxRenderer = async (row, deps) => {
  const account = await accountOf(deps, row);
  if (!account) return null;
  const params = row.params as InvitationParams;
  const setPassword =
    params.newAccount && !account.hasPassword ? await firstPasswordLink(deps, account.id, row.language) : {};
  return asMail(
    employeeInvitationMail(row.language, {
      name: account.firstName,
      companyName: params.companyName,
      ...setPassword,
      loginUrl: pageUrl(deps.publicUrl, row.language, "login"),
    }),
  );
};

/** EMPLOYMENT_INVITED: the invitation to accept, signed in, on the person's own page. */
export const renderEmploymentInvitation: OutboxRenderer = async (row, deps) => {
  const account = await accountOf(deps, row);
  if (!account) return null;
  const params = row.params as InvitationParams;
  return asMail(
    employmentInvitationMail(row.language, {
      name: account.firstName,
      companyName: params.companyName,
      url: pageUrl(deps.publicUrl, row.language, "myBike"),
    }),
  );
};

/** JOIN_DECIDED: accepted (with the login link) or rejected (with the employer's reason). */
export const renderJoinDecision: OutboxRenderer = async (row, deps) => {
  const account = await accountOf(deps, row);
  if (!account) return null;
  const params = row.params as DecisionParams;
  const name = account.firstName;
  return asMail(
    params.decision === "ACCEPTED"
      ? employeeAcceptedMail(row.language, {
          name,
          companyName: params.companyName,
          loginUrl: pageUrl(deps.publicUrl, row.language, "login"),
        })
      : employeeRejectedMail(row.language, { name, companyName: params.companyName, reason: params.reason }),
  );
};
