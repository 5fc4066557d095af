import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  isPasswordLinkMailDue,
  maskPhoneNumber,
  PASSWORD_LINK_MAIL_INTERVAL_SECONDS,
  requiresTwoFactor,
  TWO_FACTOR_FAILURE_WINDOW_SECONDS,
  TWO_FACTOR_FAILURES_PER_ACCOUNT,
  TWO_FACTOR_MAX_ATTEMPTS,
} from "./auth-rules.ts";
import { ROLES } from "./roles.ts";

describe("requiresTwoFactor", () => {
  it("asks admins, every employer role and the bike store user for a code, and not the beneficiary", () => {
    const needs = ROLES.filter((role) => requiresTwoFactor([role]));
    expect(needs).toEqual([
      "SUPER_ADMIN",
      "INTERNAL_ADMIN",
      "EMPLOYER_ADMIN",
      "EMPLOYER_EDITOR",
      "EMPLOYER_GROUP_ADMIN",
      "EMPLOYER_REPORTING",
      "BIKE_STORE",
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

describe("the per-account two-factor limit", () => {
  it("leaves the real user at least two challenges of typos", () => {
    expect(TWO_FACTOR_FAILURES_PER_ACCOUNT).toBeGreaterThanOrEqual(2 * (TWO_FACTOR_MAX_ATTEMPTS - 1));
  });

  it("gives someone with the password under a 0.1 % chance a day of guessing a 6-digit code", () => {
    const guessesPerDay = (TWO_FACTOR_FAILURES_PER_ACCOUNT * 24 * 3600) / TWO_FACTOR_FAILURE_WINDOW_SECONDS;
    expect(guessesPerDay / 1_000_000).toBeLessThan(0.001);
  });
});

describe("isPasswordLinkMailDue", () => {
  const now = new Date("2026-03-01T12:00:00Z");
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  it("mails when no link was ever made", () => {
    expect(isPasswordLinkMailDue(null, now)).toBe(true);
  });

  it("mails again only once the interval has passed since the newest link", () => {
    expect(isPasswordLinkMailDue(ago(0), now)).toBe(false);
    expect(isPasswordLinkMailDue(ago(PASSWORD_LINK_MAIL_INTERVAL_SECONDS - 1), now)).toBe(false);
    expect(isPasswordLinkMailDue(ago(PASSWORD_LINK_MAIL_INTERVAL_SECONDS), now)).toBe(true);
    expect(isPasswordLinkMailDue(ago(PASSWORD_LINK_MAIL_INTERVAL_SECONDS * 4), now)).toBe(true);
  });
});
