import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatIban, ibanCheckDigits, isValidBic, isValidIban, normalizeIban } from "./bank-account.ts";

/** IBAN check digits (mod 97) and BIC shapes: banks' published examples, then properties. */

const bban = fc
  .array(fc.constantFrom(..."0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"), { minLength: 10, maxLength: 30 })
  .map((chars) => chars.join(""));
const country = fc
  .tuple(fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"), fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
  .map(([a, b]) => `${a}${b}`);
const ibanOf = (c: string, b: string) => `${c}${ibanCheckDigits(c, b)}${b}`;

describe("the IBAN", () => {
  it("accepts real examples with spaces and in lower case", () => {
    expect(isValidIban("FI21 1234 5600 0007 85")).toBe(true);
    expect(isValidIban("fi2112345600000785")).toBe(true);
    expect(isValidIban("DE89 3704 0044 0532 0130 00")).toBe(true);
    expect(isValidIban("GB82 WEST 1234 5698 7654 32")).toBe(true);
  });

  it("refuses a wrong check digit, a short number and what is no IBAN", () => {
    expect(isValidIban("FI22 1234 5600 0007 85")).toBe(false);
    expect(isValidIban("FI21 1234")).toBe(false);
    expect(isValidIban("")).toBe(false);
    expect(isValidIban("1234567890123456")).toBe(false);
  });

  it("computes the check digits that make an account valid", () => {
    expect(ibanCheckDigits("FI", "12345600000785")).toBe("21");
    fc.assert(fc.property(country, bban, (c, b) => isValidIban(ibanOf(c, b))));
  });

  it("catches any one character changed", () => {
    fc.assert(
      fc.property(country, bban, fc.nat(), fc.integer({ min: 1, max: 9 }), (c, b, at, shift) => {
        const iban = ibanOf(c, b);
        const digits = [...iban].map((ch, i) => ({ ch, i })).filter(({ ch, i }) => i >= 2 && /\d/.test(ch));
        const picked = digits[at % digits.length];
        if (!picked) return true;
        const changed = String((Number(picked.ch) + shift) % 10);
        const spoiled = `${iban.slice(0, picked.i)}${changed}${iban.slice(picked.i + 1)}`;
        return !isValidIban(spoiled);
      }),
    );
  });

  it("is read the same however it is spaced or cased", () => {
    fc.assert(
      fc.property(country, bban, (c, b) => {
        const iban = ibanOf(c, b);
        return isValidIban(formatIban(iban).toLowerCase()) && normalizeIban(formatIban(iban)) === iban;
      }),
    );
  });
});

describe("the BIC", () => {
  it("takes 8 or 11 characters of the right shape", () => {
    expect(isValidBic("HELSFIHH")).toBe(true);
    expect(isValidBic("nda sfi hh")).toBe(true);
    expect(isValidBic("DEUTDEFF500")).toBe(true);
    expect(isValidBic("HELSFI")).toBe(false);
    expect(isValidBic("1ELSFIHH")).toBe(false);
    expect(isValidBic("HELSFIHH5")).toBe(false);
  });
});
