import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DAY_MS } from "./dates.ts";
import { ROLES, type RoleName } from "./roles.ts";
import {
  approvalRefusal,
  contactChangeRefusal,
  grantRefusal,
  type HeldRoleName,
  isStaffRole,
  mayDeactivate,
  STAFF_APPROVAL_COOLING_OFF_DAYS,
  tierOf,
} from "./user-tiers.ts";

const global = (name: string): HeldRoleName => ({ name, companyId: null });
const inCompany = (name: string): HeldRoleName => ({ name, companyId: "c1" });
const held = (name: RoleName): HeldRoleName =>
  name === "SUPER_ADMIN" || name === "INTERNAL_ADMIN" ? global(name) : inCompany(name);

const arbRole = fc.constantFrom(...ROLES);
const arbHeld = fc.array(arbRole.map(held), { maxLength: 4 });

describe("who may give a role", () => {
  const superAdmin = { roleNames: ["SUPER_ADMIN"] as RoleName[], allCompanies: true };
  const helpdesk = { roleNames: ["INTERNAL_ADMIN"] as RoleName[], allCompanies: true };
  const employerAdmin = { roleNames: ["EMPLOYER_ADMIN"] as RoleName[], allCompanies: false };
  const groupAdmin = { roleNames: ["EMPLOYER_GROUP_ADMIN"] as RoleName[], allCompanies: false };

  it("keeps the staff roles, and roles an admin made, with the super admin", () => {
    for (const role of ["SUPER_ADMIN", "INTERNAL_ADMIN", "Tilitysten hyväksyjä"]) {
      expect(isStaffRole(role)).toBe(true);
      expect(grantRefusal(superAdmin, role)).toBeNull();
      expect(grantRefusal(helpdesk, role)).toBe("STAFF_ROLE");
      expect(grantRefusal(employerAdmin, role)).toBe("STAFF_ROLE");
    }
  });

  it("lets the helpdesk give every built-in role below the staff", () => {
    for (const role of ROLES.filter((r) => !isStaffRole(r))) expect(grantRefusal(helpdesk, role)).toBeNull();
  });

  it("lets an employer manager give employer roles, the group admin's only as a group admin", () => {
    expect(grantRefusal(employerAdmin, "EMPLOYER_EDITOR")).toBeNull();
    expect(grantRefusal(employerAdmin, "BIKE_BENEFICIARY")).toBeNull();
    expect(grantRefusal(employerAdmin, "EMPLOYER_GROUP_ADMIN")).toBe("NOT_GRANTABLE");
    expect(grantRefusal(groupAdmin, "EMPLOYER_GROUP_ADMIN")).toBeNull();
    expect(grantRefusal(employerAdmin, "BIKE_STORE")).toBe("NOT_GRANTABLE");
  });

  it("never lets anyone but a super admin give a staff role", () => {
    fc.assert(
      fc.property(fc.array(arbRole, { maxLength: 4 }), fc.boolean(), (roleNames, allCompanies) => {
        const refused = grantRefusal({ roleNames, allCompanies }, "INTERNAL_ADMIN") !== null;
        expect(refused).toBe(!roleNames.includes("SUPER_ADMIN"));
      }),
    );
  });
});

describe("who may change another person's login e-mail or phone", () => {
  it("is nobody, for a staff member", () => {
    for (const target of ["SUPER_ADMIN", "INTERNAL_ADMIN"] as const)
      for (const actor of ROLES)
        expect(contactChangeRefusal([held(actor)], [held(target)])).toBe("STAFF_CONTACT");
    expect(contactChangeRefusal([held("SUPER_ADMIN")], [global("Oma rooli")])).toBe("STAFF_CONTACT");
  });

  it("is a manager of a higher tier than anything the person holds", () => {
    expect(contactChangeRefusal([held("INTERNAL_ADMIN")], [held("EMPLOYER_ADMIN")])).toBeNull();
    expect(contactChangeRefusal([held("EMPLOYER_ADMIN")], [held("BIKE_BENEFICIARY")])).toBeNull();
    expect(contactChangeRefusal([held("EMPLOYER_ADMIN")], [held("EMPLOYER_ADMIN")])).toBe("TIER");
    expect(contactChangeRefusal([held("EMPLOYER_ADMIN")], [held("EMPLOYER_GROUP_ADMIN")])).toBe("TIER");
    // An employee here who is another company's admin is that company's admin here too.
    expect(
      contactChangeRefusal(
        [held("EMPLOYER_ADMIN")],
        [held("BIKE_BENEFICIARY"), { name: "EMPLOYER_ADMIN", companyId: "c2" }],
      ),
    ).toBe("TIER");
  });

  it("never reaches anyone at or above the actor's own tier", () => {
    fc.assert(
      fc.property(arbHeld, arbHeld, (actor, target) => {
        if (contactChangeRefusal(actor, target) === null)
          expect(tierOf(actor)).toBeGreaterThan(tierOf(target));
      }),
    );
  });
});

describe("who may deactivate a staff member", () => {
  it("is a super admin only", () => {
    expect(mayDeactivate(["SUPER_ADMIN"], [held("INTERNAL_ADMIN")])).toBe(true);
    expect(mayDeactivate(["INTERNAL_ADMIN"], [held("INTERNAL_ADMIN")])).toBe(false);
    expect(mayDeactivate(["INTERNAL_ADMIN"], [held("EMPLOYER_ADMIN")])).toBe(true);
  });
});

describe("a staff member new to the role", () => {
  const staffSince = new Date("2026-11-01T08:00:00Z");
  const daysOn = (days: number) => new Date(staffSince.getTime() + days * DAY_MS);

  it("approves nothing during the cooling-off period", () => {
    expect(approvalRefusal(staffSince, daysOn(1), daysOn(1))).toEqual({
      kind: "COOLING_OFF",
      until: daysOn(STAFF_APPROVAL_COOLING_OFF_DAYS),
    });
    expect(approvalRefusal(staffSince, daysOn(1), daysOn(STAFF_APPROVAL_COOLING_OFF_DAYS))).toBeNull();
  });

  it("never approves what was made before they were staff", () => {
    expect(approvalRefusal(staffSince, daysOn(-1), daysOn(30))).toEqual({ kind: "MADE_BEFORE_STAFF" });
    expect(approvalRefusal(null, daysOn(1), daysOn(30))).toEqual({ kind: "MADE_BEFORE_STAFF" });
  });

  it("is refused whenever the thing predates them or the period has not passed", () => {
    fc.assert(
      fc.property(fc.integer({ min: -60, max: 60 }), fc.integer({ min: 0, max: 60 }), (made, waited) => {
        const madeAt = daysOn(made);
        const now = new Date(Math.max(madeAt.getTime(), daysOn(waited).getTime()));
        const refused = approvalRefusal(staffSince, madeAt, now) !== null;
        const allowed = made >= 0 && now.getTime() >= daysOn(STAFF_APPROVAL_COOLING_OFF_DAYS).getTime();
        expect(refused).toBe(!allowed);
      }),
    );
  });
});
