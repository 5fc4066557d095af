import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type {
  TAssignUserRole,
  TCreateRole,
  TPermission,
  TRemoveUserRole,
  TRole,
  TRoleUser,
  TRoleUsersQuery,
  TUserRoleAssignments,
} from "../../../contract/roles.ts";
import type { EventType } from "../../../domain/enums.ts";
import { ADMIN_ROLES, isRoleName } from "../../../domain/roles.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { likeContains, type PageArgs, pageEnvelope, pageOffset } from "../../db/paging.ts";
import { isUniqueViolation } from "../../db/postgres-errors.ts";
import {
  companies,
  eventLog,
  permissions,
  rolePermissions,
  roles,
  systemUsers,
  userRoles,
  users,
} from "../../db/schema/index.ts";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { companyScopeWhere, ensureCompanyInScope } from "../auth/tenancy.ts";
import { isUserInScope } from "../system-users/repo.ts";
import { ensureAnotherActiveSuperAdmin, ensureMayGrant } from "../system-users/service.ts";

/**
 * The roles admin (SPEC §6, §7 "Roles"): roles and their permissions are global, so only the admin
 * tier changes them; role assignments follow tenancy, so an employer-side holder of roles.manage
 * assigns employer roles only in their own companies (another tenant's user or company answers 404).
 * Every change writes its event-log row, with the actor, in the transaction of the change (issue 10
 * point 4); a call that changes nothing (idempotent repeats) writes none. The last active SUPER_ADMIN
 * assignment cannot be removed (409 LAST_SUPER_ADMIN).
 */

/** node-postgres parses text[] into an array; be tolerant of the `{a,b}` literal too. */
function toStringArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
  if (typeof value === "string" && value.startsWith("{") && value.endsWith("}")) {
    const inner = value.slice(1, -1);
    return inner ? inner.split(",").filter((v) => v !== "NULL") : [];
  }
  return [];
}

const isAdminRole = (name: string) => isRoleName(name) && ADMIN_ROLES.includes(name);

type RoleEvent = {
  type: EventType;
  entityType: "role" | "user";
  entityId: string;
  companyId?: string | null;
  data: Record<string, unknown>;
};

function logEvent(tx: Db, actor: CurrentUser, event: RoleEvent) {
  return tx.insert(eventLog).values({ ...event, companyId: event.companyId ?? null, actorUserId: actor.id });
}

/** Runs `change` in a transaction with the transaction's handle typed as the app's Db. */
function inTransaction<T>(db: Db, change: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => change(tx as unknown as Db));
}

function ensureAdminTier(actor: CurrentUser): void {
  if (actor.scope.kind !== "all") throw forbidden("Only the admin tier may change roles and permissions");
}

