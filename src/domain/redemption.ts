import type { PaymentMethod, RedemptionChoice, RedemptionReason } from "./enums.ts";
import { invoiceDueDate } from "./invoice-status.ts";
import { addMonths, daysInMonth, isPeriod, lastDayOf, monthsBetween, periodOf } from "./payroll/period.ts";
import { addDays } from "./user-payments.ts";

/**
 * The end of a lease (ADR 009): the redemption price by rule, the deadlines, and the options
 * the employee has with their costs compared. Pure rules over plain inputs; money is cents incl. VAT
 * (the package price is VAT-inclusive, 25.5 %), dates are Helsinki calendar dates (YYYY-MM-DD).
 * The rules are docs/product.md "The lease's end (redemption)"; their tax notes are docs/tax-parameters.md
 * "The bike benefit's tax rules".
 */

// ---- Constants, each with its source -------------------------------------------------------------

/**
 * The redemption offer goes out this many days before the term's end: 8 weeks, where others remind 4–6
 * weeks ahead (Lease a Bike) or 12 weeks (Eurorad); docs/product.md "The lease's end (redemption)".
 */
export const OFFER_LEAD_DAYS = 56;

/**
 * An early end takes effect on the last day of a month; told by the 20th it is that month's, later the
 * next month's, as Vapaus does it (docs/product.md "The lease's end (redemption)").
 */
export const EARLY_END_NOTICE_DAY = 20;

/** A deadline that has already passed when the case opens gives the employee this many days (ours). */
const MIN_DECISION_DAYS = 7;

/**
 * During a pay interruption the employer covers the payments for 90 days when it caused it (a
 * lay-off), 30 days otherwise, as GoByBike's common policy has it (docs/product.md "The lease's end
 * (redemption)").
 */
export const EMPLOYER_CAUSED_COVER_DAYS = 90;
export const OTHER_ABSENCE_COVER_DAYS = 30;

/**
 * What an early return costs: the return fee of Vapaus' cancellation coverage, Pro/Enterprise (260 €;
 * Starter 340 €), plus delivery 25 € in the capital area or 59 € elsewhere (docs/product.md "The lease's
 * end (redemption)").
 */
export const RETURN_FEE_CENTS = 26_000;
export const RETURN_DELIVERY_CAPITAL_AREA_CENTS = 2_500;
export const RETURN_DELIVERY_ELSEWHERE_CENTS = 5_900;

/** The capital area of Vapaus' delivery price (Helsinki, Espoo, Vantaa, Kauniainen), in Finnish and Swedish. */
const CAPITAL_AREA_CITIES = [
  "helsinki",
  "espoo",
  "vantaa",
  "kauniainen",
  "helsingfors",
  "esbo",
  "vanda",
  "grankulla",
] as const;

// ---- The redemption price ------------------------------------------------------------------------

/** What the price of a lease is computed from: the agreement's figures and the billing table's rate. */
export type RedemptionTerms = {
  /** P: the financed package price incl. VAT (the agreement's totalPriceCents). */
  packageCents: number;
  /** R: the residual value at the term's end (the agreement's residualValueCents). */
  residualCents: number;
  leaseTimeMonths: number;
  /** The billing table's annual interest, percent; 0 when the order has no billing table. */
  annualInterestPercent: number;
};

/**
 * The redemption price after `monthsPaid` months (the monthly-payment model of lease-payment.ts,
 * docs/product.md "The lease's end (redemption)"): at the term's end the residual value; before it the balance of the financing still owed,
 * B_k = P·(1+i)^k − A·((1+i)^k − 1)/i with A the annuity's financing part and i the monthly rate, a
 * straight line from P to R when i = 0. Rounded to the cent, never below the residual, never above the
 * package price.
 */
export function redemptionPriceCents(terms: RedemptionTerms, monthsPaid: number): number {
  const { packageCents: p, leaseTimeMonths: n, annualInterestPercent } = terms;
  const r = Math.min(terms.residualCents, p);
  if (monthsPaid >= n) return r;
  if (monthsPaid <= 0) return p;
  const i = annualInterestPercent / 1200;
  const balance =
    i === 0
      ? r + ((p - r) * (n - monthsPaid)) / n
      : p * (1 + i) ** monthsPaid - (annuity(p, r, n, i) * ((1 + i) ** monthsPaid - 1)) / i;
  return Math.min(p, Math.max(r, Math.round(balance)));
}

/** A: the monthly financing of lease-payment.ts, unrounded, so that the balance ends exactly at R. */
function annuity(p: number, r: number, n: number, i: number): number {
  return ((p - r / (1 + i) ** n) * i) / (1 - (1 + i) ** -n);
}

