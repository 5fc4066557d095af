import { compareIsoTimes, DEFAULT_LAST_WORKING_DAY } from "../dates.ts";
import { absenceEffect, isLongAbsence } from "../employees.ts";
import { firstDayOf, lastDayOf, nextDay, periodOf, periodRange } from "./period.ts";
import { leasePeriods } from "./tax-rules.ts";
import type { PayrollAbsence, PayrollAbsenceFlag, PayrollLease } from "./types.ts";

/**
 * The gross-salary deduction month by month: absences that leave a month without pay defer the
 * payment, the first month with pay catches up, and the employment's last month collects everything
 * (docs/product.md "Absences and the employment's end"; the effects of absenceEffect in
 * src/domain/employees.ts; ADR 008).
 */

type Period = { startDate: string; endDate: string | null };

function overlapsPeriod(absence: Period, period: string): boolean {
  return (
    absence.startDate <= lastDayOf(period) &&
    (absence.endDate === null || absence.endDate >= firstDayOf(period))
  );
}

/**
 * Whether the month is without pay for the employee: absences whose effect is DEDUCTION_DEFERRED
 * (parental leave, other unpaid absence) together cover every day of it (docs/product.md "Absences and
 * the employment's end": the lease cannot be paused, so the payment is deducted afterwards). Sick leave is paid (the
 * employer pays salary or receives the allowance) and a month with any paid day has pay to deduct from.
 */
export function isMonthWithoutPay(absences: readonly PayrollAbsence[], period: string): boolean {
  const deferring = absences
    .filter((a) => absenceEffect(a.reason) === "DEDUCTION_DEFERRED" && overlapsPeriod(a, period))
    .sort((a, b) => compareIsoTimes(a.startDate, b.startDate));
  const last = lastDayOf(period);
  let uncovered = firstDayOf(period);
  for (const absence of deferring) {
    if (absence.startDate > uncovered) return false;
    if (absence.endDate === null || absence.endDate >= last) return true;
    if (absence.endDate >= uncovered) uncovered = nextDay(absence.endDate);
  }
  return false;
}

/**
 * The absence to show on the period's row: of the absences overlapping the period, a deferring one
 * before sick leave, then the latest started. `long` when it has lasted over LONG_ABSENCE_DAYS by the
 * period's last day (isLongAbsence of employees.ts, counted up to that day).
 */
export function absenceFlag(absences: readonly PayrollAbsence[], period: string): PayrollAbsenceFlag | null {
  const last = lastDayOf(period);
  const first = firstDayOf(period);
  const shown = absences
    .filter((a) => overlapsPeriod(a, period))
    .sort((a, b) => {
      const byEffect =
        Number(absenceEffect(b.reason) === "DEDUCTION_DEFERRED") -
        Number(absenceEffect(a.reason) === "DEDUCTION_DEFERRED");
      if (byEffect !== 0) return byEffect;
      return a.startDate < b.startDate ? 1 : a.startDate > b.startDate ? -1 : 0;
    })[0];
  if (!shown) return null;
  const countedEnd = shown.endDate === null || shown.endDate > last ? last : shown.endDate;
  return {
    reason: shown.reason,
    reasonOther: shown.reasonOther,
    startDate: shown.startDate,
    endDate: shown.endDate,
    effect: absenceEffect(shown.reason),
    long: isLongAbsence({ startDate: shown.startDate, endDate: countedEnd }, last),
    coversMonth: shown.startDate <= first && (shown.endDate === null || shown.endDate >= last),
  };
}

/**
 * The period of the employee's last working day, or null when no end is known (2999-01-01). That month
 * is the last with a deduction; later months have no row (docs/product.md "Absences and the
 * employment's end": what happens to the bike, redeem or transfer, is the lease's end, another process).
 */
export function employmentEndPeriod(lastWorkingDayDate: string): string | null {
  return lastWorkingDayDate === DEFAULT_LAST_WORKING_DAY ? null : periodOf(lastWorkingDayDate);
}

