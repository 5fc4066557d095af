import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DAY_MS, DEFAULT_LAST_WORKING_DAY } from "../dates.ts";
import { ABSENCE_REASONS } from "../enums.ts";
import { markChanges } from "./changes.ts";
import { deductionInPeriod, leaseDeductions } from "./deductions.ts";
import { periodOf, periodRange, periodsOfYearUntil } from "./period.ts";
import { payrollReport, yearToDateTaxFreeCents } from "./report.ts";
import { regimeDate, taxFreeCommitments } from "./tax-rules.ts";
import { publishedRule } from "./test-fixtures.ts";
import {
  PAYROLL_MONEY_FIELDS,
  type PayrollAbsence,
  type PayrollEmployee,
  type PayrollInput,
  type PayrollLease,
  type PayrollOneOff,
  type PayrollReport,
} from "./types.ts";

/**
 * Property tests over random leases, absences, employment ends and own payments: every period from
 * 2023 (before any lease starts) to 2027 is reported for the same input, then the reports are checked against each other.
 */

const BASE = Date.UTC(2023, 0, 1);
const dateAt = (day: number) => new Date(BASE + day * DAY_MS).toISOString().slice(0, 10);
const PERIODS = periodRange("2023-01", "2027-12");

const leaseSpec = fc.record({
  startDay: fc.integer({ min: 0, max: 1_750 }),
  months: fc.oneof(fc.integer({ min: 12, max: 60 }), fc.integer({ min: 1, max: 72 })),
  payment: fc.oneof(fc.integer({ min: 0, max: 30_000 }), fc.constantFrom(8_000, 9_900, 10_000, 17_000)),
  /** How many days before the start the commitment was; null = not recorded. */
  committedBefore: fc.option(fc.integer({ min: 0, max: 500 }), { nil: null }),
});

const absenceSpec = fc.record({
  reason: fc.constantFrom(...ABSENCE_REASONS),
  startDay: fc.integer({ min: 300, max: 1_900 }),
  days: fc.option(fc.integer({ min: 1, max: 300 }), { nil: null }),
});

const employeeSpec = fc.record({
  leases: fc.array(leaseSpec, { minLength: 0, maxLength: 2 }),
  absences: fc.array(absenceSpec, { maxLength: 3 }),
  lastWorkingDay: fc.option(fc.integer({ min: 400, max: 1_900 }), { nil: null }),
  oneOffs: fc.array(
    fc.record({
      kind: fc.constantFrom("OWN_SHARE" as const, "REDEMPTION" as const, "OTHER" as const),
      amountCents: fc.integer({ min: 0, max: 200_000 }),
      period: fc.constantFrom(...PERIODS),
    }),
    { maxLength: 2 },
  ),
});

type Scenario = {
  employees: PayrollEmployee[];
  leases: PayrollLease[];
  absences: PayrollAbsence[];
  oneOffs: (PayrollOneOff & { period: string })[];
};

const scenario = fc.array(employeeSpec, { minLength: 1, maxLength: 3 }).map((specs): Scenario => {
  const result: Scenario = { employees: [], leases: [], absences: [], oneOffs: [] };
  let order = 10_001;
  specs.forEach((spec, e) => {
    const id = `e${e}`;
    result.employees.push({
      beneficiaryEmployeeId: id,
      firstName: "Etu",
      lastName: `Suku ${e}`,
      employeeNumber: String(e),
      costUnit: null,
      payRollOther: null,
      unitName: null,
      companyId: "c",
      companyName: "Oy",
      lastWorkingDayDate:
        spec.lastWorkingDay === null ? DEFAULT_LAST_WORKING_DAY : dateAt(spec.lastWorkingDay),
    });
    spec.leases.forEach((l, i) => {
      result.leases.push({
        leaseId: `${id}-l${i}`,
        orderId: `${id}-o${i}`,
        orderNumber: order++,
        beneficiaryEmployeeId: id,
        monthlyPaymentCents: l.payment,
        startDate: dateAt(l.startDay),
        leaseTimeMonths: l.months,
        commitmentDate:
          l.committedBefore === null ? null : dateAt(Math.max(0, l.startDay - l.committedBefore)),
      });
    });
    for (const a of spec.absences) {
      result.absences.push({
        beneficiaryEmployeeId: id,
        reason: a.reason,
        reasonOther: a.reason === "OTHER" ? "Muu" : null,
        startDate: dateAt(a.startDay),
        endDate: a.days === null ? null : dateAt(a.startDay + a.days - 1),
      });
    }
    for (const o of spec.oneOffs) {
      result.oneOffs.push({
        beneficiaryEmployeeId: id,
        kind: o.kind,
        description: null,
        amountCents: o.amountCents,
        period: o.period,
      });
    }
  });
  return result;
});

