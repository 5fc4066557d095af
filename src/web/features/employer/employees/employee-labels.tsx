import { useTranslation } from "react-i18next";
import type { TEmployee } from "../../../../contract/employees.ts";
import type { EmployeeFilterType, GrantableEmployerRole } from "../../../../domain/employees.ts";
import type { AbsenceReason, EmployeeStatus } from "../../../../domain/enums.ts";
import type { StatusTone } from "../../../../domain/status-tones.ts";
import { ToneBadge } from "../../../components/status-badge.tsx";

/**
 * The words and tones of the employees' values, spelled out (not built at run time) so that the
 * catalogue check sees every key in use and the type checker wants a label for each new value.
 */

/**
 * The one place an employee status gets its tone: a join request waiting is the employer's to act on,
 * an accepted one is good, a rejected one refused, an inactive one closed.
 */
const EMPLOYEE_STATUS_TONES: Record<EmployeeStatus, StatusTone> = {
  PENDING: "warning",
  ACCEPTED: "success",
  REJECTED: "danger",
  INACTIVE: "neutral",
};

/** The labels of the employee statuses: the same words as the server's export (export-texts.ts). */
const EMPLOYEE_STATUS_LABELS: Record<EmployeeStatus, string> = {
  PENDING: "employerEmployees.status.PENDING",
  ACCEPTED: "employerEmployees.status.ACCEPTED",
  REJECTED: "employerEmployees.status.REJECTED",
  INACTIVE: "employerEmployees.status.INACTIVE",
};

/** The manage tab's quick filter (EMPLOYEE_FILTER_TYPES). */
export const FILTER_TYPE_LABELS: Record<EmployeeFilterType, string> = {
  ALL: "employerEmployees.filterTypes.ALL",
  PENDING: "employerEmployees.filterTypes.PENDING",
  ACCEPTED: "employerEmployees.filterTypes.ACCEPTED",
  REJECTED: "employerEmployees.filterTypes.REJECTED",
  INACTIVE: "employerEmployees.filterTypes.INACTIVE",
  WITH_ORDER: "employerEmployees.filterTypes.WITH_ORDER",
  WITHOUT_ORDER: "employerEmployees.filterTypes.WITHOUT_ORDER",
  ACTIVE_LEASE: "employerEmployees.filterTypes.ACTIVE_LEASE",
  ON_ABSENCE: "employerEmployees.filterTypes.ON_ABSENCE",
  EMPLOYMENT_ENDED: "employerEmployees.filterTypes.EMPLOYMENT_ENDED",
  MISSING_PAYROLL_DATA: "employerEmployees.filterTypes.MISSING_PAYROLL_DATA",
};

/** docs/product.md "States" absence reasons: Sairasloma, Vanhempainvapaa, "Muu, mikä". */
export const ABSENCE_REASON_LABELS: Record<AbsenceReason, string> = {
  SICK_LEAVE: "employerEmployees.absences.reasons.SICK_LEAVE",
  PARENTAL_LEAVE: "employerEmployees.absences.reasons.PARENTAL_LEAVE",
  OTHER: "employerEmployees.absences.reasons.OTHER",
};

/** The employer roles an accepted employee can also be given, and what each lets them do. */
export const ROLE_LABELS: Record<GrantableEmployerRole, { label: string; help: string }> = {
  EMPLOYER_ADMIN: {
    label: "employerEmployees.roles.EMPLOYER_ADMIN",
    help: "employerEmployees.roles.EMPLOYER_ADMIN_HELP",
  },
  EMPLOYER_EDITOR: {
    label: "employerEmployees.roles.EMPLOYER_EDITOR",
    help: "employerEmployees.roles.EMPLOYER_EDITOR_HELP",
  },
  EMPLOYER_REPORTING: {
    label: "employerEmployees.roles.EMPLOYER_REPORTING",
    help: "employerEmployees.roles.EMPLOYER_REPORTING_HELP",
  },
};

/** An employee status as a badge in its tone. */
export function EmployeeStatusBadge({ status }: { status: EmployeeStatus }) {
  const { t } = useTranslation();
  return <ToneBadge tone={EMPLOYEE_STATUS_TONES[status]}>{t(EMPLOYEE_STATUS_LABELS[status])}</ToneBadge>;
}

/** The employee's name as the employer's lists show it. */
export function fullName(employee: Pick<TEmployee, "systemUser">): string {
  return `${employee.systemUser.firstName} ${employee.systemUser.lastName}`;
}
