import { and, eq, isNull, sql } from "drizzle-orm";
import type { TCreateEmployee } from "../../../contract/employees.ts";
import { lastWorkingDayOrDefault } from "../../../domain/employees.ts";
import { recordEvent } from "../../db/event-log.ts";
import { isUniqueViolation } from "../../db/postgres-errors.ts";
import { beneficiaryEmployees, companies, systemUsers, userRoles, users } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";
import { createPasswordToken } from "../auth/password-tokens.ts";
import { ensureCompanyInScope } from "../auth/tenancy.ts";
import { validPhoneNumber } from "../registration/field-rules.ts";
import { emailTaken } from "../system-users/errors.ts";
import {
  type EmployeeWriter,
  employerFieldValues,
  ensureEmploymentDates,
  ensureUnitOfCompany,
  roleIds,
} from "./employer-fields.ts";
import { employeeExists } from "./errors.ts";

const be = beneficiaryEmployees;

export type AddedEmployee = {
  employeeId: string;
  userId: string;
  companyName: string;
  /** The set-password token of a new account; null when the person already had one. */
  token: string | null;
};

/**
 * Adds an employee to one of the employer's companies: ACCEPTED at once (the employer made them), a
 * BIKE_BENEFICIARY role in the company. A new address gets an account (USER_CREATED) and a set-password
 * token; an existing account (an employee of a sister company) gets the employment. An admin-tier
 * account is never made anyone's employee (409 EMAIL_TAKEN); a second employment in the same company
 * is 409 EMPLOYEE_EXISTS, also when two adds of the same address race (the unique indexes decide).
 * The company's identity provider adds people the same way (`source` "scim", modules/scim).
 */
export async function addEmployee(
  ctx: WriteContext<EmployeeWriter>,
  input: TCreateEmployee,
  source: "employer" | "scim" = "employer",
): Promise<AddedEmployee> {
  try {
    return await insertEmployee(ctx, input, source);
  } catch (error) {
    if (isUniqueViolation(error)) throw employeeExists();
    throw error;
  }
}

async function insertEmployee(
  ctx: WriteContext<EmployeeWriter>,
  input: TCreateEmployee,
  source: "employer" | "scim",
): Promise<AddedEmployee> {
  const { tx, actor, now } = ctx;
  ensureCompanyInScope(actor.user, input.companyId, "Company");
  const [company] = await tx
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(eq(companies.id, input.companyId), isNull(companies.deletedAt)));
  if (!company) throw notFound("Company");
  await ensureUnitOfCompany(tx, input.unitId, company.id, "body.unitId");
  // The employer adds the person today, so today is the day they joined.
  ensureEmploymentDates(now, null, input);
  const phoneNumber = input.phoneNumber?.trim()
    ? validPhoneNumber(input.phoneNumber, "body.phoneNumber")
    : null;
  const email = input.workEmail;

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
    if (admin.length > 0) throw emailTaken();
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
    await recordEvent(ctx, {
      type: "USER_CREATED",
      entity: { type: "user", id: userId },
      companyId: company.id,
      data: { role: "BIKE_BENEFICIARY", source },
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
      grantedByUserId: actor.userId,
    })
    .onConflictDoNothing();
  const [employee] = await tx
    .insert(be)
    .values({
      userId,
      companyId: company.id,
      status: "ACCEPTED",
      decidedAt: now,
      decidedByUserId: actor.userId,
      ...employerFieldValues(input),
      lastWorkingDayDate: lastWorkingDayOrDefault(input.lastWorkingDayDate),
    })
    .returning({ id: be.id });
  const employeeId = employee?.id as string;
  await recordEvent(ctx, {
    type: "EMPLOYEE_CREATED",
    entity: { type: "beneficiaryEmployee", id: employeeId },
    companyId: company.id,
    data: { userId, newAccount: token !== null, source },
  });
  return { employeeId, userId, companyName: company.name, token };
}
