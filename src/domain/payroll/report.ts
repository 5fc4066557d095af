import { DEFAULT_LAST_WORKING_DAY } from "../dates.ts";
import { onFirstUse } from "../first-use.ts";
import { absenceFlag, deductionInPeriod, employmentEndPeriod, isMonthWithoutPay } from "./deductions.ts";
import { parsePeriod, periodsOfYearUntil } from "./period.ts";
import {
  GRANDFATHERED_UNTIL,
  leasePeriods,
  leaseTax,
  leaseTaxFreeLimit,
  limitInPeriod,
  monthlyTaxFreeCents,
  regimeDate,
  taxRegime,
} from "./tax-rules.ts";
import {
  type BikeBenefitRule,
  INCOME_TYPE_COMPENSATION,
  INCOME_TYPE_TAX_FREE,
  INCOME_TYPE_TAXABLE,
  PAYROLL_MONEY_FIELDS,
  type PayrollAbsence,
  type PayrollEmployee,
  type PayrollInput,
  type PayrollLease,
  type PayrollOneOff,
  type PayrollOneOffItem,
  type PayrollReport,
  type PayrollRow,
  type PayrollTotals,
} from "./types.ts";

/**
 * The monthly payroll report (ADR 008): what payroll does for each employee with a
 * running benefit-bike lease in one period. One row per lease, a row of own payments for an employee
 * without one, the totals. Pure: the server reads the database into PayrollInput.
 */

/**
 * Whether a lease's benefit is reported in a month: the lease runs (its month count from the start
 * month) and the month is not after the employment's last month. The value is reported also in a month
 * without pay: the employee keeps the bike, and the benefit is always reported (docs/tax-parameters.md
 * "Reporting").
 */
export function benefitReportedIn(
  lease: Pick<PayrollLease, "startDate" | "leaseTimeMonths">,
  lastWorkingDayDate: string,
  period: string,
): boolean {
  const { first, last } = reportedMonths(lease, lastWorkingDayDate);
  return first <= period && period <= last;
}

/** The first and the last month benefitReportedIn holds for (none when last is before first). */
function reportedMonths(
  lease: Pick<PayrollLease, "startDate" | "leaseTimeMonths">,
  lastWorkingDayDate: string,
): { first: string; last: string } {
  const { first, last } = leasePeriods(lease);
  const endPeriod = employmentEndPeriod(lastWorkingDayDate);
  return { first, last: endPeriod !== null && endPeriod < last ? endPeriod : last };
}

/** What the yearly tax-free limit's rules read of a lease. */
type TaxFreeLease = Pick<
  PayrollLease,
  "leaseId" | "orderNumber" | "monthlyPaymentCents" | "startDate" | "leaseTimeMonths" | "commitmentDate"
>;

/** The order in which an employee's leases use the yearly limit within a month: the oldest first. */
function compareLeases(a: TaxFreeLease, b: TaxFreeLease): number {
  if (a.startDate !== b.startDate) return a.startDate < b.startDate ? -1 : 1;
  if (a.orderNumber !== b.orderNumber) return a.orderNumber - b.orderNumber;
  return a.leaseId < b.leaseId ? -1 : a.leaseId > b.leaseId ? 1 : 0;
}

/**
 * The tax-free part (363) of each of an employee's leases in the period, and how much of the yearly
 * limit the employee has used from January up to and including the period. The yearly limit is the
 * employee's per calendar year (TVL 64 § 4 mom.: "polkupyöräetu on verovapaata tuloa 1 200 euroon
 * asti"), so the months from January up to the period are run in order, the oldest lease first within
 * a month, and each month takes monthlyTaxFreeCents of what is left.
 */
function employeeTaxFree(
  leases: readonly TaxFreeLease[],
  lastWorkingDayDate: string,
  bikeBenefitRule: (year: number) => BikeBenefitRule,
  period: string,
): { parts: Map<string, number>; usedThisYear: number } {
  const rule = bikeBenefitRule(parsePeriod(period).year);
  const ordered = [...leases].sort(compareLeases);
  // Each lease's months and limit once, not again for every month of the year.
  const reported = ordered.map((lease) => ({
    lease,
    ...reportedMonths(lease, lastWorkingDayDate),
    limit: leaseTaxFreeLimit(rule, lease),
  }));
  // A Map: an object keyed by each lease's id gave every object a shape of its own.
  const parts = new Map<string, number>();
  let used = 0;
  for (const month of periodsOfYearUntil(period)) {
    for (const { lease, first, last, limit } of reported) {
      if (month < first || month > last) continue;
      const taxFree = monthlyTaxFreeCents(lease.monthlyPaymentCents, limitInPeriod(limit, month), used);
      used += taxFree;
      if (month === period) parts.set(lease.leaseId, taxFree);
    }
  }
  return { parts, usedThisYear: used };
}

