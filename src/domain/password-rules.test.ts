import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isAcceptablePassword, MIN_PASSWORD_LENGTH, passwordProblems } from "./password-rules.ts";

describe("passwordProblems", () => {
  it("accepts a passphrase of ordinary words and a long random password", () => {
    expect(passwordProblems("pyörä kulkee aamulla")).toEqual([]);
    expect(passwordProblems("V8#qL2!mZp0@rT")).toEqual([]);
  });

  it("refuses anything shorter than 12 characters", () => {
    expect(passwordProblems("Lyhyt1!")).toContain("tooShort");
    fc.assert(
      fc.property(fc.string({ maxLength: MIN_PASSWORD_LENGTH - 1 }), (pw) => {
        expect(isAcceptablePassword(pw)).toBe(false);
      }),
    );
  });

  it("counts characters, not UTF-16 units, so 12 Finnish letters are long enough", () => {
    expect(passwordProblems("äöåäöåäöåäöx")).not.toContain("tooShort");
  });

  it("refuses the passwords attackers try first, whatever their case", () => {
    for (const pw of [
      "Salasana1234",
      "PASSWORD1234",
      "qwerty123456",
      "Pedaali2026!",
      "Kesä2026!!!!",
      "talvi 2025",
    ]) {
      expect(passwordProblems(pw), pw).toContain("common");
    }
  });

  it("refuses a password built on the user's own e-mail name or on one or two repeated characters", () => {
    expect(passwordProblems("emilia.laine2026", { email: "emilia.laine@demo.test" })).toContain(
      "containsEmail",
    );
    expect(passwordProblems("aaaaaaaaaaaaaa")).toContain("repetitive");
    expect(passwordProblems("abababababab")).toContain("repetitive");
  });

  it("refuses absurdly long input", () => {
    expect(passwordProblems("x1".repeat(200))).toContain("tooLong");
  });
});
