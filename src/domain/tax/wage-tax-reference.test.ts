import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calculateBenefit } from "../calculator/calculate.ts";
import { MUNICIPAL_RATES_2025_CSV } from "./municipal-rates/rates-2025.csv.ts";
import { MUNICIPAL_RATES_2026_CSV } from "./municipal-rates/rates-2026.csv.ts";
import { CHURCHES } from "./tax-year.ts";
import { publishedParameters } from "./test-fixtures.ts";

/**
 * A second, independent implementation of the published rules (the steps of docs/tax-parameters.md "How
 * the wage tax is computed" and the year's published parameters), written from those alone: its own
 * parameters typed in, its own reading of the year's municipal list, its own arithmetic. The calculator must
 * agree with it to the cent for any salary, municipality, church, age and year, so that a wrong parameter
 * in the tax tables, a wrong rate picked from the list or a step done in the wrong order shows here.
 *
 * Amounts are integer cents; rates are hundredths of a percent (7.15 % → 715), so every product is exact
 * and each computed tax or deduction is rounded half away from zero to the cent, as the Tax Administration does.
 */

type Rule = {
  /** [lower limit €, tax at the lower limit (cents), marginal rate in hundredths of a percent]. */
  scale: [number, number, number][];
  pension: (age: number) => number;
  unemployment: number;
  dailyAllowance: number;
  dailyAllowanceThresholdEuros: number;
  medicalCare: number;
  basicDeductionEuros: number;
  workIncome: { maxEuros: number; seniorMaxEuros: number; childEuros: number };
  workIncomePhaseOut: (netEarnedCents: number) => number;
};

const RULES: Record<2025 | 2026, Rule> = {
  2025: {
    scale: [
      [0, 0, 1264],
      [21_200, 267_968, 1900],
      [31_500, 463_668, 3025],
      [52_100, 1_086_818, 3400],
      [88_200, 2_314_218, 4175],
      [150_000, 4_894_368, 4425],
    ],
    pension: (age) => (age >= 53 && age <= 62 ? 865 : age >= 17 && age <= 67 ? 715 : 0),
    unemployment: 59,
    dailyAllowance: 84,
    dailyAllowanceThresholdEuros: 16_862,
    medicalCare: 106,
    basicDeductionEuros: 4_115,
    workIncome: { maxEuros: 3_225, seniorMaxEuros: 4_425, childEuros: 50 },
    workIncomePhaseOut: (pa) =>
      share(Math.max(0, Math.min(pa, 4_255_000) - 2_425_000), 222) + share(Math.max(0, pa - 4_255_000), 344),
  },
  2026: {
    scale: [
      [0, 0, 1264],
      [22_000, 278_080, 1900],
      [32_600, 479_480, 3025],
      [40_100, 706_355, 3325],
      [52_100, 1_105_355, 3750],
    ],
    pension: (age) => (age >= 17 && age <= 69 ? 730 : 0),
    unemployment: 89,
    dailyAllowance: 88,
    dailyAllowanceThresholdEuros: 17_255,
    medicalCare: 110,
    basicDeductionEuros: 4_265,
    workIncome: { maxEuros: 3_430, seniorMaxEuros: 4_630, childEuros: 105 },
    workIncomePhaseOut: (pa) => share(Math.max(0, Math.min(pa, 5_055_000) - 3_500_000), 200),
  },
};

/** `rate` hundredths of a percent of `cents`, rounded half away from zero to the cent. */
function share(cents: number, rate: number): number {
  const exact = BigInt(cents) * BigInt(rate);
  const whole = exact / 10_000n;
  const rest = exact % 10_000n;
  return Number(rest * 2n >= 10_000n ? whole + 1n : whole);
}

/** A quotient of cents rounded half away from zero (the credit's shares). */
function ratio(numerator: number, denominator: number): number {
  const whole = Math.floor(numerator / denominator);
  return (numerator - whole * denominator) * 2 >= denominator ? whole + 1 : whole;
}

/** "8.90" → 890, read from the list's text. */
function hundredths(text: string): number {
  const [whole = "0", fraction = ""] = text.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2));
}

type Person = {
  year: 2025 | 2026;
  annualWageCents: number;
  age: number;
  children: number;
  municipalRate: number;
  churchRate: number;
};

