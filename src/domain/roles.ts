/**
 * docs/product.md "Roles" roles. Admin tier first, then the employer roles, the bike store's own users (they see orders
 * only through their stores, never a company), then the beneficiary.
 */
export const ROLES = [
  "SUPER_ADMIN",
  "INTERNAL_ADMIN",
  "EMPLOYER_ADMIN",
  "EMPLOYER_EDITOR",
  "EMPLOYER_GROUP_ADMIN",
  "EMPLOYER_REPORTING",
  "BIKE_STORE",
  "BIKE_BENEFICIARY",
] as const;
export type RoleName = (typeof ROLES)[number];

export const ADMIN_ROLES: readonly RoleName[] = ["SUPER_ADMIN", "INTERNAL_ADMIN"];
export const EMPLOYER_ROLES: readonly RoleName[] = [
  "EMPLOYER_ADMIN",
  "EMPLOYER_EDITOR",
  "EMPLOYER_GROUP_ADMIN",
  "EMPLOYER_REPORTING",
];
/** The employer roles that manage employees on /tyonantaja (docs/product.md "Roles"); reporting only reads. */
export const EMPLOYER_MANAGER_ROLES: readonly RoleName[] = [
  "EMPLOYER_ADMIN",
  "EMPLOYER_EDITOR",
  "EMPLOYER_GROUP_ADMIN",
];

/**
 * A user's role assignment in the shape of docs/data-model.md (userRoles → role → rolePermissions → permission).
 * rolePermissions is optional so that callers holding only role names can use the same functions.
 */
export type UserRoleLike = {
  role: {
    name: string;
    rolePermissions?: readonly { permission: { name: string } }[] | null;
  };
};

/** A role as the session holds it: in a company, or (the admin tier's) global with companyId null. */
export type HeldRole = UserRoleLike & { companyId: string | null };

/** What a user acts on, for their roles: a company and its group, or a whole group (id null). */
export type CompanyRef = { id: string | null; groupCompanyId: string | null };

/**
 * The roles that count when a user acts in a company: the admin tier's global ones, those held in the
 * company itself, and a group admin's held in a company of its group. A role held in another company
 * counts for nothing there: a reporting user of one company who edits another's employees does not
 * manage this one's. `groupOf` gives the group of each company the user holds a role in.
 */
export function rolesIn<R extends HeldRole>(
  held: readonly R[],
  company: CompanyRef,
  groupOf: (companyId: string) => string | null | undefined,
): R[] {
  return held.filter(({ companyId, role }) => {
    if (companyId === null) return true;
    if (company.id !== null && companyId === company.id) return true;
    return (
      role.name === "EMPLOYER_GROUP_ADMIN" &&
      company.groupCompanyId !== null &&
      groupOf(companyId) === company.groupCompanyId
    );
  });
}

export function isRoleName(value: string): value is RoleName {
  return (ROLES as readonly string[]).includes(value);
}

/**
 * The known role names of a user, de-duplicated (a user holds a role once per company). Roles that
 * admins created themselves have no meaning in code and are left out; their permissions still count.
 */
export function rolesOf(userRoles: readonly UserRoleLike[]): RoleName[] {
  const names = new Set<RoleName>();
  for (const { role } of userRoles) if (isRoleName(role.name)) names.add(role.name);
  return [...names];
}

export function hasAnyRole(roles: readonly RoleName[], wanted: readonly RoleName[]): boolean {
  return roles.some((role) => wanted.includes(role));
}

export function isAdmin(roles: readonly RoleName[]): boolean {
  return hasAnyRole(roles, ADMIN_ROLES);
}
