import type { AbsenceEffect } from "../employees.ts";
import type { AbsenceReason } from "../enums.ts";
import type { TaxYear } from "../tax/tax-year.ts";

/**
 * The monthly payroll report's shapes (ADR 008). The input is what the server reads
 * from the database for one company (or any set of employees) and one pay period; the output is plain
 * JSON (strings, numbers, booleans, arrays, null), stored as the report's snapshot and sent over the
 * API as is. Money is integer cents, dates "YYYY-MM-DD", periods "YYYY-MM".
 */

// Input ------------------------------------------------------------------------------------------

/** An employee the report may show a row for: the display fields and the employment's end. */
export type PayrollEmployee = {
  beneficiaryEmployeeId: string;
  firstName: string;
  lastName: string;
  employeeNumber: string | null;
  costUnit: string | null;
  payRollOther: string | null;
  unitName: string | null;
  companyId: string;
  companyName: string;
  /** The last working day; "2999-01-01" (DEFAULT_LAST_WORKING_DAY) = no end known. */
  lastWorkingDayDate: string;
};

/** A leasing agreement with a start: the benefit bike's lease. */
export type PayrollLease = {
  leaseId: string;
  orderId: string;
  orderNumber: number;
  beneficiaryEmployeeId: string;
  /** The lease's monthly payment incl. VAT: the benefit's monthly value and the gross-salary deduction. */
  monthlyPaymentCents: number;
  /** The first day of the lease; its month is the lease's first month. */
  startDate: string;
  /** The lease covers this many months from the start month (the rule; endDate is not read). */
  leaseTimeMonths: number;
  /** The agreement's own end date, for reference only: the month count decides. */
  endDate?: string | null;
  /**
   * When the employer and the employee committed to the benefit: decides the tax regime. Null (not
   * recorded) is read as the start date, which can only move a lease to a later, less exempt regime.
   */
  commitmentDate: string | null;
};

/** An employee's absence as recorded (the history of employee_absences). */
export type PayrollAbsence = {
  beneficiaryEmployeeId: string;
  reason: AbsenceReason;
  /** The text of "Muu, mikä" (OTHER). */
  reasonOther: string | null;
  startDate: string;
  /** Null while the return date is not known. */
  endDate: string | null;
};

/** What an employee's own payment through payroll is. */
type PayrollOneOffKind = "OWN_SHARE" | "REDEMPTION" | "RETURN_FEE" | "DEDUCTIBLE" | "OTHER";

/** One of the employee's own payments through payroll that falls in the period (user payments, PAYROLL). */
export type PayrollOneOff = {
  beneficiaryEmployeeId: string;
  kind: PayrollOneOffKind;
  description: string | null;
  amountCents: number;
};

/** The bike benefit's parameters of a calendar year (the tax tables). */
export type BikeBenefitRule = TaxYear["bikeBenefit"];

/**
 * The report's input. What the server must pass:
 * - `employees`: every employee a lease or one-off below names.
 * - `leases`: every lease of these employees that runs in any month from January of the period's year
 *   up to the period, and every earlier lease still owing deferred payments: the year's earlier months
 *   decide how much of the employee's yearly tax-free limit is left, and a lease's months since its
 *   start decide the deferred payments still to collect. Leases that do not run in the period get no
 *   row unless they still owe deferred payments.
 * - `absences`: every absence of these employees (at least those overlapping their leases up to the
 *   period's end).
 * - `oneOffs`: the employees' own payments through payroll falling in the period.
 * - `bikeBenefitRule(year)`: the year's bike-benefit parameters (a year without its own table uses the
 *   latest earlier one; the caller decides).
 */
export type PayrollInput = {
  period: string;
  employees: readonly PayrollEmployee[];
  leases: readonly PayrollLease[];
  absences: readonly PayrollAbsence[];
  oneOffs: readonly PayrollOneOff[];
  bikeBenefitRule: (year: number) => BikeBenefitRule;
};

// Output -----------------------------------------------------------------------------------------

/**
 * The tax regime a lease has by its commitment date (docs/tax-parameters.md "The transition"):
 * GRANDFATHERED on or before 23.4.2025, EXEMPT_2025_ONLY 24.4.–31.12.2025, TAXABLE from 1.1.2026.
 */
export type TaxRegime = "GRANDFATHERED" | "EXEMPT_2025_ONLY" | "TAXABLE";

/** The Incomes Register income types of the bike benefit (docs/tax-parameters.md "Reporting"). */
export const INCOME_TYPE_TAX_FREE = 363;
export const INCOME_TYPE_TAXABLE = 364;
export const INCOME_TYPE_COMPENSATION = 420;
export type IncomeType =
  | typeof INCOME_TYPE_TAX_FREE
  | typeof INCOME_TYPE_TAXABLE
  | typeof INCOME_TYPE_COMPENSATION;

/**
 * One item payroll deducts besides the month's own payment. The employee's own payments are net-pay
 * deductions (OWN_SHARE also reported as income type 420); CATCH_UP is the deferred monthly payments
 * collected as a gross-salary deduction, with the periods they were deferred from.
 */
