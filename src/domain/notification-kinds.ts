import { type NotificationEvent, type NotificationParty, notificationRow } from "./notification-table.ts";
import type { RoleName } from "./roles.ts";

/**
 * The kinds of notification a person chooses how to hear of on their own details page (/kayttaja):
 * the notification table's events grouped as a person thinks of them. What the law or the contract
 * requires a person to be told (signing, payments, the login's security) is essential: always mailed,
 * never held for the digest and never unsubscribed. Every event belongs to exactly one kind.
 */

export const NOTIFICATION_KINDS = [
  "ORDER_STEPS",
  "APPROVALS",
  "REMINDERS",
  "LEASE_END_AND_CLAIMS",
  "COMPANY_AND_PEOPLE",
  "SIGNING",
  "PAYMENTS",
  "SECURITY",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * How a person hears of a kind: only in the service (the inbox, the page where they work), by mail at
 * once, or by mail once a day in the daily digest. A text message is never held: what goes by SMS is
 * time-critical (the pickup code, a login code).
 */
export const NOTIFICATION_CHOICES = ["INBOX_ONLY", "MAIL", "DIGEST"] as const;
export type NotificationChoice = (typeof NOTIFICATION_CHOICES)[number];

/** What a person who never chose hears: every mail at once. */
export const DEFAULT_NOTIFICATION_CHOICE: NotificationChoice = "MAIL";

export type NotificationKindDef = {
  kind: NotificationKind;
  /** Required by law or the contract: always mailed. */
  essential: boolean;
  events: readonly NotificationEvent[];
};

export const NOTIFICATION_KIND_TABLE: readonly NotificationKindDef[] = [
  {
    kind: "ORDER_STEPS",
    essential: false,
    events: [
      "ORDER_STARTED",
      "ORDER_PACKAGE_PROVIDED",
      "ORDER_PACKAGE_CHANGED",
      "ORDER_EMPLOYER_APPROVED",
      "ORDER_EMPLOYER_REFUSED",
      "ORDER_CONFIRMED",
      "ORDER_PROCESSED",
      "ORDER_DELIVERY_LINK",
      "ORDER_HANDOVER_READY",
      "ORDER_HANDOVER_DEFECT",
      "ORDER_LEASE_STARTED",
      "ORDER_CANCELLED",
      "ORDER_CUSTOMER_QUESTION",
      "ORDER_CUSTOMER_ANSWERED",
    ],
  },
  {
    kind: "APPROVALS",
    essential: false,
    events: ["ORDER_PACKAGE_ACCEPTED", "ORDER_AGREEMENT_SIGNED"],
  },
  {
    kind: "REMINDERS",
    essential: false,
    events: [
      "ORDER_APPROVAL_REMINDER",
      "ORDER_APPROVAL_ESCALATED",
      "ORDER_PACKAGE_REMINDER",
      "ORDER_SIGNING_REMINDER",
      "ORDER_STORE_PACKAGE_REMINDER",
      "ORDER_DEFECT_WINDOW_REMINDER",
      "REDEMPTION_CHOICE_REMINDER",
      "LEASE_END_REMINDER",
    ],
  },
  {
    kind: "LEASE_END_AND_CLAIMS",
    essential: false,
    events: [
      "CLAIM_REPORTED",
      "CLAIM_SETTLED",
      "REDEMPTION_OFFERED",
      "REDEMPTION_CHOSEN",
      "REDEMPTION_COMPLETED",
      "BROKERAGE_INQUIRY",
    ],
  },
  {
    kind: "COMPANY_AND_PEOPLE",
    essential: false,
    events: [
      "JOIN_REQUESTED",
      "JOIN_CONFIRMATION",
      "JOIN_DECIDED",
      "EMPLOYEE_INVITED",
      "EMPLOYMENT_INVITED",
      "COMPANY_SIGNUP_RECEIVED",
      "COMPANY_APPLICATION_DECIDED",
    ],
  },
  {
    kind: "SIGNING",
    essential: true,
    events: ["ORDER_AGREEMENT_READY_TO_SIGN", "ORDER_SIGNING_CODE"],
  },
  {
    kind: "PAYMENTS",
    essential: true,
    events: [
      "ORDER_REFUNDED",
      "USER_PAYMENT_INVOICE",
      "USER_PAYMENT_DUE_REMINDER",
      "LEASE_INVOICE_ISSUED",
      "PAYOUT_BATCH_SENT",
      "PAYROLL_REPORT_DELIVERED",
      "PAYROLL_DELIVERY_FAILED",
    ],
  },
  {
    kind: "SECURITY",
    essential: true,
    events: [
      "USER_CREATED",
      "STAFF_ROLE_GRANTED",
      "STORE_ACCOUNT_CHANGED",
      "LOGIN_CODE",
      "PASSWORD_RESET",
      "PASSWORD_CHANGED",
      "TWO_FACTOR_LOCKED",
      "SECOND_FACTOR_CHANGED",
      "NEW_DEVICE_LOGIN",
      "CONTACT_CHANGE",
      "PHONE_CHANGE_CODE",
      "ACCOUNT_DEACTIVATED",
    ],
  },
];

const KIND_OF_EVENT = new Map<string, NotificationKindDef>(
  NOTIFICATION_KIND_TABLE.flatMap((def) => def.events.map((event) => [event, def] as const)),
);

/** The kind of an event, or null for what is no event of the table (the daily digest itself). */
export function kindOfEvent(event: string): NotificationKindDef | null {
  return KIND_OF_EVENT.get(event) ?? null;
}

export function isEssentialKind(kind: NotificationKind): boolean {
  return NOTIFICATION_KIND_TABLE.some((def) => def.kind === kind && def.essential);
}

/** The choices a kind allows: an essential kind is always mailed. */
export function choicesOf(kind: NotificationKind): readonly NotificationChoice[] {
  return isEssentialKind(kind) ? ["MAIL"] : NOTIFICATION_CHOICES;
}

/**
 * How a queued mail of `event` leaves, for a recipient whose stored choices are `choices`: an event of
 * an essential kind, or of no kind, is always mailed; otherwise the recipient's choice for its kind, or
 * the default.
 */
export function deliveryOf(
  event: string,
  choices: Readonly<Partial<Record<NotificationKind, NotificationChoice>>>,
): NotificationChoice {
  const def = kindOfEvent(event);
  if (!def || def.essential) return "MAIL";
  return choices[def.kind] ?? DEFAULT_NOTIFICATION_CHOICE;
}

/** The notification table's parties a role is one of. Everyone is a PERSON with an account. */
const PARTIES_OF_ROLE: Record<RoleName, readonly NotificationParty[]> = {
  SUPER_ADMIN: ["HELPDESK", "PERSON"],
  INTERNAL_ADMIN: ["HELPDESK", "PERSON"],
  EMPLOYER_ADMIN: ["EMPLOYER", "PERSON"],
  EMPLOYER_EDITOR: ["EMPLOYER", "PERSON"],
  EMPLOYER_GROUP_ADMIN: ["EMPLOYER", "GROUP_ADMIN", "PERSON"],
  EMPLOYER_REPORTING: ["REPORTING", "EMPLOYER", "PERSON"],
  BIKE_STORE: ["STORE", "PERSON"],
  BIKE_BENEFICIARY: ["EMPLOYEE", "PERSON"],
};

/**
 * The kinds that concern a person with these roles: those with an event that reaches one of the
 * parties the roles make them, as the notification table's sends say (planned ones too, so a choice
 * made now holds when the send becomes real). A person without roles still has their login.
 */
export function kindsForRoles(roles: readonly RoleName[]): NotificationKind[] {
  const parties = new Set<NotificationParty>(["PERSON", ...roles.flatMap((role) => PARTIES_OF_ROLE[role])]);
  return NOTIFICATION_KIND_TABLE.filter((def) =>
    def.events.some((event) => notificationRow(event).sends.some((send) => parties.has(send.party))),
  ).map((def) => def.kind);
}
