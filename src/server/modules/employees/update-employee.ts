import { eq } from "drizzle-orm";
import type { TUpdateEmployee } from "../../../contract/employees.ts";
import { hasEmploymentEnd } from "../../../domain/employees.ts";
import { recordEvent } from "../../db/event-log.ts";
import { beneficiaryEmployees, systemUsers } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import type { OfferOutput } from "../redemptions/add-offer.ts";
import { openCasesForEndedEmployment } from "../redemptions/employment-end.ts";
import {
  changedFields,
  type EmployeeWriter,
  employerFieldValues,
  ensureEmploymentDates,
  ensureUnitOfCompany,
} from "./employer-fields.ts";
import { personShared } from "./errors.ts";
import { employeeInScope } from "./queries.ts";
import { isPersonShared } from "./shared-person.ts";

const be = beneficiaryEmployees;

/** Whether the given names differ from the person's own. */
async function namesChange(
  ctx: WriteContext,
  userId: string,
  names: { firstName?: string; lastName?: string },
): Promise<boolean> {
  const [own] = await ctx.tx
    .select({ firstName: systemUsers.firstName, lastName: systemUsers.lastName })
    .from(systemUsers)
    .where(eq(systemUsers.userId, userId));
  return (
    (names.firstName !== undefined && names.firstName !== own?.firstName) ||
    (names.lastName !== undefined && names.lastName !== own?.lastName)
  );
}

/**
 * The employer's fields and the person's names; fields left out keep their value. A change is logged
 * as EMPLOYEE_UPDATED with the changed field names, or as EMPLOYMENT_ENDED when it sets a real last
 * working day, which opens the redemption case of each of the person's running or starting leases
 * (answered; their offers are queued with the change); a change of nothing logs nothing. The names are the
 * person's own once they are also another company's (an employment or a role outside the writer's
 * companies): a change of them is then 409 PERSON_SHARED, and nothing of the update is written.
 */
export async function updateEmployee(
  ctx: WriteContext<EmployeeWriter>,
  id: string,
  input: TUpdateEmployee,
  output: OfferOutput,
): Promise<string[]> {
  const { tx } = ctx;
  const before = await employeeInScope(tx, ctx.actor.user, id, true);
  await ensureUnitOfCompany(tx, input.unitId, before.companyId, "body.unitId");
  ensureEmploymentDates(before.createdAt, before, input);
  const values = employerFieldValues(input);
  const fields = changedFields(before, values);
  if (Object.keys(values).length > 0) await tx.update(be).set(values).where(eq(be.id, id));
  const names: { firstName?: string; lastName?: string } = {};
  if (input.firstName !== undefined) names.firstName = input.firstName;
  if (input.lastName !== undefined) names.lastName = input.lastName;
  if (Object.keys(names).length > 0 && (await namesChange(ctx, before.userId, names))) {
    // A person who is also another company's keeps their name as they set it.
    if (await isPersonShared(tx, before.userId, ctx.actor.user.scope)) throw personShared();
    await tx.update(systemUsers).set(names).where(eq(systemUsers.userId, before.userId));
    fields.push(...Object.keys(names));
  }
  if (fields.length === 0) return [];
  const ended =
    values.lastWorkingDayDate !== undefined &&
    values.lastWorkingDayDate !== before.lastWorkingDayDate &&
    hasEmploymentEnd(values.lastWorkingDayDate);
  await recordEvent(ctx, {
    type: ended ? "EMPLOYMENT_ENDED" : "EMPLOYEE_UPDATED",
    entity: { type: "beneficiaryEmployee", id },
    companyId: before.companyId,
    data: ended ? { fields, lastWorkingDayDate: values.lastWorkingDayDate } : { fields },
  });
  if (!ended) return [];
  // The employment ends: every running or starting lease of the person gets its redemption case.
  const { caseIds } = await openCasesForEndedEmployment(ctx, id, "EMPLOYER", output);
  return caseIds;
}
