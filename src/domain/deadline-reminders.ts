import { DAY_MS } from "./dates.ts";
import { addCalendarDays } from "./working-days.ts";

/**
 * The reminders of a day that comes closer, unlike those of an order left waiting (reminders.ts): each
 * step is sent so many calendar days before the deadline, and none once the deadline has passed.
 *
 * - DEFECT_WINDOW: the last day a defect of a shipped bike may be reported (handovers.ts), 3 days before;
 *   stops when the employee has reported a defect.
 * - LEASE_END_CHOICE: the decision deadline of an open redemption case (redemption.ts), 3 days before;
 *   stops when the employee has chosen. An insurance claim has no deadline once it is reported (the 14
 *   days from the incident only mark a report as late, and a claim not yet reported is unknown to us),
 *   so this is the deadline the employee can still miss after the bike is gone or damaged.
 * - LEASE_END: the lease's last day as every view shows it, 12, 8 and 4 weeks before; stops when the
 *   employee has chosen what happens to the bike, or the lease is no longer running.
 * - UNPAID_PAYMENT: an own payment sent as an invoice, on its due date; stops when it is paid.
 */

export const DEADLINE_REMINDER_KINDS = [
  "DEFECT_WINDOW",
  "LEASE_END_CHOICE",
  "LEASE_END",
  "UNPAID_PAYMENT",
] as const;
export type DeadlineReminderKind = (typeof DEADLINE_REMINDER_KINDS)[number];

type DeadlineReminderEvent =
  | "ORDER_DEFECT_WINDOW_REMINDER"
  | "REDEMPTION_CHOICE_REMINDER"
  | "LEASE_END_REMINDER"
  | "USER_PAYMENT_DUE_REMINDER";

export type DeadlineReminderStep = {
  /** 1, 2...: the step's number, part of the key that sends it once. */
  step: number;
  /** How many calendar days before the deadline the step is sent (0: on the day). */
  daysBefore: number;
  event: DeadlineReminderEvent;
};

/** Each kind's steps, the earliest (most days before) first. */
export const DEADLINE_REMINDER_RULES: Readonly<
  Record<DeadlineReminderKind, readonly DeadlineReminderStep[]>
> = {
  DEFECT_WINDOW: [{ step: 1, daysBefore: 3, event: "ORDER_DEFECT_WINDOW_REMINDER" }],
  LEASE_END_CHOICE: [{ step: 1, daysBefore: 3, event: "REDEMPTION_CHOICE_REMINDER" }],
  LEASE_END: [
    { step: 1, daysBefore: 12 * 7, event: "LEASE_END_REMINDER" },
    { step: 2, daysBefore: 8 * 7, event: "LEASE_END_REMINDER" },
    { step: 3, daysBefore: 4 * 7, event: "LEASE_END_REMINDER" },
  ],
  UNPAID_PAYMENT: [{ step: 1, daysBefore: 0, event: "USER_PAYMENT_DUE_REMINDER" }],
};

/** Calendar days from `today` to `deadline` (YYYY-MM-DD); negative once the deadline has passed. */
export function daysUntil(today: string, deadline: string): number {
  return Math.round((Date.parse(`${deadline}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

/**
 * The step due today of those not yet sent: none after the deadline, and only the latest one reached,
 * so a deadline found late (a lease first seen 6 weeks before its end) gets the one step that fits, not
 * every earlier one too.
 */
export function dueDeadlineStep(
  steps: readonly DeadlineReminderStep[],
  today: string,
  deadline: string,
  sentSteps: readonly number[],
): DeadlineReminderStep | null {
  const left = daysUntil(today, deadline);
  if (left < 0) return null;
  const latest = steps.filter((step) => left <= step.daysBefore).at(-1);
  if (!latest || sentSteps.some((sent) => sent >= latest.step)) return null;
  return latest;
}

/** The furthest a deadline may be for any step of the kind to be due today: the job reads no further. */
export function readUntil(kind: DeadlineReminderKind, today: string): string {
  const first = DEADLINE_REMINDER_RULES[kind][0];
  return addCalendarDays(today, first?.daysBefore ?? 0);
}
