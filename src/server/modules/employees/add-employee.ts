import { and, eq, isNull, sql } from "drizzle-orm";
import type { TCreateEmployee } from "../../../contract/employees.ts";
import { lastWorkingDayOrDefault } from "../../../domain/employees.ts";
import type { InvitationSource } from "../../../domain/employment-invitations.ts";
import { recordEvent, recordEvents } from "../../db/event-log.ts";
import { isUniqueViolation } from "../../db/postgres-errors.ts";
import { beneficiaryEmployees, companies, systemUsers, userRoles, users } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";
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
import { type InvitedPerson, invitePerson } from "./invitations.ts";
import { isOwnPerson } from "./shared-person.ts";

const be = beneficiaryEmployees;

type AddedEmployee = {
  kind: "employee";
  employeeId: string;
  userId: string;
  companyName: string;
  /** A new account was made for the person (its invitation carries a set-password link). */
  newAccount: boolean;
};

/** What an add made: the employment, or the invitation of a person who is not yet the company's own. */
export type Added = AddedEmployee | ({ kind: "invitation" } & InvitedPerson);

/** The identity provider's own id and `active` of the person it adds (SCIM). */
export type ScimAddition = { externalId?: string | null; active?: boolean };

/**
 * Adds an employee to one of the employer's companies: ACCEPTED at once (the employer made them), a
 * BIKE_BENEFICIARY role in the company. A new address gets an account (USER_CREATED), whose invitation
 * mail (employees/mails.ts queueInvitation) carries a set-password link. An existing account is attached at once only when the person is already the caller's own (an
 * accepted employee or an employer-side user of a company the caller reaches: a sister company of the
 * group); anyone else is invited and joins only by accepting, so a company never takes over, renames
 * or reads a person who is not yet its own. An admin-tier account is never made anyone's employee
 * (409 EMAIL_TAKEN); a second employment in the same company is 409 EMPLOYEE_EXISTS, also when two
 * adds of the same address race (the unique indexes decide). The company's identity provider adds
 * people the same way (`source` "scim", modules/scim), and so must any import: the rule lives here.
 */
export async function addEmployee(
  ctx: WriteContext<EmployeeWriter>,
  input: TCreateEmployee,
  source: InvitationSource = "employer",
  scim: ScimAddition = {},
): Promise<Added> {
  try {
    return await insertEmployee(ctx, input, source, scim);
  } catch (error) {
    if (isUniqueViolation(error)) throw employeeExists();
    throw error;
  }
}

async function insertEmployee(
  ctx: WriteContext<EmployeeWriter>,
  input: TCreateEmployee,
  source: InvitationSource,
  scim: ScimAddition,
): Promise<Added> {
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
  let newAccount = false;
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
    if (!(await isOwnPerson(tx, userId, actor.user.scope))) {
      const invited = await invitePerson(ctx, company, userId, input, source, scim);
      return { kind: "invitation", ...invited };
    }
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
    newAccount = true;
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
    data: { userId, newAccount, source },
  });
  return { kind: "employee", employeeId, userId, companyName: company.name, newAccount };
}

/** Rows per statement of a bulk add: well under PostgreSQL's limit of bound parameters. */
const BULK_CHUNK = 500;

/**
 * Adds many people who have no account yet as addEmployee adds each (a new account with its names, the
 * BIKE_BENEFICIARY role in the company, the accepted employment, USER_CREATED and EMPLOYEE_CREATED), a
 * few statements per 500 people: a staff file's new starters. The caller has found no account with
 * their addresses in this transaction; should one appear meanwhile, the unique indexes refuse the
 * whole add (409 EMPLOYEE_EXISTS).
 */
export async function addNewPeople(
  ctx: WriteContext<EmployeeWriter>,
  companyId: string,
  inputs: readonly TCreateEmployee[],
  source: InvitationSource,
): Promise<void> {
  const { tx, actor, now } = ctx;
  ensureCompanyInScope(actor.user, companyId, "Company");
  const ids = await roleIds(tx, ["BIKE_BENEFICIARY"]);
  const roleId = ids.get("BIKE_BENEFICIARY") as string;
  try {
    for (let start = 0; start < inputs.length; start += BULK_CHUNK) {
      const chunk = inputs.slice(start, start + BULK_CHUNK);
      for (const input of chunk) ensureEmploymentDates(now, null, input);
      const made = await tx
        .insert(users)
        .values(
          chunk.map((input) => ({
            email: input.workEmail,
            phoneNumber: input.phoneNumber?.trim()
              ? validPhoneNumber(input.phoneNumber, "body.phoneNumber")
              : null,
            language: input.language,
          })),
        )
        .returning({ id: users.id, email: users.email });
      // Matched by address, not by the order the rows come back in.
      const idOf = new Map(made.map((u) => [u.email, u.id]));
      const userIds = chunk.map((input) => idOf.get(input.workEmail) as string);
      await tx.insert(systemUsers).values(
        chunk.map((input, i) => ({
          userId: userIds[i] as string,
          firstName: input.firstName,
          lastName: input.lastName,
          companyId,
        })),
      );
      await tx
        .insert(userRoles)
        .values(userIds.map((userId) => ({ userId, roleId, companyId, grantedByUserId: actor.userId })));
      const employees = await tx
        .insert(be)
        .values(
          chunk.map((input, i) => ({
            userId: userIds[i] as string,
            companyId,
            status: "ACCEPTED" as const,
            decidedAt: now,
            decidedByUserId: actor.userId,
            ...employerFieldValues(input),
            lastWorkingDayDate: lastWorkingDayOrDefault(input.lastWorkingDayDate),
          })),
        )
        .returning({ id: be.id, userId: be.userId });
      await recordEvents(ctx, [
        ...userIds.map((userId) => ({
          type: "USER_CREATED" as const,
          entity: { type: "user" as const, id: userId },
          companyId,
          data: { role: "BIKE_BENEFICIARY", source },
        })),
        ...employees.map((employee) => ({
          type: "EMPLOYEE_CREATED" as const,
          entity: { type: "beneficiaryEmployee" as const, id: employee.id },
          companyId,
          data: { userId: employee.userId, newAccount: true, source },
        })),
      ]);
    }
  } catch (error) {
    if (isUniqueViolation(error)) throw employeeExists();
    throw error;
  }
}
