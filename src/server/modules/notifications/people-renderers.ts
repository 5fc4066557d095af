import { ACCOUNT_DEACTIVATED_EVENT, renderAccountDeactivated } from "../../jobs/deactivate-inactive-users.ts";
import { APPLICATION_DECIDED_EVENT, renderApplicationDecision } from "../admin/application-mails.ts";
import { renderStoreAccountChanged, STORE_ACCOUNT_CHANGED_EVENT } from "../bike-stores/mails.ts";
import {
  EMPLOYEE_INVITED_EVENT,
  EMPLOYMENT_INVITED_EVENT,
  JOIN_DECIDED_EVENT,
  renderEmployeeInvitation,
  renderEmploymentInvitation,
  renderJoinDecision,
} from "../employees/mails.ts";
import {
  JOIN_CONFIRMATION_EVENT,
  JOIN_REQUESTED_EVENT,
  renderJoinConfirmation,
  renderJoinReceived,
  renderSignupReceived,
  SIGNUP_RECEIVED_EVENT,
} from "../registration/mails.ts";
import {
  ACCOUNT_MADE_EVENT,
  CONTACT_CHANGE_EVENT,
  renderContactChangeMail,
  renderSetPasswordMail,
  renderStaffRoleMail,
  STAFF_ROLE_EVENT,
} from "../system-users/mails.ts";
import type { OutboxRenderer } from "./outbox-renderers.ts";

/**
 * The outbox renderers of the messages about people, their accounts and their companies (each next to
 * its module's other mails), spread into OUTBOX_RENDERERS: a made account's set-password mail, the
 * contact change's mails, a staff role's announcement, an employee's invitations and the decision on
 * their joining, the thanks of a join and a sign-up, the answer to a company application, a store's
 * changed payout account and an account deactivated for inactivity.
 */
export const PEOPLE_RENDERERS: Readonly<Record<string, OutboxRenderer>> = {
  [ACCOUNT_MADE_EVENT]: renderSetPasswordMail,
  [CONTACT_CHANGE_EVENT]: renderContactChangeMail,
  [STAFF_ROLE_EVENT]: renderStaffRoleMail,
  [EMPLOYEE_INVITED_EVENT]: renderEmployeeInvitation,
  [EMPLOYMENT_INVITED_EVENT]: renderEmploymentInvitation,
  [JOIN_DECIDED_EVENT]: renderJoinDecision,
  [JOIN_REQUESTED_EVENT]: renderJoinReceived,
  [JOIN_CONFIRMATION_EVENT]: renderJoinConfirmation,
  [SIGNUP_RECEIVED_EVENT]: renderSignupReceived,
  [APPLICATION_DECIDED_EVENT]: renderApplicationDecision,
  [STORE_ACCOUNT_CHANGED_EVENT]: renderStoreAccountChanged,
  [ACCOUNT_DEACTIVATED_EVENT]: renderAccountDeactivated,
};
