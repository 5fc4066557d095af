import { describe, expect, it } from "vitest";
import { permissionsIn } from "./permissions.ts";
import { hasAnyRole, isAdmin, isRoleName, rolesIn, rolesOf } from "./roles.ts";

describe("roles", () => {
  it("recognises the seven built-in role names only", () => {
    expect(isRoleName("EMPLOYER_EDITOR")).toBe(true);
    expect(isRoleName("employer_editor")).toBe(false);
    expect(isRoleName("CUSTOM_ROLE")).toBe(false);
  });

  it("collects the built-in role names of userRoles once each and skips custom roles", () => {
    const userRoles = [
      { role: { name: "EMPLOYER_ADMIN" } },
      { role: { name: "EMPLOYER_ADMIN" } },
      { role: { name: "CUSTOM_ROLE" } },
      { role: { name: "BIKE_BENEFICIARY" } },
    ];
    expect(rolesOf(userRoles)).toEqual(["EMPLOYER_ADMIN", "BIKE_BENEFICIARY"]);
  });

  it("tells admins apart", () => {
    expect(isAdmin(["BIKE_BENEFICIARY", "INTERNAL_ADMIN"])).toBe(true);
    expect(isAdmin(["EMPLOYER_ADMIN"])).toBe(false);
    expect(hasAnyRole([], ["SUPER_ADMIN"])).toBe(false);
  });
});

describe("the roles that count in a company", () => {
  const groups = new Map<string, string | null>([
    ["a", "g"],
    ["b", "g"],
    ["c", null],
  ]);
  const groupOf = (id: string) => groups.get(id);
  const A = { id: "a", groupCompanyId: "g" };
  const B = { id: "b", groupCompanyId: "g" };
  const C = { id: "c", groupCompanyId: null };
  const held = (name: string, companyId: string | null) => ({ companyId, role: { name } });
  const names = (roles: { role: { name: string } }[]) => roles.map((r) => r.role.name);

  it("are the global ones, those held in the company, and a group admin's of its group", () => {
    const user = [
      held("INTERNAL_ADMIN", null),
      held("EMPLOYER_REPORTING", "a"),
      held("EMPLOYER_EDITOR", "b"),
      held("EMPLOYER_GROUP_ADMIN", "b"),
    ];
    expect(names(rolesIn(user, A, groupOf))).toEqual([
      "INTERNAL_ADMIN",
      "EMPLOYER_REPORTING",
      "EMPLOYER_GROUP_ADMIN",
    ]);
    expect(names(rolesIn(user, B, groupOf))).toEqual([
      "INTERNAL_ADMIN",
      "EMPLOYER_EDITOR",
      "EMPLOYER_GROUP_ADMIN",
    ]);
    expect(names(rolesIn(user, C, groupOf))).toEqual(["INTERNAL_ADMIN"]);
  });

  it("leave out a role held in another company, even of the same group", () => {
    const user = [held("EMPLOYER_REPORTING", "a"), held("EMPLOYER_EDITOR", "b")];
    expect(names(rolesIn(user, A, groupOf))).toEqual(["EMPLOYER_REPORTING"]);
    expect(permissionsIn(user, A, groupOf)).not.toContain("employees.manage");
    expect(permissionsIn(user, B, groupOf)).toContain("employees.manage");
  });

  it("in a group itself are the global ones and a group admin's of that group only", () => {
    const group = { id: null, groupCompanyId: "g" };
    expect(names(rolesIn([held("EMPLOYER_ADMIN", "a")], group, groupOf))).toEqual([]);
    expect(names(rolesIn([held("EMPLOYER_GROUP_ADMIN", "a")], group, groupOf))).toEqual([
      "EMPLOYER_GROUP_ADMIN",
    ]);
    expect(names(rolesIn([held("EMPLOYER_GROUP_ADMIN", "c")], group, groupOf))).toEqual([]);
    expect(names(rolesIn([held("SUPER_ADMIN", null)], group, groupOf))).toEqual(["SUPER_ADMIN"]);
  });
});
