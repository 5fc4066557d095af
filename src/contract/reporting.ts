import { z } from "zod";
import { ABSENCE_REASONS, LANGUAGES, ORDER_STATUSES } from "../domain/enums.ts";
import { isPeriod } from "../domain/payroll/period.ts";
import {
  INCOME_TYPE_COMPENSATION,
  INCOME_TYPE_TAX_FREE,
  INCOME_TYPE_TAXABLE,
  PAYROLL_COMPARED_FLAGS,
  PAYROLL_MONEY_FIELDS,
} from "../domain/payroll/types.ts";
import { EXPORT_FORMATS } from "./employee-list-queries.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zFileAnswer } from "./uploads.ts";

/**
 * The employer's reporting (/raportointi; ADR 008): the monthly payroll report and the
 * dashboard of the company's benefit. reports.read (the employer admin, the group admin, reporting and
 * the admin tier; not the editor); one company of the caller's at a time (another tenant's: 404).
 *
 * - GET /api/reporting/payroll?companyId&period=YYYY-MM → `zPayrollReportResponse`: the rows and totals
 *   of src/domain/payroll (ADR 008), each row marked against last month: the report as it was mailed to
 *   the payroll recipients (`comparedWith.source` SENT), else last month computed now (COMPUTED).
 * - GET /api/reporting/payroll/export?companyId&period&format=csv|xlsx&language → the same report as a
 *   file (CSV for Finnish Excel, or XLSX).
 * - GET /api/reporting/dashboard?companyId → `zReportingDashboard`.
 */

/**
 * A pay month, YYYY-MM (2000–2999): the report looks 61 months back, which from a month of the years
 * 0000–0007 would reach before year 0.
 */
const zPeriod = lazy(() =>
  z
    .string()
    .refine(
      (value) => isPeriod(value) && value >= "2000-01" && value <= "2999-12",
      "A month as YYYY-MM, from 2000-01 to 2999-12",
    ),
);

const zPayrollReportQuery = lazy(() =>
  z.object({
    companyId: z.uuid(),
    /** The current Helsinki month when left out. */
    period: zPeriod.optional(),
  }),
);
export type TPayrollReportQuery = z.infer<typeof zPayrollReportQuery>;

export const zPayrollExportQuery = lazy(() =>
  zPayrollReportQuery.extend({
    format: z.enum(EXPORT_FORMATS).default("csv"),
    language: z.enum(LANGUAGES).optional(),
  }),
);
export type TPayrollExportQuery = z.infer<typeof zPayrollExportQuery>;

const zIncomeType = lazy(() =>
  z.union([
    z.literal(INCOME_TYPE_TAX_FREE),
    z.literal(INCOME_TYPE_TAXABLE),
    z.literal(INCOME_TYPE_COMPENSATION),
  ]),
);

const zOneOffItem = lazy(() =>
  z.object({
    kind: z.enum(["OWN_SHARE", "REDEMPTION", "RETURN_FEE", "DEDUCTIBLE", "OTHER", "CATCH_UP"]),
    description: z.string().nullable(),
    amountCents: z.int(),
    incomeType: z.literal(INCOME_TYPE_COMPENSATION).nullable(),
    deduction: z.enum(["GROSS", "NET"]),
    deferredPeriods: z.array(z.string()),
  }),
);

const zAbsenceFlag = lazy(() =>
  z.object({
    reason: z.enum(ABSENCE_REASONS),
    reasonOther: z.string().nullable(),
    startDate: z.string(),
    endDate: z.string().nullable(),
    effect: z.enum(["DEDUCTION_CONTINUES", "DEDUCTION_DEFERRED"]),
    long: z.boolean(),
    coversMonth: z.boolean(),
  }),
);

const cents = lazy(() => z.int());
const moneyFields = Object.fromEntries(PAYROLL_MONEY_FIELDS.map((field) => [field, cents])) as Record<
  (typeof PAYROLL_MONEY_FIELDS)[number],
  typeof cents
>;

/** src/domain/payroll's PayrollRow. */
const zPayrollRow = lazy(() =>
  z.object({
    key: z.string(),
    leaseId: z.uuid().nullable(),
    orderId: z.uuid().nullable(),
    orderNumber: z.int().nullable(),
    beneficiaryEmployeeId: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    employeeNumber: z.string().nullable(),
    costUnit: z.string().nullable(),
    payRollOther: z.string().nullable(),
    unitName: z.string().nullable(),
    companyId: z.uuid(),
    companyName: z.string(),
    regime: z.enum(["GRANDFATHERED", "EXEMPT_2025_ONLY", "TAXABLE"]).nullable(),
    taxFreeUntil: z.string().nullable(),
    leaseFromPeriod: z.string().nullable(),
    leaseToPeriod: z.string().nullable(),
    leaseRunning: z.boolean(),
    ...moneyFields,
    oneOffs: z.array(zOneOffItem),
    absence: zAbsenceFlag.nullable(),
    withoutPay: z.boolean(),
    employmentEndsOn: z.string().nullable(),
    firstMonth: z.boolean(),
    lastMonth: z.boolean(),
    change: z.enum(["NEW", "CHANGED", "UNCHANGED", "ENDED"]).nullable(),
    changedFields: z.array(z.enum([...PAYROLL_MONEY_FIELDS, ...PAYROLL_COMPARED_FLAGS])),
  }),
);
export type TPayrollRow = z.infer<typeof zPayrollRow>;

