import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { maskPhoneNumber, requiresTwoFactor } from "./auth-rules.ts";
import { ROLES } from "./roles.ts";

describe("requiresTwoFactor", () => {
  it("asks admins and every employer role for a code, and not the beneficiary", () => {
    const needs = ROLES.filter((role) => requiresTwoFactor([role]));
    expect(needs).toEqual([
      "SUPER_ADMIN",
      "INTERNAL_ADMIN",
      "EMPLOYER_ADMIN",
      "EMPLOYER_EDITOR",
      "EMPLOYER_GROUP_ADMIN",
      "EMPLOYER_REPORTING",
    ]);
    expect(requiresTwoFactor(["BIKE_BENEFICIARY"])).toBe(false);
    expect(requiresTwoFactor([])).toBe(false);
  });

  it("asks for a code when any one of several roles needs it", () => {
    expect(requiresTwoFactor(["BIKE_BENEFICIARY", "EMPLOYER_REPORTING"])).toBe(true);
  });
});

describe("maskPhoneNumber", () => {
  it("keeps the country and operator prefix and the last two digits", () => {
    expect(maskPhoneNumber("+358505550110")).toBe("+35850•••••10");
  });

  it("never reveals more than eight characters of a number, and keeps its length", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\+358\d{6,12}$/), (phone) => {
        const masked = maskPhoneNumber(phone);
        expect(masked).toHaveLength(phone.length);
        expect([...masked].filter((c) => c !== "•").length).toBeLessThanOrEqual(8);
      }),
    );
  });
});
