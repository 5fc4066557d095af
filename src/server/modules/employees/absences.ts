import { and, eq, ne } from "drizzle-orm";
import type { TAbsence, TAbsenceInput } from "../../../contract/employees.ts";
import { absencesOverlap } from "../../../domain/employees.ts";
import { recordEvent } from "../../db/event-log.ts";
import { lockRows } from "../../db/lock-order.ts";
import { beneficiaryEmployees, employeeAbsences } from "../../db/schema/index.ts";
import type { Tx, WriteContext } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";
import type { SignedInActor } from "../auth/session-user.ts";
import { companyScopeWhere } from "../auth/tenancy.ts";
import { absenceOverlaps } from "./errors.ts";
import { toAbsence } from "./list.ts";

/**
 * An employee's absences (docs/product.md "States" absence reasons), kept as history for the payroll report: record,
 * change and remove. Absences of one employee never share a day (409 ABSENCE_OVERLAPS), so every day
 * has at most one reason; the employee row is locked while one is checked and written, so two parallel
 * changes cannot both pass the check.
 */

/** The employee, locked, when in the employer's companies; 404 otherwise. */
async function lockedEmployee(ctx: WriteContext<SignedInActor>, employeeId: string) {
  const [row] = await lockRows(
    ctx.tx,
    "employee",
    ctx.tx
      .select({ id: beneficiaryEmployees.id, companyId: beneficiaryEmployees.companyId })
      .from(beneficiaryEmployees)
      .where(
        and(
          eq(beneficiaryEmployees.id, employeeId),
          companyScopeWhere(ctx.actor.user, beneficiaryEmployees.companyId),
        ),
      )
      .for("update"),
  );
  if (!row) throw notFound("Employee");
  return row;
}

async function ensureNoOverlap(tx: Tx, employeeId: string, input: TAbsenceInput, exceptId?: string) {
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
  if (others.some((other) => absencesOverlap(other, wanted))) throw absenceOverlaps();
}

const values = (input: TAbsenceInput) => ({
  reason: input.reason,
  reasonOther: input.reason === "OTHER" ? (input.reasonOther ?? null) : null,
  startDate: input.startDate,
  endDate: input.endDate ?? null,
  note: input.note ? input.note : null,
});

export async function recordAbsence(
  ctx: WriteContext<SignedInActor>,
  employeeId: string,
  input: TAbsenceInput,
): Promise<TAbsence> {
  const employee = await lockedEmployee(ctx, employeeId);
  await ensureNoOverlap(ctx.tx, employeeId, input);
  const [row] = await ctx.tx
    .insert(employeeAbsences)
    .values({
      beneficiaryEmployeeId: employeeId,
      companyId: employee.companyId,
      createdByUserId: ctx.actor.userId,
      ...values(input),
    })
    .returning();
  const absence = row as typeof employeeAbsences.$inferSelect;
  await recordEvent(ctx, {
    type: "EMPLOYEE_ABSENCE_RECORDED",
    entity: { type: "beneficiaryEmployee", id: employeeId },
    companyId: employee.companyId,
    data: {
      absenceId: absence.id,
      reason: absence.reason,
      startDate: absence.startDate,
      endDate: absence.endDate,
    },
  });
  return toAbsence(absence);
}

export async function updateAbsence(
  ctx: WriteContext<SignedInActor>,
  employeeId: string,
  absenceId: string,
  input: TAbsenceInput,
): Promise<TAbsence> {
  const employee = await lockedEmployee(ctx, employeeId);
  await ensureNoOverlap(ctx.tx, employeeId, input, absenceId);
  const [row] = await ctx.tx
    .update(employeeAbsences)
    .set(values(input))
    .where(and(eq(employeeAbsences.id, absenceId), eq(employeeAbsences.beneficiaryEmployeeId, employeeId)))
    .returning();
  if (!row) throw notFound("Absence");
  await recordEvent(ctx, {
    type: "EMPLOYEE_ABSENCE_UPDATED",
    entity: { type: "beneficiaryEmployee", id: employeeId },
    companyId: employee.companyId,
    data: { absenceId, reason: row.reason, startDate: row.startDate, endDate: row.endDate },
  });
  return toAbsence(row);
}

export async function removeAbsence(
  ctx: WriteContext<SignedInActor>,
  employeeId: string,
  absenceId: string,
): Promise<{ message: string }> {
  const employee = await lockedEmployee(ctx, employeeId);
  const deleted = await ctx.tx
    .delete(employeeAbsences)
    .where(and(eq(employeeAbsences.id, absenceId), eq(employeeAbsences.beneficiaryEmployeeId, employeeId)))
    .returning({ id: employeeAbsences.id, reason: employeeAbsences.reason });
  if (deleted.length === 0) throw notFound("Absence");
  await recordEvent(ctx, {
    type: "EMPLOYEE_ABSENCE_REMOVED",
    entity: { type: "beneficiaryEmployee", id: employeeId },
    companyId: employee.companyId,
    data: { absenceId, reason: deleted[0]?.reason },
  });
  return { message: "Absence removed" };
}
