import { and, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type {
  TCompanyEmployeesQuery,
  TEmployeesListQuery,
  TEmployeesWithAllDataQuery,
} from "../../../contract/employee-list-queries.ts";
import type {
  TAbsence,
  TEmployee,
  TEmployeeDetails,
  TEmployeeFilterOptions,
  TEmployeeMinimal,
  TEmployeesPage,
} from "../../../contract/employees.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import type { Db } from "../../db/client.ts";
import { lockRows } from "../../db/lock-order.ts";
import {
  beneficiaryEmployees,
  companies,
  companyUnits,
  employeeAbsences,
  systemUsers,
  users,
} from "../../db/schema/index.ts";
import { notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { companyScopeWhere, ensureCompanyInScope, keptRowCount } from "../auth/tenancy.ts";
import {
  completePayrollDataWhere,
  employeeFilters,
  employeeFiltersWhere,
  employeesByIds,
  NEWEST_FIRST,
  readEmployeePage,
  toAbsence,
} from "./list.ts";

/**
 * The employer's reads of employees: the lists, one employee, the filter options and absences. Every
 * read is scoped to the caller's companies (docs/architecture.md): another tenant's employee is a 404.
 */

const be = beneficiaryEmployees;
/** A filter offers at most this many values (the unnamed limit 500 of docs/product.md "Constants"). */
const FILTER_OPTIONS_MAX = 500;

/** Helsinki's calendar date today: "ended", "absent today" are Finnish days. */
export const helsinkiToday = () => toHelsinkiDateString(new Date());

/**
 * The employee row when it is in the viewer's companies; 404 otherwise (whichever it is). `lock` takes
 * the row lock a change holds until its commit.
 */
export async function employeeInScope(db: Db, viewer: Pick<CurrentUser, "scope">, id: string, lock = false) {
  const query = db
    .select()
    .from(be)
    .where(and(eq(be.id, id), companyScopeWhere(viewer, be.companyId)));
  const [row] = lock ? await lockRows(db, "employee", query.for("update")) : await query;
  if (!row) throw notFound("Employee");
  return row;
}

/** One employee as the lists show it. */
export async function employeeById(db: Db, id: string): Promise<TEmployee> {
  const [employee] = await employeesByIds(db, [id], helsinkiToday());
  if (!employee) throw notFound("Employee");
  return employee;
}

/** The company's name for a mail ("" when it is gone). */
export async function companyName(db: Db, companyId: string): Promise<string> {
  const [company] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  return company?.name ?? "";
}

/** The person a mail goes to: their address, language and first name. */
export async function mailRecipient(db: Db, userId: string) {
  const [person] = await db
    .select({ email: users.email, language: users.language, firstName: systemUsers.firstName })
    .from(users)
    .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
    .where(eq(users.id, userId));
  return person;
}

/** The manage list: filtered and paged in SQL, newest first. */
export async function listEmployees(
  db: Db,
  viewer: CurrentUser,
  query: TEmployeesListQuery,
): Promise<TEmployeesPage> {
  const today = helsinkiToday();
  const { where, onlyCompanies, searched } = employeeFilters(viewer, query, today);
  return readEmployeePage(db, where, query, (ids) => employeesByIds(db, ids, today), {
    searched,
    ...(onlyCompanies ? { counted: keptRowCount(viewer, be, query.companyId) } : {}),
  });
}

/** Every employee of one live company in the viewer's scope (404 for another or a deleted company). */
export async function employeesOfCompany(
  db: Db,
  viewer: CurrentUser,
  companyId: string,
  query: TCompanyEmployeesQuery,
): Promise<TEmployeesPage> {
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, companyId), isNull(companies.deletedAt)));
  ensureCompanyInScope(viewer, companyId, "Company");
  if (!company) throw notFound("Company");
  return listEmployees(db, viewer, { ...query, companyId, filterType: "ALL" });
}