/** The steps of docs/tax-parameters.md "How the wage tax is computed" for a wage with no benefits: the tax card's withholding and the net pay in money, in cents. */
function reference(p: Person): { withheld: number; net: number } {
  const rule = RULES[p.year];
  const W = p.annualWageCents;
  const tyel = share(W, rule.pension(p.age));
  const tvr = p.age >= 18 && p.age <= 64 ? share(W, rule.unemployment) : 0;
  const pr =
    p.age >= 16 && p.age <= 67 && W >= rule.dailyAllowanceThresholdEuros * 100
      ? share(W, rule.dailyAllowance)
      : 0;
  const PA = W - Math.min(75_000, W);
  const X = Math.max(0, PA - tyel - tvr - pr);
  const pvMax = rule.basicDeductionEuros * 100;
  const PV = X <= pvMax ? X : Math.max(0, pvMax - share(X - pvMax, 1800));
  const V = Math.max(0, X - PV);

  let S = 0;
  for (const [lowerEuros, baseCents, rate] of rule.scale) {
    if (V > 0 && V >= lowerEuros * 100) S = baseCents + share(V - lowerEuros * 100, rate);
  }
  const K = share(V, p.municipalRate);
  const C = share(V, p.churchRate);
  const H = share(V, rule.medicalCare);

  const cap =
    (p.age >= 65 ? rule.workIncome.seniorMaxEuros : rule.workIncome.maxEuros) * 100 +
    p.children * rule.workIncome.childEuros * 100;
  const TTV = Math.max(0, Math.min(cap, share(W, 1800)) - rule.workIncomePhaseOut(PA));

  const stateAfter = Math.max(0, S - TTV);
  const L = Math.max(0, TTV - S);
  const others = K + C + H;
  const after = (tax: number) =>
    L === 0 || others === 0 ? tax : L >= others ? 0 : tax - ratio(tax * L, others);

  const Y = p.age >= 18 ? Math.min(16_000, share(Math.max(0, PA - 1_515_000), 250)) : 0;
  const T = stateAfter + after(K) + after(C) + after(H) + Y + pr;
  return { withheld: T, net: W - T - tyel - tvr };
}

type ListRow = {
  code: string;
  fi: string;
  sv: string;
  municipal: number;
  lutheran: number;
  orthodox: number;
};

/** The year's mainland municipalities, read from the list's own text (Åland is not calculated). */
function mainland(csv: string): ListRow[] {
  return csv
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => line.split(","))
    .filter((cells) => cells[6] === "false")
    .map(([code = "", fi = "", sv = "", municipal = "", lutheran = "", orthodox = ""]) => ({
      code,
      fi,
      sv,
      municipal: hundredths(municipal),
      lutheran: hundredths(lutheran),
      orthodox: hundredths(orthodox),
    }));
}

const LISTS = { 2025: mainland(MUNICIPAL_RATES_2025_CSV), 2026: mainland(MUNICIPAL_RATES_2026_CSV) };

const PARAMETERS = publishedParameters("2026-06-01");

const anyCase = fc.constantFrom(2025 as const, 2026 as const).chain((year) =>
  fc.record({
    year: fc.constant(year),
    row: fc.constantFrom(...LISTS[year]),
    bySwedishName: fc.boolean(),
    church: fc.constantFrom(...CHURCHES),
    // Monthly salaries in cents, from nothing to far above the top bracket.
    monthlyCents: fc.oneof(
      fc.integer({ min: 0, max: 1_500_000 }),
      fc.integer({ min: 1_500_000, max: 4_000_000 }),
    ),
    age: fc.integer({ min: 15, max: 75 }),
    children: fc.integer({ min: 0, max: 4 }),
  }),
);

describe("the calculator against an independent implementation of the published rules", () => {
  it("agrees to the cent on the net pay, and uses the municipality's own and its parish's rates", () => {
    fc.assert(
      fc.property(anyCase, ({ year, row, bySwedishName, church, monthlyCents, age, children }) => {
        const churchRate =
          church === "EVANGELICAL_LUTHERAN" ? row.lutheran : church === "ORTHODOX" ? row.orthodox : 0;
        const result = calculateBenefit(PARAMETERS, {
          year,
          bikePrice: 1_200,
          leaseTimeMonths: 12,
          monthlyGrossSalary: monthlyCents / 100,
          municipality: bySwedishName ? row.sv : row.fi,
          church,
          age,
          children,
        });
        const { net } = reference({
          year,
          annualWageCents: monthlyCents * 12,
          age,
          children,
          municipalRate: row.municipal,
          churchRate,
        });
        expect(Math.round(result.municipalTaxPercent * 100)).toBe(row.municipal);
        expect(Math.round(result.churchTaxPercent * 100)).toBe(churchRate);
        expect(Math.round(result.netPayWithoutBenefit * 100)).toBe(Math.round(net / 12));
      }),
      { numRuns: 500 },
    );
  });

  it("is itself right: it reproduces the Tax Administration's wage examples for a Helsinki resident", () => {
    // The wage examples of docs/tax-parameters.md: Helsinki 5.30 % and its parish 1.00 %, aged 40, no children.
    const examples: [2025 | 2026, number, number][] = [
      [2025, 20_000, 270.5],
      [2025, 40_000, 6_183.08],
      [2025, 70_000, 18_159.64],
      [2026, 20_000, 278.5],
      [2026, 30_000, 2_530.49],
      [2026, 50_000, 9_361.96],
      [2026, 70_000, 17_415.6],
    ];
    for (const [year, gross, taxEuros] of examples) {
      const helsinki = LISTS[year].find((row) => row.code === "091") as ListRow;
      const { withheld } = reference({
        year,
        annualWageCents: gross * 100,
        age: 40,
        children: 0,
        municipalRate: helsinki.municipal,
        churchRate: helsinki.lutheran,
      });
      expect(withheld).toBe(Math.round(taxEuros * 100));
    }
  });
});
