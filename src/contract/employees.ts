import { z } from "zod";
import { DEFAULT_LAST_WORKING_DAY } from "../domain/dates.ts";
import { GRANTABLE_EMPLOYER_ROLES } from "../domain/employees.ts";
import { employmentDateIssues } from "../domain/employment-dates.ts";
import { ABSENCE_REASONS, EMPLOYEE_STATUSES, LANGUAGES, ORDER_STATUSES } from "../domain/enums.ts";
import { zMessage } from "./common.ts";
import { zEuros } from "./company-fields.ts";
import {
  zCompanyEmployeesQuery,
  zEmployeesExportQuery,
  zEmployeesListQuery,
  zEmployeesWithAllDataQuery,
  zEmployeesWithOrdersQuery,
} from "./employee-list-queries.ts";
import { zCompanyInvitation } from "./employment-invitations.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zEmailAddress } from "./system-users.ts";
import { zMultiLineText, zOptionalSingleLineText, zSingleLineText } from "./text.ts";
import { zFileAnswer } from "./uploads.ts";
import { zPlausibleDate } from "./values.ts";

/**
 * Beneficiary employees, the employer's side (docs/data-model.md "Beneficiary employee", docs/product.md "States" accept/reject, docs/api-surface.md
 * "Orders and employees"). Tenancy: every call sees only the employees of the caller's companies (a
 * group admin: the group's); another tenant's employee is 404. Money crosses in euros with two
 * decimals, as the max-price calls do.
 *
 * Reading (employees.read):
 * - GET /api/beneficiary-employee/employeesOptimizedList — `zEmployeesListQuery` → `zEmployeesPage`
 *   (SPEC "Page of employees": employees, currentPage, totalPages, totalCount), newest first.
 * - GET /api/beneficiary-employee/companies/{id}/employees — page, pageSize, search → `zEmployeesPage`
 *   of that company (another tenant's company: 404).
 * - GET /api/beneficiary-employee/employeesWithAllDataOnly — page, pageSize, companyId, search,
 *   minimalData → accepted employees whose payroll data is complete (employee number and cost unit),
 *   `zEmployeesPage`; with minimalData=true each row is `zEmployeeMinimal`.
 * - GET /api/employeesWithOrders — page, pageSize, companyId, orderStatus, search → `zEmployeesPage`
 *   of the employees that have at least one order.
 * - GET /api/beneficiary-employee/details/{id} → `zEmployeeDetails` (with absences).
 * - GET /api/beneficiary-employee/filter-options?companyId — the values the list's filters offer:
 *   `zEmployeeFilterOptions` (cost units, payroll groups and units in use, each sorted).
 * - GET /api/beneficiary-employee/export — the list's filters + format=csv|xlsx → the file (every
 *   matching row, up to EMPLOYEE_EXPORT_MAX_ROWS).
 *
 * Changing (employees.manage; decide: employees.decide):
 * - POST /api/beneficiary-employee/create `zCreateEmployee` → 201 `zEmployee`: an ACCEPTED employment
 *   and, for a new address, an account that gets a mail with a link to set its password (an existing
 *   account already the caller's own, as an employee of a sister company, gets the employment and a
 *   mail that says so). Any other existing account is invited: 201 `zCompanyInvitation`
 *   (contract/employment-invitations.ts), and the person joins only by accepting. 409 EMPLOYEE_EXISTS
 *   when the person is employed or invited in the company already; 409 EMAIL_TAKEN when the address
 *   belongs to the admin tier. The update's names are 409 PERSON_SHARED for a person who is also
 *   another company's.
 * - POST /api/beneficiary-employee/{id}/update `zUpdateEmployee` → `zEmployee` (fields left out keep
 *   their value; lastWorkingDayDate null = the default 2999-01-01).
 * - POST /api/beneficiary-employee/{id}/decide `zDecideEmployee` → `zEmployee`; only a PENDING
 *   employee (409 EMPLOYEE_ALREADY_DECIDED); role flags need an employer admin (403 otherwise).
 * - GET/POST /api/beneficiary-employee/{id}/absences, PUT/DELETE .../absences/{absenceId} —
 *   `zAbsenceInput` → `zAbsence` (list: `{ absences }`); 409 ABSENCE_OVERLAPS when it shares a day
 *   with another absence of the employee.
 *
 * Errors reject with the HTTP status (the client shows 'Failed to fetch employees', 500 on a network
 * error; docs/product.md "Errors").
 */

export const EMPLOYEES_FETCH_ERROR = "Failed to fetch employees";

