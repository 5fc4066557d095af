import { eq } from "drizzle-orm";
import type { TCreateCompany } from "../../../contract/companies.ts";
import type { Language } from "../../../domain/enums.ts";
import { normalizePhoneNumber } from "../../../domain/validation/phone.ts";
import { recordEvent } from "../../db/event-log.ts";
import { companies, companyUnits, roles, systemUsers, userRoles, users } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import type { SignedInActor } from "../auth/session-user.ts";
import { ensureMayGrant } from "../system-users/access.ts";
import { unsupportedPhoneNumber } from "../system-users/errors.ts";
import { emailOwnerId } from "../system-users/queries.ts";
import { companyValues } from "./company-fields.ts";
import { insertGroupCompany } from "./group-companies.ts";

/**
 * Creating a company (docs/api-surface.md "Companies") as steps inside the caller's transaction, so the admin
 * area's acceptance of a company application makes a company the same way as POST /api/companies.
 */

function phoneOrThrow(input: string): string {
  try {
    return normalizePhoneNumber(input);
  } catch {
    throw unsupportedPhoneNumber("body.admin.phoneNumber");
  }
}

/**
 * How a caller other than POST /api/companies (the acceptance of a company application) creates:
 * `language` of a new admin account, `source` named in the admin's USER_CREATED / USER_ROLE_ASSIGNED,
 * and `logData` added to COMPANY_CREATED.
 */
export type CreateCompanyOptions = {
  language?: Language;
  source?: string;
  logData?: Record<string, unknown>;
};

/**
 * Creates the company, its new group (if named), its units and its first admin inside `tx`, and logs
 * COMPANY_CREATED (and USER_CREATED or USER_ROLE_ASSIGNED). Call checkCompanyFields first. Answers the
 * new company's id, its admin's user id and whether the admin's account is new (the caller queues its
 * mail in the same transaction).
 */
export async function createCompany(
  ctx: WriteContext<SignedInActor>,
  input: TCreateCompany,
  options: CreateCompanyOptions = {},
): Promise<{ companyId: string; adminUserId: string | null; adminInvited: boolean }> {
  const { tx, actor } = ctx;
  const groupCompanyId = input.newGroupCompanyName
    ? await insertGroupCompany(tx, { name: input.newGroupCompanyName })
    : (input.groupCompanyId ?? null);
  const values = Object.fromEntries(companyValues(input).map(({ column, value }) => [column, value]));
  const [company] = await tx
    .insert(companies)
    .values({ ...(values as typeof companies.$inferInsert), groupCompanyId })
    .returning({ id: companies.id });
  const companyId = company?.id as string;

  // The same name twice, in any case, is one unit.
  const unitNames = (input.unitNames ?? []).filter(
    (name, i, all) => all.findIndex((other) => other.toLowerCase() === name.toLowerCase()) === i,
  );
  if (unitNames.length > 0) {
    await tx.insert(companyUnits).values(unitNames.map((unitName) => ({ companyId, unitName })));
  }

  let adminUserId: string | null = null;
  let admin: "invited" | "existing" | null = null;
  if (input.admin) {
    const person = input.admin;
    ensureMayGrant(actor.user, "EMPLOYER_ADMIN");
    const phoneNumber = person.phoneNumber ? phoneOrThrow(person.phoneNumber) : null;
    const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, "EMPLOYER_ADMIN"));
    if (!role) throw new Error("the EMPLOYER_ADMIN role is missing");
    const existing = await emailOwnerId(tx, person.email);
    const userId =
      existing ??
      ((
        await tx
          .insert(users)
          .values({ email: person.email, phoneNumber, language: options.language ?? "fi" })
          .returning({ id: users.id })
      )[0]?.id as string);
    if (!existing) {
      await tx
        .insert(systemUsers)
        .values({ userId, firstName: person.firstName, lastName: person.lastName, companyId });
    }
    await tx
      .insert(userRoles)
      .values({ userId, roleId: role.id, companyId, grantedByUserId: actor.userId })
      .onConflictDoNothing();
    await recordEvent(
      ctx,
      existing
        ? {
            type: "USER_ROLE_ASSIGNED",
            entity: { type: "user", id: userId },
            companyId,
            data: {
              role: "EMPLOYER_ADMIN",
              companyIds: [companyId],
              ...(options.source ? { source: options.source } : {}),
            },
          }
        : {
            type: "USER_CREATED",
            entity: { type: "user", id: userId },
            companyId,
            data: { role: "EMPLOYER_ADMIN", source: options.source ?? "companies" },
          },
    );
    adminUserId = userId;
    admin = existing ? "existing" : "invited";
  }

  await recordEvent(ctx, {
    type: "COMPANY_CREATED",
    entity: { type: "company", id: companyId },
    companyId,
    data: { name: input.name, groupCompanyId, units: unitNames.length, admin, ...options.logData },
  });
  return { companyId, adminUserId, adminInvited: admin === "invited" };
}
