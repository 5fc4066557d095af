import { describe, expect, it } from "vitest";
import { dueReminderStep, REMINDER_RULES } from "./reminders.ts";
import {
  addCalendarDays,
  calendarDaysBetween,
  isWorkingDay,
  waitedDays,
  workingDaysBetween,
} from "./working-days.ts";

describe("working days", () => {
  it("are Monday to Friday", () => {
    // 2025-03-03 is a Monday.
    expect(["2025-03-03", "2025-03-04", "2025-03-05", "2025-03-06", "2025-03-07"].every(isWorkingDay)).toBe(
      true,
    );
    expect(isWorkingDay("2025-03-08")).toBe(false);
    expect(isWorkingDay("2025-03-09")).toBe(false);
  });

  it("count the working days after the start up to and including the end", () => {
    expect(workingDaysBetween("2025-03-03", "2025-03-03")).toBe(0);
    expect(workingDaysBetween("2025-03-03", "2025-03-05")).toBe(2);
    // From a Friday: the weekend does not count, Monday is the first.
    expect(workingDaysBetween("2025-03-07", "2025-03-09")).toBe(0);
    expect(workingDaysBetween("2025-03-07", "2025-03-10")).toBe(1);
    expect(workingDaysBetween("2025-03-07", "2025-03-14")).toBe(5);
    // From a Saturday.
    expect(workingDaysBetween("2025-03-08", "2025-03-11")).toBe(2);
    // The end before the start.
    expect(workingDaysBetween("2025-03-10", "2025-03-03")).toBe(0);
  });

  it("cross months and years", () => {
    expect(addCalendarDays("2024-12-31", 1)).toBe("2025-01-01");
    expect(workingDaysBetween("2024-12-27", "2025-01-03")).toBe(5);
    expect(calendarDaysBetween("2025-02-26", "2025-03-05")).toBe(7);
  });

  it("are counted on Helsinki's calendar", () => {
    // Friday 23:30 in Helsinki is still Friday 21:30 UTC; Monday 00:30 Helsinki is Sunday 22:30 UTC.
    const since = new Date("2025-03-07T21:30:00Z");
    expect(waitedDays(since, new Date("2025-03-09T22:30:00Z"), "WORKING")).toBe(1);
    expect(waitedDays(since, new Date("2025-03-09T22:30:00Z"), "CALENDAR")).toBe(3);
  });
});

describe("the due reminder step", () => {
  const approval = REMINDER_RULES.EMPLOYER_APPROVAL;
  it("is none before the first step's wait", () => {
    expect(dueReminderStep(approval, 1, [])).toBeNull();
  });
  it("is the first step at its wait, and never twice", () => {
    expect(dueReminderStep(approval, 2, [])?.step).toBe(1);
    expect(dueReminderStep(approval, 4, [1])).toBeNull();
  });
  it("is the escalation at five working days", () => {
    expect(dueReminderStep(approval, 5, [1])?.event).toBe("ORDER_APPROVAL_ESCALATED");
    expect(dueReminderStep(approval, 9, [1, 2])).toBeNull();
  });
  it("is only the latest step for an order found late", () => {
    expect(dueReminderStep(approval, 6, [])?.step).toBe(2);
  });
});
