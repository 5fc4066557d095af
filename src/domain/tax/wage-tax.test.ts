import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TAX_YEAR_2025, TAX_YEAR_2026 } from "./published-tax-years.ts";
import type { TaxYear } from "./tax-year.ts";
import { type WageTaxInput, wageTax } from "./wage-tax.ts";

const YEARS: Record<number, TaxYear> = { 2025: TAX_YEAR_2025, 2026: TAX_YEAR_2026 };

/** The hand-computed earner below: monthly salary × 12, age 35, no church, no children. */
function earner(
  monthlyEuros: number,
  municipalPercent: number,
  extra: Partial<WageTaxInput> = {},
): WageTaxInput {
  return {
    cashWageCents: monthlyEuros * 1200,
    taxableBenefitCents: 0,
    taxFreeBenefitCents: 0,
    taxFreeBenefitInSalaryCents: 0,
    age: 35,
    municipalPercent,
    churchPercent: 0,
    children: 0,
    singleParent: false,
    ...extra,
  };
}

const euros = (cents: number) => cents / 100;

// Test vectors computed by hand with the steps of docs/tax-parameters.md "How the wage tax is computed"
// and the year's published parameters (Yle tax 15 150 € / 160 €), every step rounded to the cent.
describe("wage tax: hand-computed test vectors, to the cent", () => {
  // year, municipality %, gross €/month, then the table's columns in €/year.
  const rows = [
    [
      2025, 5.3, 3000, 35250, 2574.0, 212.4, 302.4, 0, 32161.2, 4836.69, 2980.8, 1855.89, 1704.54, 340.91,
      160, 28849.86,
    ],
    [
      2025, 5.3, 3800, 44850, 3260.4, 269.04, 383.04, 0, 40937.52, 7491.53, 2739.62, 4751.91, 2169.69, 433.94,
      160, 34171.98,
    ],
    [
      2025, 7.6, 3800, 44850, 3260.4, 269.04, 383.04, 0, 40937.52, 7491.53, 2739.62, 4751.91, 3111.25, 433.94,
      160, 33230.42,
    ],
    [
      2025, 5.3, 5000, 59250, 4290.0, 354.0, 504.0, 0, 54102.0, 11548.86, 2244.26, 9304.6, 2867.41, 573.48,
      160, 41946.51,
    ],
    [
      2026, 5.3, 2500, 29250, 2190.0, 267.0, 264.0, 257.48, 26271.52, 3592.39, 3430.0, 162.39, 1392.39,
      288.99, 160, 25275.23,
    ],
    [
      2026, 5.3, 3000, 35250, 2628.0, 320.4, 316.8, 0, 31984.8, 4677.91, 3425.0, 1252.91, 1695.19, 351.83,
      160, 29274.87,
    ],
    [
      2026, 5.3, 3800, 44850, 3328.8, 405.84, 401.28, 0, 40714.08, 7267.73, 3233.0, 4034.73, 2157.85, 447.85,
      160, 34663.65,
    ],
    [
      2026, 7.6, 3800, 44850, 3328.8, 405.84, 401.28, 0, 40714.08, 7267.73, 3233.0, 4034.73, 3094.27, 447.85,
      160, 33727.23,
    ],
    [
      2026, 5.3, 5000, 59250, 4380.0, 534.0, 528.0, 0, 53808.0, 11694.05, 3119.0, 8575.05, 2851.82, 591.89,
      160, 42379.24,
    ],
    [
      2026, 5.3, 7000, 83250, 6132.0, 747.6, 739.2, 0, 75631.2, 19877.75, 3119.0, 16758.75, 4008.45, 831.94,
      160, 54622.06,
    ],
  ] as const;

  it.each(rows)("%i, %f %%, %i €/month", (year, municipal, gross, ...expected) => {
    const tax = wageTax(YEARS[year] as TaxYear, earner(gross, municipal));
    expect(
      [
        tax.netEarnedIncomeCents,
        tax.pensionCents,
        tax.unemploymentCents,
        tax.dailyAllowanceCents,
        tax.basicDeductionCents,
        tax.taxableIncomeCents,
        tax.stateTaxBeforeCreditCents,
        tax.workIncomeDeductionCents,
        tax.stateTaxCents,
        tax.municipalTaxCents,
        tax.medicalCareCents,
        tax.yleTaxCents,
        tax.netPayCents,
      ].map(euros),
    ).toEqual(expected);
  });
});

