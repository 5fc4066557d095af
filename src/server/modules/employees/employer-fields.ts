import { and, eq, inArray } from "drizzle-orm";
import type { TUpdateEmployee } from "../../../contract/employees.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { lastWorkingDayOrDefault } from "../../../domain/employees.ts";
import { employmentDateIssues } from "../../../domain/employment-dates.ts";
import { eurosToCents } from "../../../domain/money.ts";
import { textOrNull } from "../../../domain/text.ts";
import type { Db } from "../../db/client.ts";
import { beneficiaryEmployees, companyUnits, roles } from "../../db/schema/index.ts";
import { badRequest } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";

/**
 * What the employer's writes of an employee share: who writes, the employer's fields as columns, the
 * unit check and the changed field names the event log lists.
 */

/**
 * Who adds an employee or changes their fields: the employer's user, or the company's identity
 * provider through SCIM, which is no user (null, as the daily jobs) and reaches only the one company
 * its token belongs to.
 */
export type EmployeeWriter = { userId: string | null; user: Pick<CurrentUser, "scope"> };

const be = beneficiaryEmployees;

/** The employer's fields of a create, update or decide body, as columns (only those given). */
export function employerFieldValues(input: Partial<TUpdateEmployee>) {
  const values: Partial<typeof be.$inferInsert> = {};
  if (input.costUnit !== undefined) values.costUnit = textOrNull(input.costUnit);
  if (input.unitId !== undefined) values.unitId = input.unitId;
  if (input.employeeNumber !== undefined) values.employeeNumber = textOrNull(input.employeeNumber);
  if (input.payRollOther !== undefined) values.payRollOther = textOrNull(input.payRollOther);
  // docs/product.md "States": no last working day given means 01.01.2999.
  if (input.lastWorkingDayDate !== undefined) {
    values.lastWorkingDayDate = lastWorkingDayOrDefault(input.lastWorkingDayDate);
  }
  if (input.jobTrialPeriodEndDate !== undefined) values.jobTrialPeriodEndDate = input.jobTrialPeriodEndDate;
  if (input.maxPrice !== undefined) {
    values.maxPriceCents = input.maxPrice === null ? null : eurosToCents(input.maxPrice);
  }
  if (input.employerNote !== undefined) values.employerNote = textOrNull(input.employerNote);
  return values;
}

/**
 * The dates of a create, update or decide body against the day the person joined
 * (src/domain/employment-dates.ts): the contract checks the body's dates against each other, this adds
 * the day joined, which only the row knows. A date the body leaves out keeps its stored value; an
 * issue is refused only when the body gives one of its dates. 400 at the field, with the rule and its
 * limit for the form's words.
 */
export function ensureEmploymentDates(
  joinedAt: Date,
  stored: { jobTrialPeriodEndDate: string | null; lastWorkingDayDate: string } | null,
  input: Pick<Partial<TUpdateEmployee>, "jobTrialPeriodEndDate" | "lastWorkingDayDate">,
) {
  const dates = {
    joinedOn: toHelsinkiDateString(joinedAt),
    jobTrialPeriodEndDate:
      input.jobTrialPeriodEndDate !== undefined ? input.jobTrialPeriodEndDate : stored?.jobTrialPeriodEndDate,
    lastWorkingDayDate:
      input.lastWorkingDayDate !== undefined ? input.lastWorkingDayDate : stored?.lastWorkingDayDate,
  };
  const given = (field: string) => input[field as keyof typeof input] !== undefined;
  const refused = employmentDateIssues(dates).filter(
    (issue) =>
      given(issue.field) || (issue.rule === "LAST_DAY_BEFORE_TRIAL_END" && given("jobTrialPeriodEndDate")),
  );
  if (refused.length === 0) return;
  throw badRequest(
    "The employee's dates are not in order",
    refused.map((issue) => ({
      field: `body.${issue.field}`,
      message: `Must not be before ${issue.limit}`,
      issue: { code: "custom", params: { rule: issue.rule, limit: issue.limit } },
    })),
  );
}

/** A unit must be one of the employee's company's units (else 400 at the field). */
export async function ensureUnitOfCompany(
  db: Db,
  unitId: string | null | undefined,
  companyId: string,
  field: string,
) {
  if (!unitId) return;
  const [unit] = await db
    .select({ id: companyUnits.id })
    .from(companyUnits)
    .where(and(eq(companyUnits.id, unitId), eq(companyUnits.companyId, companyId)));
  if (!unit) throw badRequest("Not a unit of the company", [{ field, message: "Not a unit of the company" }]);
}

/** The changed employer fields by name, for the event log (values are not logged: payroll data). */
export function changedFields(
  before: typeof be.$inferSelect,
  after: Partial<typeof be.$inferInsert>,
): string[] {
  return Object.entries(after)
    .filter(([key, value]) => before[key as keyof typeof before] !== value)
    .map(([key]) => key);
}

/** The ids of the named roles. */
export async function roleIds(db: Db, names: readonly string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(inArray(roles.name, [...names]));
  return new Map(rows.map((r) => [r.name, r.id]));
}
