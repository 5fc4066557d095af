import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { monthlyLeasePayment } from "./calculator/lease-payment.ts";
import { REDEMPTION_CHOICES, REDEMPTION_REASONS, type RedemptionReason } from "./enums.ts";
import { percentOfCents } from "./money.ts";
import { lastDayOf, periodOf } from "./payroll/period.ts";
import {
  EARLY_END_MAX_MONTHS_AHEAD,
  EMPLOYER_CAUSED_COVER_DAYS,
  earlyEndDayRange,
  earlyEndTold,
  isChoiceAvailable,
  isDayWithin,
  isDecisionDeadlinePassed,
  isMonthEnd,
  leaseEndPaymentDueDate,
  leaseEndRange,
  monthsPaidBy,
  OTHER_ABSENCE_COVER_DAYS,
  offerWindowEnd,
  oneMonthBefore,
  type RedemptionCase,
  type RedemptionTerms,
  redemptionOptions,
  redemptionPriceCents,
  redemptionPriceTable,
  redemptionSchedule,
  redemptionState,
  returnCostCents,
  returnFeeShares,
  sameDayMonthsLater,
} from "./redemption.ts";

/** A 3 000 € package over 36 months, leased at 100 € a month with a 5 % redemption price. */
const PACKAGE = 300_000;
const terms = (residualPercent: number, annualInterestPercent = 0): RedemptionTerms => ({
  packageCents: PACKAGE,
  residualCents: percentOfCents(PACKAGE, residualPercent),
  leaseTimeMonths: 36,
  annualInterestPercent,
});

const anyTerms = fc
  .record({
    packageCents: fc.integer({ min: 10_000, max: 1_500_000 }),
    residualPercent: fc.integer({ min: 0, max: 3_000 }).map((n) => n / 100),
    leaseTimeMonths: fc.integer({ min: 12, max: 60 }),
    annualInterestPercent: fc.integer({ min: 0, max: 1_500 }).map((n) => n / 100),
  })
  .map(
    (t): RedemptionTerms => ({
      packageCents: t.packageCents,
      residualCents: percentOfCents(t.packageCents, t.residualPercent),
      leaseTimeMonths: t.leaseTimeMonths,
      annualInterestPercent: t.annualInterestPercent,
    }),
  );

