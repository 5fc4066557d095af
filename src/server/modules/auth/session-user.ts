import { and, eq, inArray, isNull } from "drizzle-orm";
import type { TSessionUser } from "../../../contract/auth.ts";
import { LANGUAGES, type Language, THEMES, type Theme } from "../../../domain/enums.ts";
import { permissionsOf } from "../../../domain/permissions.ts";
import { ADMIN_ROLES, hasAnyRole, type RoleName, rolesOf } from "../../../domain/roles.ts";
import type { Db } from "../../db/client.ts";
import {
  bikeStoreUsers,
  companies,
  permissions,
  rolePermissions,
  roles,
  systemUsers,
  userPreferences,
  userRoles,
  users,
} from "../../db/schema/index.ts";
import { mustSetUpAuthenticator } from "./authenticator.ts";

/**
 * The user behind a request, with everything guards and services need: roles and permissions derived
 * from userRoles (docs/product.md "Roles") and the tenancy scope (docs/architecture.md): the admin tier sees every company; an
 * employer-side user the companies where they hold a role, and a group admin every company of the group.
 */
type CompanyScope = { kind: "all" } | { kind: "companies"; companyIds: readonly string[] };

/** A role the user holds in a company (or globally), with the permissions the role grants. */
type HeldRole = {
  companyId: string | null;
  role: { id: string; name: string; rolePermissions: { permission: { name: string } }[] };
};

export type CurrentUser = TSessionUser & {
  roleNames: RoleName[];
  scope: CompanyScope;
  /**
   * The bike stores a store user acts for (bike_store_users), empty for everyone else. A store user
   * holds no company: they reach orders only through these stores, never through companyScopeWhere.
   */
  storeIds: readonly string[];
};

/**
 * A signed-in user who writes, with what the rules read of them: the event log names them, the scope
 * checks read their companies, and a role they give must be one they may hand out.
 */
export type SignedInActor = { userId: string; user: CurrentUser };

/**
 * Runs on every authenticated request, so it reads with two flat queries (the user with their names
 * and preferences; their roles, each row one permission) instead of one nested relational query, which
 * took about 1.7 times as long on PGlite.
 */
export async function loadCurrentUser(db: Db, userId: string): Promise<CurrentUser | null> {
  const [row] = await db
    .select({ user: users, systemUser: systemUsers, preferences: userPreferences.preferences })
    .from(users)
    .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
    .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const grants = await db
    .select({
      userRoleId: userRoles.id,
      companyId: userRoles.companyId,
      roleId: roles.id,
      roleName: roles.name,
      permission: permissions.name,
    })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .leftJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(userRoles.userId, userId))
    .orderBy(userRoles.createdAt, userRoles.id, permissions.name);
  const held = new Map<string, HeldRole>();
  for (const grant of grants) {
    let userRole = held.get(grant.userRoleId);
    if (!userRole) {
      userRole = {
        companyId: grant.companyId,
        role: { id: grant.roleId, name: grant.roleName, rolePermissions: [] },
      };
      held.set(grant.userRoleId, userRole);
    }
    if (grant.permission) userRole.role.rolePermissions.push({ permission: { name: grant.permission } });
  }
  const user = {
    ...row.user,
    systemUser: row.systemUser,
    preferences: row.preferences,
    userRoles: [...held.values()],
  };

  const roleNames = rolesOf(user.userRoles);
  const heldIn = [...new Set(user.userRoles.map((ur) => ur.companyId).filter((id): id is string => !!id))];
  const groupAdminIn = user.userRoles
    .filter((ur) => ur.role.name === "EMPLOYER_GROUP_ADMIN" && ur.companyId)
    .map((ur) => ur.companyId as string);

  let scope: CompanyScope;
  let visible: { id: string; name: string; groupCompanyId: string | null }[];
  const companyColumns = { id: companies.id, name: companies.name, groupCompanyId: companies.groupCompanyId };
  let secondFactorSetupRequired = false;
  if (hasAnyRole(roleNames, ADMIN_ROLES)) {
    scope = { kind: "all" };
    visible = [];
    secondFactorSetupRequired = await mustSetUpAuthenticator(db, userId);
  } else {
    const held = heldIn.length
      ? await db
          .select(companyColumns)
          .from(companies)
          .where(and(inArray(companies.id, heldIn), isNull(companies.deletedAt)))
      : [];
    const groupIds = [
      ...new Set(
        held
          .filter((c) => groupAdminIn.includes(c.id) && c.groupCompanyId)
          .map((c) => c.groupCompanyId as string),
      ),
    ];
    const groupCompanies = groupIds.length
      ? await db
          .select(companyColumns)
          .from(companies)
          .where(and(inArray(companies.groupCompanyId, groupIds), isNull(companies.deletedAt)))
      : [];
    const byId = new Map([...held, ...groupCompanies].map((c) => [c.id, c]));
    visible = [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, "fi"));
    scope = { kind: "companies", companyIds: visible.map((c) => c.id) };
  }

  // Only the holder of the store role acts for stores: a binding left behind a removed role gives nothing.
  const storeIds = roleNames.includes("BIKE_STORE")
    ? (
        await db
          .select({ id: bikeStoreUsers.bikeStoreId })
          .from(bikeStoreUsers)
          .where(eq(bikeStoreUsers.userId, userId))
          .orderBy(bikeStoreUsers.createdAt, bikeStoreUsers.bikeStoreId)
      ).map((r) => r.id)
    : [];

  const theme = user.preferences?.theme;
  return {
    id: user.id,
    email: user.email,
    firstName: user.systemUser?.firstName ?? "",
    lastName: user.systemUser?.lastName ?? "",
    personalEmail: user.systemUser?.personalEmail ?? null,
    phoneNumber: user.phoneNumber,
    language: (LANGUAGES as readonly string[]).includes(user.language) ? (user.language as Language) : "fi",
    deactivated: user.deactivated,
    companyId: user.systemUser?.companyId ?? null,
    userRoles: user.userRoles,
    roles: [...new Set(user.userRoles.map((ur) => ur.role.name))],
    permissions: permissionsOf(user.userRoles),
    companies: visible,
    secondFactorSetupRequired,
    preferences: {
      theme:
        typeof theme === "string" && (THEMES as readonly string[]).includes(theme) ? (theme as Theme) : null,
    },
    municipalityCode: user.systemUser?.municipalityCode ?? null,
    church: user.systemUser?.church ?? null,
    roleNames,
    scope,
    storeIds,
  };
}

/** The session user as GET /api/user and the own details' changes answer it: without the server's own parts. */
export function toSessionUser(user: CurrentUser): TSessionUser {
  const { roleNames: _roleNames, scope: _scope, storeIds: _storeIds, ...sessionUser } = user;
  return sessionUser;
}
