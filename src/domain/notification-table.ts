import type { OrderStatus } from "./enums.ts";
import type { Permission } from "./permissions.ts";

/**
 * The one notification table: for every event of every flow, who hears of it and by which channels.
 * It describes what the platform sends today ("sent") and what it should send but does not yet
 * ("planned"), so a gap is written down rather than forgotten. Every "sent" send names the sender
 * that makes it (`via`); the server's sender registry lists the same names, and a test holds the two
 * together, so the table never promises a channel that nothing sends. Texts in the web catalogues that
 * promise a notification name their event here (`promisedBy`), and a test refuses a promise without a
 * row.
 */

/** Where a notification reaches a person: the bell's inbox, an e-mail, a text message. */
const NOTIFICATION_CHANNELS = ["INBOX", "EMAIL", "SMS"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * Who hears of an event. EMPLOYER is an employer user of the company, chosen by the permission the
 * send names (today the bell reaches the employer admins only). PERSON is the account holder the event
 * is about when they are not (yet) an employee: an applicant, a new user, anyone changing their login.
 */
const NOTIFICATION_PARTIES = [
  "EMPLOYEE",
  "EMPLOYER",
  "GROUP_ADMIN",
  "REPORTING",
  "STORE",
  "HELPDESK",
  "PERSON",
] as const;
export type NotificationParty = (typeof NOTIFICATION_PARTIES)[number];

/** "sent": the platform sends it today; "planned": it should, and does not yet. */
type SendState = "sent" | "planned";

type NotificationSend = {
  party: NotificationParty;
  channel: NotificationChannel;
  state: SendState;
  /** The sender that makes a "sent" send: the name the server's sender registry knows it by. */
  via?: string;
  /** For EMPLOYER and GROUP_ADMIN: who among the employer's users hears of it. */
  permission?: Permission;
  /** Why, or what the send carries, in a few words (the one action, a code). */
  note?: string;
};

export const NOTIFICATION_EVENTS = [
  // The order's main line and what happens inside a status
  "ORDER_STARTED",
  "ORDER_PACKAGE_PROVIDED",
  "ORDER_PACKAGE_CHANGED",
  "ORDER_PACKAGE_ACCEPTED",
  "ORDER_AGREEMENT_READY_TO_SIGN",
  "ORDER_SIGNING_CODE",
  "ORDER_AGREEMENT_SIGNED",
  "ORDER_EMPLOYER_APPROVED",
  "ORDER_EMPLOYER_REFUSED",
  "ORDER_CONFIRMED",
  "ORDER_PROCESSED",
  "ORDER_DELIVERY_LINK",
  "ORDER_HANDOVER_READY",
  "ORDER_HANDOVER_DEFECT",
  "ORDER_LEASE_STARTED",
  "ORDER_CANCELLED",
  "ORDER_REFUNDED",
  "ORDER_CUSTOMER_QUESTION",
  "ORDER_CUSTOMER_ANSWERED",
  // Reminders of an order left waiting, and their escalation
  "ORDER_APPROVAL_REMINDER",
  "ORDER_APPROVAL_ESCALATED",
  "ORDER_PACKAGE_REMINDER",
  "ORDER_SIGNING_REMINDER",
  "ORDER_STORE_PACKAGE_REMINDER",
  // Reminders of a deadline that comes closer
  "ORDER_DEFECT_WINDOW_REMINDER",
  "REDEMPTION_CHOICE_REMINDER",
  "LEASE_END_REMINDER",
  "USER_PAYMENT_DUE_REMINDER",
  // Money
  "USER_PAYMENT_INVOICE",
  "LEASE_INVOICE_ISSUED",
  "PAYOUT_BATCH_SENT",
  "PAYROLL_REPORT_DELIVERED",
  "PAYROLL_DELIVERY_FAILED",
  // Claims, lease end, brokerage
  "CLAIM_REPORTED",
  "CLAIM_SETTLED",
  "REDEMPTION_OFFERED",
  "REDEMPTION_CHOSEN",
  "REDEMPTION_COMPLETED",
  "BROKERAGE_INQUIRY",
  // People and companies
  "JOIN_REQUESTED",
  "JOIN_CONFIRMATION",
  "JOIN_DECIDED",
  "EMPLOYEE_INVITED",
  "EMPLOYMENT_INVITED",
  "COMPANY_SIGNUP_RECEIVED",
  "COMPANY_APPLICATION_DECIDED",
  "USER_CREATED",
  "STAFF_ROLE_GRANTED",
  "STORE_ACCOUNT_CHANGED",
  // The login
  "LOGIN_CODE",
  "PASSWORD_RESET",
  "PASSWORD_CHANGED",
  "TWO_FACTOR_LOCKED",
  "SECOND_FACTOR_CHANGED",
  "NEW_DEVICE_LOGIN",
  "CONTACT_CHANGE",
  "PHONE_CHANGE_CODE",
  "ACCOUNT_DEACTIVATED",
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export type NotificationRow = {
  event: NotificationEvent;
  /** What happened, in the product's words. */
  what: string;
  sends: readonly NotificationSend[];
  /**
   * The catalogue texts that promise this notification, as `<catalogue file under src/web/i18n>#<key
   * path>` (e.g. `mybike/mybike.fi.json#order.pending.next`).
   */
  promisedBy?: readonly string[];
};

const sent = (
  party: NotificationParty,
  channel: NotificationChannel,
  via: string,
  extra: Omit<NotificationSend, "party" | "channel" | "state" | "via"> = {},
): NotificationSend => ({ party, channel, state: "sent", via, ...extra });

/** The same key in the three catalogues of a file (`mybike/mybike` → .fi, .en, .sv). */
const inAll = (file: string, key: string, languages: readonly string[] = ["fi", "en", "sv"]): string[] =>
  languages.map((language) => `${file}.${language}.json#${key}`);

/** The employer admin's bell, as it is rung today (the role, not yet each user with the permission). */
const EMPLOYER_BELL = "bell:employerAdmins";

/**
 * The helpdesk's task strip (GET /api/tasks on its orders view), where it sees what waits for it,
 * counted from the data itself until the work is done.
 */
const HELPDESK_TASKS = "tasks:helpdesk";

/** What's new where each person looks (/mybike, the store's and the employer's order lists), read from the event log. */
const WHATS_NEW = "news:pages";

/** The daily reminders job, which queues each reminder in the message outbox. */
const REMINDERS = "job:reminders";

export const NOTIFICATION_TABLE: readonly NotificationRow[] = [
  {
    event: "ORDER_STARTED",
    what: "The employee starts an order at a bike store",
    sends: [
      sent("EMPLOYER", "INBOX", EMPLOYER_BELL, { permission: "orders.read" }),
      sent("STORE", "EMAIL", "mail:storePackageLink", { note: "the link to give the package" }),
    ],
  },
  {
    event: "ORDER_PACKAGE_PROVIDED",
    what: "The bike store gives the package and its price (the order enters PACKAGE_PROVIDED)",
    sends: [
      sent("EMPLOYEE", "EMAIL", "notify:employee", { note: "check and accept the package on /mybike" }),
      sent("EMPLOYEE", "INBOX", WHATS_NEW, { note: "what's new on /mybike since the last visit" }),
    ],
    promisedBy: [
      ...inAll("mybike/mybike", "myBike.pending.next"),
      // "You are notified when the order moves on": the employee's mails of the order's steps.
      "content/fi.json#content.faq.employees.q12.answer",
      "content/en.json#content.faq.employees.q12.answer",
    ],
  },
  {
    event: "ORDER_PACKAGE_CHANGED",
    what: "The bike store changes a package already given",
    sends: [sent("EMPLOYEE", "EMAIL", "notify:employee", { note: "check the package again on /mybike" })],
  },
  {
    event: "ORDER_PACKAGE_ACCEPTED",
    what: "The employee accepts the package (the order enters ALL_INFO_PROVIDED)",
    sends: [
      sent("EMPLOYER", "INBOX", EMPLOYER_BELL, { permission: "orders.approve" }),
      sent("EMPLOYER", "EMAIL", "mail:approvalRequest", {
        permission: "orders.approve",
        note: "where the bike policy asks for approval: each approver, the order open on their orders page",
      }),
    ],
    promisedBy: inAll("employer/orders", "employerOrders.awaiting.empty"),
  },
  {
    event: "ORDER_AGREEMENT_READY_TO_SIGN",
    what: "The leasing agreement is ready for the employee's signature",
    sends: [sent("EMPLOYEE", "EMAIL", "notify:employee", { note: "sign the agreement on /mybike" })],
  },
  {
    event: "ORDER_SIGNING_CODE",
    what: "The employee asks for the code that signs the agreement",
    sends: [sent("EMPLOYEE", "SMS", "sms:twoFactorCode")],
    promisedBy: inAll("mybike/mybike", "myBike.sign.intro"),
  },
  {
    event: "ORDER_AGREEMENT_SIGNED",
    what: "The employee signs the agreement (the employer may still have to approve)",
    // The approvers were mailed when the order started waiting for them, and approval does not wait
    // for the signature, so a signature that leaves the order waiting tells no one new. One that needs
    // no more approval confirms the order in the same move, and that rings the admin's bell.
    sends: [
      sent("EMPLOYER", "INBOX", EMPLOYER_BELL, {
        permission: "orders.read",
        note: "only when the signature confirms the order (ORDER_CONFIRMED)",
      }),
    ],
  },
  {
    event: "ORDER_EMPLOYER_APPROVED",
    what: "The employer approves the order where the bike policy asks for it",
    sends: [sent("EMPLOYEE", "EMAIL", "notify:employee", { note: "see the order on /mybike" })],
    promisedBy: inAll("mybike/mybike", "myBike.sign.awaitingEmployer"),
  },
  {
    event: "ORDER_EMPLOYER_REFUSED",
    what: "The employer refuses the order (it is cancelled with the reason)",
    sends: [sent("EMPLOYEE", "EMAIL", "notify:employee", { note: "the reason; see the order on /mybike" })],
  },
  {
    event: "ORDER_CONFIRMED",
    what: "The order is confirmed: signed and, where asked, approved",
    sends: [sent("EMPLOYER", "INBOX", EMPLOYER_BELL, { permission: "orders.read" })],
  },
  {
    event: "ORDER_PROCESSED",
    what: "The helpdesk processes the order: the store gets its purchase order",
    sends: [sent("STORE", "EMAIL", "mail:purchaseOrder")],
    promisedBy: [
      ...inAll("store-links/store-links", "storeLinks.package.next", ["en", "sv"]),
      // The partner page's "you are notified when the order is confirmed": the purchase order.
      "content/fi.json#content.forBikeStores.flow.step3",
      "content/en.json#content.forBikeStores.flow.step3",
    ],
  },
  {
    event: "ORDER_DELIVERY_LINK",
    what: "The order waits for its delivery date: the store gets the link to give it",
    sends: [sent("STORE", "EMAIL", "mail:storeDeliveryLink")],
  },
  {
    event: "ORDER_HANDOVER_READY",
    what: "The bike is ready at the store: the employee fetches it with the pickup code",
    sends: [
      sent("EMPLOYEE", "EMAIL", "notify:employee", { note: "the pickup code on /mybike" }),
      sent("EMPLOYEE", "SMS", "notify:employee", { note: "the pickup code: time-critical" }),
    ],
  },
  {
    event: "ORDER_HANDOVER_DEFECT",
    what: "The employee reports a defect of a shipped bike",
    sends: [
      sent("STORE", "EMAIL", "mail:storeDefect", {
        note: "in the store's language; the store sees it as news in its order list and drawer",
      }),
      // The helpdesk is not told: the store puts the defect right within the window, and the report
      // stays on the order's timeline, where the helpdesk reads it when either party asks.
    ],
  },
  {
    event: "ORDER_LEASE_STARTED",
    what: "The lease starts (the order enters ACTIVE_LEASING): the deductions begin",
    sends: [
      sent("EMPLOYEE", "EMAIL", "notify:employee", { note: "the bike's page on /mybike" }),
      sent("EMPLOYER", "INBOX", EMPLOYER_BELL, { permission: "orders.read" }),
      // No mail of its own to the reporting recipients: the month's payroll report they receive
      // (PAYROLL_REPORT_DELIVERED) carries the new deduction, marked as new, which is what they act on.
    ],
  },
  {
    event: "ORDER_CANCELLED",
    what: "The order is cancelled",
    sends: [
      sent("EMPLOYEE", "EMAIL", "mail:orderCancelled", { note: "by someone else, with the reason" }),
      sent("EMPLOYER", "INBOX", EMPLOYER_BELL, { permission: "orders.read" }),
      sent("STORE", "EMAIL", "mail:storeOrderCancelled", {
        note: "a store with a purchase order must not deliver",
      }),
    ],
  },
  {
    event: "ORDER_REFUNDED",
    what: "The employee's own share is refunded",
    sends: [
      sent("EMPLOYEE", "EMAIL", "mail:orderRefunded"),
      sent("EMPLOYER", "INBOX", EMPLOYER_BELL, { permission: "orders.read" }),
    ],
    promisedBy: ["mybike/cancellations.fi.json#myBikeCancel.stateText.refundComing"],
  },
  {
    event: "ORDER_CUSTOMER_QUESTION",
    what: "The helpdesk asks the employee a question: the order waits for the customer's comment",
    sends: [sent("EMPLOYEE", "EMAIL", "notify:employee", { note: "the question; answer it on /mybike" })],
  },
  {
    event: "ORDER_CUSTOMER_ANSWERED",
    what: "The employee answers the helpdesk's question on /mybike",
    sends: [
      // The helpdesk decides where the order goes after reading the answer (back to its step, another
      // question, a special case), so the answered order is its task until it moves the order on.
      sent("HELPDESK", "INBOX", HELPDESK_TASKS, { note: "the answered order, until the helpdesk moves it" }),
    ],
  },
  {
    event: "ORDER_APPROVAL_REMINDER",
    what: "The order has waited 2 working days (the company's setting) for the employer's approval",
    sends: [sent("EMPLOYER", "EMAIL", REMINDERS, { permission: "orders.approve" })],
  },
  {
    event: "ORDER_APPROVAL_ESCALATED",
    what: "The order has waited 5 working days (the company's setting) for the employer's approval: the group admin, or the company's backup approver, is told",
    sends: [
      sent("GROUP_ADMIN", "EMAIL", REMINDERS, {
        note: "the group's admins; a company outside a group, its employer admins",
      }),
      sent("EMPLOYER", "EMAIL", REMINDERS, {
        permission: "orders.approve",
        note: "instead, the backup approver the company named in its reminder settings",
      }),
    ],
  },
  {
    event: "ORDER_PACKAGE_REMINDER",
    what: "The package has waited 3 and 7 days for the employee to accept it",
    sends: [sent("EMPLOYEE", "EMAIL", REMINDERS, { note: "check and accept the package on /mybike" })],
  },
  {
    event: "ORDER_SIGNING_REMINDER",
    what: "The leasing agreement has waited 3 and 7 days for the employee's signature",
    sends: [sent("EMPLOYEE", "EMAIL", REMINDERS, { note: "sign the agreement on /mybike" })],
  },
  {
    event: "ORDER_STORE_PACKAGE_REMINDER",
    what: "A started order has waited 2 working days for the bike store's package",
    sends: [sent("STORE", "EMAIL", REMINDERS, { note: "in the store's language" })],
  },
  {
    event: "ORDER_DEFECT_WINDOW_REMINDER",
    what: "The window to report a defect of a shipped bike closes in 3 days",
    sends: [
      sent("EMPLOYEE", "EMAIL", REMINDERS, { note: "report a defect on /mybike; none once one is reported" }),
    ],
  },
  {
    event: "REDEMPTION_CHOICE_REMINDER",
    what: "The redemption case's decision deadline is in 3 days and the employee has not chosen",
    sends: [sent("EMPLOYEE", "EMAIL", REMINDERS, { note: "choose on /mybike" })],
  },
  {
    event: "LEASE_END_REMINDER",
    what: "The lease ends in 12, 8 and 4 weeks and the employee has not chosen what happens to the bike",
    sends: [
      sent("EMPLOYEE", "EMAIL", REMINDERS, { note: "the lease's end date; what to choose on /mybike" }),
    ],
  },
  {
    event: "USER_PAYMENT_DUE_REMINDER",
    what: "An own payment sent as an invoice is due today and not yet paid",
    sends: [
      sent("EMPLOYEE", "EMAIL", REMINDERS, { note: "the amount, the reference number and the due date" }),
    ],
  },
  {
    event: "USER_PAYMENT_INVOICE",
    what: "A payment of the employee's own share is sent as an invoice",
    sends: [sent("EMPLOYEE", "EMAIL", "mail:userPaymentInvoice")],
  },
  {
    event: "LEASE_INVOICE_ISSUED",
    what: "The monthly lease invoice is issued to the company",
    sends: [sent("EMPLOYER", "EMAIL", "mail:leaseInvoice", { note: "to the company's billing e-mail" })],
  },
  {
    event: "PAYOUT_BATCH_SENT",
    what: "A payout batch to the bike stores is paid: its money has left Pedaali's account",
    sends: [sent("STORE", "EMAIL", "mail:storePayout", { note: "what was paid and for which orders" })],
  },
  {
    event: "PAYROLL_REPORT_DELIVERED",
    what: "The month's payroll report is delivered",
    sends: [
      sent("REPORTING", "EMAIL", "mail:payrollReport", { note: "to the company's payroll recipients" }),
      sent("EMPLOYER", "INBOX", EMPLOYER_BELL, { permission: "reports.read" }),
    ],
  },
  {
    event: "PAYROLL_DELIVERY_FAILED",
    what: "A payroll file could not be delivered",
    sends: [
      sent("EMPLOYER", "INBOX", EMPLOYER_BELL, {
        permission: "company-settings.manage",
        note: "the employer admins, who hold it in the company; a group admin has no bell",
      }),
      sent("HELPDESK", "INBOX", HELPDESK_TASKS, { note: "until the report is delivered" }),
    ],
  },
  {
    event: "CLAIM_REPORTED",
    what: "The employee reports the bike stolen or damaged",
    sends: [
      sent("EMPLOYEE", "EMAIL", "mail:claimReceived"),
      sent("EMPLOYER", "INBOX", EMPLOYER_BELL, { permission: "orders.read" }),
    ],
  },
  {
    event: "CLAIM_SETTLED",
    what: "The helpdesk closes the claim: what the employee owes",
    sends: [sent("EMPLOYEE", "EMAIL", "mail:claimSettled")],
  },
  {
    event: "REDEMPTION_OFFERED",
    what: "A redemption case opens with its redemption offer",
    sends: [
      sent("EMPLOYEE", "EMAIL", "mail:redemptionOffer"),
      sent("EMPLOYER", "INBOX", EMPLOYER_BELL, { permission: "orders.read" }),
    ],
  },
  {
    event: "REDEMPTION_CHOSEN",
    what: "The employee chooses what happens to the bike at lease end",
    sends: [
      sent("EMPLOYER", "INBOX", EMPLOYER_BELL, { permission: "orders.read" }),
      sent("HELPDESK", "INBOX", HELPDESK_TASKS, { note: "the redemption case waits for the helpdesk" }),
    ],
  },
  {
    event: "REDEMPTION_COMPLETED",
    what: "The helpdesk completes the redemption case",
    sends: [sent("EMPLOYEE", "EMAIL", "mail:redemptionCompleted")],
    promisedBy: [
      "admin/redemptions.sv.json#adminRedemptions.confirm.complete",
      "admin/redemptions.sv.json#adminRedemptions.confirm.completeContinue",
    ],
  },
  {
    event: "BROKERAGE_INQUIRY",
    what: "Someone asks about a bike in the brokerage",
    sends: [sent("HELPDESK", "EMAIL", "mail:brokerageInquiry", { note: "to customer service" })],
  },
  {
    event: "JOIN_REQUESTED",
    what: "An employee joins by a registration link and waits for the employer",
    sends: [
      sent("PERSON", "EMAIL", "mail:registrationReceived"),
      sent("EMPLOYER", "INBOX", EMPLOYER_BELL, { permission: "employees.decide" }),
    ],
  },
  {
    event: "JOIN_CONFIRMATION",
    what: "An employee joins with an address of the company's domains; the company accepts such joiners once the address is confirmed",
    sends: [
      sent("PERSON", "EMAIL", "mail:joinConfirmation"),
      sent("EMPLOYER", "INBOX", EMPLOYER_BELL, { permission: "employees.decide" }),
    ],
  },
  {
    event: "JOIN_DECIDED",
    what: "The employer accepts or rejects a join request",
    sends: [sent("PERSON", "EMAIL", "mail:joinDecision")],
    promisedBy: [
      "pages/fi.json#joinConfirm.WAITS.text",
      "pages/en.json#joinConfirm.WAITS.text",
      "pages/sv.json#joinConfirm.WAITS.text",
    ],
  },
  {
    event: "EMPLOYEE_INVITED",
    what: "The employer (or an identity provider) adds an employee",
    sends: [sent("EMPLOYEE", "EMAIL", "mail:employeeInvitation")],
  },
  {
    event: "EMPLOYMENT_INVITED",
    what: "A person with an account is invited to a new employment",
    sends: [sent("EMPLOYEE", "EMAIL", "mail:employmentInvitation")],
  },
  {
    event: "COMPANY_SIGNUP_RECEIVED",
    what: "An employer signs the company up; the helpdesk reviews it",
    sends: [
      sent("PERSON", "EMAIL", "mail:employerSignupReceived"),
      sent("HELPDESK", "INBOX", HELPDESK_TASKS, { note: "the application to accept or reject" }),
    ],
  },
  {
    event: "COMPANY_APPLICATION_DECIDED",
    what: "The helpdesk accepts or rejects a company's application",
    sends: [sent("PERSON", "EMAIL", "mail:companyApplicationDecision")],
  },
  {
    event: "USER_CREATED",
    what: "A user account is made for someone: the set-password link",
    sends: [sent("PERSON", "EMAIL", "mail:setPassword")],
  },
  {
    event: "STAFF_ROLE_GRANTED",
    what: "A helpdesk role is granted",
    sends: [sent("PERSON", "EMAIL", "mail:staffRoleGranted")],
  },
  {
    event: "STORE_ACCOUNT_CHANGED",
    what: "A bike store's payout account changes",
    sends: [sent("STORE", "EMAIL", "mail:storeAccountChanged")],
  },
  {
    event: "LOGIN_CODE",
    what: "The login's two-factor code",
    sends: [sent("PERSON", "SMS", "sms:twoFactorCode")],
  },
  {
    event: "PASSWORD_RESET",
    what: "A person asks for a new password",
    sends: [sent("PERSON", "EMAIL", "mail:passwordReset")],
    promisedBy: [
      "pages/fi.json#passwordRecovery.intro",
      "pages/en.json#passwordRecovery.intro",
      "pages/sv.json#passwordRecovery.intro",
    ],
  },
  {
    event: "PASSWORD_CHANGED",
    what: "The password was changed",
    sends: [sent("PERSON", "EMAIL", "mail:passwordChanged")],
  },
  {
    event: "TWO_FACTOR_LOCKED",
    what: "Too many wrong codes locked the login",
    sends: [sent("PERSON", "EMAIL", "mail:twoFactorLocked")],
  },
  {
    event: "SECOND_FACTOR_CHANGED",
    what: "The second factor was changed",
    sends: [sent("PERSON", "EMAIL", "mail:secondFactorChanged")],
  },
  {
    event: "NEW_DEVICE_LOGIN",
    what: "A login from a device the account was not logged in from in the last 90 days",
    sends: [sent("PERSON", "EMAIL", "mail:newDeviceLogin", { note: "the device, network and time" })],
  },
  {
    event: "CONTACT_CHANGE",
    what: "A person changes their login e-mail or phone number",
    sends: [sent("PERSON", "EMAIL", "mail:contactChange", { note: "the new e-mail's link; the notices" })],
  },
  {
    event: "PHONE_CHANGE_CODE",
    what: "A person asks for the code that confirms their new phone number",
    sends: [sent("PERSON", "SMS", "sms:phoneChangeCode")],
  },
  {
    event: "ACCOUNT_DEACTIVATED",
    what: "An account unused for long is deactivated",
    sends: [sent("PERSON", "EMAIL", "mail:accountDeactivated")],
  },
];

/** The row of an event; every event has exactly one (held by the table's test). */
export function notificationRow(event: NotificationEvent): NotificationRow {
  const row = NOTIFICATION_TABLE.find((candidate) => candidate.event === event);
  if (!row) throw new Error(`No notification row for ${event}`);
  return row;
}

/** What the table says is sent today to `party` of `event`, by channel. */
export function sentChannels(event: NotificationEvent, party: NotificationParty): NotificationChannel[] {
  return notificationRow(event)
    .sends.filter((send) => send.party === party && send.state === "sent")
    .map((send) => send.channel);
}

/**
 * The phrases by which a catalogue text promises a notification, per language. A text that matches one
 * must be listed in some row's `promisedBy`.
 */
export const PROMISE_PATTERNS: Readonly<Record<"fi" | "en" | "sv", readonly RegExp[]>> = {
  fi: [
    /saat ilmoituksen/i,
    /ilmoitamme/i,
    /saat sähköpostin/i,
    /saat viestin/i,
    /saat tekstiviestin/i,
    /lähetämme/i,
  ],
  en: [
    /\b(you|they|the employee) (will be|are|is) notified/i,
    /we('ll| will) (let you know|notify|send|e-?mail)/i,
    /we send\b/i,
    /you('ll| will) (receive|get) (a|an) (message|notification|e-?mail|purchase order|text)/i,
  ],
  sv: [
    /får (du )?ett meddelande/i,
    /vi meddelar/i,
    /vi skickar/i,
    /får du (ett )?e-post/i,
    /får du en .* per e-post/i,
  ],
};

/**
 * Catalogue texts that match a promise's words but promise what a person does, not a notification of
 * the platform (customer service sends a new link or the partner agreement when asked).
 */
export const PROMISES_KEPT_BY_PEOPLE: readonly string[] = [
  "store-links/store-links.fi.json#storeLinks.invalid.next",
  "store-links/store-links.en.json#storeLinks.invalid.next",
  "content/fi.json#content.faq.stores.q2.answer",
  "content/en.json#content.faq.stores.q2.answer",
];

/**
 * The employee's notice when their order enters a status: the package to check, the agreement to sign
 * (it is written as the package is accepted), the helpdesk's question to answer, the lease that
 * started. A return from waiting for the customer's comment is no new step and sends nothing.
 */
export const EMPLOYEE_NOTICE_ON_ENTRY: Readonly<Partial<Record<OrderStatus, NotificationEvent>>> = {
  PACKAGE_PROVIDED: "ORDER_PACKAGE_PROVIDED",
  WAITING_FOR_CUSTOMER_COMMENT: "ORDER_CUSTOMER_QUESTION",
  ALL_INFO_PROVIDED: "ORDER_AGREEMENT_READY_TO_SIGN",
  WAITING_FOR_DELIVERY_DATE: "ORDER_HANDOVER_READY",
  ACTIVE_LEASING: "ORDER_LEASE_STARTED",
};