const day = fc
  .date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2040-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe("the redemption price", () => {
  it("is the residual at the term's end: 5 % of 3 000 € is 150 €, Edenred's 1 % is 30 €", () => {
    expect(redemptionPriceCents(terms(5), 36)).toBe(15_000);
    expect(redemptionPriceCents(terms(1), 36)).toBe(3_000);
    expect(redemptionPriceCents(terms(5, 4.9), 36)).toBe(15_000);
  });

  it("before the end is the balance still owed: after 12 of 36 months at 0 % it is 150 + 2 850 · 24/36 = 2 050 €", () => {
    expect(redemptionPriceCents(terms(5), 12)).toBe(205_000);
    expect(redemptionPriceCents(terms(5), 0)).toBe(PACKAGE);
    expect(redemptionPriceCents(terms(5), 35)).toBe(15_000 + Math.round(285_000 / 36));
  });

  it("with interest follows the annuity of the monthly payment, above the straight line", () => {
    const withInterest = terms(5, 4.9);
    const financing = monthlyLeasePayment(PACKAGE, 36, {
      annualInterestPercent: 4.9,
      insurancePercentPerYear: 0,
      monthlyMaintenanceCents: 0,
      monthlyServiceFeeCents: 0,
      residualValuePercent: 5,
    }).financingCents;
    // One month paid: the balance grew by a month's interest and fell by the financing part.
    const i = 4.9 / 1200;
    expect(
      Math.abs(redemptionPriceCents(withInterest, 1) - (PACKAGE * (1 + i) - financing)),
    ).toBeLessThanOrEqual(1);
    expect(redemptionPriceCents(withInterest, 12)).toBeGreaterThan(205_000);
    // Twelve months of B ← B·(1+i) − A, computed step by step: 2 096,06 €.
    expect(redemptionPriceCents(withInterest, 12)).toBe(209_606);
  });

  it("falls month by month, stays between the residual and the package price, and ends at the residual", () => {
    fc.assert(
      fc.property(anyTerms, (t) => {
        let previous = redemptionPriceCents(t, 0);
        expect(previous).toBe(t.packageCents);
        for (let k = 1; k <= t.leaseTimeMonths; k++) {
          const price = redemptionPriceCents(t, k);
          expect(Number.isInteger(price)).toBe(true);
          expect(price).toBeLessThanOrEqual(previous);
          expect(price).toBeGreaterThanOrEqual(t.residualCents);
          expect(price).toBeLessThanOrEqual(t.packageCents);
          previous = price;
        }
        expect(previous).toBe(t.residualCents);
        expect(redemptionPriceCents(t, t.leaseTimeMonths + 5)).toBe(t.residualCents);
      }),
    );
  });

  it("counts the lease months started up to the lease's last day", () => {
    expect(monthsPaidBy("2026-01-01", 36, "2026-12-31")).toBe(12);
    expect(monthsPaidBy("2026-01-01", 36, "2026-01-31")).toBe(1);
    expect(monthsPaidBy("2026-01-01", 36, "2025-12-31")).toBe(0);
    expect(monthsPaidBy("2026-01-01", 36, "2030-06-30")).toBe(36);
  });

  it("comes as a month-by-month table from the first month to the residual", () => {
    const table = redemptionPriceTable(terms(5), "2026-01-01");
    expect(table).toHaveLength(36);
    expect(table[0]).toEqual({
      monthsPaid: 1,
      leaseEndsOn: "2026-01-31",
      priceCents: redemptionPriceCents(terms(5), 1),
    });
    expect(table[11]).toEqual({ monthsPaid: 12, leaseEndsOn: "2026-12-31", priceCents: 205_000 });
    expect(table[35]).toEqual({ monthsPaid: 36, leaseEndsOn: "2028-12-31", priceCents: 15_000 });
    expect(table.every((row) => isMonthEnd(row.leaseEndsOn))).toBe(true);
    expect([
      isMonthEnd("2026-02-28"),
      isMonthEnd("2028-02-28"),
      isMonthEnd("2026-13-31"),
      isMonthEnd("ei päivä"),
    ]).toEqual([true, false, false, false]);
  });
});

