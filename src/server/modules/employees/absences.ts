import { and, desc, eq, ne } from "drizzle-orm";
import type { TAbsence, TAbsenceInput } from "../../../contract/employees.ts";
import { absencesOverlap } from "../../../domain/employees.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { beneficiaryEmployees, employeeAbsences, eventLog } from "../../db/schema/index.ts";
import { AppError, notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { companyScopeWhere } from "../auth/tenancy.ts";
import { toAbsence } from "./list.ts";

/**
 * An employee's absences (SPEC §4 absence reasons), kept as history for the payroll report. Absences of
 * one employee never share a day (409 ABSENCE_OVERLAPS), so every day has at most one reason. Each
 * change is event-logged in its transaction.
 */

const overlaps = () =>
  new AppError(409, "ABSENCE_OVERLAPS", "The absence overlaps another absence of the employee");

export function createAbsencesService(ctx: AppContext) {
  const { db } = ctx.database;

  /** The employee, locked, when in the caller's companies; 404 otherwise. */
  async function lockedEmployee(tx: Db, viewer: CurrentUser, employeeId: string) {
    const [row] = await tx
      .select({ id: beneficiaryEmployees.id, companyId: beneficiaryEmployees.companyId })
      .from(beneficiaryEmployees)
      .where(
        and(
          eq(beneficiaryEmployees.id, employeeId),
          companyScopeWhere(viewer, beneficiaryEmployees.companyId),
        ),
      )
      .for("update");
    if (!row) throw notFound("Employee");
    return row;
  }

  async function ensureNoOverlap(tx: Db, employeeId: string, input: TAbsenceInput, exceptId?: string) {
    const others = await tx
      .select({ startDate: employeeAbsences.startDate, endDate: employeeAbsences.endDate })
      .from(employeeAbsences)
      .where(
        and(
          eq(employeeAbsences.beneficiaryEmployeeId, employeeId),
          exceptId ? ne(employeeAbsences.id, exceptId) : undefined,
        ),
      );
    const wanted = { startDate: input.startDate, endDate: input.endDate ?? null };
    if (others.some((other) => absencesOverlap(other, wanted))) throw overlaps();
  }

  const values = (input: TAbsenceInput) => ({
    reason: input.reason,
    reasonOther: input.reason === "OTHER" ? (input.reasonOther ?? null) : null,
    startDate: input.startDate,
    endDate: input.endDate ?? null,
    note: input.note ? input.note : null,
  });

  return {
    async list(viewer: CurrentUser, employeeId: string): Promise<{ absences: TAbsence[] }> {
      const [employee] = await db
        .select({ id: beneficiaryEmployees.id })
        .from(beneficiaryEmployees)
        .where(
          and(
            eq(beneficiaryEmployees.id, employeeId),
            companyScopeWhere(viewer, beneficiaryEmployees.companyId),
          ),
        );
      if (!employee) throw notFound("Employee");
      const rows = await db
        .select()
        .from(employeeAbsences)
        .where(eq(employeeAbsences.beneficiaryEmployeeId, employeeId))
        .orderBy(desc(employeeAbsences.startDate));
      return { absences: rows.map(toAbsence) };
    },

    async create(actor: CurrentUser, employeeId: string, input: TAbsenceInput): Promise<TAbsence> {
      return db.transaction(async (txDb) => {
        const tx = txDb as unknown as Db;
        const employee = await lockedEmployee(tx, actor, employeeId);
        await ensureNoOverlap(tx, employeeId, input);
        const [row] = await tx
          .insert(employeeAbsences)
          .values({
            beneficiaryEmployeeId: employeeId,
            companyId: employee.companyId,
            createdByUserId: actor.id,
            ...values(input),
          })
          .returning();
        const absence = row as typeof employeeAbsences.$inferSelect;
        await tx.insert(eventLog).values({
          type: "EMPLOYEE_ABSENCE_RECORDED",
          actorUserId: actor.id,
          companyId: employee.companyId,
          entityType: "beneficiaryEmployee",
          entityId: employeeId,
          data: {
            absenceId: absence.id,
            reason: absence.reason,
            startDate: absence.startDate,
            endDate: absence.endDate,
          },
        });
        return toAbsence(absence);
      });
    },

    async update(
      actor: CurrentUser,
      employeeId: string,
      absenceId: string,
      input: TAbsenceInput,
    ): Promise<TAbsence> {
      return db.transaction(async (txDb) => {
        const tx = txDb as unknown as Db;
        const employee = await lockedEmployee(tx, actor, employeeId);
        await ensureNoOverlap(tx, employeeId, input, absenceId);
        const [row] = await tx
          .update(employeeAbsences)
          .set(values(input))
          .where(
            and(eq(employeeAbsences.id, absenceId), eq(employeeAbsences.beneficiaryEmployeeId, employeeId)),
          )
          .returning();
        if (!row) throw notFound("Absence");
        await tx.insert(eventLog).values({
          type: "EMPLOYEE_ABSENCE_UPDATED",
          actorUserId: actor.id,
          companyId: employee.companyId,
          entityType: "beneficiaryEmployee",
          entityId: employeeId,
          data: { absenceId, reason: row.reason, startDate: row.startDate, endDate: row.endDate },
        });
        return toAbsence(row);
      });
    },

    async remove(actor: CurrentUser, employeeId: string, absenceId: string): Promise<{ message: string }> {
      return db.transaction(async (txDb) => {
        const tx = txDb as unknown as Db;
        const employee = await lockedEmployee(tx, actor, employeeId);
        const deleted = await tx
          .delete(employeeAbsences)
          .where(
            and(eq(employeeAbsences.id, absenceId), eq(employeeAbsences.beneficiaryEmployeeId, employeeId)),
          )
          .returning({ id: employeeAbsences.id, reason: employeeAbsences.reason });
        if (deleted.length === 0) throw notFound("Absence");
        await tx.insert(eventLog).values({
          type: "EMPLOYEE_ABSENCE_REMOVED",
          actorUserId: actor.id,
          companyId: employee.companyId,
          entityType: "beneficiaryEmployee",
          entityId: employeeId,
          data: { absenceId, reason: deleted[0]?.reason },
        });
        return { message: "Absence removed" };
      });
    },
  };
}
