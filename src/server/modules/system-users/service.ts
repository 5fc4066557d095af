import { and, asc, count, eq, inArray, isNull, ne } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type {
  TContactChangeStarted,
  TCreateSystemUser,
  TSystemUserDetails,
  TSystemUserItem,
  TSystemUsersPage,
  TSystemUsersQuery,
  TUpdateDeactivated,
  TUpdatePhone,
  TUpdateWorkEmail,
} from "../../../contract/system-users.ts";
import { PASSWORD_RESET_SECONDS } from "../../../domain/auth-rules.ts";
import type { Language } from "../../../domain/enums.ts";
import type { Permission } from "../../../domain/permissions.ts";
import { ADMIN_ROLES, EMPLOYER_ROLES, isRoleName, type RoleName } from "../../../domain/roles.ts";
import {
  normalizePhoneNumber,
  samePhoneNumber,
  UNSUPPORTED_PHONE_NUMBER_MESSAGE,
} from "../../../domain/validation/phone.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { pageEnvelope, pageOffset } from "../../db/paging.ts";
import { isUniqueViolation } from "../../db/postgres-errors.ts";
import { companies, eventLog, roles, systemUsers, userRoles, users } from "../../db/schema/index.ts";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../errors.ts";
import { setPasswordMail } from "../../messaging/account-mails.ts";
import { resolveLanguage } from "../../messaging/templates.ts";
import { createPasswordToken } from "../auth/password-tokens.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { revokeAllSessionsOfUser } from "../auth/sessions.ts";
import { companyScopeWhere, ensureCompanyInScope } from "../auth/tenancy.ts";
import { createContactChangeService, EMAIL_TAKEN_MESSAGE } from "./contact-change.ts";
import {
  emailOwnerId,
  findUserItem,
  holdsRole,
  isUserInScope,
  selectUserItems,
  userFilterWhere,
  usersInScopeWhere,
  usersOfCompanyWhere,
} from "./repo.ts";

/**
 * System users (SPEC §7 "Auth and users"): the list with its filters, creation with a role and a
 * set-password mail, the work e-mail, the phone number and (de)activation. Employer-side callers reach
 * only the users of their companies (another tenant's user answers 404); every change of a user's
 * state writes its event-log row in the same transaction.
 */

export { EMAIL_TAKEN_MESSAGE };

type Log = Pick<FastifyBaseLogger, "error" | "warn">;

/** Roles an employer-side manager may hand out (in their own companies). */
const EMPLOYER_GRANTABLE: readonly RoleName[] = [...EMPLOYER_ROLES, "BIKE_BENEFICIARY"];

/**
 * Who may hand out a role: the admin tier any role (SUPER_ADMIN only by a super admin); an employer-side
 * manager employer roles and BIKE_BENEFICIARY, and EMPLOYER_GROUP_ADMIN (which widens the scope to the
 * whole group) only when they are a group admin themselves.
 */
export function ensureMayGrant(actor: Pick<CurrentUser, "scope" | "roleNames">, roleName: string): void {
  if (roleName === "SUPER_ADMIN" && !actor.roleNames.includes("SUPER_ADMIN")) {
    throw forbidden("Only a super admin may grant or remove the super admin role");
  }
  if (actor.scope.kind === "all") return;
  const grantable =
    isRoleName(roleName) &&
    EMPLOYER_GRANTABLE.includes(roleName) &&
    (roleName !== "EMPLOYER_GROUP_ADMIN" || actor.roleNames.includes("EMPLOYER_GROUP_ADMIN"));
  if (!grantable) throw forbidden("You may not grant this role");
}

export function isAdminRoleName(name: string): boolean {
  return isRoleName(name) && ADMIN_ROLES.includes(name);
}

/** The guard lets deactivated users through `guards.user`; every action here needs an active account. */
export function ensureActive(user: CurrentUser): void {
  if (user.deactivated) throw new AppError(403, "USER_DEACTIVATED", "User account is deactivated");
}

export function has(user: CurrentUser, permission: Permission): boolean {
  return user.permissions.includes(permission);
}

// Kept here too for the modules that import it from the system-users service (roles).

/**
 * SPEC §6: an active SUPER_ADMIN always remains. Called inside the transaction that removes `userId`'s
 * SUPER_ADMIN assignment or deactivates them: it locks every SUPER_ADMIN assignment first, so two such
 * changes (two super admins removing each other) run one after the other, and the count that follows
 * is a new statement that sees what the other one committed.
 */