export type PayrollOneOffItem = {
  kind: PayrollOneOffKind | "CATCH_UP";
  description: string | null;
  amountCents: number;
  incomeType: typeof INCOME_TYPE_COMPENSATION | null;
  deduction: "GROSS" | "NET";
  /** CATCH_UP: the periods whose payments it collects; empty for the employee's own payments. */
  deferredPeriods: string[];
};

/** The absence shown on a row: the one that matters most for the period (a deferring one first). */
export type PayrollAbsenceFlag = {
  reason: AbsenceReason;
  reasonOther: string | null;
  startDate: string;
  endDate: string | null;
  effect: AbsenceEffect;
  /** Over LONG_ABSENCE_DAYS by the period's last day: a decision about the bike is due. */
  long: boolean;
  /** This absence alone covers every day of the period. */
  coversMonth: boolean;
};

/** How a row compares with last month's report. */
export type PayrollChange = "NEW" | "CHANGED" | "UNCHANGED" | "ENDED";

/** The money columns of a row, each summed in the totals. */
export const PAYROLL_MONEY_FIELDS = [
  "monthlyPaymentCents",
  "benefitValueCents",
  "taxFreeCents",
  "taxableCents",
  "ownPaymentCents",
  "grossDeductionCents",
  "deferredCents",
  "catchUpCents",
  "netDeductionCents",
  "outstandingDeferredCents",
] as const;
type PayrollMoneyField = (typeof PAYROLL_MONEY_FIELDS)[number];

/** The fields markChanges compares besides the money columns (firstMonth flips every month, so not it). */
export const PAYROLL_COMPARED_FLAGS = [
  "regime",
  "taxFreeUntil",
  "absence",
  "withoutPay",
  "employmentEndsOn",
  "lastMonth",
  "oneOffs",
  "employeeNumber",
  "costUnit",
  "payRollOther",
  "unitName",
] as const;
type PayrollComparedFlag = (typeof PAYROLL_COMPARED_FLAGS)[number];
export type PayrollChangedField = PayrollMoneyField | PayrollComparedFlag;

/**
 * One row of the report: one lease of one employee in the period, or (leaseId null, key
 * `employee:<id>`) an employee with own payments but no lease row.
 *
 * Always: taxFreeCents + taxableCents = benefitValueCents = monthlyPaymentCents;
 * grossDeductionCents = monthlyPaymentCents − deferredCents + catchUpCents;
 * netDeductionCents = the sum of the NET one-offs; ownPaymentCents = the sum of the 420 one-offs.
 */
export type PayrollRow = {
  /** leaseId, or `employee:<beneficiaryEmployeeId>` for a row of own payments only. */
  key: string;
  leaseId: string | null;
  orderId: string | null;
  orderNumber: number | null;
  beneficiaryEmployeeId: string;
  firstName: string;
  lastName: string;
  employeeNumber: string | null;
  costUnit: string | null;
  payRollOther: string | null;
  unitName: string | null;
  companyId: string;
  companyName: string;
  /** Null on a row of own payments only. */
  regime: TaxRegime | null;
  /** The lease's last tax-free day by leaseTax (the order's tax line); null when it never is tax-free. */
  taxFreeUntil: string | null;
  /** The lease's first and last period by its month count; null on a row of own payments only. */
  leaseFromPeriod: string | null;
  leaseToPeriod: string | null;
  /** The lease runs this month. False on a row that only collects deferred payments or own payments. */
  leaseRunning: boolean;
  /** The payment due for this month: the lease's monthly payment while it runs, else 0. */
  monthlyPaymentCents: number;
  /** The benefit's value this month (= monthlyPaymentCents): reported as 363 + 364. */
  benefitValueCents: number;
  /** Income type 363, the tax-free part. */
  taxFreeCents: number;
  /** Income type 364, the part counted as wage. */
  taxableCents: number;
  /** Income type 420, compensation collected from the employee (their own share of the package). */
  ownPaymentCents: number;
  /** What payroll deducts from the gross salary: the month's payment unless deferred, plus any catch-up. */
  grossDeductionCents: number;
  /** This month's payment, not deducted because the month is without pay. */
  deferredCents: number;
  /** Earlier deferred payments collected this month (also listed as a CATCH_UP one-off). */
  catchUpCents: number;
  /** What payroll deducts from the net pay: the employee's own payments. */
  netDeductionCents: number;
  /** Deferred payments still to collect after this month. */
  outstandingDeferredCents: number;
  oneOffs: PayrollOneOffItem[];
  absence: PayrollAbsenceFlag | null;
  /** The month has no pay (a deferring absence covers every day of it), so its payment is deferred. */
  withoutPay: boolean;
  /** The last working day when it falls in the period: the last month with a deduction. */
  employmentEndsOn: string | null;
  /** The lease's first month. */
  firstMonth: boolean;
  /** The lease's last month. */
  lastMonth: boolean;
  /** Null until markChanges compares the row with last month's report. */
  change: PayrollChange | null;
  changedFields: PayrollChangedField[];
};

type IncomeTypeTotal = { incomeType: IncomeType; amountCents: number };

/** The report's sums. Rows marked ENDED (zero amounts) are not counted. */
export type PayrollTotals = Record<PayrollMoneyField, number> & {
  rowCount: number;
  employeeCount: number;
  incomeTypes: IncomeTypeTotal[];
};

export type PayrollReport = {
  period: string;
  rows: PayrollRow[];
  totals: PayrollTotals;
};
