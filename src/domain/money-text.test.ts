import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatEurosInText, MONEY_SPACE } from "./money-text.ts";

const NBSP = "\u00a0";

describe("formatEurosInText", () => {
  it("uses the no-break space of Intl's fi and sv amounts", () => expect(MONEY_SPACE).toBe(NBSP));

  const languages = fc.constantFrom("fi", "en", "sv") as fc.Arbitrary<"fi" | "en" | "sv">;

  it("writes what Intl's currency format writes, with cents only where there are some", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), languages, (c, lang) => {
        // Given as an exact decimal: a float would round the largest amounts' cents.
        const intl = new Intl.NumberFormat(lang, {
          style: "currency",
          currency: "EUR",
          minimumFractionDigits: c % 100 ? 2 : 0,
        }).format(`${Math.trunc(c / 100)}.${String(c % 100).padStart(2, "0")}` as `${number}`);
        expect(formatEurosInText(c, lang)).toBe(intl.replace(/\u202f/g, NBSP));
      }),
      {
        examples: [
          [0, "fi"],
          [99, "sv"],
          [100_000, "fi"],
          [99_999_900, "en"],
          [100_000_001, "sv"],
        ],
      },
    );
  });

  it("writes the home page's cost example as a reader of each language expects it", () => {
    expect(formatEurosInText(8_427, "fi")).toBe(`84,27${NBSP}€`);
    expect(formatEurosInText(200_000, "sv")).toBe(`2${NBSP}000${NBSP}€`);
    expect(formatEurosInText(200_000, "en")).toBe("€2,000");
    expect(formatEurosInText(4_970, "en")).toBe("€49.70");
  });

  it("refuses negative and fractional amounts", () => {
    expect(() => formatEurosInText(-1, "fi")).toThrow(RangeError);
    expect(() => formatEurosInText(1.5, "fi")).toThrow(RangeError);
  });
});