export async function ensureAnotherActiveSuperAdmin(tx: Db, userId: string): Promise<void> {
  const superAdminRole = tx.select({ id: roles.id }).from(roles).where(eq(roles.name, "SUPER_ADMIN"));
  await tx
    .select({ id: userRoles.id })
    .from(userRoles)
    .where(inArray(userRoles.roleId, superAdminRole))
    .for("update");
  const [others] = await tx
    .select({ n: count() })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(
      and(
        inArray(userRoles.roleId, superAdminRole),
        ne(userRoles.userId, userId),
        eq(users.deactivated, false),
      ),
    );
  if ((others?.n ?? 0) === 0) {
    throw conflict("LAST_SUPER_ADMIN", "The last active super admin cannot be removed or deactivated");
  }
}

function phoneOrThrow(input: string): string {
  try {
    return normalizePhoneNumber(input);
  } catch {
    throw new AppError(400, "UNSUPPORTED_PHONE_NUMBER", UNSUPPORTED_PHONE_NUMBER_MESSAGE, [
      { field: "body.phoneNumber", message: UNSUPPORTED_PHONE_NUMBER_MESSAGE },
    ]);
  }
}

async function ensureEmailFree(db: Db, email: string, exceptUserId?: string): Promise<void> {
  if (await emailOwnerId(db, email, exceptUserId)) throw conflict("EMAIL_TAKEN", EMAIL_TAKEN_MESSAGE);
}

/**
 * A change of the work e-mail or phone: applied (a manager editing someone else), or waiting for the
 * user's confirmation (their own, issue 7 defect 6) — the route answers 200 or 202.
 */
export type ContactUpdateOutcome =
  | { kind: "applied"; item: TSystemUserItem }
  | { kind: "confirmationSent"; body: TContactChangeStarted };

/** What the "changed by an administrator" mail says a removed phone number now is. */
const PHONE_REMOVED: Record<Language, string> = { fi: "poistettu", en: "removed", sv: "borttaget" };