describe("the deadlines", () => {
  it("sends the offer 8 weeks before the term's end and wants the choice a month before it (GoByBike)", () => {
    expect(offerWindowEnd("2026-11-05")).toBe("2026-12-31");
    expect(oneMonthBefore("2026-12-31")).toBe("2026-11-30");
    expect(oneMonthBefore("2027-03-31")).toBe("2027-02-28");
    expect(oneMonthBefore("2026-01-15")).toBe("2025-12-15");
    const term = redemptionSchedule({
      reason: "LEASE_TERM_ENDS",
      today: "2026-11-05",
      leaseStartDate: "2024-01-01",
      termEndDate: "2026-12-31",
    });
    expect(term).toEqual({ leaseEndsOn: "2026-12-31", decisionDeadline: "2026-11-30", coveredUntil: null });
  });

  it("ends early on a month's last day: told by the 20th this month's, later the next month's (Vapaus)", () => {
    expect(earlyEndTold("2026-05-20")).toBe("2026-05-31");
    expect(earlyEndTold("2026-05-21")).toBe("2026-06-30");
    expect(earlyEndTold("2026-12-28")).toBe("2027-01-31");
  });

  it("ends an ending employment's lease with the last working day's month, the choice due on its 20th", () => {
    const base = { leaseStartDate: "2025-01-01", termEndDate: "2027-12-31" } as const;
    expect(
      redemptionSchedule({
        ...base,
        reason: "EMPLOYEE_RESIGNED",
        today: "2026-05-04",
        lastWorkingDay: "2026-06-10",
      }),
    ).toEqual({ leaseEndsOn: "2026-06-30", decisionDeadline: "2026-06-20", coveredUntil: null });
    // The 20th has passed: a week from today.
    expect(
      redemptionSchedule({
        ...base,
        reason: "EMPLOYER_ENDED_EMPLOYMENT",
        today: "2026-06-25",
        lastWorkingDay: "2026-06-30",
      }),
    ).toEqual({ leaseEndsOn: "2026-06-30", decisionDeadline: "2026-07-02", coveredUntil: null });
    // No last working day known: the 20th rule from today.
    expect(redemptionSchedule({ ...base, reason: "EMPLOYEE_RESIGNED", today: "2026-06-25" })).toEqual({
      leaseEndsOn: "2026-07-31",
      decisionDeadline: "2026-07-20",
      coveredUntil: null,
    });
    // Never after the term's end.
    expect(
      redemptionSchedule({
        ...base,
        reason: "EMPLOYEE_RESIGNED",
        today: "2027-12-01",
        lastWorkingDay: "2028-03-01",
      }).leaseEndsOn,
    ).toBe("2027-12-31");
  });

  it("covers a long absence 90 days when the employer caused it, else 30, the decision due when they run out", () => {
    expect(EMPLOYER_CAUSED_COVER_DAYS).toBe(90);
    expect(OTHER_ABSENCE_COVER_DAYS).toBe(30);
    const base = {
      reason: "LONG_ABSENCE",
      today: "2026-03-02",
      leaseStartDate: "2025-01-01",
      termEndDate: "2027-12-31",
    } as const;
    expect(redemptionSchedule({ ...base, absenceStartDate: "2026-03-01", employerCaused: true })).toEqual({
      coveredUntil: "2026-05-29",
      decisionDeadline: "2026-05-29",
      leaseEndsOn: "2026-06-30",
    });
    expect(redemptionSchedule({ ...base, absenceStartDate: "2026-03-01" })).toEqual({
      coveredUntil: "2026-03-30",
      decisionDeadline: "2026-03-30",
      leaseEndsOn: "2026-04-30",
    });
    // Opened after the cover ran out: a week to decide, the lease ending by the 20th rule from then.
    expect(redemptionSchedule({ ...base, today: "2026-05-16", absenceStartDate: "2026-03-01" })).toEqual({
      coveredUntil: "2026-03-30",
      decisionDeadline: "2026-05-23",
      leaseEndsOn: "2026-06-30",
    });
  });

  it("always ends the lease on a month's last day within the lease, and never asks for a choice in the past", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...REDEMPTION_REASONS),
        day,
        fc.integer({ min: -400, max: 400 }),
        fc.boolean(),
        fc.integer({ min: 12, max: 60 }),
        (reason, today, offset, employerCaused, months) => {
          const start = `${today.slice(0, 7)}-01`;
          const termEnd = redemptionPriceTable({ ...terms(5), leaseTimeMonths: months }, start).at(-1)
            ?.leaseEndsOn as string;
          const other = new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000)
            .toISOString()
            .slice(0, 10);
          const schedule = redemptionSchedule({
            reason,
            today,
            leaseStartDate: start,
            termEndDate: termEnd,
            lastWorkingDay: other,
            absenceStartDate: other,
            employerCaused,
          });
          expect(isMonthEnd(schedule.leaseEndsOn)).toBe(true);
          expect(schedule.leaseEndsOn <= termEnd).toBe(true);
          expect(schedule.leaseEndsOn >= start).toBe(true);
          expect(schedule.decisionDeadline >= today).toBe(true);
        },
      ),
    );
  });
});

