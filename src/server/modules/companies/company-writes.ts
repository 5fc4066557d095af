import { and, eq, isNull, ne } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { TCreateCompany, TUpdateCompany } from "../../../contract/companies.ts";
import type { TErrorDetail } from "../../../contract/errors.ts";
import { PASSWORD_RESET_SECONDS } from "../../../domain/auth-rules.ts";
import type { Language } from "../../../domain/enums.ts";
import { eurosToCents } from "../../../domain/money.ts";
import { normalizePhoneNumber, UNSUPPORTED_PHONE_NUMBER_MESSAGE } from "../../../domain/validation/phone.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import {
  billingTables,
  companies,
  companyUnits,
  eventLog,
  groupCompanies,
  leasingCompanies,
  roles,
  systemUsers,
  userRoles,
  users,
} from "../../db/schema/index.ts";
import { AppError, badRequest, conflict } from "../../errors.ts";
import { type RenderedMail, setPasswordMail } from "../../messaging/templates.ts";
import { createPasswordToken } from "../auth/password-tokens.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { emailOwnerId } from "../system-users/repo.ts";
import { ensureMayGrant } from "../system-users/service.ts";
import { insertGroupCompany } from "./group-companies.ts";
import { isGroupVisibleTo, textOrNull } from "./queries.ts";

/**
 * Writing a company (SPEC §7 "Companies"): the checks a create and an update share, and the create
 * itself as steps inside the caller's transaction, so the admin area's acceptance of a company
 * application can make a company the same way. Optional texts sent empty are stored as null; the max
 * price crosses the API in euros and is stored in cents.
 */

type Log = Pick<FastifyBaseLogger, "error">;
type CompanyFields = TUpdateCompany;
type CompanyRow = typeof companies.$inferSelect;

export const businessIdTaken = () =>
  conflict("BUSINESS_ID_TAKEN", "Another company already has this business ID");

/**
 * The checks before a create or an update: one way to name the group, the referenced group, leasing
 * company and billing table exist (400 with the field; an employer-side caller names only a group
 * they see), and no other live company has the business ID (409 BUSINESS_ID_TAKEN).
 */
export async function checkCompanyFields(
  db: Db,
  actor: CurrentUser,
  input: CompanyFields,
  exceptCompanyId?: string,
): Promise<void> {
  const details: TErrorDetail[] = [];
  if (input.groupCompanyId && input.newGroupCompanyName) {
    details.push({ field: "body.newGroupCompanyName", message: "Give either groupCompanyId or a new group" });
  }
  if (input.groupCompanyId) {
    const [group] = await db
      .select({ id: groupCompanies.id })
      .from(groupCompanies)
      .where(eq(groupCompanies.id, input.groupCompanyId));
    if (!group || !isGroupVisibleTo(actor, group.id)) {
      details.push({ field: "body.groupCompanyId", message: "No such group company" });
    }
  }
  if (input.leasingCompanyId) {
    const [found] = await db
      .select({ id: leasingCompanies.id })
      .from(leasingCompanies)
      .where(eq(leasingCompanies.id, input.leasingCompanyId));
    if (!found) details.push({ field: "body.leasingCompanyId", message: "No such leasing company" });
  }
  if (input.billingTableId) {
    const [found] = await db
      .select({ id: billingTables.id })
      .from(billingTables)
      .where(eq(billingTables.id, input.billingTableId));
    if (!found) details.push({ field: "body.billingTableId", message: "No such billing table" });
  }
  if (details.length > 0) throw badRequest("Invalid company details", details);
  const [taken] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(
        eq(companies.businessId, input.businessId),
        isNull(companies.deletedAt),
        exceptCompanyId ? ne(companies.id, exceptCompanyId) : undefined,
      ),
    );
  if (taken) throw businessIdTaken();
}

/**
 * The column values of the fields the input gives, keyed by their API names (the names COMPANY_UPDATED
 * lists); a field left out is not there, so an update keeps it.
 */
export function companyValues(input: CompanyFields) {
  const given = <T>(value: T | undefined, map: (v: T) => unknown) =>
    value === undefined ? undefined : map(value);
  const text = (value: string | null | undefined) => given(value, textOrNull);
  const entries: [keyof CompanyFields, keyof CompanyRow, unknown][] = [
    ["name", "name", input.name],
    ["businessId", "businessId", input.businessId],
    ["groupCompanyId", "groupCompanyId", input.groupCompanyId],
    ["vatPercent", "vatPercent", input.vatPercent],
    ["maxPrice", "maxPriceCents", given(input.maxPrice, (v) => (v === null ? null : eurosToCents(v)))],
    ["paymentMode", "paymentMode", input.paymentMode],
    ["leasingCompanyId", "leasingCompanyId", input.leasingCompanyId],
    ["billingTableId", "billingTableId", input.billingTableId],
    ["streetAddress", "streetAddress", text(input.streetAddress)],
    ["postalCode", "postalCode", text(input.postalCode)],
    ["city", "city", text(input.city)],
    ["billingEmail", "billingEmail", text(input.billingEmail)],
    ["eInvoiceAddress", "eInvoiceAddress", text(input.eInvoiceAddress)],
    ["eInvoiceOperator", "eInvoiceOperator", text(input.eInvoiceOperator)],
    ["contactName", "contactName", text(input.contactName)],
    ["contactEmail", "contactEmail", text(input.contactEmail)],
    ["contactPhoneNumber", "contactPhoneNumber", text(input.contactPhoneNumber)],
    ["previousProvider", "previousProvider", input.previousProvider],
  ];
  return entries
    .filter(([, , value]) => value !== undefined)
    .map(([field, column, value]) => ({ field, column, value }));
}