/** One order of the employee as the employer sees it in the list (the latest first). */
const zEmployeeOrder = lazy(() =>
  z.object({
    orderId: z.uuid(),
    orderNumber: z.int(),
    orderStatus: z.enum(ORDER_STATUSES),
    isOnlineOrder: z.boolean(),
    isOrderConfirmed: z.boolean(),
    bikeStore: z.object({ bikeStoreId: z.uuid(), storeName: z.string() }).nullable(),
    totalPrice: z.number(),
    monthlyPayment: z.number().nullable(),
    leaseTimeMonths: z.int().nullable(),
    /** The leasing agreement's first and last day, once it has them. */
    leaseStartDate: z.string().nullable(),
    leaseEndDate: z.string().nullable(),
    processedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  }),
);
export type TEmployeeOrder = z.infer<typeof zEmployeeOrder>;

export const zAbsence = lazy(() =>
  z.object({
    absenceId: z.uuid(),
    beneficiaryEmployeeId: z.uuid(),
    reason: z.enum(ABSENCE_REASONS),
    /** The text of "Muu, mikä". */
    reasonOther: z.string().nullable(),
    startDate: z.string(),
    /** Null while the return date is not known. */
    endDate: z.string().nullable(),
    note: z.string().nullable(),
    createdAt: z.iso.datetime(),
  }),
);
export type TAbsence = z.infer<typeof zAbsence>;

/** docs/data-model.md "Beneficiary employee", with the names the employer sees. */
export const zEmployee = lazy(() =>
  z.object({
    beneficiaryEmployeeId: z.uuid(),
    userId: z.uuid(),
    companyId: z.uuid(),
    companyName: z.string(),
    systemUser: z.object({
      firstName: z.string(),
      lastName: z.string(),
      workEmail: z.string(),
      phoneNumber: z.string().nullable(),
    }),
    costUnit: z.string().nullable(),
    unitId: z.uuid().nullable(),
    unitName: z.string().nullable(),
    employeeNumber: z.string().nullable(),
    payRollOther: z.string().nullable(),
    /** YYYY-MM-DD; 2999-01-01 when no end is known (docs/product.md "States"). */
    lastWorkingDayDate: z.string(),
    jobTrialPeriodEndDate: z.string().nullable(),
    status: z.enum(EMPLOYEE_STATUSES),
    employerNote: z.string().nullable(),
    /** The employee's own max price in euros; null = the company's. */
    maxPrice: z.number().nullable(),
    /** The company's max price in euros (null = no limit), for showing what applies. */
    companyMaxPrice: z.number().nullable(),
    /** The last working day is before today (Helsinki). */
    employmentEnded: z.boolean(),
    /** The absence that covers today, if any. */
    currentAbsence: zAbsence.nullable(),
    /** SPEC "Order list": the employee's orders, latest first (at most 10 in lists). */
    orders: z.array(zEmployeeOrder),
    /** How many orders the employee has in all (the list carries the latest 10). */
    orderCount: z.int(),
    /** The employer roles the person holds in this company besides BIKE_BENEFICIARY. */
    employerRoles: z.array(z.enum(GRANTABLE_EMPLOYER_ROLES)),
    decidedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  }),
);
export type TEmployee = z.infer<typeof zEmployee>;

export const zEmployeeDetails = lazy(() => zEmployee.extend({ absences: z.array(zAbsence) }));
export type TEmployeeDetails = z.infer<typeof zEmployeeDetails>;

const zEmployeeMinimal = lazy(() =>
  z.object({
    beneficiaryEmployeeId: z.uuid(),
    companyId: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    employeeNumber: z.string().nullable(),
  }),
);
export type TEmployeeMinimal = z.infer<typeof zEmployeeMinimal>;

function zEmployeesPageOf<T extends z.ZodType>(item: T) {
  return z.object({
    employees: z.array(item),
    currentPage: z.int(),
    totalPages: z.int(),
    totalCount: z.int(),
    /** The `after` of the next page; null on the last. */
    nextCursor: z.string().nullable(),
    /** The `before` of the previous page; null on the first. */
    previousCursor: z.string().nullable(),
  });
}
export const zEmployeesPage = lazy(() => zEmployeesPageOf(zEmployee));
export type TEmployeesPage = z.infer<typeof zEmployeesPage>;
export const zEmployeesMinimalPage = lazy(() => zEmployeesPageOf(zEmployeeMinimal));
const zEmployeesWithAllDataResponse = lazy(() => z.union([zEmployeesPage, zEmployeesMinimalPage]));

const zEmployeeIdParams = lazy(() => z.object({ id: z.uuid() }));
export const zCompanyIdParams = lazy(() => z.object({ id: z.uuid() }));
const zAbsenceParams = lazy(() => z.object({ id: z.uuid(), absenceId: z.uuid() }));

/** An optional text field of the employee: empty string or null clears it. */
const optionalText = zOptionalSingleLineText;