/**
 * The lease months that have started up to `lastDay`: whole calendar months from the start's month
 * (src/domain/lease-dates.ts), 0 before the start, at most the term.
 */
export function monthsPaidBy(startDate: string, leaseTimeMonths: number, lastDay: string): number {
  if (lastDay < startDate) return 0;
  return Math.min(leaseTimeMonths, monthsBetween(periodOf(startDate), periodOf(lastDay)) + 1);
}

export type RedemptionPriceRow = {
  /** Months paid when the lease ends at the end of this row's month. */
  monthsPaid: number;
  /** The lease's last day if it ends this month. */
  leaseEndsOn: string;
  priceCents: number;
};

/**
 * The month-by-month redemption price table the employee is given (GoByBike gives "a monthly
 * redemption-price table at the start"; docs/product.md "The lease's end (redemption)"): the price if the lease
 * ends at the end of each of its months, from the first to the last (the residual).
 */
export function redemptionPriceTable(terms: RedemptionTerms, startDate: string): RedemptionPriceRow[] {
  const start = periodOf(startDate);
  return Array.from({ length: terms.leaseTimeMonths }, (_, index) => ({
    monthsPaid: index + 1,
    leaseEndsOn: lastDayOf(addMonths(start, index)),
    priceCents: redemptionPriceCents(terms, index + 1),
  }));
}

// ---- Deadlines -----------------------------------------------------------------------------------

export function isEarlyEnd(reason: RedemptionReason): boolean {
  return reason !== "LEASE_TERM_ENDS";
}

/** The last day of the offer window: a lease ending on or before it gets its offer today. */
export function offerWindowEnd(today: string): string {
  return addDays(today, OFFER_LEAD_DAYS);
}

/** The same day `months` calendar months later (earlier when negative), or that month's last day when it is shorter. */
export function sameDayMonthsLater(date: string, months: number): string {
  const period = addMonths(periodOf(date), months);
  const day = Math.min(Number(date.slice(8, 10)), daysInMonth(period));
  return `${period}-${String(day).padStart(2, "0")}`;
}

/** The same day one calendar month earlier, or that month's last day when it is shorter. */
export function oneMonthBefore(date: string): string {
  return sameDayMonthsLater(date, -1);
}

/** When an early end told on `day` takes effect: that month's last day by the 20th, else the next month's. */
export function earlyEndTold(day: string): string {
  const period = periodOf(day);
  return lastDayOf(Number(day.slice(8, 10)) <= EARLY_END_NOTICE_DAY ? period : addMonths(period, 1));
}

// ---- The days a case is opened from and the lease's last day -----------------------------------

/**
 * How far ahead an early end's day may be: six months, the longest notice period an employment can
 * have (Työsopimuslaki 6:3: an agreed notice period is at most six months; tyosuojelu.fi
 * "Irtisanomisajat"). A resignation or a dismissal told today ends the employment by then at the
 * latest, and an absence known in advance (a family leave is told about two months ahead) starts
 * within it too; one further off is not an early end yet, and opening it would price the bike as if
 * the lease ran that long.
 */
export const EARLY_END_MAX_MONTHS_AHEAD = 6;

/** The rule a day outside earlyEndDayRange breaks, as the server's 400 names it for the forms' words. */
export const EARLY_END_DAY_RULE = "EARLY_END_DAY_RANGE";

export type DayRange = { min: string; max: string };

/**
 * The days an early end's date — the last working day, or a long absence's first day — may be given
 * as (both ends included):
 * - not before the lease's first day: someone who had already left could not have started it
 *   (employment-dates.ts: no last working day before the person joined), and the employer covers an
 *   absence's payments, of which the lease has none before its start. There is no window for late
 *   reports: the spec sets none and the rules take a late one (a deadline already past gives
 *   MIN_DECISION_DAYS, a payment for a month already past goes to today's payroll), and a day in the
 *   past ends the lease earlier, at a higher price, never a lower one;
 * - not after the term's end (a later day is the term's end, not an early one) nor more than
 *   EARLY_END_MAX_MONTHS_AHEAD months from today.
 * The range always holds at least the lease's first day.
 */
export function earlyEndDayRange(input: {
  today: string;
  leaseStartDate: string;
  termEndDate: string;
}): DayRange {
  const ahead = sameDayMonthsLater(input.today, EARLY_END_MAX_MONTHS_AHEAD);
  const max = ahead < input.termEndDate ? ahead : input.termEndDate;
  return { min: input.leaseStartDate, max: max < input.leaseStartDate ? input.leaseStartDate : max };
}

