import type { SessionUser } from "../../lib/session.ts";

/**
 * Whether the user is a group admin of the group (the EMPLOYER_GROUP_ADMIN role held in one of its
 * companies): only they (and the admin tier) manage the group's payroll report recipients and make a
 * link for the whole group; the server answers anyone else 404. The same rule as the server's
 * isGroupAdminOf (src/server/modules/companies/queries.ts).
 */
export function isGroupAdminOf(user: SessionUser | null, groupCompanyId: string | null): boolean {
  if (!user || !groupCompanyId) return false;
  const groupAdminIn = new Set(
    user.userRoles.filter((ur) => ur.role.name === "EMPLOYER_GROUP_ADMIN").map((ur) => ur.companyId),
  );
  return user.companies.some((c) => c.groupCompanyId === groupCompanyId && groupAdminIn.has(c.id));
}
