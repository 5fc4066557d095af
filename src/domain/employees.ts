import { DAY_MS, DEFAULT_LAST_WORKING_DAY } from "./dates.ts";
import type { AbsenceReason, EmployeeStatus, PolicyEligibility } from "./enums.ts";
import type { HeldRole } from "./roles.ts";

/**
 * The employer's rules for a beneficiary employee (docs/data-model.md "Beneficiary employee", docs/product.md "States" accept/reject and
 * the default last working day). Dates are calendar dates as YYYY-MM-DD; "today" is the Helsinki date
 * the caller passes in (toHelsinkiDateString), so these stay pure.
 */

/**
 * The manage tab's quick filter (docs/api-surface.md `filterType`; the spec does not list its values): every
 * employee, one of the employee statuses, with or without an order, with a running lease, away on an
 * absence today, with their employment ended, or with payroll data missing (no employee number or
 * cost unit, so the payroll report cannot place them).
 */
export const EMPLOYEE_FILTER_TYPES = [
  "ALL",
  "PENDING",
  "ACCEPTED",
  "REJECTED",
  "INACTIVE",
  "WITH_ORDER",
  "WITHOUT_ORDER",
  "ACTIVE_LEASE",
  "ON_ABSENCE",
  "EMPLOYMENT_ENDED",
  "MISSING_PAYROLL_DATA",
] as const;
export type EmployeeFilterType = (typeof EMPLOYEE_FILTER_TYPES)[number];

/** The employee list's largest page (its default, 10, is the EMPLOYEE_LIST_PAGE_SIZE of docs/product.md "Constants"). */
export const EMPLOYEE_PAGE_SIZE_MAX = 100;
/** Rows of one export (CSV or XLSX): the whole filtered list up to this many. */
export const EMPLOYEE_EXPORT_MAX_ROWS = 200_000;

/** docs/product.md "States": no last working day given means 01.01.2999. */
export function lastWorkingDayOrDefault(value: string | null | undefined): string {
  return value ? value : DEFAULT_LAST_WORKING_DAY;
}

/** The employment has ended when its last working day is before today. */
export function isEmploymentEnded(lastWorkingDayDate: string, today: string): boolean {
  return lastWorkingDayDate < today;
}

/** A last working day other than the default: the employment is known to end (or to have ended). */
export function hasEmploymentEnd(lastWorkingDayDate: string): boolean {
  return lastWorkingDayDate !== DEFAULT_LAST_WORKING_DAY;
}

/** Only a joining request still waiting may be accepted or rejected (a second decision is a 409). */
export function canDecide(status: EmployeeStatus): boolean {
  return status === "PENDING";
}

/**
 * The employer roles a joining employee can be given with the decision (docs/api-surface.md decide "role flags"),
 * and who may give them in the employee's company: the admin tier, an employer admin of that company,
 * or a group admin of its group. An editor manages employees but hands out no roles; roles held in
 * another company count for nothing here (an admin of one company who edits another gives no roles
 * there).
 */
export const GRANTABLE_EMPLOYER_ROLES = ["EMPLOYER_ADMIN", "EMPLOYER_EDITOR", "EMPLOYER_REPORTING"] as const;
export type GrantableEmployerRole = (typeof GRANTABLE_EMPLOYER_ROLES)[number];

export function mayGrantEmployerRolesIn(
  held: readonly HeldRole[],
  company: { id: string; groupCompanyId: string | null },
  /** The group of each company the caller holds a role in (their session's companies). */
  groupOf: (companyId: string) => string | null | undefined,
): boolean {
  return held.some(({ companyId, role }) => {
    if (role.name === "SUPER_ADMIN" || role.name === "INTERNAL_ADMIN") return companyId === null;
    if (!companyId) return false;
    if (role.name === "EMPLOYER_ADMIN") return companyId === company.id;
    return (
      role.name === "EMPLOYER_GROUP_ADMIN" &&
      company.groupCompanyId !== null &&
      groupOf(companyId) === company.groupCompanyId
    );
  });
}

/**
 * Whether the company's bike policy lets the employee order now: the employment is accepted and has not
 * ended, and with AFTER_TRIAL_PERIOD the trial period (if any) is over.
 */
export function isEligibleToOrder(
  employee: { status: EmployeeStatus; lastWorkingDayDate: string; jobTrialPeriodEndDate: string | null },
  eligibility: PolicyEligibility,
  today: string,
): boolean {
  if (employee.status !== "ACCEPTED") return false;
  if (isEmploymentEnded(employee.lastWorkingDayDate, today)) return false;
  if (eligibility === "AFTER_TRIAL_PERIOD" && employee.jobTrialPeriodEndDate) {
    return employee.jobTrialPeriodEndDate < today;
  }
  return true;
}

/** An absence as stored: endDate null while the return date is not known. */
export type AbsencePeriod = { startDate: string; endDate: string | null };

/** Whether two absences share a day (an open end runs forever). */
export function absencesOverlap(a: AbsencePeriod, b: AbsencePeriod): boolean {
  const aEnd = a.endDate ?? DEFAULT_LAST_WORKING_DAY;
  const bEnd = b.endDate ?? DEFAULT_LAST_WORKING_DAY;
  return a.startDate <= bEnd && b.startDate <= aEnd;
}

/** Whether the absence covers the given day. */
export function isAbsentOn(absence: AbsencePeriod, day: string): boolean {
  return absence.startDate <= day && (absence.endDate === null || day <= absence.endDate);
}

/**
 * What an absence means for the lease (ADR 008; docs/product.md "Absences and the employment's end"):
 * - Sick leave (Sairasloma): the employer pays salary or receives the sickness allowance, so the
 *   gross-salary deduction goes on as before.
 * - Parental leave (Vanhempainvapaa) and other absences ("Muu, mikä": study leave, unpaid leave,
 *   lay-off) are unpaid: in a month without any pay the deduction cannot be made. The lease cannot be
 *   paused (the bike stays with the employee), so the month's payment is deferred and collected from
 *   the first pay after the return.
 * - Over LONG_ABSENCE_DAYS the employer and employee should agree on redeeming or returning the bike
 *   (the 90 days other providers use too); the UI says so.
 */
export type AbsenceEffect = "DEDUCTION_CONTINUES" | "DEDUCTION_DEFERRED";

export function absenceEffect(reason: AbsenceReason): AbsenceEffect {
  return reason === "SICK_LEAVE" ? "DEDUCTION_CONTINUES" : "DEDUCTION_DEFERRED";
}

/** An absence this long (days, both ends counted) calls for a decision about the bike. */
export const LONG_ABSENCE_DAYS = 90;

/** Days of the absence with both ends counted; an open absence counts up to `today`. */
export function absenceLengthDays(absence: AbsencePeriod, today: string): number {
  const end = absence.endDate ?? today;
  if (end < absence.startDate) return 0;
  return Math.round((Date.parse(end) - Date.parse(absence.startDate)) / DAY_MS) + 1;
}

export function isLongAbsence(absence: AbsencePeriod, today: string): boolean {
  return absenceLengthDays(absence, today) > LONG_ABSENCE_DAYS;
}