/** Whether `day` (YYYY-MM-DD) is within the range, both ends included. */
export function isDayWithin(day: string, range: DayRange): boolean {
  return day >= range.min && day <= range.max;
}

/**
 * The days a case's last day of the lease (leaseEndsOn) may be, whoever sets it — the case opening by
 * its rules or the helpdesk changing it: a month's last day (an early end takes effect on one) from
 * the lease's first month to its term's last month. The term's end is that last day for every lease
 * lease-dates.ts starts; an agreement whose end date is not a month's last day (one written by other
 * means) ends with the month before it, never after the agreement. A lease shorter than its first
 * month ends with that month.
 */
export function leaseEndRange(leaseStartDate: string, termEndDate: string): DayRange {
  const min = lastDayOf(periodOf(leaseStartDate));
  const endMonth = periodOf(termEndDate);
  const max = termEndDate === lastDayOf(endMonth) ? termEndDate : lastDayOf(addMonths(endMonth, -1));
  return { min, max: max < min ? min : max };
}

export type RedemptionScheduleInput = {
  reason: RedemptionReason;
  /** The day the case opens. */
  today: string;
  leaseStartDate: string;
  /** The term's last day (the agreement's end date). */
  termEndDate: string;
  /** An employment that ends: its last working day, when known. */
  lastWorkingDay?: string | null;
  /** A long absence: its first day. */
  absenceStartDate?: string | null;
  /** A long absence the employer caused (a lay-off). */
  employerCaused?: boolean;
};

export type RedemptionSchedule = {
  /** The lease's last day as the case sees it: the term's end, or the last day of an earlier month. */
  leaseEndsOn: string;
  /** The last day the employee may choose. */
  decisionDeadline: string;
  /** A long absence: the last day the employer covers the payments; else null. */
  coveredUntil: string | null;
};

/**
 * The case's dates by its reason:
 * - the term ends: the lease ends on its end date; the employee chooses at least one calendar month
 *   before it (as GoByBike asks; docs/product.md "The lease's end (redemption)"). With no choice by the end the bike is returned.
 * - the employment ends: the lease ends on the last day of the last working day's month (never before
 *   that day); without a known last working day, by the 20th rule from today. The choice is due on the
 *   20th of that month.
 * - a long absence: the employer covers the payments for 90 or 30 days from the absence's start; the
 *   decision is due when they run out, and the lease would end by the 20th rule from that day.
 * A deadline already past gives the employee MIN_DECISION_DAYS from today. The lease ends on a day of
 * leaseEndRange: no later than its term, no earlier than its first month, always a month's last day.
 */
export function redemptionSchedule(input: RedemptionScheduleInput): RedemptionSchedule {
  const { reason, today } = input;
  const notPast = (deadline: string) => (deadline < today ? addDays(today, MIN_DECISION_DAYS) : deadline);
  const range = leaseEndRange(input.leaseStartDate, input.termEndDate);
  const within = (day: string) => (day < range.min ? range.min : day > range.max ? range.max : day);
  if (reason === "LEASE_TERM_ENDS") {
    return {
      leaseEndsOn: range.max,
      decisionDeadline: notPast(oneMonthBefore(range.max)),
      coveredUntil: null,
    };
  }
  if (reason === "LONG_ABSENCE") {
    const start = input.absenceStartDate ?? today;
    const days = input.employerCaused ? EMPLOYER_CAUSED_COVER_DAYS : OTHER_ABSENCE_COVER_DAYS;
    const coveredUntil = addDays(start, days - 1);
    const decisionDeadline = notPast(coveredUntil);
    return { leaseEndsOn: within(earlyEndTold(decisionDeadline)), decisionDeadline, coveredUntil };
  }
  const leaseEndsOn = within(
    input.lastWorkingDay ? lastDayOf(periodOf(input.lastWorkingDay)) : earlyEndTold(today),
  );
  const twentieth = `${periodOf(leaseEndsOn)}-${String(EARLY_END_NOTICE_DAY).padStart(2, "0")}`;
  return { leaseEndsOn, decisionDeadline: notPast(twentieth), coveredUntil: null };
}

// ---- The options and their costs -----------------------------------------------------------------

export type CostRange = { min: number; max: number };

/** Why an option is not open in this case. */
export const OPTION_UNAVAILABLE_REASONS = [
  "EARLY_END_ONLY",
  "LONG_ABSENCE_ONLY",
  "RESIGNED_MUST_REDEEM",
] as const;
export type OptionUnavailableReason = (typeof OPTION_UNAVAILABLE_REASONS)[number];