function reportOf(s: Scenario, period: string): PayrollReport {
  const input: PayrollInput = {
    period,
    employees: s.employees,
    leases: s.leases,
    absences: s.absences,
    oneOffs: s.oneOffs.filter((o) => o.period === period),
    bikeBenefitRule: publishedRule,
  };
  return payrollReport(input);
}

const allReports = (s: Scenario) => PERIODS.map((period) => reportOf(s, period));

const RUNS = { numRuns: 80 };

describe("payroll report properties", () => {
  it("no amount is negative; 363 + 364 = benefit value = the payment due; gross = payment − deferred + catch-up", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        for (const report of allReports(s)) {
          for (const row of report.rows) {
            for (const field of PAYROLL_MONEY_FIELDS) expect(row[field]).toBeGreaterThanOrEqual(0);
            for (const item of row.oneOffs) expect(item.amountCents).toBeGreaterThanOrEqual(0);
            expect(row.taxFreeCents + row.taxableCents).toBe(row.benefitValueCents);
            expect(row.benefitValueCents).toBe(row.monthlyPaymentCents);
            expect(row.grossDeductionCents).toBe(
              row.monthlyPaymentCents - row.deferredCents + row.catchUpCents,
            );
            const lease = s.leases.find((l) => l.leaseId === row.leaseId);
            expect(row.monthlyPaymentCents).toBe(row.leaseRunning ? lease?.monthlyPaymentCents : 0);
          }
        }
      }),
      RUNS,
    );
  });

  it("an employee's 363 over a calendar year never exceeds the year's limit (1 200 €)", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const perEmployeeYear = new Map<string, number>();
        for (const report of allReports(s)) {
          for (const row of report.rows) {
            const key = `${row.beneficiaryEmployeeId}:${report.period.slice(0, 4)}`;
            perEmployeeYear.set(key, (perEmployeeYear.get(key) ?? 0) + row.taxFreeCents);
          }
        }
        for (const taxFree of perEmployeeYear.values()) expect(taxFree).toBeLessThanOrEqual(120_000);
      }),
      RUNS,
    );
  });

  it("from a lease's first month on, gross deductions + what is still owed = the payments due; something is owed only in a month without pay, never when the rows stop", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const reports = allReports(s);
        for (const lease of s.leases) {
          const employee = s.employees.find((e) => e.beneficiaryEmployeeId === lease.beneficiaryEmployeeId);
          const endPeriod =
            employee?.lastWorkingDayDate === DEFAULT_LAST_WORKING_DAY
              ? null
              : periodOf(employee?.lastWorkingDayDate ?? "");
          let due = 0;
          let deducted = 0;
          let seen = false;
          let gone = false;
          for (const report of reports) {
            const row = report.rows.find((r) => r.key === lease.leaseId);
            if (!row) {
              // When a lease's rows stop, everything deferred has been collected.
              if (seen && !gone) expect(due - deducted).toBe(0);
              if (seen) gone = true;
              continue;
            }
            // A lease's rows are one run of months: none after a gap, none after the employment's month.
            expect(gone).toBe(false);
            if (endPeriod !== null) expect(report.period <= endPeriod).toBe(true);
            if (!seen) expect(report.period).toBe(periodOf(lease.startDate));
            expect(row.firstMonth).toBe(report.period === periodOf(lease.startDate));
            seen = true;
            due += row.monthlyPaymentCents;
            deducted += row.grossDeductionCents;
            expect(deducted + row.outstandingDeferredCents).toBe(due);
            if (row.outstandingDeferredCents > 0) expect(row.withoutPay).toBe(true);
            if (row.employmentEndsOn !== null) expect(row.outstandingDeferredCents).toBe(0);
          }
        }
      }),
      RUNS,
    );
  });

  it("the totals equal the sums of the rows", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        for (const report of allReports(s)) {
          for (const field of PAYROLL_MONEY_FIELDS) {
            expect(report.totals[field]).toBe(report.rows.reduce((sum, row) => sum + row[field], 0));
          }
          expect(report.totals.rowCount).toBe(report.rows.length);
          expect(report.totals.employeeCount).toBe(
            new Set(report.rows.map((r) => r.beneficiaryEmployeeId)).size,
          );
          const byType = Object.fromEntries(
            report.totals.incomeTypes.map((t) => [t.incomeType, t.amountCents]),
          );
          expect(byType).toEqual({
            363: report.totals.taxFreeCents,
            364: report.totals.taxableCents,
            420: report.totals.ownPaymentCents,
          });
        }
      }),
      RUNS,
    );
  });

  it("markChanges(rows, rows) marks every row UNCHANGED and adds no ENDED rows; against last month it keeps every key", () => {
    fc.assert(
      fc.property(scenario, fc.integer({ min: 1, max: PERIODS.length - 1 }), (s, i) => {
        const current = reportOf(s, PERIODS[i] as string).rows;
        const same = markChanges(current, current);
        expect(same.map((r) => r.key)).toEqual(current.map((r) => r.key));
        expect(same.every((r) => r.change === "UNCHANGED" && r.changedFields.length === 0)).toBe(true);

        const previous = reportOf(s, PERIODS[i - 1] as string).rows;
        const marked = markChanges(current, previous);
        const keys = new Set([...current, ...previous].map((r) => r.key));
        expect(new Set(marked.map((r) => r.key))).toEqual(keys);
        expect(marked).toHaveLength(keys.size);
        for (const row of marked) {
          const was = previous.some((r) => r.key === row.key);
          const is = current.some((r) => r.key === row.key);
          expect(row.change).toBe(
            !is ? "ENDED" : !was ? "NEW" : row.changedFields.length > 0 ? "CHANGED" : "UNCHANGED",
          );
          if (row.change === "ENDED") for (const field of PAYROLL_MONEY_FIELDS) expect(row[field]).toBe(0);
        }
      }),
      RUNS,
    );
  });

  it("the quick month (no deferring absence) is what running every month since the start gives", () => {
    fc.assert(
      fc.property(scenario, fc.constantFrom(...PERIODS), (s, period) => {
        for (const employee of s.employees) {
          const absences = s.absences.filter(
            (a) => a.beneficiaryEmployeeId === employee.beneficiaryEmployeeId && a.reason === "SICK_LEAVE",
          );
          for (const lease of s.leases.filter(
            (l) => l.beneficiaryEmployeeId === employee.beneficiaryEmployeeId,
          )) {
            const months = leaseDeductions(lease, employee.lastWorkingDayDate, absences, period);
            const last = months.at(-1);
            const slow = last && last.period === period ? last : null;
            expect(deductionInPeriod(lease, employee.lastWorkingDayDate, absences, period)).toEqual(slow);
          }
        }
      }),
      RUNS,
    );
  });

  it("the tax-free part so far this year is the sum of the months' reports", () => {
    fc.assert(
      fc.property(scenario, fc.constantFrom(...PERIODS), (s, period) => {
        const months = periodsOfYearUntil(period).map((month) => reportOf(s, month).totals.taxFreeCents);
        const ytd = yearToDateTaxFreeCents({
          period,
          employees: s.employees,
          leases: s.leases,
          bikeBenefitRule: publishedRule,
        });
        expect(ytd).toBe(months.reduce((sum, n) => sum + n, 0));
      }),
      RUNS,
    );
  });

  it("the tax-free part so far this year is the same from the leases that can be tax-free in the year alone", () => {
    fc.assert(
      fc.property(scenario, fc.constantFrom(...PERIODS), (s, period) => {
        const scope = taxFreeCommitments(publishedRule(Number(period.slice(0, 4))));
        const inside = s.leases.filter(
          (lease) => scope === "ALL" || (scope !== "NONE" && regimeDate(lease) <= scope.onOrBefore),
        );
        const ytd = (leases: readonly PayrollLease[]) =>
          yearToDateTaxFreeCents({ period, employees: s.employees, leases, bikeBenefitRule: publishedRule });
        expect(ytd(inside)).toBe(ytd(s.leases));
      }),
      RUNS,
    );
  });
});