describe("the days a case is opened from and the lease's last day", () => {
  // A 36-month lease from 1.11.2025 (lease-dates.ts), the day the case opens 26.11.2026.
  const lease = { leaseStartDate: "2025-11-01", termEndDate: "2028-10-31" } as const;

  it("takes an early end's day from the lease's first day up to six months ahead, never past the term", () => {
    expect(EARLY_END_MAX_MONTHS_AHEAD).toBe(6);
    expect(sameDayMonthsLater("2026-11-26", 6)).toBe("2027-05-26");
    expect(sameDayMonthsLater("2026-08-31", 6)).toBe("2027-02-28");
    expect(sameDayMonthsLater("2027-03-31", -1)).toBe("2027-02-28");
    const range = earlyEndDayRange({ ...lease, today: "2026-11-26" });
    expect(range).toEqual({ min: "2025-11-01", max: "2027-05-26" });
    for (const inside of ["2025-11-01", "2026-11-26", "2027-05-26"])
      expect(isDayWithin(inside, range)).toBe(true);
    for (const outside of ["1900-01-01", "2025-10-31", "2027-05-27", "2999-12-31"])
      expect(isDayWithin(outside, range)).toBe(false);
    // Late reports are taken back to the lease's first day: no window of their own.
    expect(isDayWithin("2025-12-31", range)).toBe(true);
    // Near the term's end the term's end is the limit.
    expect(earlyEndDayRange({ ...lease, today: "2028-08-15" })).toEqual({
      min: "2025-11-01",
      max: "2028-10-31",
    });
  });

  it("ends a lease on a month's last day within it, also when the agreement's end date is not one", () => {
    expect(leaseEndRange(lease.leaseStartDate, lease.termEndDate)).toEqual({
      min: "2025-11-30",
      max: "2028-10-31",
    });
    // An agreement dated from the 8th to the 8th: its 48th month is May 2030.
    expect(leaseEndRange("2026-06-08", "2030-06-08")).toEqual({ min: "2026-06-30", max: "2030-05-31" });
    const odd = { leaseStartDate: "2026-06-08", termEndDate: "2030-06-08", today: "2026-11-26" } as const;
    expect(redemptionSchedule({ ...odd, reason: "LEASE_TERM_ENDS" }).leaseEndsOn).toBe("2030-05-31");
    expect(
      redemptionSchedule({ ...odd, reason: "EMPLOYEE_RESIGNED", lastWorkingDay: "2999-12-31" }).leaseEndsOn,
    ).toBe("2030-05-31");
    expect(
      redemptionSchedule({ ...odd, reason: "EMPLOYEE_RESIGNED", lastWorkingDay: "1900-01-01" }).leaseEndsOn,
    ).toBe("2026-06-30");
  });

  const agreement = fc.tuple(day, fc.integer({ min: 1, max: 2_000 })).map(([start, length]) => ({
    leaseStartDate: start,
    termEndDate: new Date(Date.parse(`${start}T00:00:00Z`) + length * 86_400_000).toISOString().slice(0, 10),
  }));

  it("opens any case of any agreement with its last day a month's last day the helpdesk's change also takes", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...REDEMPTION_REASONS),
        agreement,
        day,
        day,
        fc.boolean(),
        (reason, a, today, other, caused) => {
          const schedule = redemptionSchedule({
            ...a,
            reason,
            today,
            lastWorkingDay: other,
            absenceStartDate: other,
            employerCaused: caused,
          });
          const range = leaseEndRange(a.leaseStartDate, a.termEndDate);
          expect(isMonthEnd(schedule.leaseEndsOn)).toBe(true);
          expect(isDayWithin(schedule.leaseEndsOn, range)).toBe(true);
          expect(range.min <= range.max).toBe(true);
          // Never past the agreement, unless the agreement ends before its first month does.
          if (a.termEndDate >= range.min) expect(schedule.leaseEndsOn <= a.termEndDate).toBe(true);
        },
      ),
    );
  });

  it("takes only days within the lease and six months, so an ending employment never prices a later month", () => {
    fc.assert(
      fc.property(agreement, day, fc.integer({ min: 0, max: 100_000 }), (a, today, pick) => {
        const range = earlyEndDayRange({ ...a, today });
        expect(range.min).toBe(a.leaseStartDate);
        expect(range.min <= range.max).toBe(true);
        expect(range.max <= a.termEndDate).toBe(true);
        const ahead = sameDayMonthsLater(today, EARLY_END_MAX_MONTHS_AHEAD);
        if (ahead >= a.leaseStartDate) expect(range.max <= ahead).toBe(true);
        // Any day of the range: the lease ends no later than the month six months ahead.
        const span = Math.round((Date.parse(range.max) - Date.parse(range.min)) / 86_400_000);
        const lastWorkingDay = new Date(
          Date.parse(`${range.min}T00:00:00Z`) + (pick % (span + 1)) * 86_400_000,
        )
          .toISOString()
          .slice(0, 10);
        expect(isDayWithin(lastWorkingDay, range)).toBe(true);
        const { leaseEndsOn } = redemptionSchedule({
          ...a,
          today,
          reason: "EMPLOYEE_RESIGNED",
          lastWorkingDay,
        });
        const latest = lastDayOf(periodOf(range.max));
        expect(leaseEndsOn <= latest).toBe(true);
      }),
    );
  });
});

const optionCase = (reason: RedemptionReason, extra: Partial<RedemptionCase> = {}): RedemptionCase => ({
  reason,
  redemptionPriceCents: 205_000,
  returnFee: returnFeeShares(reason, "Tampere"),
  monthlyPaymentCents: 9_800,
  absence:
    reason === "LONG_ABSENCE"
      ? { coveredUntil: "2026-03-30", expectedReturn: null, termEndDate: "2027-12-31" }
      : null,
  ...extra,
});

