/** SPEC §6 roles. Admin tier first, then the employer roles, then the beneficiary. */
export const ROLES = [
  "SUPER_ADMIN",
  "INTERNAL_ADMIN",
  "EMPLOYER_ADMIN",
  "EMPLOYER_EDITOR",
  "EMPLOYER_GROUP_ADMIN",
  "EMPLOYER_REPORTING",
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
