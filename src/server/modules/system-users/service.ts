import { and, asc, eq, isNull } from "drizzle-orm";
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
import type { Language } from "../../../domain/enums.ts";
import { isRoleName } from "../../../domain/roles.ts";
import { contactChangeRefusal, mayDeactivate } from "../../../domain/user-tiers.ts";
import { normalizePhoneNumber, samePhoneNumber } from "../../../domain/validation/phone.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { readPage } from "../../db/paging.ts";
import { isUniqueViolation } from "../../db/postgres-errors.ts";
import { companies, roles, userRoles, users } from "../../db/schema/index.ts";
import { inTransaction, write } from "../../db/transaction.ts";
import { badRequest, forbidden, notFound } from "../../errors.ts";
import { resolveLanguage } from "../../messaging/templates.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { companyScopeWhere, ensureCompanyInScope } from "../auth/tenancy.ts";
import {
  ensureActive,
  ensureMayGrant,
  has,
  heldRoleNamesOf,
  isAdminRoleName,
  isEmployerRoleName,
} from "./access.ts";
import { createContactChangeService } from "./contact-change.ts";
import { createUser } from "./create-user.ts";
import { setDeactivated } from "./deactivate-user.ts";
import { cannotDeactivateSelf, emailTaken, unsupportedPhoneNumber } from "./errors.ts";
import { queueSetPasswordMail } from "./mails.ts";
import {
  countUsers,
  emailOwnerId,
  findUserItem,
  heldRolesOf,
  isUserInScope,
  toItem,
  userFilterWhere,
  userItemRows,
  usersInScopeWhere,
  usersOfCompanyWhere,
} from "./queries.ts";
import { announceStaffRole } from "./staff-roles.ts";

/**
 * System users (docs/api-surface.md "Auth and users"): the list with its filters, creation with a role and a
 * set-password mail, the work e-mail, the phone number and (de)activation. Employer-side callers reach
 * only the users of their companies (another tenant's user answers 404); every change of a user's
 * state writes its event-log row in the same transaction.
 */

function phoneOrThrow(input: string): string {
  try {
    return normalizePhoneNumber(input);
  } catch {
    throw unsupportedPhoneNumber("body.phoneNumber");
  }
}

async function ensureEmailFree(db: Db, email: string, exceptUserId?: string): Promise<void> {
  if (await emailOwnerId(db, email, exceptUserId)) throw emailTaken();
}

const by = (user: CurrentUser) => ({ actor: { userId: user.id } });

