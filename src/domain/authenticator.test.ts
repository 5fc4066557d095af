import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  mayUseAuthenticator,
  RECOVERY_CODE_ALPHABET,
  readSecondFactorAnswer,
  recoveryCodeFromBytes,
} from "./authenticator.ts";
import { ROLES } from "./roles.ts";

describe("mayUseAuthenticator", () => {
  it("lets admins and the helpdesk use an authenticator app, and nobody else", () => {
    expect(ROLES.filter((role) => mayUseAuthenticator([role]))).toEqual(["SUPER_ADMIN", "INTERNAL_ADMIN"]);
    expect(mayUseAuthenticator(["EMPLOYER_ADMIN", "INTERNAL_ADMIN"])).toBe(true);
    expect(mayUseAuthenticator([])).toBe(false);
  });
});

describe("recovery codes", () => {
  const eightBytes = fc.uint8Array({ minLength: 8, maxLength: 8 });

  it("are two groups of four symbols of the alphabet, read back as the same eight capitals", () => {
    fc.assert(
      fc.property(eightBytes, (bytes) => {
        const code = recoveryCodeFromBytes(bytes);
        expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
        expect([...code.replace("-", "")].every((s) => RECOVERY_CODE_ALPHABET.includes(s))).toBe(true);
        const bare = code.replace("-", "");
        for (const typed of [code, bare, code.toLowerCase(), ` ${code.replace("-", " ")} `]) {
          expect(readSecondFactorAnswer(typed)).toEqual({ kind: "recovery", code: bare });
        }
      }),
    );
  });

  it("use every symbol alike: byte b and b + 32 give the same symbol", () => {
    expect(RECOVERY_CODE_ALPHABET).toHaveLength(32);
    expect(new Set(RECOVERY_CODE_ALPHABET).size).toBe(32);
    const low = recoveryCodeFromBytes(Uint8Array.from([0, 1, 2, 3, 4, 5, 6, 7]));
    const high = recoveryCodeFromBytes(Uint8Array.from([224, 225, 226, 227, 228, 229, 230, 231]));
    expect(low).toBe("ABCD-EFGH");
    expect(high).toBe(low);
  });

  it("need exactly 8 random bytes", () => {
    expect(() => recoveryCodeFromBytes(new Uint8Array(7))).toThrow();
  });
});

describe("readSecondFactorAnswer", () => {
  it("reads six digits as a code", () => {
    expect(readSecondFactorAnswer(" 123456 ")).toEqual({ kind: "code", code: "123456" });
  });

  it("reads nothing else", () => {
    for (const typed of [
      "12345",
      "1234567",
      "ABCD-EFG",
      "ABCD-EFGHJ",
      "ABCD-EF0H",
      "ABCD--EFGH",
      "",
      "ÄBCD-EFGH",
    ]) {
      expect(readSecondFactorAnswer(typed), typed).toBeNull();
    }
  });
});
