import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type {
  TAssignUserRole,
  TCreateRole,
  TRemoveUserRole,
  TRole,
  TRoleUsersQuery,
  TUserRoleAssignments,
} from "../../../contract/roles.ts";
import { ADMIN_ROLES, isRoleName } from "../../../domain/roles.ts";
import type { AppContext } from "../../context.ts";
import type { PageArgs } from "../../db/paging.ts";
import { companies, roles, userRoles } from "../../db/schema/index.ts";
import { write } from "../../db/transaction.ts";
import { badRequest, forbidden, notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { ensureCompanyInScope } from "../auth/tenancy.ts";
import { ensureMayGrant } from "../system-users/access.ts";
import { isUserInScope } from "../system-users/queries.ts";
import { announceStaffRole } from "../system-users/staff-roles.ts";
import { assignRole, removeRole } from "./change-assignments.ts";
import { addPermission, removePermission } from "./change-permissions.ts";
import { createRole } from "./create-role.ts";
import { deleteRole } from "./delete-role.ts";
import { roleInUse, roleIsSystem, roleNameTaken } from "./errors.ts";
import {
  assignmentsOf,
  findPermission,
  findRole,
  listPermissions,
  listRoles,
  roleById,
  roleUsers,
} from "./queries.ts";

/**
 * The roles admin (docs/product.md "Roles", docs/api-surface.md "Roles"): roles and their permissions are global, so only the admin
 * tier changes them; role assignments follow tenancy, so an employer-side holder of roles.manage
 * assigns employer roles only in their own companies (another tenant's user or company answers 404).
 * Every change writes its event-log row, with the actor, in the transaction of the change, so the
 * audit view shows who gave or took which right; a call that changes nothing (idempotent repeats)
 * writes none. The last active SUPER_ADMIN assignment cannot be removed (409 LAST_SUPER_ADMIN).
 */

const isAdminRole = (name: string) => isRoleName(name) && ADMIN_ROLES.includes(name);

function ensureAdminTier(actor: CurrentUser): void {
  if (actor.scope.kind !== "all") throw forbidden("Only the admin tier may change roles and permissions");
}

const by = (user: CurrentUser) => ({ actor: { userId: user.id } });

export function createRolesService(ctx: AppContext) {
  const { db } = ctx.database;

  /** The user exists and is reachable (404 otherwise); the role exists; the actor may hand it out. */
  async function checkAssignment(actor: CurrentUser, userId: string, roleId: string) {
    const role = await findRole(db, roleId);
    if (!(await isUserInScope(db, actor, userId))) throw notFound("User");
    ensureMayGrant(actor, role.name);
    return role;
  }

  return {
    listRoles: (query: PageArgs) => listRoles(db, query),

    async createRole(actor: CurrentUser, input: TCreateRole): Promise<TRole> {
      ensureAdminTier(actor);
      const [existing] = await db
        .select({ id: roles.id })
        .from(roles)
        .where(sql`lower(${roles.name}) = ${input.name.toLowerCase()}`);
      if (existing) throw roleNameTaken();
      const roleId = await write(db, by(actor), (w) => createRole(w, input));
      return roleById(db, roleId);
    },

    async deleteRole(actor: CurrentUser, roleId: string) {
      ensureAdminTier(actor);
      const role = await findRole(db, roleId);
      if (role.isSystem) throw roleIsSystem();
      const [held] = await db.select({ n: count() }).from(userRoles).where(eq(userRoles.roleId, roleId));
      if ((held?.n ?? 0) > 0) throw roleInUse();
      await write(db, by(actor), (w) => deleteRole(w, role));
      return { message: "Role deleted" };
    },

    listPermissions: (query: PageArgs) => listPermissions(db, query),

    async addPermission(actor: CurrentUser, roleId: string, permissionId: string): Promise<TRole> {
      ensureAdminTier(actor);
      const role = await findRole(db, roleId);
      const permission = await findPermission(db, permissionId);
      await write(db, by(actor), (w) => addPermission(w, role, permission));
      return roleById(db, roleId);
    },

    async removePermission(actor: CurrentUser, roleId: string, permissionId: string): Promise<TRole> {
      ensureAdminTier(actor);
      const role = await findRole(db, roleId);
      const permission = await findPermission(db, permissionId);
      // Without it nobody could ever change roles again.
      if (role.name === "SUPER_ADMIN" && permission.name === "roles.manage") {
        throw roleIsSystem("roles.manage cannot be removed from SUPER_ADMIN");
      }
      await write(db, by(actor), (w) => removePermission(w, role, permission));
      return roleById(db, roleId);
    },

    roleUsers: (viewer: CurrentUser, roleId: string, query: TRoleUsersQuery) =>
      roleUsers(db, viewer, roleId, query),

    async assignRole(
      actor: CurrentUser,
      userId: string,
      roleId: string,
      input: TAssignUserRole,
    ): Promise<TUserRoleAssignments> {
      const role = await checkAssignment(actor, userId, roleId);
      const companyIds = [...new Set(input.companyIds)];
      if (isAdminRole(role.name) && companyIds.length > 0) {
        throw badRequest("Admin roles are global: send an empty companyIds list", [
          { field: "body.companyIds", message: "Must be empty for an admin role" },
        ]);
      }
      if (companyIds.length === 0 && isRoleName(role.name) && !isAdminRole(role.name)) {
        throw badRequest("This role is held in a company: give at least one companyId", [
          { field: "body.companyIds", message: "At least one company" },
        ]);
      }
      if (companyIds.length === 0) ensureAdminTier(actor);
      for (const companyId of companyIds) ensureCompanyInScope(actor, companyId, "Company");
      if (companyIds.length > 0) {
        const found = await db
          .select({ id: companies.id })
          .from(companies)
          .where(and(inArray(companies.id, companyIds), isNull(companies.deletedAt)));
        if (found.length !== companyIds.length) throw notFound("Company");
      }
      await write(db, by(actor), async (w) => {
        const added = await assignRole(w, userId, role, companyIds);
        if (added) {
          await announceStaffRole(w.tx, { userId, role: role.name, grantedByUserId: actor.id, at: w.now });
        }
      });
      return assignmentsOf(db, actor, userId, roleId);
    },

    async removeRole(
      actor: CurrentUser,
      userId: string,
      roleId: string,
      input: TRemoveUserRole | null | undefined,
    ): Promise<TUserRoleAssignments> {
      const role = await checkAssignment(actor, userId, roleId);
      const companyId = input?.companyId ?? null;
      if (companyId) ensureCompanyInScope(actor, companyId, "Company");
      else ensureAdminTier(actor);
      if (actor.id === userId && isAdminRole(role.name)) {
        throw badRequest("You cannot remove your own admin role");
      }
      await write(db, by(actor), (w) => removeRole(w, userId, role, companyId));
      return assignmentsOf(db, actor, userId, roleId);
    },
  };
}
