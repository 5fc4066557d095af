import { describe, expect, it } from "vitest";
import { hasAnyRole, isAdmin, isRoleName, rolesOf } from "./roles.ts";

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
