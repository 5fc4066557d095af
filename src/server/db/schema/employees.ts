import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { DEFAULT_LAST_WORKING_DAY } from "../../../domain/dates.ts";
import { id, timestamps, timestamptz } from "../columns.ts";
import { companies, companyUnits } from "./companies.ts";
import { absenceReason, employeeStatus } from "./enums.ts";
import { users } from "./users.ts";

/**
 * A beneficiary employee (beneficiaryEmployeeId): a user's employment in one company, with the
 * employer's payroll data. The employer accepts or rejects the joining request.
 */
export const beneficiaryEmployees = pgTable(
  "beneficiary_employees",
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    unitId: uuid().references(() => companyUnits.id, { onDelete: "set null" }),
    costUnit: text(),
    employeeNumber: text(),
    /** Free payroll grouping ("payroll other"), one of the employer list's filters. */
    payRollOther: text(),
    /** Default 01.01.2999 (SPEC §4) when no last working day is given. */
    lastWorkingDayDate: date({ mode: "string" }).notNull().default(DEFAULT_LAST_WORKING_DAY),
    jobTrialPeriodEndDate: date({ mode: "string" }),
    status: employeeStatus().notNull().default("PENDING"),
    employerNote: text(),
    /** Employee-specific max price of a bike package; null = the company's. */
    maxPriceCents: integer(),
    absenceReason: absenceReason(),
    /** The text of "Muu, mikä" (OTHER). */
    absenceReasonOther: text(),
    absenceStartDate: date({ mode: "string" }),
    absenceEndDate: date({ mode: "string" }),
    decidedAt: timestamptz(),
    decidedByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("beneficiary_employees_user_company_unique").on(t.userId, t.companyId),
    index("beneficiary_employees_company_status_idx").on(t.companyId, t.status, t.createdAt),
    index("beneficiary_employees_company_cost_unit_idx").on(t.companyId, t.costUnit),
    index("beneficiary_employees_company_employee_number_idx").on(t.companyId, t.employeeNumber),
    index("beneficiary_employees_unit_idx").on(t.unitId),
    check(
      "beneficiary_employees_max_price_check",
      sql`${t.maxPriceCents} is null or ${t.maxPriceCents} >= 0`,
    ),
    check(
      "beneficiary_employees_absence_dates_check",
      sql`${t.absenceEndDate} is null or ${t.absenceStartDate} is null or ${t.absenceEndDate} >= ${t.absenceStartDate}`,
    ),
  ],
);