export function createRolesService(ctx: AppContext) {
  const { db } = ctx.database;

  async function findRole(roleId: string) {
    const [role] = await db.select().from(roles).where(eq(roles.id, roleId));
    if (!role) throw notFound("Role");
    return role;
  }

  async function findPermission(permissionId: string) {
    const [permission] = await db.select().from(permissions).where(eq(permissions.id, permissionId));
    if (!permission) throw notFound("Permission");
    return permission;
  }

  async function rolesWithPermissions(where: SQL | undefined, page: { limit: number; offset: number }) {
    const rows = await db
      .select({
        id: roles.id,
        name: roles.name,
        description: roles.description,
        isSystem: roles.isSystem,
      })
      .from(roles)
      .where(where)
      .orderBy(desc(roles.isSystem), asc(roles.name))
      .limit(page.limit)
      .offset(page.offset);
    const ids = rows.map((r) => r.id);
    const links = ids.length
      ? await db
          .select({
            roleId: rolePermissions.roleId,
            permissionId: rolePermissions.permissionId,
            name: permissions.name,
          })
          .from(rolePermissions)
          .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
          .where(inArray(rolePermissions.roleId, ids))
          .orderBy(asc(permissions.name))
      : [];
    const counts = ids.length
      ? await db
          .select({ roleId: userRoles.roleId, n: countDistinct(userRoles.userId) })
          .from(userRoles)
          .where(inArray(userRoles.roleId, ids))
          .groupBy(userRoles.roleId)
      : [];
    return rows.map(
      (r): TRole => ({
        ...r,
        userCount: counts.find((c) => c.roleId === r.id)?.n ?? 0,
        rolePermissions: links
          .filter((l) => l.roleId === r.id)
          .map((l) => ({
            roleId: l.roleId,
            permissionId: l.permissionId,
            permission: { id: l.permissionId, name: l.name },
          })),
      }),
    );
  }

  async function roleById(roleId: string): Promise<TRole> {
    const [role] = await rolesWithPermissions(eq(roles.id, roleId), { limit: 1, offset: 0 });
    if (!role) throw notFound("Role");
    return role;
  }

  async function assignmentsOf(
    actor: CurrentUser,
    userId: string,
    roleId: string,
  ): Promise<TUserRoleAssignments> {
    const scoped = companyScopeWhere(actor, userRoles.companyId);
    const rows = await db
      .select({
        id: userRoles.id,
        userId: userRoles.userId,
        roleId: userRoles.roleId,
        companyId: userRoles.companyId,
      })
      .from(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.roleId, roleId), scoped))
      .orderBy(asc(userRoles.createdAt), asc(userRoles.id));
    return { userId, roleId, assignments: rows };
  }

  /** The user exists and is reachable (404 otherwise); the role exists; the actor may hand it out. */
  async function checkAssignment(actor: CurrentUser, userId: string, roleId: string) {
    const role = await findRole(roleId);
    if (!(await isUserInScope(db, actor, userId))) throw notFound("User");
    ensureMayGrant(actor, role.name);
    return role;
  }

  return {
    async listRoles(query: PageArgs) {
      const [total] = await db.select({ n: count() }).from(roles);
      const items = await rolesWithPermissions(undefined, {
        limit: query.limit,
        offset: pageOffset(query),
      });
      return pageEnvelope(items, total?.n ?? 0, query);
    },

    async createRole(actor: CurrentUser, input: TCreateRole): Promise<TRole> {
      ensureAdminTier(actor);
      const taken = () => conflict("ROLE_NAME_TAKEN", "A role with this name already exists");
      const [existing] = await db
        .select({ id: roles.id })
        .from(roles)
        .where(sql`lower(${roles.name}) = ${input.name.toLowerCase()}`);
      if (existing) throw taken();
      try {
        const roleId = await inTransaction(db, async (tx) => {
          const [role] = await tx
            .insert(roles)
            .values({ name: input.name, description: input.description || null, isSystem: false })
            .returning({ id: roles.id });
          const id = role?.id as string;
          await logEvent(tx, actor, {
            type: "ROLE_CREATED",
            entityType: "role",
            entityId: id,
            data: { role: input.name },
          });
          return id;
        });
        return roleById(roleId);
      } catch (error) {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
    },

    async deleteRole(actor: CurrentUser, roleId: string) {
      ensureAdminTier(actor);
      const role = await findRole(roleId);
      if (role.isSystem) throw new AppError(400, "ROLE_IS_SYSTEM", "A built-in role cannot be deleted");
      const [held] = await db.select({ n: count() }).from(userRoles).where(eq(userRoles.roleId, roleId));
      if ((held?.n ?? 0) > 0) {
        throw conflict("ROLE_IN_USE", "The role is still assigned to users; remove it from them first");
      }
      await inTransaction(db, async (tx) => {
        const deleted = await tx.delete(roles).where(eq(roles.id, roleId)).returning({ id: roles.id });
        if (deleted.length === 0) return;
        await logEvent(tx, actor, {
          type: "ROLE_DELETED",
          entityType: "role",
          entityId: roleId,
          data: { role: role.name },
        });
      });
      return { message: "Role deleted" };
    },

    async listPermissions(query: PageArgs) {
      const [total] = await db.select({ n: count() }).from(permissions);
      const items: TPermission[] = await db
        .select({ id: permissions.id, name: permissions.name, description: permissions.description })
        .from(permissions)
        .orderBy(asc(permissions.name))
        .limit(query.limit)
        .offset(pageOffset(query));
      return pageEnvelope(items, total?.n ?? 0, query);
    },

    async addPermission(actor: CurrentUser, roleId: string, permissionId: string): Promise<TRole> {
      ensureAdminTier(actor);
      const role = await findRole(roleId);
      const permission = await findPermission(permissionId);
      await inTransaction(db, async (tx) => {
        const added = await tx
          .insert(rolePermissions)
          .values({ roleId, permissionId })
          .onConflictDoNothing()
          .returning({ roleId: rolePermissions.roleId });
        if (added.length === 0) return;
        await logEvent(tx, actor, {
          type: "ROLE_PERMISSION_ADDED",
          entityType: "role",
          entityId: roleId,
          data: { role: role.name, permission: permission.name },
        });
      });
      return roleById(roleId);
    },

    async removePermission(actor: CurrentUser, roleId: string, permissionId: string): Promise<TRole> {
      ensureAdminTier(actor);
      const role = await findRole(roleId);
      const permission = await findPermission(permissionId);
      // Without it nobody could ever change roles again.
      if (role.name === "SUPER_ADMIN" && permission.name === "roles.manage") {
        throw new AppError(400, "ROLE_IS_SYSTEM", "roles.manage cannot be removed from SUPER_ADMIN");
      }
      await inTransaction(db, async (tx) => {
        const removed = await tx
          .delete(rolePermissions)
          .where(and(eq(rolePermissions.roleId, roleId), eq(rolePermissions.permissionId, permissionId)))
          .returning({ roleId: rolePermissions.roleId });
        if (removed.length === 0) return;
        await logEvent(tx, actor, {
          type: "ROLE_PERMISSION_REMOVED",
          entityType: "role",
          entityId: roleId,
          data: { role: role.name, permission: permission.name },
        });
      });
      return roleById(roleId);
    },

    async roleUsers(viewer: CurrentUser, roleId: string, query: TRoleUsersQuery) {
      await findRole(roleId);
      const conditions: (SQL | undefined)[] = [
        eq(userRoles.roleId, roleId),
        companyScopeWhere(viewer, userRoles.companyId),
      ];
      if (query.search) {
        const pattern = likeContains(query.search);
        conditions.push(
          or(
            ilike(systemUsers.firstName, pattern),
            ilike(systemUsers.lastName, pattern),
            ilike(sql`${systemUsers.firstName} || ' ' || ${systemUsers.lastName}`, pattern),
            ilike(users.email, pattern),
          ),
        );
      }
      const where = and(...conditions);
      const [total] = await db
        .select({ n: countDistinct(userRoles.userId) })
        .from(userRoles)
        .innerJoin(users, eq(users.id, userRoles.userId))
        .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
        .where(where);
      const rows = await db
        .select({
          userId: users.id,
          firstName: systemUsers.firstName,
          lastName: systemUsers.lastName,
          email: users.email,
          deactivated: users.deactivated,
          companyIds: sql<unknown>`array_agg(distinct ${userRoles.companyId}::text)
            filter (where ${userRoles.companyId} is not null)`,
          global: sql<boolean>`bool_or(${userRoles.companyId} is null)`,
        })
        .from(userRoles)
        .innerJoin(users, eq(users.id, userRoles.userId))
        .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
        .where(where)
        .groupBy(users.id, systemUsers.firstName, systemUsers.lastName, users.email, users.deactivated)
        .orderBy(
          asc(sql`lower(coalesce(${systemUsers.lastName}, ''))`),
          asc(sql`lower(coalesce(${systemUsers.firstName}, ''))`),
          asc(users.email),
        )
        .limit(query.limit)
        .offset(pageOffset(query));
      const companyIds = [...new Set(rows.flatMap((r) => toStringArray(r.companyIds)))];
      const names = new Map(
        companyIds.length
          ? (
              await db
                .select({ id: companies.id, name: companies.name })
                .from(companies)
                .where(inArray(companies.id, companyIds))
            ).map((c) => [c.id, c.name])
          : [],
      );
      const items = rows.map((r): TRoleUser => {
        const ids = toStringArray(r.companyIds).sort((a, b) =>
          (names.get(a) ?? "").localeCompare(names.get(b) ?? "", "fi"),
        );
        return {
          userId: r.userId,
          firstName: r.firstName ?? "",
          lastName: r.lastName ?? "",
          email: r.email,
          deactivated: r.deactivated,
          companyIds: ids,
          companies: ids.map((id) => ({ id, name: names.get(id) ?? "" })),
          global: r.global === true,
        };
      });
      return pageEnvelope(items, total?.n ?? 0, query);
    },

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
      const rows = (companyIds.length ? companyIds : [null]).map((companyId) => ({
        userId,
        roleId,
        companyId,
        grantedByUserId: actor.id,
      }));
      await inTransaction(db, async (tx) => {
        const added = await tx
          .insert(userRoles)
          .values(rows)
          .onConflictDoNothing()
          .returning({ companyId: userRoles.companyId });
        if (added.length === 0) return;
        const addedCompanyIds = added.flatMap((a) => (a.companyId ? [a.companyId] : []));
        await logEvent(tx, actor, {
          type: "USER_ROLE_ASSIGNED",
          entityType: "user",
          entityId: userId,
          // The event row has one company: the first; data lists every company of the change.
          companyId: addedCompanyIds[0] ?? null,
          data: { role: role.name, companyIds: addedCompanyIds },
        });
      });
      return assignmentsOf(actor, userId, roleId);
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
      await inTransaction(db, async (tx) => {
        if (role.name === "SUPER_ADMIN") await ensureAnotherActiveSuperAdmin(tx, userId);
        const removed = await tx
          .delete(userRoles)
          .where(
            and(
              eq(userRoles.userId, userId),
              eq(userRoles.roleId, roleId),
              companyId ? eq(userRoles.companyId, companyId) : isNull(userRoles.companyId),
            ),
          )
          .returning({ id: userRoles.id });
        if (removed.length === 0) return;
        await logEvent(tx, actor, {
          type: "USER_ROLE_REMOVED",
          entityType: "user",
          entityId: userId,
          companyId,
          data: { role: role.name, companyIds: companyId ? [companyId] : [] },
        });
      });
      return assignmentsOf(actor, userId, roleId);
    },
  };
}