describe("wage tax: the rules around the vectors", () => {
  it("takes a small income whole as basic deduction, and spreads an unused credit on nothing", () => {
    // 300 €/month: no taxable income, so no tax at all, however large the unused work income deduction.
    const tax = wageTax(TAX_YEAR_2026, earner(300, 5.3, { churchPercent: 1.38 }));
    expect(tax.taxableIncomeCents).toBe(0);
    expect(tax.basicDeductionCents).toBe(tax.netEarnedIncomeCents - tax.pensionCents - tax.unemploymentCents);
    expect(tax.workIncomeDeductionCents).toBeGreaterThan(0);
    expect([tax.stateTaxCents, tax.municipalTaxCents, tax.churchTaxCents, tax.medicalCareCents]).toEqual([
      0, 0, 0, 0,
    ]);
    expect(tax.yleTaxCents).toBe(0);
  });

  it("charges Yle tax from 18 and only on net earned income above its threshold", () => {
    expect(wageTax(TAX_YEAR_2026, earner(1500, 5.3, { age: 18 })).yleTaxCents).toBe(5_250);
    expect(wageTax(TAX_YEAR_2026, earner(1000, 5.3)).yleTaxCents).toBe(0);
  });

  it("withholds state, municipal, church and medical care tax, Yle tax and the daily allowance contribution", () => {
    const tax = wageTax(TAX_YEAR_2026, earner(4000, 7.6, { churchPercent: 1.38 }));
    expect(tax.churchTaxCents).toBeGreaterThan(0);
    expect(tax.withheldTaxCents).toBe(
      tax.stateTaxCents +
        tax.municipalTaxCents +
        tax.churchTaxCents +
        tax.medicalCareCents +
        tax.yleTaxCents +
        tax.dailyAllowanceCents,
    );
    expect(tax.netPayCents).toBe(
      4000 * 1200 - tax.withheldTaxCents - tax.pensionCents - tax.unemploymentCents,
    );
  });

  it("charges the 2025 older employees' pension rate at 53–62 only", () => {
    const at = (age: number) => wageTax(TAX_YEAR_2025, earner(3000, 5.3, { age })).pensionCents;
    expect(at(52)).toBe(257_400);
    expect(at(53)).toBe(311_400);
    expect(at(62)).toBe(311_400);
    expect(at(63)).toBe(257_400);
    expect(wageTax(TAX_YEAR_2026, earner(3000, 5.3, { age: 55 })).pensionCents).toBe(262_800);
  });

  it("gives the senior maximum and the child addition of the work income deduction", () => {
    // 1 500 €/month: 18 % of 18 000 € = 3 240 €, above the 2025 cap of 3 225 € but under the 65+ cap.
    expect(wageTax(TAX_YEAR_2025, earner(1500, 5.3)).workIncomeDeductionCents).toBe(322_500);
    expect(wageTax(TAX_YEAR_2025, earner(1500, 5.3, { age: 65 })).workIncomeDeductionCents).toBe(324_000);
    // 2026: two children add 2 × 105 €, a single parent 2 × 2 × 105 €.
    const base = wageTax(TAX_YEAR_2026, earner(2500, 5.3)).workIncomeDeductionCents;
    expect(wageTax(TAX_YEAR_2026, earner(2500, 5.3, { children: 2 })).workIncomeDeductionCents).toBe(
      base + 21_000,
    );
    expect(
      wageTax(TAX_YEAR_2026, earner(2500, 5.3, { children: 2, singleParent: true })).workIncomeDeductionCents,
    ).toBe(base + 42_000);
  });

  it("spreads the credit left over after state tax on municipal, church and medical care pro rata", () => {
    // 1 800 €/month in 2026: state tax before the credit is smaller than the credit.
    const tax = wageTax(TAX_YEAR_2026, earner(1800, 5.3, { churchPercent: 1.38 }));
    expect(tax.stateTaxCents).toBe(0);
    expect(tax.workIncomeDeductionCents).toBeGreaterThan(tax.stateTaxBeforeCreditCents);
    const municipal = Math.round((tax.taxableIncomeCents * 5.3) / 100);
    const church = Math.round((tax.taxableIncomeCents * 1.38) / 100);
    const medical = Math.round((tax.taxableIncomeCents * 1.1) / 100);
    const left = tax.workIncomeDeductionCents - tax.stateTaxBeforeCreditCents;
    const kept = (part: number) => part - Math.round((part * left) / (municipal + church + medical));
    expect(tax.municipalTaxCents).toBe(kept(municipal));
    expect(tax.churchTaxCents).toBe(kept(church));
    expect(tax.medicalCareCents).toBe(kept(medical));
  });

  it("charges no daily allowance contribution under its threshold and no Yle tax under 18", () => {
    expect(wageTax(TAX_YEAR_2026, earner(1400, 5.3)).dailyAllowanceCents).toBe(0);
    expect(wageTax(TAX_YEAR_2026, earner(1500, 5.3)).dailyAllowanceCents).toBe(15_840);
    expect(wageTax(TAX_YEAR_2026, earner(1500, 5.3, { age: 17 })).yleTaxCents).toBe(0);
    expect(wageTax(TAX_YEAR_2026, earner(1500, 5.3, { age: 17 })).unemploymentCents).toBe(0);
  });

  it("leaves a tax-free benefit out of taxable income but in the pension wage when it replaced salary", () => {
    const exchanged = wageTax(
      TAX_YEAR_2025,
      earner(3000, 5.3, {
        cashWageCents: 3_480_000,
        taxFreeBenefitCents: 120_000,
        taxFreeBenefitInSalaryCents: 120_000,
      }),
    );
    expect(exchanged.wageIncomeCents).toBe(3_480_000);
    expect(exchanged.contributionBaseCents).toBe(3_600_000);
    expect(exchanged.pensionCents).toBe(257_400);
  });
});