/**
 * A change of the work e-mail or phone: applied (a manager editing someone else), or waiting for the
 * user's confirmation (their own: a stolen session must not move the login elsewhere) — the route
 * answers 200 or 202.
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

  /** A manager's reach over another user: system-users.manage and the user in their scope (else 404). */
  async function ensureCanManage(actor: CurrentUser, userId: string): Promise<void> {
    if (!has(actor, "system-users.manage")) {
      throw forbidden("Access denied. You do not have permission to perform this action");
    }
    if (!(await isUserInScope(db, actor, userId))) throw notFound("User");
  }

  /**
   * Someone else's login e-mail or phone leads to their password and second factor: a manager changes
   * them only for a person below their own tier, and a staff member's never (they change their own).
   */
  async function ensureMayChangeContactOf(actor: CurrentUser, userId: string): Promise<void> {
    await ensureCanManage(actor, userId);
    const refusal = contactChangeRefusal(heldRoleNamesOf(actor), await heldRolesOf(db, userId));
    if (refusal === "STAFF_CONTACT")
      throw forbidden("A staff member changes their own login e-mail and phone, with their password");
    if (refusal)
      throw forbidden("Only a manager above this user's roles may change their login e-mail or phone");
  }
  async function clearPhone(actor: CurrentUser, userId: string): Promise<ContactUpdateOutcome> {
    const before = await contactChange.accountOf(userId);
    await inTransaction(db, async (tx) => {
      await tx.update(users).set({ phoneNumber: null, phoneVerifiedAt: null }).where(eq(users.id, userId));
      if (before.phoneNumber) {
        const newValue = PHONE_REMOVED[resolveLanguage(before.language)];
        await contactChange.notifyChangedByOther(tx, before, { kind: "PHONE", newValue });
      }
    });
    return { kind: "applied", item: await itemFor(actor, userId) };
  }

  /** The user themself (own-details.manage) or a manager above them. */
  async function ensureCanEdit(actor: CurrentUser, userId: string): Promise<void> {
    ensureActive(actor);
    if (actor.id === userId && has(actor, "own-details.manage")) return;
    await ensureMayChangeContactOf(actor, userId);
  }

  return {
    async list(viewer: CurrentUser, query: TSystemUsersQuery): Promise<TSystemUsersPage> {
      const conditions = [usersInScopeWhere(db, viewer), ...userFilterWhere(query)];
      if (query.companyId) {
        ensureCompanyInScope(viewer, query.companyId, "Company");
        conditions.push(usersOfCompanyWhere(db, query.companyId));
      }
      const where = and(...conditions);
      return readPage(query, {
        rows: (page) => userItemRows(db, viewer, where, page),
        items: (rows) => rows.map(toItem),
        countPastEnd: () => countUsers(db, where),
      });
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

    async create(actor: CurrentUser, input: TCreateSystemUser): Promise<TSystemUserItem> {
      const phoneNumber = input.phoneNumber?.trim() ? phoneOrThrow(input.phoneNumber) : null;
      const companyId = input.companyId ?? null;

      const [role] = await db.select().from(roles).where(eq(roles.name, input.role));
      if (!role) throw badRequest("Unknown role", [{ field: "body.role", message: "Unknown role" }]);
      const adminRole = isAdminRoleName(role.name);
      const builtIn = isRoleName(role.name);

      ensureMayGrant(actor, role.name);
      // A company adds its employees through the employee form or a staff file (their employment comes
      // with them); here it makes only its own employer-side colleagues.
      if (!has(actor, "system-users.manage") && !isEmployerRoleName(role.name)) {
        throw badRequest("Add employees through the employee form", [
          { field: "body.role", message: "An employer role: admin, editor, group admin or reporting" },
        ]);
      }
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
      let companyName: string | null = null;
      if (companyId) {
        ensureCompanyInScope(actor, companyId, "Company");
        const [company] = await db
          .select({ name: companies.name })
          .from(companies)
          .where(and(eq(companies.id, companyId), isNull(companies.deletedAt)));
        if (!company) throw notFound("Company");
        companyName = company.name;
      }
      await ensureEmailFree(db, input.workEmail);

      const created = await write(db, by(actor), async (w) => {
        const made = await createUser(w, input, { role, phoneNumber, companyId });
        const organisation = companyName ? { kind: "COMPANY" as const, name: companyName } : null;
        await queueSetPasswordMail(w, made.userId, organisation);
        await announceStaffRole(w.tx, {
          userId: made.userId,
          role: role.name,
          grantedByUserId: actor.id,
          at: w.now,
        });
        return made;
      });
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
    ): Promise<ContactUpdateOutcome> {
      await ensureCanEdit(actor, userId);
      const before = await contactChange.accountOf(userId);
      if (before.email.toLowerCase() === input.workEmail) {
        return { kind: "applied", item: await itemFor(actor, userId) };
      }
      if (actor.id === userId) {
        const body = await contactChange.startEmailChange(userId, input.workEmail, input.currentPassword);
        return { kind: "confirmationSent", body };
      }
      await ensureEmailFree(db, input.workEmail, userId);
      try {
        await inTransaction(db, async (tx) => {
          await tx.update(users).set({ email: input.workEmail }).where(eq(users.id, userId));
          await contactChange.notifyChangedByOther(tx, before, { kind: "EMAIL", newValue: input.workEmail });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      return { kind: "applied", item: await itemFor(actor, userId) };
    },

    /** The phone number: as the work e-mail, confirmed by a code sent by SMS to the new number. */
    async updatePhone(
      actor: CurrentUser,
      userId: string,
      input: TUpdatePhone,
    ): Promise<ContactUpdateOutcome> {
      await ensureCanEdit(actor, userId);
      // A manager's empty number resets the two-factor phone: the next login asks for a number, so a
      // user who lost their phone gets back in. One's own cannot be removed this way: "" is no valid
      // number below.
      if (actor.id !== userId && input.phoneNumber.trim() === "") return clearPhone(actor, userId);
      const phoneNumber = phoneOrThrow(input.phoneNumber);
      const before = await contactChange.accountOf(userId);
      // The same number typed another way (040… for +35840…) is no change: nothing to confirm or store.
      if (samePhoneNumber(before.phoneNumber, phoneNumber)) {
        return { kind: "applied", item: await itemFor(actor, userId) };
      }
      if (actor.id === userId) {
        const body = await contactChange.startPhoneChange(userId, phoneNumber, input.currentPassword);
        return { kind: "confirmationSent", body };
      }
      await inTransaction(db, async (tx) => {
        // A number typed in by someone else is unverified until a two-factor code reaches it.
        await tx.update(users).set({ phoneNumber, phoneVerifiedAt: null }).where(eq(users.id, userId));
        await contactChange.notifyChangedByOther(tx, before, { kind: "PHONE", newValue: phoneNumber });
      });
      return { kind: "applied", item: await itemFor(actor, userId) };
    },

    /** The link mailed to the new address (anonymous: the token is the proof). */
    confirmEmailChange: (token: string) => contactChange.confirmEmailChange(token),

    /** The code sent to the new number, by the logged-in user who asked for it. */
    async confirmPhoneChange(actor: CurrentUser, code: string): Promise<TSystemUserItem> {
      ensureActive(actor);
      await contactChange.confirmPhoneChange(actor.id, code);
      return itemFor(actor, actor.id);
    },

    async setDeactivated(actor: CurrentUser, userId: string, input: TUpdateDeactivated) {
      if (actor.id === userId) throw cannotDeactivateSelf();
      await ensureCanManage(actor, userId);
      if (!mayDeactivate(actor.roleNames, await heldRolesOf(db, userId)))
        throw forbidden("Only a super admin may deactivate or reactivate a staff member");
      await write(db, by(actor), (w) => setDeactivated(w, userId, input.deactivated));
      return itemFor(actor, userId);
    },
  };
}
