import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatReferenceNumber,
  isValidReferenceNumber,
  referenceCheckDigit,
  referenceNumber,
} from "./reference-number.ts";

/** Finnish reference numbers (viitenumero): worked examples from banks' guides, then properties. */

const base = fc
  .tuple(
    fc.integer({ min: 1, max: 9 }),
    fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 2, maxLength: 18 }),
  )
  .map(([first, rest]) => `${first}${rest.join("")}`);

describe("the reference number", () => {
  it("computes the check digit by the weights 7, 3, 1 from the right", () => {
    // 1234: 4·7 + 3·3 + 2·1 + 1·7 = 46 → 4.
    expect(referenceNumber("1234")).toBe("12344");
    // 123: 3·7 + 2·3 + 1·1 = 28 → 2.
    expect(referenceNumber(123)).toBe("1232");
    // A sum that is a multiple of ten gets 0: 100 → 0·7 + 0·3 + 1·1 = 1 → 9; 10001 → 1·7+0+0+0+1·3 = 10 → 0.
    expect(referenceNumber("100")).toBe("1009");
    expect(referenceNumber(10001)).toBe("100010");
    expect(referenceCheckDigit("10001")).toBe(0);
  });

  it("refuses a base too short, too long or not digits, and drops leading zeros", () => {
    expect(() => referenceNumber("12")).toThrow(RangeError);
    expect(() => referenceNumber("1".repeat(20))).toThrow(RangeError);
    expect(() => referenceNumber("12a4")).toThrow(RangeError);
    expect(() => referenceNumber("0012")).toThrow(RangeError);
    expect(referenceNumber("000123")).toBe("1232");
  });

  it("validates what it makes, with or without the printed spaces", () => {
    fc.assert(
      fc.property(base, (b) => {
        const ref = referenceNumber(b);
        expect(ref.startsWith(b)).toBe(true);
        expect(ref).toHaveLength(b.length + 1);
        expect(isValidReferenceNumber(ref)).toBe(true);
        expect(isValidReferenceNumber(formatReferenceNumber(ref))).toBe(true);
      }),
    );
  });

  it("catches every change of a single digit and every swap of two different neighbours", () => {
    fc.assert(
      fc.property(base, fc.nat(), fc.integer({ min: 1, max: 9 }), (b, at, by) => {
        const ref = referenceNumber(b);
        const i = at % ref.length;
        const changed = `${ref.slice(0, i)}${(Number(ref[i]) + by) % 10}${ref.slice(i + 1)}`;
        fc.pre(!changed.startsWith("0"));
        expect(isValidReferenceNumber(changed)).toBe(false);
      }),
    );
    fc.assert(
      fc.property(base, fc.nat(), (b, at) => {
        // Two neighbours of the base: their weights differ by 4, 2 or 6, so the sum changes unless
        // the digits differ by 5 (the standard's known blind spot).
        const ref = referenceNumber(b);
        const i = at % (b.length - 1);
        const [x, y] = [Number(ref[i]), Number(ref[i + 1])];
        fc.pre(x !== y && Math.abs(x - y) !== 5 && !(i === 0 && y === 0));
        const swapped = `${ref.slice(0, i)}${y}${x}${ref.slice(i + 2)}`;
        expect(isValidReferenceNumber(swapped)).toBe(false);
      }),
    );
  });

  it("refuses malformed numbers", () => {
    for (const bad of ["", "123", "0123 4", "12a44", "1".repeat(21), "12345"]) {
      expect(isValidReferenceNumber(bad), bad).toBe(false);
    }
  });

  it("prints groups of five from the right", () => {
    expect(formatReferenceNumber("123456789012")).toBe("12 34567 89012");
    expect(formatReferenceNumber("12344")).toBe("12344");
  });
});
