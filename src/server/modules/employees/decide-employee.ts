import { and, eq } from "drizzle-orm";
import type { TDecideEmployee } from "../../../contract/employees.ts";
import {
  canDecide,
  type GrantableEmployerRole,
  lastWorkingDayOrDefault,
  mayGrantEmployerRolesIn,
} from "../../../domain/employees.ts";
import { recordEvent } from "../../db/event-log.ts";
import { beneficiaryEmployees, companies, userRoles } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { forbidden } from "../../errors.ts";
import type { SignedInActor } from "../auth/session-user.ts";
import {
  employerFieldValues,
  ensureEmploymentDates,
  ensureUnitOfCompany,
  roleIds,
} from "./employer-fields.ts";
import { employeeAlreadyDecided } from "./errors.ts";
import { employeeInScope } from "./queries.ts";

const be = beneficiaryEmployees;

/**
 * docs/product.md "States": the decision on a joining request, with the employer's fields and role flags. Only a
 * PENDING request is decided (409 after that), and only the company's employer admin (or its group's
 * group admin) hands out employer roles with it (403). A rejected joiner keeps no role in the company.
 * Answers the employee row as it was before the decision (its user and company).
 */
export async function decideEmployee(ctx: WriteContext<SignedInActor>, id: string, input: TDecideEmployee) {
  const { tx, actor, now } = ctx;
  const granted: GrantableEmployerRole[] =
    input.decision === "ACCEPTED" ? [...new Set(input.roles ?? [])] : [];
  const before = await employeeInScope(tx, actor.user, id, true);
  if (granted.length > 0) {
    const [company] = await tx
      .select({ id: companies.id, groupCompanyId: companies.groupCompanyId })
      .from(companies)
      .where(eq(companies.id, before.companyId));
    const groupOf = (companyId: string) =>
      actor.user.companies.find((c) => c.id === companyId)?.groupCompanyId;
    if (!company || !mayGrantEmployerRolesIn(actor.user.userRoles, company, groupOf)) {
      throw forbidden("Only an employer admin of the company may give employer roles");
    }
  }
  if (!canDecide(before.status)) throw employeeAlreadyDecided();
  await ensureUnitOfCompany(tx, input.unitId, before.companyId, "body.unitId");
  if (input.decision === "ACCEPTED") ensureEmploymentDates(before.createdAt, before, input);
  const fields = input.decision === "ACCEPTED" ? employerFieldValues(input) : {};
  await tx
    .update(be)
    .set({
      ...fields,
      // docs/product.md "States": accepting without a last working day gives 01.01.2999.
      ...(input.decision === "ACCEPTED"
        ? { lastWorkingDayDate: lastWorkingDayOrDefault(input.lastWorkingDayDate) }
        : {}),
      status: input.decision,
      decidedAt: now,
      decidedByUserId: actor.userId,
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
          grantedByUserId: actor.userId,
        })),
      )
      .onConflictDoNothing();
    for (const role of granted) {
      await recordEvent(ctx, {
        type: "USER_ROLE_ASSIGNED",
        entity: { type: "user", id: before.userId },
        companyId: before.companyId,
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
      await recordEvent(ctx, {
        type: "USER_ROLE_REMOVED",
        entity: { type: "user", id: before.userId },
        companyId: before.companyId,
        data: { role: "BIKE_BENEFICIARY", companyIds: [before.companyId] },
      });
    }
  }
  await recordEvent(ctx, {
    type: input.decision === "ACCEPTED" ? "EMPLOYEE_ACCEPTED" : "EMPLOYEE_REJECTED",
    entity: { type: "beneficiaryEmployee", id },
    companyId: before.companyId,
    data: { userId: before.userId, ...(granted.length > 0 ? { roles: granted } : {}) },
  });
  return before;
}
