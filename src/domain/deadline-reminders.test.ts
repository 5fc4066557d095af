import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEADLINE_REMINDER_KINDS,
  DEADLINE_REMINDER_RULES,
  daysUntil,
  dueDeadlineStep,
  readUntil,
} from "./deadline-reminders.ts";
import { addCalendarDays } from "./working-days.ts";

const leaseEnd = DEADLINE_REMINDER_RULES.LEASE_END;
const defect = DEADLINE_REMINDER_RULES.DEFECT_WINDOW;
const payment = DEADLINE_REMINDER_RULES.UNPAID_PAYMENT;

describe("a deadline's reminder", () => {
  it("counts the days left on the calendar, negative once past", () => {
    expect(daysUntil("2026-03-01", "2026-03-04")).toBe(3);
    expect(daysUntil("2026-03-04", "2026-03-04")).toBe(0);
    expect(daysUntil("2026-03-05", "2026-03-04")).toBe(-1);
    // Across the spring's clock change and a leap day.
    expect(daysUntil("2028-02-27", "2028-03-27")).toBe(29);
  });

  it("of the defect window and the decision deadline comes 3 days before, not sooner, once", () => {
    expect(dueDeadlineStep(defect, "2026-03-01", "2026-03-05", [])).toBeNull();
    expect(dueDeadlineStep(defect, "2026-03-02", "2026-03-05", [])?.step).toBe(1);
    expect(dueDeadlineStep(defect, "2026-03-04", "2026-03-05", [1])).toBeNull();
    expect(DEADLINE_REMINDER_RULES.LEASE_END_CHOICE[0]?.daysBefore).toBe(3);
  });

  it("of the lease's end comes 12, 8 and 4 weeks before", () => {
    const end = "2026-12-31";
    expect(dueDeadlineStep(leaseEnd, addCalendarDays(end, -85), end, [])).toBeNull();
    expect(dueDeadlineStep(leaseEnd, addCalendarDays(end, -84), end, [])?.step).toBe(1);
    expect(dueDeadlineStep(leaseEnd, addCalendarDays(end, -60), end, [1])).toBeNull();
    expect(dueDeadlineStep(leaseEnd, addCalendarDays(end, -56), end, [1])?.step).toBe(2);
    expect(dueDeadlineStep(leaseEnd, addCalendarDays(end, -28), end, [1, 2])?.step).toBe(3);
    expect(dueDeadlineStep(leaseEnd, addCalendarDays(end, -1), end, [1, 2, 3])).toBeNull();
  });

  it("of a lease found late is only the step that fits", () => {
    // 30 days left: past the 8 weeks, not yet at the 4.
    expect(dueDeadlineStep(leaseEnd, "2026-12-01", "2026-12-31", [])?.step).toBe(2);
    expect(dueDeadlineStep(leaseEnd, "2026-12-05", "2026-12-31", [])?.step).toBe(3);
  });

  it("of an unpaid payment comes on its due date, and none after it", () => {
    expect(dueDeadlineStep(payment, "2026-03-03", "2026-03-04", [])).toBeNull();
    expect(dueDeadlineStep(payment, "2026-03-04", "2026-03-04", [])?.event).toBe("USER_PAYMENT_DUE_REMINDER");
    expect(dueDeadlineStep(payment, "2026-03-05", "2026-03-04", [])).toBeNull();
  });

  it("is never sent after its deadline nor twice, and always within the days the job reads", () => {
    const date = fc.integer({ min: 0, max: 3650 }).map((offset) => addCalendarDays("2025-01-01", offset));
    fc.assert(
      fc.property(
        fc.constantFrom(...DEADLINE_REMINDER_KINDS),
        date,
        fc.integer({ min: -30, max: 120 }),
        (kind, today, left) => {
          const deadline = addCalendarDays(today, left);
          const steps = DEADLINE_REMINDER_RULES[kind];
          const due = dueDeadlineStep(steps, today, deadline, []);
          if (left < 0 || deadline > readUntil(kind, today)) expect(due).toBeNull();
          if (due) {
            expect(left).toBeLessThanOrEqual(due.daysBefore);
            expect(dueDeadlineStep(steps, today, deadline, [due.step])).toBeNull();
          }
        },
      ),
    );
  });
});