const availableChoices = (c: RedemptionCase) =>
  redemptionOptions(c)
    .filter((o) => o.available)
    .map((o) => o.choice);

describe("the options and their costs", () => {
  it("prices an early return at 260 € plus delivery 25 € in the capital area, 59 € elsewhere (Vapaus)", () => {
    expect(returnCostCents("Helsinki")).toBe(28_500);
    expect(returnCostCents(" espoo ")).toBe(28_500);
    expect(returnCostCents("Grankulla")).toBe(28_500);
    expect(returnCostCents("Tampere")).toBe(31_900);
    expect(returnCostCents(null)).toBe(31_900);
    expect(returnFeeShares("LEASE_TERM_ENDS", "Helsinki")).toEqual({ employeeCents: 0, employerCents: 0 });
    expect(returnFeeShares("EMPLOYER_ENDED_EMPLOYMENT", "Vantaa")).toEqual({
      employeeCents: 0,
      employerCents: 28_500,
    });
    expect(returnFeeShares("LONG_ABSENCE", "Oulu")).toEqual({ employeeCents: 31_900, employerCents: 0 });
  });

  it("offers exactly the right options per reason", () => {
    expect(availableChoices(optionCase("LEASE_TERM_ENDS"))).toEqual(["REDEEM", "RETURN", "BROKERAGE"]);
    expect(availableChoices(optionCase("EMPLOYEE_RESIGNED"))).toEqual(["REDEEM", "BROKERAGE", "TRANSFER"]);
    expect(availableChoices(optionCase("EMPLOYER_ENDED_EMPLOYMENT"))).toEqual([
      "REDEEM",
      "RETURN",
      "BROKERAGE",
      "TRANSFER",
    ]);
    expect(availableChoices(optionCase("LONG_ABSENCE"))).toEqual([...REDEMPTION_CHOICES]);
    const resigned = redemptionOptions(optionCase("EMPLOYEE_RESIGNED"));
    expect(resigned.find((o) => o.choice === "RETURN")?.unavailableReason).toBe("RESIGNED_MUST_REDEEM");
    expect(isChoiceAvailable(resigned, "RETURN")).toBe(false);
    const term = redemptionOptions(optionCase("LEASE_TERM_ENDS"));
    expect(term.find((o) => o.choice === "TRANSFER")?.unavailableReason).toBe("EARLY_END_ONLY");
    expect(term.find((o) => o.choice === "CONTINUE")?.unavailableReason).toBe("LONG_ABSENCE_ONLY");
  });

  it("costs the options: redeem the price, return and brokerage free at the term's end, early by who pays", () => {
    const term = redemptionOptions(optionCase("LEASE_TERM_ENDS", { redemptionPriceCents: 15_000 }));
    expect(term.map((o) => [o.choice, o.costCents])).toEqual([
      ["REDEEM", { min: 15_000, max: 15_000 }],
      ["RETURN", { min: 0, max: 0 }],
      ["BROKERAGE", { min: 0, max: 0 }],
      ["TRANSFER", { min: 0, max: 0 }],
      ["CONTINUE", { min: 0, max: 0 }],
    ]);
    expect(term[0]?.taxNote).toBe("VERIFY_FAIR_VALUE");
    const fired = redemptionOptions(
      optionCase("EMPLOYER_ENDED_EMPLOYMENT", {
        returnFee: returnFeeShares("EMPLOYER_ENDED_EMPLOYMENT", "Espoo"),
      }),
    );
    expect(fired.find((o) => o.choice === "RETURN")).toMatchObject({
      costCents: { min: 0, max: 0 },
      employerCostCents: 28_500,
    });
    expect(fired.find((o) => o.choice === "BROKERAGE")?.costCents).toEqual({ min: 0, max: 205_000 });
    expect(fired.find((o) => o.choice === "TRANSFER")?.taxNote).toBe("NEW_CONTRACT_TAXABLE");
    const absent = redemptionOptions(optionCase("LONG_ABSENCE"));
    expect(absent.find((o) => o.choice === "RETURN")?.costCents).toEqual({ min: 31_900, max: 31_900 });
  });

  it("costs continuing through a long absence as the uncovered months, a range when the return is unknown", () => {
    const unknown = redemptionOptions(optionCase("LONG_ABSENCE")).find((o) => o.choice === "CONTINUE");
    // Covered to 30.3.2026, the lease runs to 31.12.2027: one month up to the 21 months left.
    expect(unknown?.costCents).toEqual({ min: 9_800, max: 9_800 * 21 });
    const known = redemptionOptions(
      optionCase("LONG_ABSENCE", {
        absence: { coveredUntil: "2026-03-30", expectedReturn: "2026-06-15", termEndDate: "2027-12-31" },
      }),
    ).find((o) => o.choice === "CONTINUE");
    expect(known?.costCents).toEqual({ min: 9_800 * 3, max: 9_800 * 3 });
    const backInTime = redemptionOptions(
      optionCase("LONG_ABSENCE", {
        absence: { coveredUntil: "2026-03-30", expectedReturn: "2026-03-20", termEndDate: "2027-12-31" },
      }),
    ).find((o) => o.choice === "CONTINUE");
    expect(backInTime?.costCents).toEqual({ min: 0, max: 0 });
  });

  it("never costs anything negative, and a range never runs backwards", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...REDEMPTION_REASONS),
        fc.integer({ min: 0, max: 1_500_000 }),
        fc.integer({ min: 0, max: 50_000 }),
        fc.option(day, { nil: null }),
        fc.constantFrom("Helsinki", "Tampere", null),
        (reason, price, monthly, expectedReturn, city) => {
          const options = redemptionOptions({
            reason,
            redemptionPriceCents: price,
            returnFee: returnFeeShares(reason, city),
            monthlyPaymentCents: monthly,
            absence:
              reason === "LONG_ABSENCE"
                ? { coveredUntil: "2030-03-30", expectedReturn, termEndDate: "2032-12-31" }
                : null,
          });
          expect(options.map((o) => o.choice)).toEqual([...REDEMPTION_CHOICES]);
          for (const o of options) {
            expect(o.costCents.min).toBeGreaterThanOrEqual(0);
            expect(o.costCents.max).toBeGreaterThanOrEqual(o.costCents.min);
            expect(o.employerCostCents).toBeGreaterThanOrEqual(0);
            expect(o.available).toBe(o.unavailableReason === null);
          }
        },
      ),
    );
  });
});

