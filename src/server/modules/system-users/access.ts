import { and, count, eq, inArray, ne } from "drizzle-orm";
import type { Permission } from "../../../domain/permissions.ts";
import { ADMIN_ROLES, EMPLOYER_ROLES, isRoleName } from "../../../domain/roles.ts";
import { grantRefusal, type HeldRoleName } from "../../../domain/user-tiers.ts";
import { lockRows } from "../../db/lock-order.ts";
import { roles, userRoles, users } from "../../db/schema/index.ts";
import type { Tx } from "../../db/transaction.ts";
import { forbidden } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { lastSuperAdmin, userDeactivated } from "./errors.ts";

/**
 * Who may do what with user accounts and roles (docs/product.md "Roles"): which roles a user may hand out, that the
 * caller's account is active, and that an active super admin always remains. The companies, roles and
 * employees areas ask the same questions here.
 */

/**
 * Who may hand out (or take away) a role (`grantRefusal` of src/domain/user-tiers.ts): a staff role
 * only a super admin; the admin tier any other; an employer-side manager employer roles and the
 * employee's in their own companies.
 */
export function ensureMayGrant(actor: Pick<CurrentUser, "scope" | "roleNames">, roleName: string): void {
  const refusal = grantRefusal(
    { roleNames: actor.roleNames, allCompanies: actor.scope.kind === "all" },
    roleName,
  );
  if (refusal === "STAFF_ROLE") throw forbidden("Only a super admin may grant or remove a staff role");
  if (refusal) throw forbidden("You may not grant this role");
}

/** The caller's roles as the tiers read them. */
export function heldRoleNamesOf(user: Pick<CurrentUser, "userRoles">): HeldRoleName[] {
  return user.userRoles.map(({ role, companyId }) => ({ name: role.name, companyId }));
}

export function isAdminRoleName(name: string): boolean {
  return isRoleName(name) && ADMIN_ROLES.includes(name);
}

/** An employer-side role (admin, editor, group admin, reporting): a company's own colleagues hold these. */
export function isEmployerRoleName(name: string): boolean {
  return isRoleName(name) && EMPLOYER_ROLES.includes(name);
}

/** The guard lets deactivated users through `guards.user`; every action here needs an active account. */
export function ensureActive(user: CurrentUser): void {
  if (user.deactivated) throw userDeactivated();
}

export function has(user: CurrentUser, permission: Permission): boolean {
  return user.permissions.includes(permission);
}

/**
 * docs/product.md "Roles": an active SUPER_ADMIN always remains. Called inside the transaction that removes `userId`'s
 * SUPER_ADMIN assignment or deactivates them: it locks every SUPER_ADMIN assignment first, so two such
 * changes (two super admins removing each other) run one after the other, and the count that follows
 * is a new statement that sees what the other one committed.
 */
export async function ensureAnotherActiveSuperAdmin(tx: Tx, userId: string): Promise<void> {
  const superAdminRole = tx.select({ id: roles.id }).from(roles).where(eq(roles.name, "SUPER_ADMIN"));
  await lockRows(
    tx,
    "userRole",
    tx
      .select({ id: userRoles.id })
      .from(userRoles)
      .where(inArray(userRoles.roleId, superAdminRole))
      .for("update"),
  );
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
  if ((others?.n ?? 0) === 0) throw lastSuperAdmin();
}