/** A lease's deduction in one month. */
export type MonthDeduction = {
  period: string;
  /** The lease runs this month (within its month count). */
  leaseRunning: boolean;
  /** The payment due this month: the monthly payment while the lease runs, else 0. */
  monthlyPaymentCents: number;
  grossDeductionCents: number;
  deferredCents: number;
  catchUpCents: number;
  /** The periods whose deferred payments this month's catch-up collects. */
  caughtUpPeriods: string[];
  /** Deferred and still to collect after this month. */
  outstandingDeferredCents: number;
  withoutPay: boolean;
  /** The employment's last month: everything still owed is collected. */
  employmentEnds: boolean;
};

/**
 * A lease's deductions from its first month up to the period, one entry per month with a row (the
 * period's entry, when it has one, is the last). Rules:
 * - a month without pay (isMonthWithoutPay) deducts nothing and defers its payment;
 * - the next month with pay deducts its own payment plus everything deferred (the catch-up);
 * - the employment's last month (employmentEndPeriod) deducts its payment and everything deferred, even
 *   when it has no other pay: the final settlement is the last chance payroll has;
 * - after the lease's last month a row continues only while deferred payments are still owed;
 * - no month after the employment's last month has a row.
 */
export function leaseDeductions(
  lease: Pick<PayrollLease, "startDate" | "leaseTimeMonths" | "monthlyPaymentCents">,
  lastWorkingDayDate: string,
  absences: readonly PayrollAbsence[],
  period: string,
): MonthDeduction[] {
  const { first, last } = leasePeriods(lease);
  const endPeriod = employmentEndPeriod(lastWorkingDayDate);
  const months: MonthDeduction[] = [];
  let outstanding = 0;
  let owedPeriods: string[] = [];
  for (const month of periodRange(first, period)) {
    if (endPeriod !== null && month > endPeriod) break;
    const leaseRunning = month <= last;
    if (!leaseRunning && outstanding === 0) break;
    const payment = leaseRunning ? lease.monthlyPaymentCents : 0;
    const employmentEnds = month === endPeriod;
    const withoutPay = !employmentEnds && isMonthWithoutPay(absences, month);
    if (withoutPay) {
      outstanding += payment;
      if (payment > 0) owedPeriods = [...owedPeriods, month];
      months.push({
        period: month,
        leaseRunning,
        monthlyPaymentCents: payment,
        grossDeductionCents: 0,
        deferredCents: payment,
        catchUpCents: 0,
        caughtUpPeriods: [],
        outstandingDeferredCents: outstanding,
        withoutPay,
        employmentEnds,
      });
    } else {
      months.push({
        period: month,
        leaseRunning,
        monthlyPaymentCents: payment,
        grossDeductionCents: payment + outstanding,
        deferredCents: 0,
        catchUpCents: outstanding,
        caughtUpPeriods: owedPeriods,
        outstandingDeferredCents: 0,
        withoutPay,
        employmentEnds,
      });
      outstanding = 0;
      owedPeriods = [];
    }
  }
  return months;
}

/** The lease's deduction in the period, or null when the lease has no row in it. */
export function deductionInPeriod(
  lease: Pick<PayrollLease, "startDate" | "leaseTimeMonths" | "monthlyPaymentCents">,
  lastWorkingDayDate: string,
  absences: readonly PayrollAbsence[],
  period: string,
): MonthDeduction | null {
  // Without an absence that defers, nothing is ever deferred: the month is its own payment, so the
  // months before it need not be run (most employees; a 60 000-employee report runs in a fraction).
  if (!absences.some((absence) => absenceEffect(absence.reason) === "DEDUCTION_DEFERRED")) {
    const { first, last } = leasePeriods(lease);
    const endPeriod = employmentEndPeriod(lastWorkingDayDate);
    if (period < first || period > last || (endPeriod !== null && period > endPeriod)) return null;
    return {
      period,
      leaseRunning: true,
      monthlyPaymentCents: lease.monthlyPaymentCents,
      grossDeductionCents: lease.monthlyPaymentCents,
      deferredCents: 0,
      catchUpCents: 0,
      caughtUpPeriods: [],
      outstandingDeferredCents: 0,
      withoutPay: false,
      employmentEnds: period === endPeriod,
    };
  }
  const months = leaseDeductions(lease, lastWorkingDayDate, absences, period);
  const last = months[months.length - 1];
  return last && last.period === period ? last : null;
}
