import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type {
  TCompanyEmployeesQuery,
  TCreateEmployee,
  TDecideEmployee,
  TEmployee,
  TEmployeeDetails,
  TEmployeeFilterOptions,
  TEmployeeMinimal,
  TEmployeesExportQuery,
  TEmployeesListQuery,
  TEmployeesPage,
  TEmployeesWithAllDataQuery,
  TEmployeesWithOrdersQuery,
  TUpdateEmployee,
} from "../../../contract/employees.ts";
import { PASSWORD_RESET_SECONDS } from "../../../domain/auth-rules.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import {
  canDecide,
  type GrantableEmployerRole,
  hasEmploymentEnd,
  lastWorkingDayOrDefault,
  mayGrantEmployerRolesIn,
} from "../../../domain/employees.ts";
import { eurosToCents } from "../../../domain/money.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/postgres-errors.ts";
import {
  beneficiaryEmployees,
  companies,
  companyUnits,
  employeeAbsences,
  eventLog,
  roles,
  systemUsers,
  userRoles,
  users,
} from "../../db/schema/index.ts";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../errors.ts";
import {
  employeeAcceptedMail,
  employeeInvitationMail,
  employeeRejectedMail,
} from "../../messaging/employee-mails.ts";
import { createPasswordToken } from "../auth/password-tokens.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { companyScopeWhere, ensureCompanyInScope } from "../auth/tenancy.ts";
import { validPhoneNumber } from "../registration/field-rules.ts";
import { EMAIL_TAKEN_MESSAGE } from "../system-users/contact-change.ts";
import { exportEmployees } from "./export.ts";
import {
  completePayrollDataWhere,
  employeeFiltersWhere,
  employeesByIds,
  NEWEST_FIRST,
  pageOfEmployeeIds,
  toAbsence,
} from "./list.ts";

/**
 * The employer's employees (SPEC §7 "Orders and employees", §4 accept/reject): lists, details, adding
 * an employee, the employer's fields, the decision on a joining request. Every read and write is
 * scoped to the caller's companies (DESIGN.md §5): another tenant's employee is a 404. Each change is
 * event-logged with its actor in the change's transaction.
 */

type Log = Pick<FastifyBaseLogger, "error">;

const be = beneficiaryEmployees;
/** A filter offers at most this many values (SPEC §9's unnamed limit 500). */
const FILTER_OPTIONS_MAX = 500;

/** Helsinki's calendar date today: "ended", "absent today" are Finnish days. */
export const helsinkiToday = () => toHelsinkiDateString(new Date());

function employeesPage(
  employees: TEmployee[],
  total: number,
  page: number,
  pageSize: number,
): TEmployeesPage {
  return { employees, currentPage: page, totalPages: Math.ceil(total / pageSize), totalCount: total };
}

const employeeExists = () =>
  new AppError(409, "EMPLOYEE_EXISTS", "This person is already an employee of the company");
const alreadyDecided = () =>
  new AppError(409, "EMPLOYEE_ALREADY_DECIDED", "This joining request has already been decided");

/** Empty text means none: optional texts are stored as null. */
const textOrNull = (value: string | null | undefined) => (value ? value : null);