/** The fields whose stored value the update changes. */
export function changedFields(before: CompanyRow, values: ReturnType<typeof companyValues>): string[] {
  return values
    .filter(({ column, value }) => (before[column] ?? null) !== (value ?? null))
    .map((v) => v.field);
}

function phoneOrThrow(input: string): string {
  try {
    return normalizePhoneNumber(input);
  } catch {
    throw new AppError(400, "UNSUPPORTED_PHONE_NUMBER", UNSUPPORTED_PHONE_NUMBER_MESSAGE, [
      { field: "body.admin.phoneNumber", message: UNSUPPORTED_PHONE_NUMBER_MESSAGE },
    ]);
  }
}

/** The set-password mail of a new first admin, sent after the transaction has committed. */
export type AdminInvitation = {
  userId: string;
  email: string;
  firstName: string;
  token: string;
  language: Language;
};

/**
 * How a caller other than POST /api/companies (the acceptance of a company application) creates:
 * `language` of a new admin account, `source` named in the admin's USER_CREATED / USER_ROLE_ASSIGNED,
 * and `logData` added to COMPANY_CREATED.
 */
export type InsertCompanyOptions = {
  language?: Language;
  source?: string;
  logData?: Record<string, unknown>;
};

/**
 * Creates the company, its new group (if named), its units and its first admin inside `tx`, and logs
 * COMPANY_CREATED (and USER_CREATED or USER_ROLE_ASSIGNED). Call checkCompanyFields first. Answers the
 * new company's id, its admin's user id and, for a new admin account, the invitation to mail once
 * committed.
 */
export async function insertCompany(
  tx: Db,
  actor: CurrentUser,
  input: TCreateCompany,
  options: InsertCompanyOptions = {},
): Promise<{ companyId: string; adminUserId: string | null; invitation: AdminInvitation | null }> {
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

  let invitation: AdminInvitation | null = null;
  let adminUserId: string | null = null;
  let admin: "invited" | "existing" | null = null;
  if (input.admin) {
    const person = input.admin;
    ensureMayGrant(actor, "EMPLOYER_ADMIN");
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
      .values({ userId, roleId: role.id, companyId, grantedByUserId: actor.id })
      .onConflictDoNothing();
    await tx.insert(eventLog).values(
      existing
        ? {
            type: "USER_ROLE_ASSIGNED",
            actorUserId: actor.id,
            companyId,
            entityType: "user",
            entityId: userId,
            data: {
              role: "EMPLOYER_ADMIN",
              companyIds: [companyId],
              ...(options.source ? { source: options.source } : {}),
            },
          }
        : {
            type: "USER_CREATED",
            actorUserId: actor.id,
            companyId,
            entityType: "user",
            entityId: userId,
            data: { role: "EMPLOYER_ADMIN", source: options.source ?? "companies" },
          },
    );
    adminUserId = userId;
    admin = existing ? "existing" : "invited";
    if (!existing) {
      invitation = {
        userId,
        email: person.email,
        firstName: person.firstName,
        token: await createPasswordToken(tx, userId),
        language: options.language ?? "fi",
      };
    }
  }

  await tx.insert(eventLog).values({
    type: "COMPANY_CREATED",
    actorUserId: actor.id,
    companyId,
    entityType: "company",
    entityId: companyId,
    data: { name: input.name, groupCompanyId, units: unitNames.length, admin, ...options.logData },
  });
  return { companyId, adminUserId, invitation };
}

/** A new account's set-password link and how many hours it works. */
export type SetPasswordLink = { link: string; validHours: number };

/**
 * A caller's own mail to the first admin in place of the set-password mail (an accepted application's
 * "accepted" mail): sent whether or not an account was made, and given the link only when one was.
 */
export type AdminMail = {
  to: string;
  render: (setPassword: SetPasswordLink | undefined) => RenderedMail;
  /** The log line of a failed send. */
  failure: { message: string; fields: Record<string, unknown> };
};

/**
 * Mails the first admin after the commit: the set-password link of a new account (nothing for an
 * existing one), or the caller's `mail`. The account exists either way, so a failure is logged.
 */
export async function sendAdminInvitation(
  ctx: AppContext,
  invitation: AdminInvitation | null,
  log: Log,
  mail?: AdminMail,
): Promise<void> {
  const setPassword = invitation
    ? { link: `${ctx.config.publicUrl}/reset/${invitation.token}`, validHours: PASSWORD_RESET_SECONDS / 3600 }
    : undefined;
  const send: AdminMail | undefined =
    mail ??
    (invitation && setPassword
      ? {
          to: invitation.email,
          render: () => setPasswordMail(invitation.language, { name: invitation.firstName, ...setPassword }),
          failure: { message: "set-password mail failed", fields: { userId: invitation.userId } },
        }
      : undefined);
  if (!send) return;
  try {
    await ctx.messaging.sendMail({ to: send.to, ...send.render(setPassword) });
  } catch (error) {
    log.error({ err: error, ...send.failure.fields }, send.failure.message);
  }
}