/** The employer's fields of an employee (docs/api-surface.md decide and update). */
const employeeFields = lazy(() => ({
  costUnit: optionalText(50),
  unitId: z.uuid().nullable().optional(),
  employeeNumber: optionalText(50),
  payRollOther: optionalText(100),
  /** Null or left out on create: 01.01.2999 (docs/product.md "States"). */
  lastWorkingDayDate: zPlausibleDate("LAST_WORKING_DAY", { open: DEFAULT_LAST_WORKING_DAY })
    .nullable()
    .optional(),
  jobTrialPeriodEndDate: zPlausibleDate("TRIAL_PERIOD_END").nullable().optional(),
  /** Euros; null = the company's max price. */
  maxPrice: zEuros.nullable().optional(),
  employerNote: z.union([zMultiLineText({ max: 2000 }), z.null()]).optional(),
}));

/**
 * The employee's dates against each other (src/domain/employment-dates.ts): a last working day before
 * the trial period's end is refused here; the day the person joined is the server's to add (the body
 * does not carry it). The issue's params name the rule and its limit, for the form's words.
 */
function checkEmploymentDates(
  value: {
    jobTrialPeriodEndDate?: string | null | undefined;
    lastWorkingDayDate?: string | null | undefined;
  },
  ctx: z.RefinementCtx,
) {
  for (const issue of employmentDateIssues(value)) {
    ctx.addIssue({
      code: "custom",
      path: [issue.field],
      message: `Must not be before ${issue.limit}`,
      params: { rule: issue.rule, limit: issue.limit },
    });
  }
}

export const zUpdateEmployee = lazy(() =>
  z
    .object({
      ...employeeFields,
      firstName: zSingleLineText({ min: 1, max: 100 }).optional(),
      lastName: zSingleLineText({ min: 1, max: 100 }).optional(),
    })
    .superRefine(checkEmploymentDates),
);
export type TUpdateEmployee = z.infer<typeof zUpdateEmployee>;

/** docs/api-surface.md decide: "employee fields and role flags". */
export const zDecideEmployee = lazy(() =>
  z
    .object({
      decision: z.enum(["ACCEPTED", "REJECTED"]),
      ...employeeFields,
      /** Employer roles given with the acceptance (an employer admin's call only). */
      roles: z.array(z.enum(GRANTABLE_EMPLOYER_ROLES)).max(GRANTABLE_EMPLOYER_ROLES.length).optional(),
      /** Said to the person in the rejection mail. */
      reason: z.union([zMultiLineText({ max: 1000 }), z.null()]).optional(),
    })
    .superRefine(checkEmploymentDates),
);
export type TDecideEmployee = z.infer<typeof zDecideEmployee>;

export const zCreateEmployee = lazy(() =>
  z
    .object({
      companyId: z.uuid(),
      firstName: zSingleLineText({ min: 1, max: 100 }),
      lastName: zSingleLineText({ min: 1, max: 100 }),
      workEmail: zEmailAddress,
      /** Normalised by the docs/product.md "Field rules" rule; empty string or null: none. */
      phoneNumber: z.string().max(40).nullable().optional(),
      /** The language of the invitation mail and the account. */
      language: z.enum(LANGUAGES).default("fi"),
      ...employeeFields,
    })
    .superRefine(checkEmploymentDates),
);
export type TCreateEmployee = z.infer<typeof zCreateEmployee>;

export const zAbsenceInput = lazy(() =>
  z
    .object({
      reason: z.enum(ABSENCE_REASONS),
      /** Required with OTHER ("Muu, mikä"). */
      reasonOther: z.union([zSingleLineText({ min: 1, max: 200 }), z.null()]).optional(),
      startDate: zPlausibleDate("ABSENCE"),
      /** Null or left out: the return date is not known yet. */
      endDate: zPlausibleDate("ABSENCE").nullable().optional(),
      note: z.union([zMultiLineText({ max: 1000 }), z.null()]).optional(),
    })
    .superRefine((value, ctx) => {
      if (value.reason === "OTHER" && !value.reasonOther) {
        ctx.addIssue({ code: "custom", path: ["reasonOther"], message: "Say what the absence is" });
      }
      if (value.endDate && value.endDate < value.startDate) {
        ctx.addIssue({ code: "custom", path: ["endDate"], message: "The end cannot be before the start" });
      }
    }),
);
export type TAbsenceInput = z.infer<typeof zAbsenceInput>;

export const zAbsences = lazy(() => z.object({ absences: z.array(zAbsence) }));

const zEmployeeFilterOptionsQuery = lazy(() => z.object({ companyId: z.uuid().optional() }));

/** What the manage list's 'Kaikki' filters can narrow to: the values in use in the caller's companies. */
const zEmployeeFilterOptions = lazy(() =>
  z.object({
    costUnits: z.array(z.string()),
    payRollOthers: z.array(z.string()),
    units: z.array(z.object({ unitId: z.uuid(), unitName: z.string(), companyId: z.uuid() })),
  }),
);
export type TEmployeeFilterOptions = z.infer<typeof zEmployeeFilterOptions>;

