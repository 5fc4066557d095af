import { describe, expect, it } from "vitest";
import { calculateBenefit } from "../calculator/calculate.ts";
import { PUBLISHED_MUNICIPAL_RATES, TAX_YEAR_2025, TAX_YEAR_2026 } from "./published-tax-years.ts";
import type { TaxYear } from "./tax-year.ts";
import { publishedParameters } from "./test-fixtures.ts";
import { taxCardPercent, wageTax } from "./wage-tax.ts";

/**
 * The Tax Administration's own wage examples ("Esimerkkejä palkan, eläkkeen ja etuuden veroprosenteista"
 * on vero.fi, listed in docs/tax-parameters.md): a Helsinki resident in the Evangelical
 * Lutheran church, aged 17–64, no children, wages only. "Tax" is what the tax card withholds (state,
 * municipal, church and medical care tax less the work income deduction, Yle tax and the daily allowance
 * contribution); the tax card percent is it over the gross wage, rounded up to the next half percent.
 * Every row must come out to the cent through the engine the calculator uses, with Helsinki's own rates
 * from the year's list (5.30 % and 1.00 %) — with an average rate the rows from 20 000 € up do not match.
 */

// gross €/year → [tax €, tax card %]
const EXAMPLES: Record<number, [number, number, number][]> = {
  2025: [
    [10_000, 0, 0],
    [16_000, 2.5, 0.5],
    [20_000, 270.5, 1.5],
    [30_000, 2_967.23, 10],
    [40_000, 6_183.08, 15.5],
    [50_000, 10_009.13, 20.5],
    [60_000, 13_950.51, 23.5],
    [70_000, 18_159.64, 26],
  ],
  2026: [
    [10_000, 0, 0],
    [16_000, 2.5, 0.5],
    [20_000, 278.5, 1.5],
    [30_000, 2_530.49, 8.5],
    [40_000, 5_511.99, 14],
    [50_000, 9_361.96, 19],
    [60_000, 13_244.84, 22.5],
    [70_000, 17_415.6, 25],
  ],
};

const YEARS: Record<number, TaxYear> = { 2025: TAX_YEAR_2025, 2026: TAX_YEAR_2026 };

function helsinki(year: number) {
  const row = PUBLISHED_MUNICIPAL_RATES.find((r) => r.year === year && r.code === "091");
  if (!row || row.churchPercent === null) throw new Error(`No Helsinki row for ${year}`);
  return row;
}

describe.each([2025, 2026])("the Tax Administration's wage examples for %i", (year) => {
  const rates = helsinki(year);

  it("take Helsinki's own rates from the year's list", () => {
    expect([rates.municipalPercent, rates.churchPercent]).toEqual([5.3, 1]);
  });

  it.each(EXAMPLES[year] ?? [])("%i € a year: tax %f €, tax card %f %%", (gross, taxEuros, cardPercent) => {
    const tax = wageTax(YEARS[year] as TaxYear, {
      cashWageCents: gross * 100,
      taxableBenefitCents: 0,
      taxFreeBenefitCents: 0,
      taxFreeBenefitInSalaryCents: 0,
      age: 40,
      municipalPercent: rates.municipalPercent,
      churchPercent: rates.churchPercent ?? 0,
      children: 0,
      singleParent: false,
    });
    expect(tax.withheldTaxCents).toBe(Math.round(taxEuros * 100));
    expect(taxCardPercent(tax.withheldTaxCents, gross * 100)).toBe(cardPercent);
  });

  it("come out the same through the calculator's own engine (the net pay it shows without a bike)", () => {
    const parameters = publishedParameters(`${year}-06-01`);

    const taxYear = YEARS[year] as TaxYear;
    // The wages that are whole cents a month: the calculator takes a monthly salary.
    for (const [gross, taxEuros] of (EXAMPLES[year] ?? []).filter(([gross]) => (gross * 100) % 12 === 0)) {
      const result = calculateBenefit(parameters, {
        year,
        bikePrice: 1_200,
        leaseTimeMonths: 12,
        monthlyGrossSalary: gross / 12,
        municipality: "Helsingfors",
        church: "EVANGELICAL_LUTHERAN",
        age: 40,
      });
      // Net pay = gross − the withheld tax of the example − pension and unemployment contributions.
      const contributions =
        Math.round(gross * taxYear.pension.percent) + Math.round(gross * taxYear.unemployment.percent);
      const netCents = gross * 100 - Math.round(taxEuros * 100) - contributions;
      expect(result.netPayWithoutBenefit).toBe(Math.round(netCents / 12) / 100);
    }
  });
});

describe("the tax card percent", () => {
  it("rounds up to the next half percent, and an exact half stays", () => {
    expect(taxCardPercent(253_049, 3_000_000)).toBe(8.5);
    expect(taxCardPercent(1_000_913, 5_000_000)).toBe(20.5);
    expect(taxCardPercent(150_000, 3_000_000)).toBe(5);
    expect(taxCardPercent(150_001, 3_000_000)).toBe(5.5);
    expect(taxCardPercent(0, 1_000_000)).toBe(0);
    expect(taxCardPercent(0, 0)).toBe(0);
  });
});
