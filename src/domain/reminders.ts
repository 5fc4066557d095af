import type { OrderStatus } from "./enums.ts";
import type { NotificationEvent } from "./notification-table.ts";

/**
 * The reminders of an order that waits for someone, and their escalation: for each kind, the status
 * it waits in, whom it waits for and the steps, each after so many days of waiting. These are the
 * platform's defaults; a company's own settings may later replace them.
 */

export const REMINDER_KINDS = [
  "EMPLOYER_APPROVAL",
  "PACKAGE_ACCEPTANCE",
  "AGREEMENT_SIGNING",
  "STORE_PACKAGE",
] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export type ReminderStep = {
  /** 1, 2...: the step's number, part of the key that sends it once. */
  step: number;
  /** After how many days of waiting the step is sent. */
  after: number;
  event: NotificationEvent;
};

export type ReminderRule = {
  /** The status the order waits in; leaving it stops the reminders. */
  status: OrderStatus;
  /** Working days (Mon–Fri) or calendar days. */
  unit: "WORKING" | "CALENDAR";
  steps: readonly ReminderStep[];
};

export const REMINDER_RULES: Readonly<Record<ReminderKind, ReminderRule>> = {
  // The employer's approval the bike policy asked for: the approvers, then the group admin.
  EMPLOYER_APPROVAL: {
    status: "ALL_INFO_PROVIDED",
    unit: "WORKING",
    steps: [
      { step: 1, after: 2, event: "ORDER_APPROVAL_REMINDER" },
      { step: 2, after: 5, event: "ORDER_APPROVAL_ESCALATED" },
    ],
  },
  // The employee's package to check and accept.
  PACKAGE_ACCEPTANCE: {
    status: "PACKAGE_PROVIDED",
    unit: "CALENDAR",
    steps: [
      { step: 1, after: 3, event: "ORDER_PACKAGE_REMINDER" },
      { step: 2, after: 7, event: "ORDER_PACKAGE_REMINDER" },
    ],
  },
  // The employee's leasing agreement to sign.
  AGREEMENT_SIGNING: {
    status: "ALL_INFO_PROVIDED",
    unit: "CALENDAR",
    steps: [
      { step: 1, after: 3, event: "ORDER_SIGNING_REMINDER" },
      { step: 2, after: 7, event: "ORDER_SIGNING_REMINDER" },
    ],
  },
  // The bike store's package for a started order.
  STORE_PACKAGE: {
    status: "PENDING",
    unit: "WORKING",
    steps: [{ step: 1, after: 2, event: "ORDER_STORE_PACKAGE_REMINDER" }],
  },
};

/**
 * The steps due after `waited` days, of those not yet sent: only the latest, so an order found late
 * (the job did not run for a week) gets the one step that fits its wait, not every earlier one too.
 */
export function dueReminderStep(
  rule: ReminderRule,
  waited: number,
  sentSteps: readonly number[],
): ReminderStep | null {
  const reached = rule.steps.filter((step) => waited >= step.after);
  const latest = reached.at(-1);
  if (!latest || sentSteps.some((sent) => sent >= latest.step)) return null;
  return latest;
}
