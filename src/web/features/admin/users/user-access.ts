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

/** Roles, their permissions and role assignments (SPEC §6: SUPER_ADMIN only). */
export function useCanManageRoles(): boolean {
  return useHasPermission("roles.manage");
}

/** Creating, changing and deactivating users. */
export function useCanManageUsers(): boolean {
  return useHasPermission("system-users.manage");
}
