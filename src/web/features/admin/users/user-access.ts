import { grantRefusal } from "../../../../domain/user-tiers.ts";
import { useSession } from "../../../lib/session.ts";

/** The path segment of the roles screens below the tab: /admin/kayttajat/roolit[/<roleId>]. */
export const ROLES_SEGMENT = "roolit";

/**
 * What the session user may change here. The server decides (the helpdesk gets 403 on role changes);
 * these only hide the controls that would fail.
 */
function useHasPermission(permission: string): boolean {
  return useSession().user?.permissions.includes(permission) ?? false;
}

/** Roles and their permissions (SUPER_ADMIN only). */
export function useCanManageRoles(): boolean {
  return useHasPermission("roles.manage");
}

/**
 * Who holds which role: user management, so the helpdesk too (roles.manage or system-users.manage, as
 * the API's guard). Only a super admin hands out a staff role (grantRefusal of the domain).
 */
export function useRoleAssignment(): { canAssign: boolean; mayGrant: (roleName: string) => boolean } {
  const user = useSession().user;
  const permissions = user?.permissions ?? [];
  const roleNames = user?.roles ?? [];
  const allCompanies = roleNames.includes("SUPER_ADMIN") || roleNames.includes("INTERNAL_ADMIN");
  return {
    canAssign: permissions.includes("roles.manage") || permissions.includes("system-users.manage"),
    mayGrant: (roleName) => grantRefusal({ roleNames, allCompanies }, roleName) === null,
  };
}

/** Creating, changing and deactivating users. */
export function useCanManageUsers(): boolean {
  return useHasPermission("system-users.manage");
}

/** Who looked at a person's data: the audit's (audit.read, as the API's guard). */
export function useCanAudit(): boolean {
  return useHasPermission("audit.read");
}
