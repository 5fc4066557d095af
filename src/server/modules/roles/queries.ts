import { and, asc, count, countDistinct, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type {
  TPermission,
  TRole,
  TRoleUser,
  TRoleUsersQuery,
  TUserRoleAssignments,
} from "../../../contract/roles.ts";
import type { Db } from "../../db/client.ts";
import { countOver, type PageArgs, readPage } from "../../db/paging.ts";
import { userMatches } from "../../db/person-search.ts";
import {
  companies,
  permissions,
  rolePermissions,
  roles,
  systemUsers,
  userRoles,
  users,
} from "../../db/schema/index.ts";
import { notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { companyScopeWhere } from "../auth/tenancy.ts";

/**
 * The roles admin's reads: roles with their permissions and holder counts, the permissions, a role's
 * holders and a user's assignments. Roles and permissions are global; holders and assignments follow
 * tenancy (an employer-side viewer sees those in their companies).
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

export async function findRole(db: Db, roleId: string) {
  const [role] = await db.select().from(roles).where(eq(roles.id, roleId));
  if (!role) throw notFound("Role");
  return role;
}

export async function findPermission(db: Db, permissionId: string) {
  const [permission] = await db.select().from(permissions).where(eq(permissions.id, permissionId));
  if (!permission) throw notFound("Permission");
  return permission;
}

/** A page of roles, each with how many roles `where` matches (readPage's total). */
function roleRows(db: Db, where: SQL | undefined, page: { limit: number; offset: number }) {
  return db
    .select({
      id: roles.id,
      name: roles.name,
      description: roles.description,
      isSystem: roles.isSystem,
      total: countOver(),
    })
    .from(roles)
    .where(where)
    .orderBy(desc(roles.isSystem), asc(roles.name))
    .limit(page.limit)
    .offset(page.offset);
}

async function rolesWithPermissions(
  db: Db,
  found: { id: string; name: string; description: string | null; isSystem: boolean }[],
) {
  const rows = found.map(({ id, name, description, isSystem }) => ({ id, name, description, isSystem }));
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

/** One role with its permissions and the number of its holders. */
export async function roleById(db: Db, roleId: string): Promise<TRole> {
  const [role] = await rolesWithPermissions(
    db,
    await roleRows(db, eq(roles.id, roleId), { limit: 1, offset: 0 }),
  );
  if (!role) throw notFound("Role");
  return role;
}

/** The viewer's view of one user's assignments of one role (an employer's: in their companies). */
export async function assignmentsOf(
  db: Db,
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

export async function listRoles(db: Db, query: PageArgs) {
  return readPage(query, {
    rows: (page) => roleRows(db, undefined, page),
    items: (rows) => rolesWithPermissions(db, rows),
    countPastEnd: async () => (await db.select({ n: count() }).from(roles))[0]?.n ?? 0,
  });
}

export async function listPermissions(db: Db, query: PageArgs) {
  return readPage(query, {
    rows: (page) =>
      db
        .select({
          id: permissions.id,
          name: permissions.name,
          description: permissions.description,
          total: countOver(),
        })
        .from(permissions)
        .orderBy(asc(permissions.name))
        .limit(page.limit)
        .offset(page.offset),
    items: (rows) => rows.map(({ id, name, description }): TPermission => ({ id, name, description })),
    countPastEnd: async () => (await db.select({ n: count() }).from(permissions))[0]?.n ?? 0,
  });
}

/** The holders of a role the viewer reaches, by name, each with the companies they hold it in. */
export async function roleUsers(db: Db, viewer: CurrentUser, roleId: string, query: TRoleUsersQuery) {
  await findRole(db, roleId);
  const conditions: (SQL | undefined)[] = [
    eq(userRoles.roleId, roleId),
    companyScopeWhere(viewer, userRoles.companyId),
  ];
  // "First Last" contains the first name and the last name: one search finds all three.
  if (query.search) conditions.push(userMatches(userRoles.userId, query.search));
  const where = and(...conditions);
  // Every condition is the assignment's own column and every join a required row (or a left join),
  // so the assignments alone count the holders.
  // The page's statement groups every assignment before it pages, so its window counts the holders
  // at no more cost.
  return readPage(query, {
    rows: (page) =>
      db
        .select({
          total: countOver(),
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
        .limit(page.limit)
        .offset(page.offset),
    items: async (rows) => {
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
      return rows.map((r): TRoleUser => {
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
    },
    countPastEnd: async () =>
      (
        await db
          .select({ n: countDistinct(userRoles.userId) })
          .from(userRoles)
          .where(where)
      )[0]?.n ?? 0,
  });
}