/** The parts of employeeTaxFree: the period's tax-free part of each lease. */
function employeeTaxFreeParts(
  leases: readonly PayrollLease[],
  lastWorkingDayDate: string,
  bikeBenefitRule: (year: number) => BikeBenefitRule,
  period: string,
): ReadonlyMap<string, number> {
  return employeeTaxFree(leases, lastWorkingDayDate, bikeBenefitRule, period).parts;
}

/**
 * The benefit's tax-free part (363) of every employee from January up to and including the period:
 * what the months' reports add up to, in one pass (the dashboard's "tax-free this year").
 */
export function yearToDateTaxFreeCents(
  input: Pick<PayrollInput, "period" | "bikeBenefitRule"> & {
    /** Only the rules' columns: the dashboard loads no more of a lease. */
    leases: readonly (TaxFreeLease & Pick<PayrollLease, "beneficiaryEmployeeId">)[];
    /**
     * Only the last working day is read: the dashboard loads no more of an employee. An employee not
     * listed has none (2999-01-01).
     */
    employees: readonly Pick<PayrollEmployee, "beneficiaryEmployeeId" | "lastWorkingDayDate">[];
  },
): number {
  const employees = new Map(input.employees.map((e) => [e.beneficiaryEmployeeId, e]));
  let total = 0;
  for (const [employeeId, leases] of groupBy(input.leases)) {
    const lastWorkingDay = employees.get(employeeId)?.lastWorkingDayDate ?? DEFAULT_LAST_WORKING_DAY;
    total += employeeTaxFree(leases, lastWorkingDay, input.bikeBenefitRule, input.period).usedThisYear;
  }
  return total;
}

/**
 * An own payment as a row's one-off (the income types of docs/tax-parameters.md "Reporting"): OWN_SHARE, the part of the
 * package above the max price paid by the employee, is compensation collected for the benefit (income
 * type 420) and a net-pay deduction; a REDEMPTION (buying the bike) and OTHER payments are net-pay
 * deductions without an income type.
 */
function oneOffItem(oneOff: PayrollOneOff): PayrollOneOffItem {
  return {
    kind: oneOff.kind,
    description: oneOff.description,
    amountCents: oneOff.amountCents,
    incomeType: oneOff.kind === "OWN_SHARE" ? INCOME_TYPE_COMPENSATION : null,
    deduction: "NET",
    deferredPeriods: [],
  };
}

/** The deferred payments collected in a month, as a gross-salary one-off. */
function catchUpItem(amountCents: number, deferredPeriods: string[]): PayrollOneOffItem {
  return {
    kind: "CATCH_UP",
    description: null,
    amountCents,
    incomeType: null,
    deduction: "GROSS",
    deferredPeriods,
  };
}

const collator = onFirstUse(() => new Intl.Collator("fi", { numeric: true }));

/** Digits without a leading zero: the collator's numeric order of two such is their length's, then their text's. */
const PLAIN_NUMBER = /^[1-9][0-9]*$/;

function compareNullable(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  // Employee numbers are mostly plain numbers; the collator costs more than the whole row otherwise.
  if (PLAIN_NUMBER.test(a) && PLAIN_NUMBER.test(b)) {
    return a.length !== b.length ? a.length - b.length : a < b ? -1 : 1;
  }
  return collator().compare(a, b);
}