/** What choosing the option leads to. */
export const OPTION_OUTCOMES = [
  "BIKE_BECOMES_YOURS",
  "PICKUP_ARRANGED",
  "PEDAALI_SELLS_BIKE",
  "COLLEAGUE_TAKES_OVER",
  "KEEP_BIKE_AND_PAY",
] as const;
export type OptionOutcome = (typeof OPTION_OUTCOMES)[number];

/**
 * The tax note of an option: buying the bike below its fair value may be counted as salary (only a 2020
 * statement says so; no current text of the Tax Administration was found, so: verify); a colleague taking
 * the lease over makes a new contract, taxable from its start. Both: docs/tax-parameters.md "The bike
 * benefit's tax rules".
 */
export const OPTION_TAX_NOTES = ["VERIFY_FAIR_VALUE", "NEW_CONTRACT_TAXABLE"] as const;
export type OptionTaxNote = (typeof OPTION_TAX_NOTES)[number];

export type RedemptionOption = {
  choice: RedemptionChoice;
  available: boolean;
  unavailableReason: OptionUnavailableReason | null;
  /** What the employee pays; a range where it depends on what is not known yet. Never negative. */
  costCents: CostRange;
  /** What the employer pays (an early return after the employer ended the employment). */
  employerCostCents: number;
  outcome: OptionOutcome;
  taxNote: OptionTaxNote | null;
};

/** An early return's fee and delivery, by city (the employee's delivery city, else the company's). */
export function returnCostCents(city: string | null | undefined): number {
  const capital = (CAPITAL_AREA_CITIES as readonly string[]).includes((city ?? "").trim().toLowerCase());
  return RETURN_FEE_CENTS + (capital ? RETURN_DELIVERY_CAPITAL_AREA_CENTS : RETURN_DELIVERY_ELSEWHERE_CENTS);
}

/**
 * Who pays an early return: nobody at the term's end (free), the employer when it ended the
 * employment, else the employee. Answers the employee's and the employer's parts.
 */
export function returnFeeShares(
  reason: RedemptionReason,
  city: string | null | undefined,
): { employeeCents: number; employerCents: number } {
  if (!isEarlyEnd(reason)) return { employeeCents: 0, employerCents: 0 };
  const cost = returnCostCents(city);
  return reason === "EMPLOYER_ENDED_EMPLOYMENT"
    ? { employeeCents: 0, employerCents: cost }
    : { employeeCents: cost, employerCents: 0 };
}

export type RedemptionCase = {
  reason: RedemptionReason;
  /** The redemption price at the lease's end (redemptionPriceCents at leaseEndsOn). */
  redemptionPriceCents: number;
  /** An early return's costs (returnFeeShares; the employee's part as the case has it). */
  returnFee: { employeeCents: number; employerCents: number };
  monthlyPaymentCents: number;
  /** A long absence: the last covered day, the expected return (null: not known), the term's end. */
  absence: { coveredUntil: string; expectedReturn: string | null; termEndDate: string } | null;
};

/**
 * The months the employee pays themself to keep the bike through a long absence: from the end of the
 * covered days to the expected return, at most the lease's remaining months; unknown return: one month
 * up to the months left.
 */
function uncoveredMonths(absence: NonNullable<RedemptionCase["absence"]>): CostRange {
  const from = periodOf(absence.coveredUntil);
  const left = Math.max(1, monthsBetween(from, periodOf(absence.termEndDate)));
  if (absence.expectedReturn === null) return { min: 1, max: left };
  const months =
    absence.expectedReturn <= absence.coveredUntil
      ? 0
      : Math.min(left, Math.max(1, monthsBetween(from, periodOf(absence.expectedReturn))));
  return { min: months, max: months };
}

const exactly = (cents: number): CostRange => ({ min: cents, max: cents });

/**
 * Every option of REDEMPTION_CHOICES for the case, in that order, available or not (and why), with its
 * cost to the employee:
 * - REDEEM: the redemption price; always open (tax note: verify fair value).
 * - RETURN: free at the term's end; early the fee and delivery (the employer's when it ended the
 *   employment); not open after the employee resigned (GoByBike: "must redeem if he resigns … return
 *   possible if employer allows"; the helpdesk can still record it).
 * - BROKERAGE: Pedaali sells the bike on; free at the term's end, early the balance less what the sale
 *   brings, so 0 … the balance.
 * - TRANSFER (early end only): a colleague takes the lease over with the months already paid; 0 €.
 * - CONTINUE (long absence only): keep the bike and pay the uncovered months oneself.
 */