/** The employees whose payroll data is complete; `minimalData` answers names and numbers only. */
export async function employeesWithAllData(db: Db, viewer: CurrentUser, query: TEmployeesWithAllDataQuery) {
  const today = helsinkiToday();
  const where = and(
    employeeFiltersWhere(viewer, { companyId: query.companyId, search: query.search }, today),
    completePayrollDataWhere,
  );
  const how = { searched: !!query.search };
  if (!query.minimalData) {
    return readEmployeePage(db, where, query, (ids) => employeesByIds(db, ids, today), how);
  }
  return readEmployeePage(
    db,
    where,
    query,
    async (ids): Promise<TEmployeeMinimal[]> =>
      ids.length === 0
        ? []
        : db
            .select({
              beneficiaryEmployeeId: be.id,
              companyId: be.companyId,
              firstName: systemUsers.firstName,
              lastName: systemUsers.lastName,
              employeeNumber: be.employeeNumber,
            })
            .from(be)
            .innerJoin(systemUsers, eq(systemUsers.userId, be.userId))
            .where(inArray(be.id, ids))
            .orderBy(...NEWEST_FIRST),
    how,
  );
}

/** The distinct cost units and payroll groups in use, and the units, of the viewer's companies. */
export async function employeeFilterOptions(
  db: Db,
  viewer: CurrentUser,
  companyId?: string,
): Promise<TEmployeeFilterOptions> {
  if (companyId) ensureCompanyInScope(viewer, companyId, "Company");
  const scope = and(
    companyScopeWhere(viewer, be.companyId),
    companyId ? eq(be.companyId, companyId) : undefined,
  );
  const [costUnits, payRollOthers, units] = await Promise.all([
    db
      .selectDistinct({ value: be.costUnit })
      .from(be)
      .where(and(scope, isNotNull(be.costUnit)))
      .orderBy(be.costUnit)
      .limit(FILTER_OPTIONS_MAX),
    db
      .selectDistinct({ value: be.payRollOther })
      .from(be)
      .where(and(scope, isNotNull(be.payRollOther)))
      .orderBy(be.payRollOther)
      .limit(FILTER_OPTIONS_MAX),
    db
      .select({
        unitId: companyUnits.id,
        unitName: companyUnits.unitName,
        companyId: companyUnits.companyId,
      })
      .from(companyUnits)
      .where(
        and(
          companyScopeWhere(viewer, companyUnits.companyId),
          companyId ? eq(companyUnits.companyId, companyId) : undefined,
        ),
      )
      .orderBy(companyUnits.unitName)
      .limit(FILTER_OPTIONS_MAX),
  ]);
  return {
    costUnits: costUnits.map((r) => r.value as string),
    payRollOthers: payRollOthers.map((r) => r.value as string),
    units,
  };
}

/** The employee's page: the list row with every absence, newest first. */
export async function employeeDetails(db: Db, viewer: CurrentUser, id: string): Promise<TEmployeeDetails> {
  await employeeInScope(db, viewer, id);
  const absences = await db
    .select()
    .from(employeeAbsences)
    .where(eq(employeeAbsences.beneficiaryEmployeeId, id))
    .orderBy(sql`${employeeAbsences.startDate} desc`);
  return { ...(await employeeById(db, id)), absences: absences.map(toAbsence) };
}

/** The employee's absences, newest first (404 outside the viewer's companies). */
export async function absencesOf(
  db: Db,
  viewer: CurrentUser,
  employeeId: string,
): Promise<{ absences: TAbsence[] }> {
  const [employee] = await db
    .select({ id: be.id })
    .from(be)
    .where(and(eq(be.id, employeeId), companyScopeWhere(viewer, be.companyId)));
  if (!employee) throw notFound("Employee");
  const rows = await db
    .select()
    .from(employeeAbsences)
    .where(eq(employeeAbsences.beneficiaryEmployeeId, employeeId))
    .orderBy(desc(employeeAbsences.startDate));
  return { absences: rows.map(toAbsence) };
}
