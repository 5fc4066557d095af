import { DAY_MS } from "./dates.ts";
import { EMPLOYER_ROLES, isRoleName, type RoleName } from "./roles.ts";

/**
 * Who may make, empower or redirect another person's account. Money moves on two people's word (one
 * makes a payout batch, another approves it), so no one person may make that second person: only a
 * super admin makes staff or gives a staff role, nobody changes another staff member's login e-mail or
 * phone (the way to their password and second factor), and a staff member new to the role approves
 * nothing until other staff have had time to notice them.
 *
 * A tier orders what a person's roles let them do; a person's tier is their highest role's. A manager
 * changes the login e-mail or phone of someone below their own tier only.
 */

const TIERS: Record<RoleName, number> = {
  SUPER_ADMIN: 5,
  INTERNAL_ADMIN: 4,
  EMPLOYER_GROUP_ADMIN: 3,
  EMPLOYER_ADMIN: 2,
  EMPLOYER_EDITOR: 1,
  EMPLOYER_REPORTING: 1,
  BIKE_STORE: 1,
  BIKE_BENEFICIARY: 0,
};

/** The tier from which a person is staff: the helpdesk and the super admins. */
const STAFF_TIER = TIERS.INTERNAL_ADMIN;

/** A role as held: its name, and its company (null for a role held over every company). */
export type HeldRoleName = { name: string; companyId: string | null };

/**
 * The tier of one held role. A role an admin made themselves can carry any permission, staff ones
 * included: held over every company it is staff, held in a company it counts as an employer role.
 */
function tierOfRole(role: HeldRoleName): number {
  if (isRoleName(role.name)) return TIERS[role.name];
  return role.companyId === null ? STAFF_TIER : TIERS.EMPLOYER_EDITOR;
}

/** A person's tier: their highest role's; -1 for a person with no role at all. */
export function tierOf(held: readonly HeldRoleName[]): number {
  return held.reduce((highest, role) => Math.max(highest, tierOfRole(role)), -1);
}

export function isStaffMember(held: readonly HeldRoleName[]): boolean {
  return tierOf(held) >= STAFF_TIER;
}

/**
 * Whether a role is staff's to give: the admin roles, and any role an admin made (its permissions are
 * whatever a super admin gave it, staff ones included) — only a super admin gives those.
 */
export function isStaffRole(roleName: string): boolean {
  return !isRoleName(roleName) || TIERS[roleName] >= STAFF_TIER;
}

/** Roles an employer-side manager hands out in their own companies. */
const EMPLOYER_GRANTABLE: readonly RoleName[] = [...EMPLOYER_ROLES, "BIKE_BENEFICIARY"];

export type GrantRefusal = "STAFF_ROLE" | "NOT_GRANTABLE" | null;

/**
 * Whether `actorRoles` may give (or take away) the role `roleName`. A staff role: a super admin only.
 * The admin tier gives any other built-in role. An employer-side manager gives employer roles and the
 * employee's role, the group admin's (which widens the reach to the whole group) only as a group admin.
 */
export function grantRefusal(
  actor: { roleNames: readonly string[]; allCompanies: boolean },
  roleName: string,
): GrantRefusal {
  if (isStaffRole(roleName)) return actor.roleNames.includes("SUPER_ADMIN") ? null : "STAFF_ROLE";
  if (actor.allCompanies) return null;
  const grantable =
    isRoleName(roleName) &&
    EMPLOYER_GRANTABLE.includes(roleName) &&
    (roleName !== "EMPLOYER_GROUP_ADMIN" || actor.roleNames.includes("EMPLOYER_GROUP_ADMIN"));
  return grantable ? null : "NOT_GRANTABLE";
}

export type ContactChangeRefusal = "STAFF_CONTACT" | "TIER" | null;

/**
 * Whether one person may change another's login e-mail or phone (their own goes through
 * re-authentication and confirmation instead). Never a staff member's, whoever asks; otherwise only a
 * manager of a higher tier than everything the person holds, in any company.
 */
export function contactChangeRefusal(
  actorRoles: readonly HeldRoleName[],
  targetRoles: readonly HeldRoleName[],
): ContactChangeRefusal {
  if (isStaffMember(targetRoles)) return "STAFF_CONTACT";
  return tierOf(actorRoles) > tierOf(targetRoles) ? null : "TIER";
}

/**
 * Whether one person may deactivate (or reactivate) another: a staff member only by a super admin;
 * anyone else by a manager who reaches them (their service decides the reach).
 */
export function mayDeactivate(actorRoleNames: readonly string[], targetRoles: readonly HeldRoleName[]) {
  return !isStaffMember(targetRoles) || actorRoleNames.includes("SUPER_ADMIN");
}

/**
 * How long a person new to a staff role waits before approving anything another person made: time for
 * the other staff to notice a staff account they did not expect (each new one is announced to them).
 */
export const STAFF_APPROVAL_COOLING_OFF_DAYS = 7;

export type ApprovalRefusal = { kind: "COOLING_OFF"; until: Date } | { kind: "MADE_BEFORE_STAFF" } | null;

/**
 * Whether a staff member whose staff role dates from `staffSince` may approve something made at
 * `madeAt`: not within the cooling-off period, and never something made before they were staff.
 */
export function approvalRefusal(staffSince: Date | null, madeAt: Date, now: Date): ApprovalRefusal {
  if (staffSince === null) return { kind: "MADE_BEFORE_STAFF" };
  if (madeAt.getTime() < staffSince.getTime()) return { kind: "MADE_BEFORE_STAFF" };
  const until = new Date(staffSince.getTime() + STAFF_APPROVAL_COOLING_OFF_DAYS * DAY_MS);
  if (now.getTime() < until.getTime()) return { kind: "COOLING_OFF", until };
  return null;
}