/** After the names: employee number, order number (a row of own payments last), key. */
function compareAfterNames(a: PayrollRow, b: PayrollRow): number {
  return (
    compareNullable(a.employeeNumber, b.employeeNumber) ||
    (a.orderNumber ?? Number.MAX_SAFE_INTEGER) - (b.orderNumber ?? Number.MAX_SAFE_INTEGER) ||
    (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
  );
}

/** Rows by last name, first name, employee number, order number (a row of own payments last), key. */
export function comparePayrollRows(a: PayrollRow, b: PayrollRow): number {
  return (
    collator().compare(a.lastName, b.lastName) ||
    collator().compare(a.firstName, b.firstName) ||
    compareAfterNames(a, b)
  );
}

/**
 * Each name's place in the collator's order, names it finds equal in the same place. A company's
 * rows share a few hundred names, so ranking them once replaces most of a sort's collator comparisons
 * (the largest part of sorting 21,000 rows) with comparisons of numbers.
 */
function nameRanks(names: Iterable<string>): Map<string, number> {
  const { compare } = collator();
  const sorted = [...new Set(names)].sort(compare);
  const ranks = new Map<string, number>();
  let rank = 0;
  sorted.forEach((name, i) => {
    if (i > 0 && compare(sorted[i - 1] as string, name) !== 0) rank += 1;
    ranks.set(name, rank);
  });
  return ranks;
}

/**
 * Sorts rows in place in comparePayrollRows's order, and gives them back. Each row's two name ranks are
 * looked up once, not in every comparison: a 21,000-row report makes some 600,000 comparisons.
 */
export function sortPayrollRows(rows: PayrollRow[]): PayrollRow[] {
  const last = nameRanks(rows.map((row) => row.lastName));
  const first = nameRanks(rows.map((row) => row.firstName));
  const ranked = rows.map((row) => ({
    row,
    last: last.get(row.lastName) as number,
    first: first.get(row.firstName) as number,
  }));
  ranked.sort((a, b) => a.last - b.last || a.first - b.first || compareAfterNames(a.row, b.row));
  ranked.forEach((entry, i) => {
    rows[i] = entry.row;
  });
  return rows;
}

function employeeFields(employee: PayrollEmployee) {
  return {
    beneficiaryEmployeeId: employee.beneficiaryEmployeeId,
    firstName: employee.firstName,
    lastName: employee.lastName,
    employeeNumber: employee.employeeNumber,
    costUnit: employee.costUnit,
    payRollOther: employee.payRollOther,
    unitName: employee.unitName,
    companyId: employee.companyId,
    companyName: employee.companyName,
  };
}

function groupBy<T extends { beneficiaryEmployeeId: string }>(items: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(item.beneficiaryEmployeeId);
    if (group) group.push(item);
    else groups.set(item.beneficiaryEmployeeId, [item]);
  }
  return groups;
}

function memoByYear(rule: (year: number) => BikeBenefitRule): (year: number) => BikeBenefitRule {
  const cache = new Map<number, BikeBenefitRule>();
  return (year) => {
    let value = cache.get(year);
    if (!value) {
      value = rule(year);
      cache.set(year, value);
    }
    return value;
  };
}

/** The employment's last day when it falls in the period. */
function employmentEndsIn(employee: PayrollEmployee, period: string): string | null {
  return employmentEndPeriod(employee.lastWorkingDayDate) === period ? employee.lastWorkingDayDate : null;
}

function leaseRow(
  lease: PayrollLease,
  employee: PayrollEmployee,
  absences: readonly PayrollAbsence[],
  taxFreeParts: ReadonlyMap<string, number>,
  rule: BikeBenefitRule,
  period: string,
): PayrollRow | null {
  const month = deductionInPeriod(lease, employee.lastWorkingDayDate, absences, period);
  if (!month) return null;
  const regime = taxRegime(regimeDate(lease), rule.grandfatheredUntil ?? GRANDFATHERED_UNTIL);
  const { first, last } = leasePeriods(lease);
  const taxFree = month.leaseRunning ? (taxFreeParts.get(lease.leaseId) ?? 0) : 0;
  return {
    key: lease.leaseId,
    leaseId: lease.leaseId,
    orderId: lease.orderId,
    orderNumber: lease.orderNumber,
    ...employeeFields(employee),
    regime,
    taxFreeUntil: leaseTax(lease, rule.grandfatheredUntil ?? GRANDFATHERED_UNTIL).taxFreeUntil,
    leaseFromPeriod: first,
    leaseToPeriod: last,
    leaseRunning: month.leaseRunning,
    monthlyPaymentCents: month.monthlyPaymentCents,
    benefitValueCents: month.monthlyPaymentCents,
    taxFreeCents: taxFree,
    taxableCents: month.monthlyPaymentCents - taxFree,
    ownPaymentCents: 0,
    grossDeductionCents: month.grossDeductionCents,
    deferredCents: month.deferredCents,
    catchUpCents: month.catchUpCents,
    netDeductionCents: 0,
    outstandingDeferredCents: month.outstandingDeferredCents,
    oneOffs: month.catchUpCents > 0 ? [catchUpItem(month.catchUpCents, month.caughtUpPeriods)] : [],
    absence: absenceFlag(absences, period),
    withoutPay: month.withoutPay,
    employmentEndsOn: employmentEndsIn(employee, period),
    firstMonth: period === first,
    lastMonth: period === last,
    change: null,
    changedFields: [],
  };
}

