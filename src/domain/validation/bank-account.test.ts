import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatIban,
  ibanCheckDigits,
  isValidBic,
  isValidIban,
  maskIban,
  normalizeIban,
} from "./bank-account.ts";

/** A Finnish account's 14 digits. */
const arbitraryBban = fc.stringMatching(/^\d{14}$/);

describe("isValidIban", () => {
  it("accepts real-shaped accounts and refuses a wrong check digit, length or character", () => {
    expect(isValidIban("FI90 4055 0012 3456 76")).toBe(true);
    expect(isValidIban("fi9040550012345676")).toBe(true);
    expect(isValidIban("DE89370400440532013000")).toBe(true);
    expect(isValidIban("FI91 4055 0012 3456 76")).toBe(false);
    expect(isValidIban("FI90 4055 0012 3456 7")).toBe(false);
    expect(isValidIban("FI90-4055-0012-3456-76")).toBe(false);
    expect(isValidIban("")).toBe(false);
  });

  it("accepts every account given its computed check digits, printed or not", () => {
    fc.assert(
      fc.property(arbitraryBban, (bban) => {
        const iban = `FI${ibanCheckDigits("FI", bban)}${bban}`;
        expect(isValidIban(iban)).toBe(true);
        expect(isValidIban(formatIban(iban))).toBe(true);
        expect(normalizeIban(formatIban(iban))).toBe(iban);
      }),
    );
  });

  it("refuses any one digit changed (mod 97 catches every single-digit error)", () => {
    fc.assert(
      fc.property(arbitraryBban, fc.nat({ max: 13 }), fc.integer({ min: 1, max: 9 }), (bban, at, plus) => {
        const iban = `FI${ibanCheckDigits("FI", bban)}${bban}`;
        const position = 4 + at;
        const changed = (Number(iban[position]) + plus) % 10;
        const wrong = `${iban.slice(0, position)}${changed}${iban.slice(position + 1)}`;
        expect(isValidIban(wrong)).toBe(false);
      }),
    );
  });

  it("refuses two neighbouring different digits swapped", () => {
    fc.assert(
      fc.property(arbitraryBban, fc.nat({ max: 12 }), (bban, at) => {
        fc.pre(bban[at] !== bban[at + 1]);
        const iban = `FI${ibanCheckDigits("FI", bban)}${bban}`;
        const p = 4 + at;
        const swapped = `${iban.slice(0, p)}${iban[p + 1]}${iban[p]}${iban.slice(p + 2)}`;
        expect(isValidIban(swapped)).toBe(false);
      }),
    );
  });
});

describe("isValidBic", () => {
  it("tells a BIC by its shape: 8 or 11 characters", () => {
    const letters = fc.string({
      unit: fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
      minLength: 6,
      maxLength: 6,
    });
    const alnum = (n: number) =>
      fc.string({ unit: fc.constantFrom(..."ABCDEFGHXYZ0123456789"), minLength: n, maxLength: n });
    fc.assert(
      fc.property(letters, alnum(2), fc.option(alnum(3), { nil: "" }), (bankAndCountry, place, branch) =>
        isValidBic(`${bankAndCountry}${place}${branch}`),
      ),
    );
    expect(isValidBic("NDEAFIHHX")).toBe(false);
  });

  it("takes 8 or 11 characters of the ISO 9362 shape", () => {
    expect(isValidBic("HELSFIHH")).toBe(true);
    expect(isValidBic("nordfihh")).toBe(true);
    expect(isValidBic("OKOYFIHHXXX")).toBe(true);
    expect(isValidBic("HELSFIH")).toBe(false);
    expect(isValidBic("HELS1IHH")).toBe(false);
    expect(isValidBic("HELSFIHHXX")).toBe(false);
  });
});

describe("maskIban", () => {
  it("keeps the country, the check digits and the last four characters, in groups of four", () => {
    expect(maskIban("FI21 1234 5600 0007 85")).toBe("FI21 •••• •••• ••07 85");
    expect(maskIban("fi2112345600000785")).toBe(maskIban("FI21 1234 5600 0007 85"));
  });

  it("never shows more than eight of the account's characters", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/), (iban) => {
        const shown = maskIban(iban).replace(/[\s•]/g, "");
        expect(shown).toBe(`${iban.slice(0, 4)}${iban.slice(-4)}`);
      }),
    );
  });
});