/** The employer's fields of a create, update or decide body, as columns (only those given). */
function employerFieldValues(input: Partial<TUpdateEmployee>) {
  const values: Partial<typeof be.$inferInsert> = {};
  if (input.costUnit !== undefined) values.costUnit = textOrNull(input.costUnit);
  if (input.unitId !== undefined) values.unitId = input.unitId;
  if (input.employeeNumber !== undefined) values.employeeNumber = textOrNull(input.employeeNumber);
  if (input.payRollOther !== undefined) values.payRollOther = textOrNull(input.payRollOther);
  // SPEC §4: no last working day given means 01.01.2999.
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

/** A unit must be one of the employee's company's units (else 400 at the field). */
async function ensureUnitOfCompany(
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
function changedFields(before: typeof be.$inferSelect, after: Partial<typeof be.$inferInsert>): string[] {
  return Object.entries(after)
    .filter(([key, value]) => before[key as keyof typeof before] !== value)
    .map(([key]) => key);
}

export function createEmployeesService(ctx: AppContext) {
  const { db } = ctx.database;
  const loginUrl = `${ctx.config.publicUrl}/kirjaudu`;

  /** The employee row when it is in the caller's companies; 404 otherwise (whichever it is). */
  async function employeeInScope(viewer: CurrentUser, id: string, tx: Db = db, lock = false) {
    const query = tx
      .select()
      .from(be)
      .where(and(eq(be.id, id), companyScopeWhere(viewer, be.companyId)));
    const [row] = lock ? await query.for("update") : await query;
    if (!row) throw notFound("Employee");
    return row;
  }

  async function one(id: string): Promise<TEmployee> {
    const [employee] = await employeesByIds(db, [id], helsinkiToday());
    if (!employee) throw notFound("Employee");
    return employee;
  }

  async function roleIds(tx: Db, names: readonly string[]): Promise<Map<string, string>> {
    const rows = await tx
      .select({ id: roles.id, name: roles.name })
      .from(roles)
      .where(inArray(roles.name, [...names]));
    return new Map(rows.map((r) => [r.name, r.id]));
  }

  async function companyName(companyId: string): Promise<string> {
    const [company] = await db
      .select({ name: companies.name })
      .from(companies)
      .where(eq(companies.id, companyId));
    return company?.name ?? "";
  }

  return {
    async list(viewer: CurrentUser, query: TEmployeesListQuery): Promise<TEmployeesPage> {
      const today = helsinkiToday();
      const where = employeeFiltersWhere(viewer, query, today);
      const { ids, total } = await pageOfEmployeeIds(db, where, query);
      return employeesPage(await employeesByIds(db, ids, today), total, query.page, query.pageSize);
    },

    async ofCompany(viewer: CurrentUser, companyId: string, query: TCompanyEmployeesQuery) {
      const [company] = await db
        .select({ id: companies.id })
        .from(companies)
        .where(and(eq(companies.id, companyId), isNull(companies.deletedAt)));
      ensureCompanyInScope(viewer, companyId, "Company");
      if (!company) throw notFound("Company");
      return this.list(viewer, { ...query, companyId, filterType: "ALL" });
    },

    async withOrders(viewer: CurrentUser, query: TEmployeesWithOrdersQuery): Promise<TEmployeesPage> {
      return this.list(viewer, { ...query, filterType: "WITH_ORDER" });
    },

    async withAllData(viewer: CurrentUser, query: TEmployeesWithAllDataQuery) {
      const today = helsinkiToday();
      const where = and(
        employeeFiltersWhere(viewer, { companyId: query.companyId, search: query.search }, today),
        completePayrollDataWhere,
      );
      const { ids, total } = await pageOfEmployeeIds(db, where, query);
      if (!query.minimalData) {
        return employeesPage(await employeesByIds(db, ids, today), total, query.page, query.pageSize);
      }
      const rows =
        ids.length === 0
          ? []
          : await db
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
              .orderBy(...NEWEST_FIRST);
      const employees: TEmployeeMinimal[] = rows;
      return {
        employees,
        currentPage: query.page,
        totalPages: Math.ceil(total / query.pageSize),
        totalCount: total,
      };
    },

    /** The distinct cost units and payroll groups in use, and the units, of the caller's companies. */
    async filterOptions(viewer: CurrentUser, companyId?: string): Promise<TEmployeeFilterOptions> {
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
    },

    async details(viewer: CurrentUser, id: string): Promise<TEmployeeDetails> {
      await employeeInScope(viewer, id);
      const absences = await db
        .select()
        .from(employeeAbsences)
        .where(eq(employeeAbsences.beneficiaryEmployeeId, id))
        .orderBy(sql`${employeeAbsences.startDate} desc`);
      return { ...(await one(id)), absences: absences.map(toAbsence) };
    },

    /**
     * Adds an employee to one of the caller's companies: ACCEPTED at once (the employer made them), a
     * BIKE_BENEFICIARY role in the company, and a mail. A new address gets an account and a
     * set-password link; an existing account (an employee of a sister company) gets the employment.
     */
    async create(actor: CurrentUser, input: TCreateEmployee, log: Log): Promise<TEmployee> {
      ensureCompanyInScope(actor, input.companyId, "Company");
      const [company] = await db
        .select({ id: companies.id, name: companies.name })
        .from(companies)
        .where(and(eq(companies.id, input.companyId), isNull(companies.deletedAt)));
      if (!company) throw notFound("Company");
      await ensureUnitOfCompany(db, input.unitId, company.id, "body.unitId");
      const phoneNumber = input.phoneNumber?.trim()
        ? validPhoneNumber(input.phoneNumber, "body.phoneNumber")
        : null;
      const email = input.workEmail;

      let created: { employeeId: string; userId: string; token: string | null };
      try {
        created = await db.transaction(async (txDb) => {
          const tx = txDb as unknown as Db;
          const [existing] = await tx
            .select({ id: users.id })
            .from(users)
            .where(sql`lower(${users.email}) = ${email}`);
          let userId: string;
          let token: string | null = null;
          if (existing) {
            userId = existing.id;
            const admin = await tx
              .select({ id: userRoles.id })
              .from(userRoles)
              .where(and(eq(userRoles.userId, userId), isNull(userRoles.companyId)));
            // An admin-tier account is not made anyone's employee.
            if (admin.length > 0) throw conflict("EMAIL_TAKEN", EMAIL_TAKEN_MESSAGE);
            const [employed] = await tx
              .select({ id: be.id })
              .from(be)
              .where(and(eq(be.userId, userId), eq(be.companyId, company.id)));
            if (employed) throw employeeExists();
          } else {
            const [user] = await tx
              .insert(users)
              .values({ email, phoneNumber, language: input.language })
              .returning({ id: users.id });
            userId = user?.id as string;
            await tx.insert(systemUsers).values({
              userId,
              firstName: input.firstName,
              lastName: input.lastName,
              companyId: company.id,
            });
            await tx.insert(eventLog).values({
              type: "USER_CREATED",
              actorUserId: actor.id,
              companyId: company.id,
              entityType: "user",
              entityId: userId,
              data: { role: "BIKE_BENEFICIARY", source: "employer" },
            });
            token = await createPasswordToken(tx, userId);
          }
          const ids = await roleIds(tx, ["BIKE_BENEFICIARY"]);
          await tx
            .insert(userRoles)
            .values({
              userId,
              roleId: ids.get("BIKE_BENEFICIARY") as string,
              companyId: company.id,
              grantedByUserId: actor.id,
            })
            .onConflictDoNothing();
          const [employee] = await tx
            .insert(be)
            .values({
              userId,
              companyId: company.id,
              status: "ACCEPTED",
              decidedAt: new Date(),
              decidedByUserId: actor.id,
              ...employerFieldValues(input),
              lastWorkingDayDate: lastWorkingDayOrDefault(input.lastWorkingDayDate),
            })
            .returning({ id: be.id });
          const employeeId = employee?.id as string;
          await tx.insert(eventLog).values({
            type: "EMPLOYEE_CREATED",
            actorUserId: actor.id,
            companyId: company.id,
            entityType: "beneficiaryEmployee",
            entityId: employeeId,
            data: { userId, newAccount: token !== null },
          });
          return { employeeId, userId, token };
        });
      } catch (error) {
        // Two adds of the same address at once: the unique indexes decide.
        if (isUniqueViolation(error)) throw employeeExists();
        throw error;
      }

      try {
        const mail = employeeInvitationMail(input.language, {
          name: input.firstName,
          companyName: company.name,
          ...(created.token ? { link: `${ctx.config.publicUrl}/reset/${created.token}` } : {}),
          validHours: PASSWORD_RESET_SECONDS / 3600,
          loginUrl,
        });
        await ctx.messaging.sendMail({ to: email, ...mail });
      } catch (error) {
        log.error({ err: error, userId: created.userId }, "employee invitation mail failed");
      }
      return one(created.employeeId);
    },

    /** The employer's fields and the person's names; fields left out keep their value. */
    async update(actor: CurrentUser, id: string, input: TUpdateEmployee): Promise<TEmployee> {
      await db.transaction(async (txDb) => {
        const tx = txDb as unknown as Db;
        const before = await employeeInScope(actor, id, tx, true);
        await ensureUnitOfCompany(tx, input.unitId, before.companyId, "body.unitId");
        const values = employerFieldValues(input);
        const fields = changedFields(before, values);
        if (Object.keys(values).length > 0) await tx.update(be).set(values).where(eq(be.id, id));
        const names: { firstName?: string; lastName?: string } = {};
        if (input.firstName !== undefined) names.firstName = input.firstName;
        if (input.lastName !== undefined) names.lastName = input.lastName;
        if (Object.keys(names).length > 0) {
          await tx.update(systemUsers).set(names).where(eq(systemUsers.userId, before.userId));
          fields.push(...Object.keys(names));
        }
        if (fields.length === 0) return;
        const ended =
          values.lastWorkingDayDate !== undefined &&
          values.lastWorkingDayDate !== before.lastWorkingDayDate &&
          hasEmploymentEnd(values.lastWorkingDayDate);
        await tx.insert(eventLog).values({
          type: ended ? "EMPLOYMENT_ENDED" : "EMPLOYEE_UPDATED",
          actorUserId: actor.id,
          companyId: before.companyId,
          entityType: "beneficiaryEmployee",
          entityId: id,
          data: ended ? { fields, lastWorkingDayDate: values.lastWorkingDayDate } : { fields },
        });
      });
      return one(id);
    },

    /**
     * SPEC §4: the decision on a joining request, with the employer's fields and role flags; the
     * answer replaces the row in the list. Only a PENDING request is decided (409 after that), and only
     * the company's employer admin (or its group's group admin) hands out employer roles with it.
     */
    async decide(actor: CurrentUser, id: string, input: TDecideEmployee, log: Log): Promise<TEmployee> {
      const granted: GrantableEmployerRole[] =
        input.decision === "ACCEPTED" ? [...new Set(input.roles ?? [])] : [];
      const decided = await db.transaction(async (txDb) => {
        const tx = txDb as unknown as Db;
        const before = await employeeInScope(actor, id, tx, true);
        if (granted.length > 0) {
          const [company] = await tx
            .select({ id: companies.id, groupCompanyId: companies.groupCompanyId })
            .from(companies)
            .where(eq(companies.id, before.companyId));
          const groupOf = (companyId: string) =>
            actor.companies.find((c) => c.id === companyId)?.groupCompanyId;
          if (!company || !mayGrantEmployerRolesIn(actor.userRoles, company, groupOf)) {
            throw forbidden("Only an employer admin of the company may give employer roles");
          }
        }
        if (!canDecide(before.status)) throw alreadyDecided();
        await ensureUnitOfCompany(tx, input.unitId, before.companyId, "body.unitId");
        const fields = input.decision === "ACCEPTED" ? employerFieldValues(input) : {};
        await tx
          .update(be)
          .set({
            ...fields,
            // SPEC §4: accepting without a last working day gives 01.01.2999.
            ...(input.decision === "ACCEPTED"
              ? { lastWorkingDayDate: lastWorkingDayOrDefault(input.lastWorkingDayDate) }
              : {}),
            status: input.decision,
            decidedAt: new Date(),
            decidedByUserId: actor.id,
          })
          .where(eq(be.id, id));
        if (granted.length > 0) {
          const ids = await roleIds(tx, granted);
          await tx
            .insert(userRoles)
            .values(
              granted.map((role) => ({
                userId: before.userId,
                roleId: ids.get(role) as string,
                companyId: before.companyId,
                grantedByUserId: actor.id,
              })),
            )
            .onConflictDoNothing();
          for (const role of granted) {
            await tx.insert(eventLog).values({
              type: "USER_ROLE_ASSIGNED",
              actorUserId: actor.id,
              companyId: before.companyId,
              entityType: "user",
              entityId: before.userId,
              data: { role, companyIds: [before.companyId] },
            });
          }
        }
        if (input.decision === "REJECTED") {
          // A rejected joiner keeps no role in the company (registration gave them BIKE_BENEFICIARY).
          const ids = await roleIds(tx, ["BIKE_BENEFICIARY"]);
          const removed = await tx
            .delete(userRoles)
            .where(
              and(
                eq(userRoles.userId, before.userId),
                eq(userRoles.companyId, before.companyId),
                eq(userRoles.roleId, ids.get("BIKE_BENEFICIARY") as string),
              ),
            )
            .returning({ id: userRoles.id });
          if (removed.length > 0) {
            await tx.insert(eventLog).values({
              type: "USER_ROLE_REMOVED",
              actorUserId: actor.id,
              companyId: before.companyId,
              entityType: "user",
              entityId: before.userId,
              data: { role: "BIKE_BENEFICIARY", companyIds: [before.companyId] },
            });
          }
        }
        await tx.insert(eventLog).values({
          type: input.decision === "ACCEPTED" ? "EMPLOYEE_ACCEPTED" : "EMPLOYEE_REJECTED",
          actorUserId: actor.id,
          companyId: before.companyId,
          entityType: "beneficiaryEmployee",
          entityId: id,
          data: { userId: before.userId, ...(granted.length > 0 ? { roles: granted } : {}) },
        });
        return before;
      });

      try {
        const [person] = await db
          .select({ email: users.email, language: users.language, firstName: systemUsers.firstName })
          .from(users)
          .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
          .where(eq(users.id, decided.userId));
        if (person) {
          const name = await companyName(decided.companyId);
          const mail =
            input.decision === "ACCEPTED"
              ? employeeAcceptedMail(person.language, { name: person.firstName, companyName: name, loginUrl })
              : employeeRejectedMail(person.language, {
                  name: person.firstName,
                  companyName: name,
                  reason: input.reason ?? null,
                });
          await ctx.messaging.sendMail({ to: person.email, ...mail });
        }
      } catch (error) {
        log.error({ err: error, beneficiaryEmployeeId: id }, "employee decision mail failed");
      }
      return one(id);
    },

    /** The filtered list as a CSV or XLSX file in the caller's (or the asked) language. */
    exportFile(viewer: CurrentUser, query: TEmployeesExportQuery, onError: (error: unknown) => void) {
      return exportEmployees(db, viewer, query, helsinkiToday(), query.language ?? viewer.language, onError);
    },
  };
}
export type EmployeesService = ReturnType<typeof createEmployeesService>;