export function createSystemUsersService(ctx: AppContext) {
  const { db } = ctx.database;
  const contactChange = createContactChangeService(ctx);

  /** The user as the caller sees them after a change (404 if the change moved them out of scope). */
  async function itemFor(viewer: CurrentUser, userId: string): Promise<TSystemUserItem> {
    const item = await findUserItem(db, viewer, userId);
    if (!item) throw notFound("User");
    return item;
  }

  /**
   * A manager's reach over another user: system-users.manage, the user in their scope (else 404), and
   * only a super admin touches a super admin.
   */
  async function ensureCanManage(actor: CurrentUser, userId: string): Promise<void> {
    if (!has(actor, "system-users.manage")) {
      throw forbidden("Access denied. You do not have permission to perform this action");
    }
    if (!(await isUserInScope(db, actor, userId))) throw notFound("User");
    if (!actor.roleNames.includes("SUPER_ADMIN") && (await holdsRole(db, userId, "SUPER_ADMIN"))) {
      throw forbidden("Only a super admin may change a super admin");
    }
  }

  async function clearPhone(actor: CurrentUser, userId: string, log: Log): Promise<ContactUpdateOutcome> {
    const before = await contactChange.accountOf(userId);
    await db.update(users).set({ phoneNumber: null, phoneVerifiedAt: null }).where(eq(users.id, userId));
    if (before.phoneNumber) {
      const newValue = PHONE_REMOVED[resolveLanguage(before.language)];
      await contactChange.notifyChangedByOther(before, { kind: "PHONE", newValue }, log);
    }
    return { kind: "applied", item: await itemFor(actor, userId) };
  }

  /** The user themself (own-details.manage) or a manager of them. */
  async function ensureCanEdit(actor: CurrentUser, userId: string): Promise<void> {
    ensureActive(actor);
    if (actor.id === userId && has(actor, "own-details.manage")) return;
    await ensureCanManage(actor, userId);
  }

  return {
    async list(viewer: CurrentUser, query: TSystemUsersQuery): Promise<TSystemUsersPage> {
      const conditions = [usersInScopeWhere(db, viewer), ...userFilterWhere(query)];
      if (query.companyId) {
        ensureCompanyInScope(viewer, query.companyId, "Company");
        conditions.push(usersOfCompanyWhere(db, query.companyId));
      }
      const { items, total } = await selectUserItems(db, viewer, and(...conditions), {
        limit: query.limit,
        offset: pageOffset(query),
      });
      return pageEnvelope(items, total, query);
    },

    /** One user with their role assignments (for an employer-side viewer those in their companies). */
    async get(viewer: CurrentUser, userId: string): Promise<TSystemUserDetails> {
      const item = await itemFor(viewer, userId);
      const userRolesOf = await db
        .select({
          roleId: userRoles.roleId,
          roleName: roles.name,
          companyId: userRoles.companyId,
          companyName: companies.name,
        })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .leftJoin(companies, eq(companies.id, userRoles.companyId))
        .where(and(eq(userRoles.userId, userId), companyScopeWhere(viewer, userRoles.companyId)))
        .orderBy(asc(roles.name), asc(companies.name));
      return { ...item, userRoles: userRolesOf };
    },

    async create(actor: CurrentUser, input: TCreateSystemUser, log: Log): Promise<TSystemUserItem> {
      const email = input.workEmail;
      const personalEmail = input.personalEmail || null;
      const phoneNumber = input.phoneNumber?.trim() ? phoneOrThrow(input.phoneNumber) : null;
      const companyId = input.companyId ?? null;

      const [role] = await db.select().from(roles).where(eq(roles.name, input.role));
      if (!role) throw badRequest("Unknown role", [{ field: "body.role", message: "Unknown role" }]);
      const adminRole = isAdminRoleName(role.name);
      const builtIn = isRoleName(role.name);

      ensureMayGrant(actor, role.name);
      if (adminRole && companyId) {
        throw badRequest("Admin roles are global: leave companyId empty", [
          { field: "body.companyId", message: "Admin roles are global" },
        ]);
      }
      if (builtIn && !adminRole && !companyId) {
        throw badRequest("This role is held in a company: companyId is required", [
          { field: "body.companyId", message: "Required for this role" },
        ]);
      }
      if (companyId) {
        ensureCompanyInScope(actor, companyId, "Company");
        const [company] = await db
          .select({ id: companies.id })
          .from(companies)
          .where(and(eq(companies.id, companyId), isNull(companies.deletedAt)));
        if (!company) throw notFound("Company");
      }
      await ensureEmailFree(db, email);

      let created: { userId: string; token: string };
      try {
        created = await db.transaction(async (txDb) => {
          const tx = txDb as unknown as Db;
          const [user] = await tx
            .insert(users)
            .values({ email, phoneNumber, language: input.language ?? "fi" })
            .returning({ id: users.id });
          const userId = user?.id as string;
          await tx.insert(systemUsers).values({
            userId,
            firstName: input.firstName,
            lastName: input.lastName,
            personalEmail,
            companyId,
          });
          await tx
            .insert(userRoles)
            .values({ userId, roleId: role.id, companyId, grantedByUserId: actor.id });
          await tx.insert(eventLog).values({
            type: "USER_CREATED",
            actorUserId: actor.id,
            companyId,
            entityType: "user",
            entityId: userId,
            data: { role: role.name, source: "system-users" },
          });
          const token = await createPasswordToken(tx, userId);
          return { userId, token };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict("EMAIL_TAKEN", EMAIL_TAKEN_MESSAGE);
        throw error;
      }

      // The user exists either way; a failed mail is logged and a login attempt sends a new link.
      try {
        const mail = setPasswordMail(input.language ?? "fi", {
          name: input.firstName,
          link: `${ctx.config.publicUrl}/reset/${created.token}`,
          validHours: PASSWORD_RESET_SECONDS / 3600,
        });
        await ctx.messaging.sendMail({ to: email, ...mail });
      } catch (error) {
        log.error({ err: error, userId: created.userId }, "set-password mail failed");
      }
      return itemFor(actor, created.userId);
    },

    /**
     * One's own login e-mail: re-authenticated, then confirmed by a link to the new address, with the
     * same answer whether or not the address is taken. Someone else's (a manager): applied at once,
     * 409 on a taken address, and the previous address is told.
     */
    async updateWorkEmail(
      actor: CurrentUser,
      userId: string,
      input: TUpdateWorkEmail,
      log: Log,
    ): Promise<ContactUpdateOutcome> {
      await ensureCanEdit(actor, userId);
      const before = await contactChange.accountOf(userId);
      if (before.email.toLowerCase() === input.workEmail) {
        return { kind: "applied", item: await itemFor(actor, userId) };
      }
      if (actor.id === userId) {
        const body = await contactChange.startEmailChange(
          userId,
          input.workEmail,
          input.currentPassword,
          log,
        );
        return { kind: "confirmationSent", body };
      }
      await ensureEmailFree(db, input.workEmail, userId);
      try {
        await db.update(users).set({ email: input.workEmail }).where(eq(users.id, userId));
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict("EMAIL_TAKEN", EMAIL_TAKEN_MESSAGE);
        throw error;
      }
      await contactChange.notifyChangedByOther(before, { kind: "EMAIL", newValue: input.workEmail }, log);
      return { kind: "applied", item: await itemFor(actor, userId) };
    },

    /** The phone number: as the work e-mail, confirmed by a code sent by SMS to the new number. */
    async updatePhone(
      actor: CurrentUser,
      userId: string,
      input: TUpdatePhone,
      log: Log,
    ): Promise<ContactUpdateOutcome> {
      await ensureCanEdit(actor, userId);
      // A manager's empty number resets the two-factor phone: the next login asks for a number
      // (issue 10 point 3). One's own cannot be removed this way: "" is no valid number below.
      if (actor.id !== userId && input.phoneNumber.trim() === "") return clearPhone(actor, userId, log);
      const phoneNumber = phoneOrThrow(input.phoneNumber);
      const before = await contactChange.accountOf(userId);
      // The same number typed another way (040… for +35840…) is no change: nothing to confirm or store.
      if (samePhoneNumber(before.phoneNumber, phoneNumber)) {
        return { kind: "applied", item: await itemFor(actor, userId) };
      }
      if (actor.id === userId) {
        const body = await contactChange.startPhoneChange(userId, phoneNumber, input.currentPassword, log);
        return { kind: "confirmationSent", body };
      }
      // A number typed in by someone else is unverified until a two-factor code reaches it.
      await db.update(users).set({ phoneNumber, phoneVerifiedAt: null }).where(eq(users.id, userId));
      await contactChange.notifyChangedByOther(before, { kind: "PHONE", newValue: phoneNumber }, log);
      return { kind: "applied", item: await itemFor(actor, userId) };
    },

    /** The link mailed to the new address (anonymous: the token is the proof). */
    confirmEmailChange: (token: string, log: Log) => contactChange.confirmEmailChange(token, log),

    /** The code sent to the new number, by the logged-in user who asked for it. */
    async confirmPhoneChange(actor: CurrentUser, code: string, log: Log): Promise<TSystemUserItem> {
      ensureActive(actor);
      await contactChange.confirmPhoneChange(actor.id, code, log);
      return itemFor(actor, actor.id);
    },

    async setDeactivated(actor: CurrentUser, userId: string, input: TUpdateDeactivated) {
      if (actor.id === userId) {
        throw new AppError(400, "CANNOT_DEACTIVATE_SELF", "You cannot deactivate or activate yourself");
      }
      await ensureCanManage(actor, userId);
      await db.transaction(async (txDb) => {
        const tx = txDb as unknown as Db;
        const [current] = await tx
          .select({ deactivated: users.deactivated })
          .from(users)
          .where(eq(users.id, userId))
          .for("update");
        if (!current || current.deactivated === input.deactivated) return;
        if (input.deactivated && (await holdsRole(tx, userId, "SUPER_ADMIN"))) {
          await ensureAnotherActiveSuperAdmin(tx, userId);
        }
        await tx
          .update(users)
          .set({ deactivated: input.deactivated, deactivatedAt: input.deactivated ? new Date() : null })
          .where(eq(users.id, userId));
        if (input.deactivated) await revokeAllSessionsOfUser(tx, userId, "DEACTIVATED");
        const [profile] = await tx
          .select({ companyId: systemUsers.companyId })
          .from(systemUsers)
          .where(eq(systemUsers.userId, userId));
        await tx.insert(eventLog).values({
          type: input.deactivated ? "USER_DEACTIVATED" : "USER_ACTIVATED",
          actorUserId: actor.id,
          companyId: profile?.companyId ?? null,
          entityType: "user",
          entityId: userId,
        });
      });
      return itemFor(actor, userId);
    },
  };
}