export function redemptionOptions(c: RedemptionCase): RedemptionOption[] {
  const early = isEarlyEnd(c.reason);
  const option = (
    choice: RedemptionChoice,
    outcome: OptionOutcome,
    unavailableReason: OptionUnavailableReason | null,
    costCents: CostRange,
    extra: Partial<Pick<RedemptionOption, "employerCostCents" | "taxNote">> = {},
  ): RedemptionOption => ({
    choice,
    available: unavailableReason === null,
    unavailableReason,
    costCents,
    employerCostCents: extra.employerCostCents ?? 0,
    outcome,
    taxNote: extra.taxNote ?? null,
  });
  const months = c.absence ? uncoveredMonths(c.absence) : { min: 0, max: 0 };
  return [
    option("REDEEM", "BIKE_BECOMES_YOURS", null, exactly(c.redemptionPriceCents), {
      taxNote: "VERIFY_FAIR_VALUE",
    }),
    option(
      "RETURN",
      "PICKUP_ARRANGED",
      c.reason === "EMPLOYEE_RESIGNED" ? "RESIGNED_MUST_REDEEM" : null,
      exactly(early ? c.returnFee.employeeCents : 0),
      { employerCostCents: early ? c.returnFee.employerCents : 0 },
    ),
    option("BROKERAGE", "PEDAALI_SELLS_BIKE", null, {
      min: 0,
      max: early ? c.redemptionPriceCents : 0,
    }),
    option("TRANSFER", "COLLEAGUE_TAKES_OVER", early ? null : "EARLY_END_ONLY", exactly(0), {
      taxNote: "NEW_CONTRACT_TAXABLE",
    }),
    option("CONTINUE", "KEEP_BIKE_AND_PAY", c.reason === "LONG_ABSENCE" ? null : "LONG_ABSENCE_ONLY", {
      min: c.monthlyPaymentCents * months.min,
      max: c.monthlyPaymentCents * months.max,
    }),
  ];
}

/** Whether the choice is one of the case's open options. */
export function isChoiceAvailable(options: readonly RedemptionOption[], choice: RedemptionChoice): boolean {
  return options.some((o) => o.choice === choice && o.available);
}

// ---- Who opens a case, and paying -----------------------------------------------------------------

/** Who may open a case for which reason: the helpdesk any; the employer and the employee an early end. */
export const REDEMPTION_OPENER_REASONS: Record<
  "HELPDESK" | "EMPLOYER" | "EMPLOYEE",
  readonly RedemptionReason[]
> = {
  HELPDESK: ["LEASE_TERM_ENDS", "EMPLOYEE_RESIGNED", "EMPLOYER_ENDED_EMPLOYMENT", "LONG_ABSENCE"],
  EMPLOYER: ["EMPLOYEE_RESIGNED", "EMPLOYER_ENDED_EMPLOYMENT", "LONG_ABSENCE"],
  EMPLOYEE: ["EMPLOYEE_RESIGNED", "LONG_ABSENCE"],
};

/**
 * When the redemption price (or an early return's fee) is due: through payroll in the lease's last
 * month (for an early end, the final pay; a month already past: today's payroll); by invoice in 14
 * days, or by the lease's last day when that is later.
 */
export function leaseEndPaymentDueDate(method: PaymentMethod, leaseEndsOn: string, today: string): string {
  if (method === "PAYROLL") return leaseEndsOn < today ? today : leaseEndsOn;
  const invoiceDue = invoiceDueDate(today);
  return invoiceDue > leaseEndsOn ? invoiceDue : leaseEndsOn;
}

/** Whether `day` (YYYY-MM-DD) is the last day of its month (an early end takes effect on one). */
export function isMonthEnd(day: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && isPeriod(periodOf(day)) && day === lastDayOf(periodOf(day));
}

// ---- The decision deadline's state ---------------------------------------------------------------

/**
 * A redemption case's state as every list, drawer and figure shows it: an open case whose decision deadline
 * has passed (today is after it) is OVERDUE, not merely open; the others are their stored status. The
 * deadline day itself is still in time (the employee may choose until the end of it).
 */
export const REDEMPTION_STATES = ["PENDING", "OVERDUE", "COMPLETED", "CANCELLED"] as const;
export type RedemptionState = (typeof REDEMPTION_STATES)[number];

/** The decision deadline has passed: today is after it (no deadline never passes). */
export function isDecisionDeadlinePassed(decisionDeadline: string | null, today: string): boolean {
  return decisionDeadline !== null && today > decisionDeadline;
}

export function redemptionState(
  c: { status: "PENDING" | "COMPLETED" | "CANCELLED"; decisionDeadline: string | null },
  today: string,
): RedemptionState {
  if (c.status === "PENDING" && isDecisionDeadlinePassed(c.decisionDeadline, today)) return "OVERDUE";
  return c.status;
}