const zPayrollTotals = lazy(() =>
  z.object({
    ...moneyFields,
    rowCount: z.int(),
    employeeCount: z.int(),
    incomeTypes: z.array(z.object({ incomeType: zIncomeType, amountCents: cents })),
  }),
);
export type TPayrollTotals = z.infer<typeof zPayrollTotals>;

export const zPayrollReportResponse = lazy(() =>
  z.object({
    company: z.object({ id: z.uuid(), name: z.string() }),
    period: z.string(),
    rows: z.array(zPayrollRow),
    totals: zPayrollTotals,
    /** What the changes are marked against. */
    comparedWith: z.object({
      period: z.string(),
      source: z.enum(["SENT", "COMPUTED"]),
      /** When last month's report was mailed (SENT only). */
      sentAt: z.iso.datetime().nullable(),
    }),
    /** When this month's report was mailed to the payroll recipients, if it was. */
    sentAt: z.iso.datetime().nullable(),
    /** Accepted employees of the company without an employee number or a cost unit. */
    employeesMissingPayrollData: z.int(),
  }),
);
export type TPayrollReportResponse = z.infer<typeof zPayrollReportResponse>;

const zDashboardQuery = lazy(() => z.object({ companyId: z.uuid() }));

/** One month of the dashboard's series. */
const zDashboardMonth = lazy(() =>
  z.object({
    period: z.string(),
    /** Leases running in the month. */
    activeLeases: z.int(),
    /** The sum of their monthly payments: what the benefit costs the month, incl. VAT. */
    leaseCostCents: cents,
  }),
);

export const zReportingDashboard = lazy(() =>
  z.object({
    company: z.object({ id: z.uuid(), name: z.string() }),
    employees: z.object({
      accepted: z.int(),
      pending: z.int(),
      /** Accepted employees with a lease running this month. */
      withActiveLease: z.int(),
    }),
    /** Leases running this month and their monthly payments. */
    activeLeases: z.int(),
    monthlyCostCents: cents,
    /** The last 12 months, oldest first, ending with the current one. */
    months: z.array(zDashboardMonth),
    ordersByStatus: z.array(z.object({ orderStatus: z.enum(ORDER_STATUSES), count: z.int() })),
    /** The running leases by tax regime (ADR 008). */
    leasesByRegime: z.object({
      GRANDFATHERED: z.int(),
      EXEMPT_2025_ONLY: z.int(),
      TAXABLE: z.int(),
    }),
    /** The benefit's tax-free part (363) this calendar year up to this month: the employees' saving. */
    taxFreeThisYearCents: cents,
    /** Leases whose term's last month is within the next three months (with or without a redemption case). */
    leasesEndingSoon: z.int(),
    /**
     * The lease ends open now, as the redemption list (Pyörät) shows them with status open, and how many
     * of them are past their decision deadline (overdue): openRedemptionCounts, one count for both views.
     */
    openLeaseEnds: z.object({ open: z.int(), overdue: z.int() }),
  }),
);
export type TReportingDashboard = z.infer<typeof zReportingDashboard>;

/** The calls of /raportointi; the payroll report's file is a download the web opens by its address. */
export const reportingApi = lazy(() => ({
  payrollExport: endpoint({
    method: "GET",
    path: "/reporting/payroll/export",
    summary: "The month's payroll report as a CSV (Finnish Excel) or XLSX file",
    query: zPayrollExportQuery,
    answer: "file",
    response: zFileAnswer,
    errors: [400, 401, 403, 404],
  }),
  payroll: endpoint({
    method: "GET",
    path: "/reporting/payroll",
    summary:
      "The month's payroll report of a company (gross-salary deductions, income types 363, 364, 420, one-off items), marked against last month's",
    query: zPayrollReportQuery,
    response: zPayrollReportResponse,
    errors: [400, 401, 403, 404],
  }),
  dashboard: endpoint({
    method: "GET",
    path: "/reporting/dashboard",
    summary:
      "The company's benefit at a glance: leases, orders by status, monthly cost, the tax-free part this year",
    query: zDashboardQuery,
    response: zReportingDashboard,
    errors: [400, 401, 403, 404],
  }),
}));
