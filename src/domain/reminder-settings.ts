import {
  DEADLINE_REMINDER_KINDS,
  DEADLINE_REMINDER_RULES,
  type DeadlineReminderKind,
} from "./deadline-reminders.ts";
import type { NotificationEvent } from "./notification-table.ts";
import { REMINDER_KINDS, REMINDER_RULES, type ReminderKind, type ReminderRule } from "./reminders.ts";

/**
 * A company's own reminder settings: after how many days its approvers, its employees and the bike
 * store are reminded of an order left waiting, after how many the approval is escalated and to whom (the
 * group admin, or a named backup approver), and which reminders it sends at all. A company that has saved
 * nothing gets the platform's defaults, the rules the reminders were first built with.
 */

/** Every kind of reminder the daily job sends. */
const ALL_REMINDER_KINDS = [...REMINDER_KINDS, ...DEADLINE_REMINDER_KINDS] as const;
export type AnyReminderKind = ReminderKind | DeadlineReminderKind;

/** The events the reminders are sent as: how the helpdesk's list of a person's messages names them. */
export const REMINDER_EVENTS: readonly NotificationEvent[] = [
  ...new Set([
    ...Object.values(REMINDER_RULES).flatMap((rule) => rule.steps.map((step) => step.event)),
    ...Object.values(DEADLINE_REMINDER_RULES).flatMap((steps) => steps.map((step) => step.event)),
  ]),
];

/**
 * The kinds a company may switch off. The reminder of an unpaid own payment is not among them: the
 * payment is owed to Pedaali by the employee, not a step of the employer's process, and a missed due
 * date costs the employee a collection fee.
 */
export const SWITCHABLE_REMINDER_KINDS = ALL_REMINDER_KINDS.filter(
  (kind) => kind !== "UNPAID_PAYMENT",
) as readonly Exclude<AnyReminderKind, "UNPAID_PAYMENT">[];
export type SwitchableReminderKind = (typeof SWITCHABLE_REMINDER_KINDS)[number];

export type ReminderSettings = {
  /** Working days an order waits for the employer's approval before its approvers are reminded. */
  approverAfterDays: number;
  /** Working days before the approval is escalated; always more than approverAfterDays. */
  escalationAfterDays: number;
  /** The employer user who gets the escalation instead of the group admin; null: the group admin. */
  backupApproverUserId: string | null;
  /** Days a package or an agreement waits for the employee before the first reminder. */
  employeeFirstAfterDays: number;
  /** Days before the second reminder; always more than employeeFirstAfterDays. */
  employeeSecondAfterDays: number;
  /** Working days a started order waits for the bike store's package before the store is reminded. */
  storeAfterDays: number;
  /** The kinds the company does not send. */
  disabledKinds: readonly SwitchableReminderKind[];
};

export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  approverAfterDays: 2,
  escalationAfterDays: 5,
  backupApproverUserId: null,
  employeeFirstAfterDays: 3,
  employeeSecondAfterDays: 7,
  storeAfterDays: 2,
  disabledKinds: [],
};

/** The fewest and the most days any wait may be set to: a month of working days is already long. */
export const REMINDER_DAYS_MIN = 1;
export const REMINDER_DAYS_MAX = 30;

export type ReminderSettingsField =
  | "approverAfterDays"
  | "escalationAfterDays"
  | "employeeFirstAfterDays"
  | "employeeSecondAfterDays"
  | "storeAfterDays";

export type ReminderSettingsProblem = {
  field: ReminderSettingsField;
  problem: "OUT_OF_RANGE" | "NOT_AFTER_REMINDER";
};

const DAY_FIELDS: readonly ReminderSettingsField[] = [
  "approverAfterDays",
  "escalationAfterDays",
  "employeeFirstAfterDays",
  "employeeSecondAfterDays",
  "storeAfterDays",
];

/**
 * What makes settings impossible: a wait outside 1–30 days, an escalation that would come before (or
 * with) the approvers' reminder, or an employee's second reminder not after the first.
 */
export function reminderSettingsProblems(settings: ReminderSettings): ReminderSettingsProblem[] {
  const problems: ReminderSettingsProblem[] = [];
  for (const field of DAY_FIELDS) {
    const days = settings[field];
    if (!Number.isInteger(days) || days < REMINDER_DAYS_MIN || days > REMINDER_DAYS_MAX) {
      problems.push({ field, problem: "OUT_OF_RANGE" });
    }
  }
  if (settings.escalationAfterDays <= settings.approverAfterDays) {
    problems.push({ field: "escalationAfterDays", problem: "NOT_AFTER_REMINDER" });
  }
  if (settings.employeeSecondAfterDays <= settings.employeeFirstAfterDays) {
    problems.push({ field: "employeeSecondAfterDays", problem: "NOT_AFTER_REMINDER" });
  }
  return problems;
}

/** Whether the company sends reminders of this kind. */
export function isReminderOn(settings: ReminderSettings, kind: AnyReminderKind): boolean {
  return !(settings.disabledKinds as readonly string[]).includes(kind);
}

/** The waiting-order rules with the company's own days in place of the defaults. */
export function reminderRulesFor(settings: ReminderSettings): Readonly<Record<ReminderKind, ReminderRule>> {
  const employee = (event: "ORDER_PACKAGE_REMINDER" | "ORDER_SIGNING_REMINDER") => [
    { step: 1, after: settings.employeeFirstAfterDays, event },
    { step: 2, after: settings.employeeSecondAfterDays, event },
  ];
  return {
    EMPLOYER_APPROVAL: {
      status: "ALL_INFO_PROVIDED",
      unit: "WORKING",
      steps: [
        { step: 1, after: settings.approverAfterDays, event: "ORDER_APPROVAL_REMINDER" },
        { step: 2, after: settings.escalationAfterDays, event: "ORDER_APPROVAL_ESCALATED" },
      ],
    },
    PACKAGE_ACCEPTANCE: {
      status: "PACKAGE_PROVIDED",
      unit: "CALENDAR",
      steps: employee("ORDER_PACKAGE_REMINDER"),
    },
    AGREEMENT_SIGNING: {
      status: "ALL_INFO_PROVIDED",
      unit: "CALENDAR",
      steps: employee("ORDER_SIGNING_REMINDER"),
    },
    STORE_PACKAGE: {
      status: "PENDING",
      unit: "WORKING",
      steps: [{ step: 1, after: settings.storeAfterDays, event: "ORDER_STORE_PACKAGE_REMINDER" }],
    },
  };
}