describe("paying the redemption", () => {
  it("is due through payroll in the lease's last month, by invoice in 14 days or by the lease's end", () => {
    expect(leaseEndPaymentDueDate("PAYROLL", "2026-12-31", "2026-11-05")).toBe("2026-12-31");
    expect(leaseEndPaymentDueDate("PAYROLL", "2026-10-31", "2026-11-05")).toBe("2026-11-05");
    expect(leaseEndPaymentDueDate("BATCH", "2026-12-31", "2026-11-05")).toBe("2026-12-31");
    expect(leaseEndPaymentDueDate("BATCH", "2026-11-10", "2026-11-05")).toBe("2026-11-19");
  });
});

describe("the decision deadline's state", () => {
  it("an open case is overdue from the day after its deadline; the deadline day is still in time", () => {
    const open = { status: "PENDING" as const, decisionDeadline: "2026-11-20" };
    expect(redemptionState(open, "2026-11-20")).toBe("PENDING");
    expect(redemptionState(open, "2026-11-21")).toBe("OVERDUE");
    expect(redemptionState({ status: "PENDING", decisionDeadline: null }, "2030-01-01")).toBe("PENDING");
  });

  it("for any deadline and day: overdue exactly when open and past it; closed cases keep their status", () => {
    const day = fc
      .date({
        min: new Date("2024-01-01T00:00:00Z"),
        max: new Date("2030-12-31T00:00:00Z"),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        fc.constantFrom("PENDING" as const, "COMPLETED" as const, "CANCELLED" as const),
        fc.option(day, { nil: null }),
        day,
        (status, decisionDeadline, today) => {
          const state = redemptionState({ status, decisionDeadline }, today);
          const passed = isDecisionDeadlinePassed(decisionDeadline, today);
          expect(passed).toBe(decisionDeadline !== null && today > decisionDeadline);
          expect(state).toBe(status === "PENDING" && passed ? "OVERDUE" : status);
        },
      ),
    );
  });
});