const anyYear = fc.constantFrom(TAX_YEAR_2025, TAX_YEAR_2026);
const anyInput = fc.record({
  cashWageCents: fc.integer({ min: 0, max: 50_000_000 }),
  taxableBenefitCents: fc.integer({ min: 0, max: 1_000_000 }),
  taxFreeBenefitCents: fc.constant(0),
  taxFreeBenefitInSalaryCents: fc.constant(0),
  age: fc.integer({ min: 15, max: 75 }),
  municipalPercent: fc.constantFrom(4.7, 5.3, 7.57, 10.9),
  churchPercent: fc.constantFrom(0, 1, 1.38, 2.25),
  children: fc.integer({ min: 0, max: 5 }),
  singleParent: fc.boolean(),
});

const ROUNDING_CENTS = 10;

describe("wage tax: properties", () => {
  it("never charges a negative tax, contribution or deduction", () => {
    fc.assert(
      fc.property(anyYear, anyInput, (year, input) => {
        const tax = wageTax(year, input);
        for (const [name, value] of Object.entries(tax)) {
          expect(Number.isSafeInteger(value), name).toBe(true);
          expect(value, name).toBeGreaterThanOrEqual(name === "netPayCents" ? -Infinity : 0);
        }
      }),
    );
  });

  // The law's one step: the daily allowance contribution is due on the whole wage once the year's wage
  // income reaches the threshold (SVL 18:23a), so one cent more wage there costs the whole contribution.
  const sameSideOfThreshold = (year: TaxYear, a: number, b: number) =>
    a >= year.dailyAllowance.thresholdCents === b >= year.dailyAllowance.thresholdCents;

  it("never raises net pay when the gross salary falls (on either side of the daily allowance threshold)", () => {
    fc.assert(
      fc.property(anyYear, anyInput, fc.integer({ min: 1, max: 2_000_000 }), (year, input, cut) => {
        const lower = { ...input, cashWageCents: Math.max(0, input.cashWageCents - cut) };
        const wage = (i: WageTaxInput) => i.cashWageCents + i.taxableBenefitCents;
        fc.pre(sameSideOfThreshold(year, wage(lower), wage(input)));
        // Each of the ten amounts is rounded to the cent on its own, so a cent less wage may round two
        // taxes down at once; beyond that rounding, net pay must not rise.
        expect(wageTax(year, lower).netPayCents).toBeLessThanOrEqual(
          wageTax(year, input).netPayCents + ROUNDING_CENTS,
        );
      }),
      { numRuns: 500 },
    );
  });

  it("charges the daily allowance contribution on the whole wage from the threshold on", () => {
    const at = (cents: number) => wageTax(TAX_YEAR_2026, { ...earner(0, 7.57), cashWageCents: cents });
    expect(at(1_725_499).dailyAllowanceCents).toBe(0);
    expect(at(1_725_500).dailyAllowanceCents).toBe(15_184);
    expect(at(1_725_500).netPayCents).toBeLessThan(at(1_725_499).netPayCents);
  });
});