function oneOffOnlyRow(
  employee: PayrollEmployee,
  absences: readonly PayrollAbsence[],
  period: string,
): PayrollRow {
  const employmentEndsOn = employmentEndsIn(employee, period);
  return {
    key: `employee:${employee.beneficiaryEmployeeId}`,
    leaseId: null,
    orderId: null,
    orderNumber: null,
    ...employeeFields(employee),
    regime: null,
    taxFreeUntil: null,
    leaseFromPeriod: null,
    leaseToPeriod: null,
    leaseRunning: false,
    monthlyPaymentCents: 0,
    benefitValueCents: 0,
    taxFreeCents: 0,
    taxableCents: 0,
    ownPaymentCents: 0,
    grossDeductionCents: 0,
    deferredCents: 0,
    catchUpCents: 0,
    netDeductionCents: 0,
    outstandingDeferredCents: 0,
    oneOffs: [],
    absence: absenceFlag(absences, period),
    withoutPay: employmentEndsOn === null && isMonthWithoutPay(absences, period),
    employmentEndsOn,
    firstMonth: false,
    lastMonth: false,
    change: null,
    changedFields: [],
  };
}

/** The report's sums: every money column, the rows and employees, per income type. ENDED rows are not counted. */
export function payrollTotals(rows: readonly PayrollRow[]): PayrollTotals {
  const counted = rows.filter((row) => row.change !== "ENDED");
  const sums = Object.fromEntries(
    PAYROLL_MONEY_FIELDS.map((field) => [field, counted.reduce((sum, row) => sum + row[field], 0)]),
  ) as Record<(typeof PAYROLL_MONEY_FIELDS)[number], number>;
  return {
    ...sums,
    rowCount: counted.length,
    employeeCount: new Set(counted.map((row) => row.beneficiaryEmployeeId)).size,
    incomeTypes: [
      { incomeType: INCOME_TYPE_TAX_FREE, amountCents: sums.taxFreeCents },
      { incomeType: INCOME_TYPE_TAXABLE, amountCents: sums.taxableCents },
      { incomeType: INCOME_TYPE_COMPENSATION, amountCents: sums.ownPaymentCents },
    ],
  };
}

/**
 * The payroll report of one period. Rules, each in its own function: the regime and yearly limit
 * (tax-rules.ts), the monthly tax-free part per employee (employeeTaxFreeParts), deferral, catch-up and
 * employment end (deductions.ts), own payments (oneOffItem, on the employee's first row). A lease, an
 * absence or a one-off of an employee missing from `employees` is a programming error (thrown).
 */
export function payrollReport(input: PayrollInput): PayrollReport {
  const rows = payrollRows(input);
  return { period: input.period, rows, totals: payrollTotals(rows) };
}

/** The rows of payrollReport, in its order, without the totals (a month compared against needs none). */
export function payrollRows(input: PayrollInput): PayrollRow[] {
  const { period } = input;
  const { year } = parsePeriod(period);
  const ruleOf = memoByYear(input.bikeBenefitRule);
  const rule = ruleOf(year);
  const employees = new Map(input.employees.map((e) => [e.beneficiaryEmployeeId, e]));
  const employeeOf = (id: string): PayrollEmployee => {
    const employee = employees.get(id);
    if (!employee) throw new Error(`Payroll report: employee ${id} is not in the input's employees`);
    return employee;
  };
  const absencesOf = groupBy(input.absences);
  const oneOffsOf = groupBy(input.oneOffs);

  const rows: PayrollRow[] = [];
  for (const [employeeId, leases] of groupBy(input.leases)) {
    const employee = employeeOf(employeeId);
    const absences = absencesOf.get(employeeId) ?? [];
    const parts = employeeTaxFreeParts(leases, employee.lastWorkingDayDate, ruleOf, period);
    for (const lease of leases) {
      const row = leaseRow(lease, employee, absences, parts, rule, period);
      if (row) rows.push(row);
    }
  }
  const withRow = new Set(rows.map((row) => row.beneficiaryEmployeeId));
  for (const employeeId of oneOffsOf.keys()) {
    if (!withRow.has(employeeId)) {
      rows.push(oneOffOnlyRow(employeeOf(employeeId), absencesOf.get(employeeId) ?? [], period));
      withRow.add(employeeId);
    }
  }
  sortPayrollRows(rows);

  const placed = new Set<string>();
  for (const row of rows) {
    if (placed.has(row.beneficiaryEmployeeId)) continue;
    placed.add(row.beneficiaryEmployeeId);
    row.oneOffs.push(...(oneOffsOf.get(row.beneficiaryEmployeeId) ?? []).map(oneOffItem));
    // Most rows have no one-off: their own payment and net deduction stay 0.
    if (row.oneOffs.length === 0) continue;
    row.ownPaymentCents = row.oneOffs
      .filter((item) => item.incomeType === INCOME_TYPE_COMPENSATION)
      .reduce((sum, item) => sum + item.amountCents, 0);
    row.netDeductionCents = row.oneOffs
      .filter((item) => item.deduction === "NET")
      .reduce((sum, item) => sum + item.amountCents, 0);
  }
  return rows;
}
