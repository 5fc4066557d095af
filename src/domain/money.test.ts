import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  eurosToCents,
  FINNISH_VAT_PERCENT,
  formatCents,
  grossFromNet,
  INVALID_AMOUNT_MESSAGE,
  invoiceVat,
  MONEY_SPACE,
  netFromGross,
  parseEuroInput,
  readEuroInput,
  vatAmountCents,
  vatSplitOfGross,
} from "./money.ts";

const NBSP = "\u00a0";
const cents = fc.integer({ min: -1_000_000_000_00, max: 1_000_000_000_00 });
const vatPercent = fc.oneof(
  fc.constant(FINNISH_VAT_PERCENT),
  fc.integer({ min: 0, max: 10_000 }).map((bp) => bp / 100),
);

describe("eurosToCents", () => {
  it.each([
    ["1 234,56", 123456],
    ["1234.56", 123456],
    ["1\u00a0234,56 €", 123456],
    ["0,5", 50],
    [",05", 5],
    ["12", 1200],
    ["12,", 1200],
    ["-12,34", -1234],
    ["\u221212,34", -1234],
    ["+3", 300],
    ["0,005", 1],
    ["0,0049", 0],
    ["-0,005", -1],
    ["1.005", 101],
    ["€12.50", 1250],
    ["-€0.05", -5],
    ["12 345 678,9", 1234567890],
  ] as const)("reads %j as %i cents", (input, expected) => {
    expect(eurosToCents(input)).toBe(expected);
  });

  it.each([
    [1234.56, 123456],
    [1.005, 101],
    [0.285, 29],
    [-2.675, -268],
    [-0, 0],
    [1e-7, 0],
    [19.99, 1999],
  ] as const)("reads the number %d as %i cents, rounding half away from zero", (input, expected) => {
    expect(eurosToCents(input)).toBe(expected);
  });

  it.each([
    Number.NaN,
    Number.POSITIVE_INFINITY,
    "",
    "abc",
    "1,234.56",
    "1.2.3",
    "--1",
    "-",
    "12 € 50",
    "12 50",
    "1 23,00",
    "€",
  ])("rejects %j", (input) => {
    expect(() => eurosToCents(input)).toThrow(INVALID_AMOUNT_MESSAGE);
  });

  it("rejects amounts beyond the safe integer range of cents", () => {
    expect(() => eurosToCents(1e21)).toThrow(RangeError);
    expect(() => eurosToCents("900719925474099.92")).toThrow(RangeError);
  });

  it("reads back every amount formatted in Finnish", () => {
    fc.assert(fc.property(cents, (c) => eurosToCents(formatCents(c, "fi")) === c));
  });

  it("reads back every amount written with two decimals", () => {
    fc.assert(fc.property(cents, (c) => eurosToCents((c / 100).toFixed(2)) === c));
  });
});

