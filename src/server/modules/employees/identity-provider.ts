import { eq } from "drizzle-orm";
import { hasEmploymentEnd } from "../../../domain/employees.ts";
import { recordEvent } from "../../db/event-log.ts";
import { beneficiaryEmployees } from "../../db/schema/index.ts";
import type { Tx, WriteContext } from "../../db/transaction.ts";

/**
 * What the company's identity provider (SCIM, modules/scim) writes of an employee besides what the
 * employer's own writes do: its id of the person, whether it holds them active, and the employment's
 * end when it reports them gone. The employees module owns these rows; the SCIM module calls here.
 */

const be = beneficiaryEmployees;

/** The identity provider's own id of the person (SCIM externalId); null clears it. */
export async function setScimExternalId(tx: Tx, employeeId: string, externalId: string | null) {
  await tx.update(be).set({ scimExternalId: externalId }).where(eq(be.id, employeeId));
}

/** When the identity provider deactivated the person, or null when it holds them active again. */
export async function setScimDeactivatedAt(tx: Tx, employeeId: string, at: Date | null) {
  await tx.update(be).set({ scimDeactivatedAt: at }).where(eq(be.id, employeeId));
}

/**
 * Ends the employment on `day` as the employer's own change of the last working day would
 * (update-employee.ts): the column and an EMPLOYMENT_ENDED event. An end the employer already
 * recorded on or before that day stands: the earlier day is the true one. Answers whether it moved.
 * The employer's date rules are not asked: the person has left, whatever their trial period said.
 */
export async function endEmploymentOn(
  ctx: WriteContext,
  employee: { id: string; companyId: string; lastWorkingDayDate: string },
  day: string,
  data: Record<string, unknown>,
): Promise<boolean> {
  if (hasEmploymentEnd(employee.lastWorkingDayDate) && employee.lastWorkingDayDate <= day) return false;
  await ctx.tx.update(be).set({ lastWorkingDayDate: day }).where(eq(be.id, employee.id));
  await recordEvent(ctx, {
    type: "EMPLOYMENT_ENDED",
    entity: { type: "beneficiaryEmployee", id: employee.id },
    companyId: employee.companyId,
    data: { fields: ["lastWorkingDayDate"], lastWorkingDayDate: day, ...data },
  });
  return true;
}
