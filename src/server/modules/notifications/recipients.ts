import { and, eq, inArray, or } from "drizzle-orm";
import type { Language } from "../../../domain/enums.ts";
import type { Permission } from "../../../domain/permissions.ts";
import type { Db } from "../../db/client.ts";
import {
  companies,
  permissions,
  rolePermissions,
  roles,
  systemUsers,
  userRoles,
  users,
} from "../../db/schema/index.ts";

/** A user who gets a company's bell notifications, with the language their texts are written in. */
export type BellRecipient = { userId: string; language: string };

/**
 * Who gets a company's bell notifications (docs/product.md "Roles": the bell is the employer admin's): the active users
 * holding EMPLOYER_ADMIN in the company, once each.
 */
export async function employerAdminsOf(db: Db, companyId: string): Promise<BellRecipient[]> {
  const rows = await db
    .selectDistinct({ userId: userRoles.userId, language: users.language })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(
      and(eq(roles.name, "EMPLOYER_ADMIN"), eq(userRoles.companyId, companyId), eq(users.deactivated, false)),
    );
  return rows;
}

/** Every active employer admin of any company (platform-wide system updates), once each. */
export async function allEmployerAdmins(db: Db): Promise<BellRecipient[]> {
  return db
    .selectDistinct({ userId: userRoles.userId, language: users.language })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(inArray(roles.name, ["EMPLOYER_ADMIN"]), eq(users.deactivated, false)));
}

/** An employer user who is mailed about a company's order, in their own language. */
export type MailRecipient = {
  userId: string;
  email: string;
  language: Language;
  firstName: string | null;
  lastName: string | null;
};

/**
 * The active employer users who may act on a company's matter by `permission`, once each: those whose
 * role in the company carries it, and the group admins whose role, held in any company of the
 * company's group, carries it (the tenancy rule widens a group admin's reach to the whole group, as
 * session-user.ts resolves it). The admin tier's roles are held in no company and are not counted.
 */
export async function employerUsersWithPermission(
  db: Db,
  companyId: string,
  permission: Permission,
): Promise<MailRecipient[]> {
  const [company] = await db
    .select({ groupId: companies.groupCompanyId })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) return [];
  const groupCompanies = company.groupId
    ? db.select({ id: companies.id }).from(companies).where(eq(companies.groupCompanyId, company.groupId))
    : null;
  return db
    .selectDistinct({
      userId: users.id,
      email: users.email,
      language: users.language,
      firstName: systemUsers.firstName,
      lastName: systemUsers.lastName,
    })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .innerJoin(users, eq(users.id, userRoles.userId))
    .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
    .where(
      and(
        eq(permissions.name, permission),
        eq(users.deactivated, false),
        groupCompanies
          ? or(
              eq(userRoles.companyId, companyId),
              and(eq(roles.name, "EMPLOYER_GROUP_ADMIN"), inArray(userRoles.companyId, groupCompanies)),
            )
          : eq(userRoles.companyId, companyId),
      ),
    );
}