export const employeesApi = lazy(() => ({
  exportFile: endpoint({
    method: "GET",
    path: "/beneficiary-employee/export",
    summary: "The filtered employee list as a CSV (Finnish Excel) or XLSX file, every matching row",
    query: zEmployeesExportQuery,
    answer: "file",
    response: zFileAnswer,
    errors: [400, 401, 403, 404],
  }),
  list: endpoint({
    method: "GET",
    path: "/beneficiary-employee/employeesOptimizedList",
    summary: "The employees of the caller's companies, filtered and paged in SQL, newest first",
    query: zEmployeesListQuery,
    response: zEmployeesPage,
    errors: [400, 401, 403, 404],
  }),
  ofCompany: endpoint({
    method: "GET",
    path: "/beneficiary-employee/companies/:id/employees",
    summary: "The employees of one of the caller's companies, paged, newest first",
    params: zCompanyIdParams,
    query: zCompanyEmployeesQuery,
    response: zEmployeesPage,
    errors: [400, 401, 403, 404],
  }),
  withAllData: endpoint({
    method: "GET",
    path: "/beneficiary-employee/employeesWithAllDataOnly",
    summary:
      "Accepted employees with complete payroll data (employee number and cost unit); minimalData=true: names only",
    query: zEmployeesWithAllDataQuery,
    response: zEmployeesWithAllDataResponse,
    errors: [400, 401, 403, 404],
  }),
  withOrders: endpoint({
    method: "GET",
    path: "/employeesWithOrders",
    summary: "The employees of the caller's companies that have at least one order, with their orders",
    query: zEmployeesWithOrdersQuery,
    response: zEmployeesPage,
    errors: [400, 401, 403, 404],
  }),
  filterOptions: endpoint({
    method: "GET",
    path: "/beneficiary-employee/filter-options",
    summary: "The cost units, payroll groups and units the employee list's filters offer",
    query: zEmployeeFilterOptionsQuery,
    response: zEmployeeFilterOptions,
    errors: [400, 401, 403, 404],
  }),
  details: endpoint({
    method: "GET",
    path: "/beneficiary-employee/details/:id",
    summary: "One employee with their orders and absences",
    params: zEmployeeIdParams,
    response: zEmployeeDetails,
    errors: [400, 401, 403, 404],
  }),
  create: endpoint({
    method: "POST",
    path: "/beneficiary-employee/create",
    summary:
      "Add an employee to one of the caller's companies (accepted at once); a new address gets an account and a set-password mail",
    body: zCreateEmployee,
    status: 201,
    // A person who already has an account and is not yet the company's own is invited instead.
    response: z.union([zEmployee, zCompanyInvitation]),
    errors: [400, 401, 403, 404, 409],
  }),
  update: endpoint({
    method: "POST",
    path: "/beneficiary-employee/:id/update",
    summary: "Change an employee's payroll fields, last working day, max price, note or names",
    params: zEmployeeIdParams,
    body: zUpdateEmployee,
    response: zEmployee,
    errors: [400, 401, 403, 404, 409],
  }),
  decide: endpoint({
    method: "POST",
    path: "/beneficiary-employee/:id/decide",
    summary:
      "Accept or reject a joining request with the employee's fields and role flags; 409 EMPLOYEE_ALREADY_DECIDED",
    params: zEmployeeIdParams,
    body: zDecideEmployee,
    response: zEmployee,
    errors: [400, 401, 403, 404, 409],
  }),
  absences: endpoint({
    method: "GET",
    path: "/beneficiary-employee/:id/absences",
    summary: "An employee's absences, latest first",
    params: zEmployeeIdParams,
    response: zAbsences,
    errors: [400, 401, 403, 404],
  }),
  addAbsence: endpoint({
    method: "POST",
    path: "/beneficiary-employee/:id/absences",
    summary: "Record an absence (Sairasloma, Vanhempainvapaa, Muu); 409 ABSENCE_OVERLAPS",
    params: zEmployeeIdParams,
    body: zAbsenceInput,
    status: 201,
    response: zAbsence,
    errors: [400, 401, 403, 404, 409],
  }),
  updateAbsence: endpoint({
    method: "PUT",
    path: "/beneficiary-employee/:id/absences/:absenceId",
    summary: "Change an absence (its end once the return date is known); 409 ABSENCE_OVERLAPS",
    params: zAbsenceParams,
    body: zAbsenceInput,
    response: zAbsence,
    errors: [400, 401, 403, 404, 409],
  }),
  removeAbsence: endpoint({
    method: "DELETE",
    path: "/beneficiary-employee/:id/absences/:absenceId",
    summary: "Remove an absence recorded by mistake",
    params: zAbsenceParams,
    response: zMessage,
    errors: [400, 401, 403, 404],
  }),
}));