describe("formatCents", () => {
  it("formats Finnish amounts with a no-break space as group separator and before the euro sign", () => {
    expect(formatCents(123456, "fi")).toBe(`1${NBSP}234,56${NBSP}€`);
    expect(MONEY_SPACE).toBe(NBSP);
  });

  it("matches Intl.NumberFormat for fi-FI on this runtime", () => {
    const intl = new Intl.NumberFormat("fi-FI", { style: "currency", currency: "EUR" }).format(1234.56);
    expect(formatCents(123456, "fi")).toBe(intl.replace(/\u202f/g, NBSP));
  });

  it("writes every amount as Intl's currency format of each language's locale does", () => {
    // The locale behind each interface language; en-FI gives "€1,234.56", the form English readers expect.
    const LOCALE = { fi: "fi-FI", en: "en-FI", sv: "sv-FI" } as const;
    const intl = (c: number, lang: keyof typeof LOCALE) => {
      const abs = Math.abs(c);
      const decimal = `${c < 0 ? "-" : ""}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
      return new Intl.NumberFormat(LOCALE[lang], { style: "currency", currency: "EUR" })
        .format(decimal as `${number}`)
        .replace(/[\u202f\u00a0 ]/g, NBSP);
    };
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.maxSafeInteger(), fc.integer()),
        fc.constantFrom("fi", "en", "sv" as const),
        (c, lang) => formatCents(c, lang) === intl(c, lang),
      ),
      { numRuns: 3000 },
    );
    for (const c of [
      0,
      -0,
      1,
      -1,
      99,
      100,
      99_999,
      100_000,
      123_456_789,
      Number.MAX_SAFE_INTEGER,
      Number.MIN_SAFE_INTEGER,
    ]) {
      for (const lang of ["fi", "en", "sv"] as const) expect(formatCents(c, lang)).toBe(intl(c, lang));
    }
  });

  it("formats Swedish like Finnish and English with the euro sign first", () => {
    expect(formatCents(123456, "sv")).toBe(`1${NBSP}234,56${NBSP}€`);
    expect(formatCents(123456, "en")).toBe("€1,234.56");
  });

  it("formats zero, small and negative amounts", () => {
    expect(formatCents(0, "fi")).toBe(`0,00${NBSP}€`);
    expect(formatCents(-0, "fi")).toBe(`0,00${NBSP}€`);
    expect(formatCents(5, "fi")).toBe(`0,05${NBSP}€`);
    expect(formatCents(-123456, "fi")).toBe(`\u22121${NBSP}234,56${NBSP}€`);
    expect(formatCents(-5, "en")).toBe("-€0.05");
  });

  it("formats the largest safe amount without float error", () => {
    expect(formatCents(Number.MAX_SAFE_INTEGER, "en")).toBe("€90,071,992,547,409.91");
  });

  it("refuses fractional cents", () => {
    expect(() => formatCents(1.5, "fi")).toThrow(RangeError);
  });

  it("never contains a narrow no-break space or a plain space", () => {
    fc.assert(
      fc.property(cents, fc.constantFrom("fi", "en", "sv") as fc.Arbitrary<"fi" | "en" | "sv">, (c, lang) => {
        const text = formatCents(c, lang);
        return !text.includes("\u202f") && !text.includes(" ");
      }),
    );
  });
});

describe("VAT", () => {
  it("computes 25.5 % VAT exactly and rounds half away from zero", () => {
    expect(vatAmountCents(10000, 25.5)).toBe(2550);
    expect(vatAmountCents(100, 25.5)).toBe(26); // 25.5 cents → 26
    expect(vatAmountCents(-100, 25.5)).toBe(-26);
    expect(vatAmountCents(1, 25.5)).toBe(0); // 0.255 cents → 0
    expect(vatAmountCents(2, 25.5)).toBe(1); // 0.51 cents → 1
    expect(grossFromNet(10000, FINNISH_VAT_PERCENT)).toBe(12550);
    expect(netFromGross(12550, FINNISH_VAT_PERCENT)).toBe(10000);
    expect(vatSplitOfGross(12550, FINNISH_VAT_PERCENT)).toEqual({ vatExcludedCents: 10000, vatCents: 2550 });
  });

  it("splits a typical bike price", () => {
    // 2 999,00 € incl. VAT 25.5 %: net 2 389,64 €, VAT 609,36 €.
    expect(netFromGross(299900, 25.5)).toBe(238964);
    expect(vatSplitOfGross(299900, 25.5).vatCents).toBe(60936);
  });

  it("refuses a VAT rate with more than two decimals or below zero", () => {
    expect(() => vatAmountCents(100, 25.555)).toThrow(RangeError);
    expect(() => vatAmountCents(100, -1)).toThrow(RangeError);
    expect(() => vatAmountCents(100, Number.NaN)).toThrow(RangeError);
  });

  it("gets the net back from the gross of every net amount", () => {
    fc.assert(
      fc.property(cents, vatPercent, (net, vat) => netFromGross(grossFromNet(net, vat), vat) === net),
    );
  });

  it("gets within one cent of the gross back from the net of every gross amount", () => {
    fc.assert(
      fc.property(
        cents,
        vatPercent,
        (gross, vat) => Math.abs(grossFromNet(netFromGross(gross, vat), vat) - gross) <= 1,
      ),
    );
  });

  it("splits a VAT-included price so that its VAT is the rate of its VAT-free part, within a cent of it", () => {
    fc.assert(
      fc.property(cents, vatPercent, (gross, vat) => {
        const split = vatSplitOfGross(gross, vat);
        return (
          split.vatCents === vatAmountCents(split.vatExcludedCents, vat) &&
          Math.abs(split.vatExcludedCents + split.vatCents - gross) <= 1
        );
      }),
    );
  });

  it("takes an invoice's VAT once on the VAT-free total of each rate, not line by line", () => {
    // Two monthly payments of 168,35 € at 25.5 %: lines 134,14 € each, 34,21 € VAT each when rounded
    // line by line (68,42 €), but 25.5 % of the 268,28 € printed is 68,41 €.
    const lines = [
      { vatPercent: 25.5, ...vatSplitOfGross(16835, 25.5) },
      { vatPercent: 25.5, ...vatSplitOfGross(16835, 25.5) },
      { vatPercent: 14, vatExcludedCents: 1001 },
    ];
    expect(lines[0]).toMatchObject({ vatExcludedCents: 13414, vatCents: 3421 });
    expect(invoiceVat(lines)).toEqual({
      vatExcludedCents: 13414 * 2 + 1001,
      vatCents: 6841 + 140,
      byRate: [
        { vatPercent: 25.5, baseCents: 26828, vatCents: 6841 },
        { vatPercent: 14, baseCents: 1001, vatCents: 140 },
      ],
    });
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_00 }), { maxLength: 30 }), (grosses) => {
        const vat = invoiceVat(grosses.map((g) => ({ vatPercent: 25.5, ...vatSplitOfGross(g, 25.5) })));
        return vat.vatCents === vatAmountCents(vat.vatExcludedCents, 25.5);
      }),
    );
  });

  it("keeps VAT symmetric around zero", () => {
    fc.assert(
      fc.property(cents, vatPercent, (net, vat) => vatAmountCents(-net, vat) === -vatAmountCents(net, vat)),
    );
  });
});

describe("parseEuroInput", () => {
  it("reads what a person types as cents, and says null for what is not an amount", () => {
    expect(parseEuroInput("1 234,50")).toBe(123_450);
    expect(parseEuroInput("12.5 €")).toBe(1_250);
    expect(parseEuroInput("0")).toBe(0);
    expect(parseEuroInput("")).toBeNull();
    expect(parseEuroInput("  ")).toBeNull();
    expect(parseEuroInput("12 50")).toBeNull();
    expect(parseEuroInput("abc")).toBeNull();
  });

  it("keeps to the bounds it is given, 0 and up unless told", () => {
    expect(parseEuroInput("-5")).toBeNull();
    expect(parseEuroInput("-5", { min: -1_000 })).toBe(-500);
    expect(parseEuroInput("0", { min: 1 })).toBeNull();
    expect(parseEuroInput("100,01", { max: 10_000 })).toBeNull();
    expect(parseEuroInput("100", { max: 10_000 })).toBe(10_000);
  });
});

describe("readEuroInput", () => {
  it("says what is wrong with a typed amount, with the bound it breaks", () => {
    expect(readEuroInput("2 490,50")).toEqual({ ok: true, cents: 249_050 });
    expect(readEuroInput(" ")).toEqual({ ok: false, problem: "empty" });
    expect(readEuroInput("12 50")).toEqual({ ok: false, problem: "format" });
    expect(readEuroInput("-500")).toEqual({ ok: false, problem: "negative" });
    expect(readEuroInput("\u2212500", { max: 100 })).toEqual({ ok: false, problem: "negative" });
    expect(readEuroInput("0", { min: 1 })).toEqual({ ok: false, problem: "tooSmall", limit: 1 });
    expect(readEuroInput("999 999 999", { max: 5_000_000 })).toEqual({
      ok: false,
      problem: "tooLarge",
      limit: 5_000_000,
    });
    // More digits than an amount holds is still too large, not a format to fix.
    expect(readEuroInput("9".repeat(30), { max: 5_000_000 })).toEqual({
      ok: false,
      problem: "tooLarge",
      limit: 5_000_000,
    });
    expect(readEuroInput("-5", { min: -1_000 })).toEqual({ ok: true, cents: -500 });
  });

  it("never turns a negative amount into a positive one", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (c) => {
        const text = `-${Math.trunc(c / 100)},${String(c % 100).padStart(2, "0")}`;
        const reading = readEuroInput(text, { max: 100_000_000 });
        expect(reading.ok).toBe(false);
        expect(parseEuroInput(text)).toBeNull();
      }),
    );
  });

  it("agrees with parseEuroInput", () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 1_000_000 }), (text, max) => {
        const reading = readEuroInput(text, { max });
        expect(parseEuroInput(text, { max })).toBe(reading.ok ? reading.cents : null);
      }),
    );
  });
});
