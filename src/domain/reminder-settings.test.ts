import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_REMINDER_SETTINGS,
  isReminderOn,
  REMINDER_DAYS_MAX,
  REMINDER_DAYS_MIN,
  type ReminderSettings,
  reminderRulesFor,
  reminderSettingsProblems,
  SWITCHABLE_REMINDER_KINDS,
} from "./reminder-settings.ts";
import { dueReminderStep, REMINDER_KINDS, REMINDER_RULES } from "./reminders.ts";

const days = fc.integer({ min: REMINDER_DAYS_MIN, max: REMINDER_DAYS_MAX });

/** Settings a company may save: every wait in range, each later step after the earlier one. */
const possibleSettings = fc
  .tuple(days, days, days, days, days)
  .filter(([approver, escalation, first, second]) => escalation > approver && second > first)
  .map(
    ([
      approverAfterDays,
      escalationAfterDays,
      employeeFirstAfterDays,
      employeeSecondAfterDays,
      storeAfterDays,
    ]) =>
      ({
        ...DEFAULT_REMINDER_SETTINGS,
        approverAfterDays,
        escalationAfterDays,
        employeeFirstAfterDays,
        employeeSecondAfterDays,
        storeAfterDays,
      }) satisfies ReminderSettings,
  );

describe("a company's reminder settings", () => {
  it("are by default the rules the reminders were built with", () => {
    expect(reminderRulesFor(DEFAULT_REMINDER_SETTINGS)).toEqual(REMINDER_RULES);
    expect(reminderSettingsProblems(DEFAULT_REMINDER_SETTINGS)).toEqual([]);
    expect(REMINDER_KINDS.every((kind) => isReminderOn(DEFAULT_REMINDER_SETTINGS, kind))).toBe(true);
  });

  it("refuse an escalation before or with the approvers' reminder, and a second employee reminder not after the first", () => {
    expect(
      reminderSettingsProblems({
        ...DEFAULT_REMINDER_SETTINGS,
        approverAfterDays: 5,
        escalationAfterDays: 5,
      }),
    ).toEqual([{ field: "escalationAfterDays", problem: "NOT_AFTER_REMINDER" }]);
    expect(
      reminderSettingsProblems({
        ...DEFAULT_REMINDER_SETTINGS,
        approverAfterDays: 6,
        escalationAfterDays: 3,
      }),
    ).toEqual([{ field: "escalationAfterDays", problem: "NOT_AFTER_REMINDER" }]);
    expect(
      reminderSettingsProblems({
        ...DEFAULT_REMINDER_SETTINGS,
        employeeFirstAfterDays: 7,
        employeeSecondAfterDays: 3,
      }),
    ).toEqual([{ field: "employeeSecondAfterDays", problem: "NOT_AFTER_REMINDER" }]);
  });

  it("refuse a wait of no days, over a month, or not whole", () => {
    for (const storeAfterDays of [0, 31, 1.5, -2]) {
      expect(reminderSettingsProblems({ ...DEFAULT_REMINDER_SETTINGS, storeAfterDays })).toEqual([
        { field: "storeAfterDays", problem: "OUT_OF_RANGE" },
      ]);
    }
  });

  it("keep each step after the one before, so the escalation never comes before the reminder", () => {
    fc.assert(
      fc.property(possibleSettings, fc.integer({ min: 0, max: 60 }), (settings, waited) => {
        expect(reminderSettingsProblems(settings)).toEqual([]);
        for (const rule of Object.values(reminderRulesFor(settings))) {
          const afters = rule.steps.map((step) => step.after);
          expect(afters).toEqual([...afters].sort((a, b) => a - b));
          expect(new Set(afters).size).toBe(afters.length);
          // The step due after a wait is the one whose day has come, and none before the first.
          const due = dueReminderStep(rule, waited, []);
          const first = rule.steps[0]?.after ?? 0;
          if (waited < first) expect(due).toBeNull();
          else expect(due && waited >= due.after).toBe(true);
        }
      }),
    );
  });

  it("send the approvers' reminder and the escalation on the company's days", () => {
    const settings = { ...DEFAULT_REMINDER_SETTINGS, approverAfterDays: 1, escalationAfterDays: 3 };
    const approval = reminderRulesFor(settings).EMPLOYER_APPROVAL;
    expect(dueReminderStep(approval, 1, [])?.event).toBe("ORDER_APPROVAL_REMINDER");
    expect(dueReminderStep(approval, 3, [1])?.event).toBe("ORDER_APPROVAL_ESCALATED");
    expect(dueReminderStep(approval, 2, [1])).toBeNull();
  });

  it("switch off only the kinds they name, and never the unpaid payment's reminder", () => {
    const settings = { ...DEFAULT_REMINDER_SETTINGS, disabledKinds: ["STORE_PACKAGE", "LEASE_END"] as const };
    expect(isReminderOn(settings, "STORE_PACKAGE")).toBe(false);
    expect(isReminderOn(settings, "LEASE_END")).toBe(false);
    expect(isReminderOn(settings, "EMPLOYER_APPROVAL")).toBe(true);
    expect((SWITCHABLE_REMINDER_KINDS as readonly string[]).includes("UNPAID_PAYMENT")).toBe(false);
  });
});
