import { describe, expect, it } from "vitest";
import { PUBLISHED_MUNICIPAL_RATES, TAX_YEAR_2025, TAX_YEAR_2026 } from "../tax/published-tax-years.ts";
import type { MunicipalRate } from "../tax/tax-year.ts";
import {
  type CalculatorInput,
  CalculatorInputError,
  type CalculatorParameters,
  calculateBenefit,
  municipalRateFor,
} from "./calculate.ts";
import { LEASE_TERMS } from "./test-fixtures.ts";

const PARAMETERS: CalculatorParameters = {
  today: "2026-11-22",
  taxYears: [TAX_YEAR_2025, TAX_YEAR_2026],
  municipalities: PUBLISHED_MUNICIPAL_RATES,
  leaseTerms: { ...LEASE_TERMS, campaignDiscountPercent: 3, campaignMinLeaseMonths: 36 },
};

const INPUT: CalculatorInput = {
  year: 2026,
  bikePrice: 2_700,
  accessoriesPrice: 300,
  leaseTimeMonths: 36,
  monthlyGrossSalary: 3_800,
  municipality: "Helsinki",
};

describe("the calculator", () => {
  it("prices the package from the billing terms and shows the 2026 cost plainly", () => {
    const result = calculateBenefit(PARAMETERS, INPUT);
    expect(result.packagePrice).toBe(3_000);
    expect(result.campaignDiscount).toBe(0);
    const parts = result.paymentParts;
    expect(parts).not.toBeNull();
    expect(parts && parts.financing + parts.insurance + parts.maintenance + parts.serviceFee).toBeCloseTo(
      result.monthlyPayment,
      2,
    );
    // Committed today (22.11.2026): taxable from the start, so net pay falls by the whole payment.
    expect(result.contractDate).toBe("2026-11-22");
    expect(result.leaseStart).toBe("2026-12");
    expect(result.grandfathered).toBe(false);
    expect(result.taxFreeBenefitPerMonth).toBe(0);
    expect(result.monthlyNetPayReduction).toBe(result.monthlyPayment);
    expect(result.totalCostWithBenefit).toBeCloseTo(result.monthlyPayment * 36 + result.redemptionPrice, 2);
    expect(result.totalSaving).toBeLessThan(0);
    expect(result.years.map((y) => [y.year, y.months])).toEqual([
      [2026, 1],
      [2027, 12],
      [2028, 12],
      [2029, 11],
    ]);
  });

  it("uses a given monthly payment instead of the computed one", () => {
    const result = calculateBenefit(PARAMETERS, {
      ...INPUT,
      monthlyPayment: 100,
      contractDate: "2025-03-01",
    });
    expect(result.monthlyPayment).toBe(100);
    expect(result.paymentParts).toBeNull();
    expect(result.grandfathered).toBe(true);
    expect(result.taxFreeBenefitPerMonth).toBe(100);
    expect(result.monthlyNetPayReduction).toBeCloseTo(59.26, 1);
  });

  it("shows last year's rules with a contract of that year", () => {
    const result = calculateBenefit(PARAMETERS, { ...INPUT, year: 2025, monthlyPayment: 100 });
    expect(result.contractDate).toBe("2025-01-01");
    expect(result.taxFreeBenefitPerMonth).toBe(100);
    expect(result.marginalTaxRate).toBeGreaterThan(30);
    expect(result.marginalTaxRate).toBeLessThan(60);
  });

  it("finds the municipality whatever its case, and its Evangelical Lutheran parish's rate for members", () => {
    const result = calculateBenefit(PARAMETERS, { ...INPUT, municipality: "tampere", churchMember: true });
    expect(result.municipalTaxPercent).toBe(7.6);
    expect(result.churchTaxPercent).toBe(1.25);
    expect(result).toMatchObject({ church: "EVANGELICAL_LUTHERAN", municipality: "Tampere" });
  });

  it("finds the municipality by its Swedish name or its code too", () => {
    const vanda = calculateBenefit(PARAMETERS, { ...INPUT, municipality: "Vanda" });
    expect(vanda).toMatchObject({ municipality: "Vantaa", municipalTaxPercent: 6.4 });
    expect(calculateBenefit(PARAMETERS, { ...INPUT, municipality: "092" }).municipality).toBe("Vantaa");
    expect(calculateBenefit(PARAMETERS, { ...INPUT, municipality: "Helsingfors" }).municipality).toBe(
      "Helsinki",
    );
  });

  it("charges the chosen church's parish rate of the municipality, never an average", () => {
    const rate = (church: "NONE" | "EVANGELICAL_LUTHERAN" | "ORTHODOX") =>
      calculateBenefit(PARAMETERS, { ...INPUT, municipality: "Joensuu", church });
    // Joensuu 2026: Evangelical Lutheran 1.50 %, Orthodox 2.00 %.
    expect(rate("NONE").churchTaxPercent).toBe(0);
    expect(rate("EVANGELICAL_LUTHERAN").churchTaxPercent).toBe(1.5);
    expect(rate("ORTHODOX").churchTaxPercent).toBe(2);
    // A higher church rate leaves less net pay.
    expect(rate("ORTHODOX").netPayWithoutBenefit).toBeLessThan(
      rate("EVANGELICAL_LUTHERAN").netPayWithoutBenefit,
    );
    expect(rate("EVANGELICAL_LUTHERAN").netPayWithoutBenefit).toBeLessThan(rate("NONE").netPayWithoutBenefit);
    // churchMember and church say the same thing or the input is refused.
    const both = calculateBenefit(PARAMETERS, {
      ...INPUT,
      churchMember: true,
      church: "EVANGELICAL_LUTHERAN",
    });
    expect(both.churchTaxPercent).toBe(1);
    expect(calculateBenefit(PARAMETERS, { ...INPUT, churchMember: false, church: "ORTHODOX" }).church).toBe(
      "ORTHODOX",
    );
  });

  it("uses the Tax Administration's published average only for a person who gives no municipality", () => {
    const { municipality: _, ...withoutMunicipality } = INPUT;
    const result = calculateBenefit(PARAMETERS, withoutMunicipality);
    expect(result).toMatchObject({ municipality: null, municipalTaxPercent: 7.6, churchTaxPercent: 0 });
    expect(calculateBenefit(PARAMETERS, { ...withoutMunicipality, year: 2025 }).municipalTaxPercent).toBe(
      7.5,
    );
    expect(() => calculateBenefit(PARAMETERS, { ...withoutMunicipality, churchMember: true })).toThrow(
      expect.objectContaining({ field: "municipality", code: "CHURCH_NEEDS_MUNICIPALITY" }),
    );
  });

  it("refuses an Åland municipality rather than give it mainland figures", () => {
    for (const municipality of ["Maarianhamina", "Mariehamn", "Jomala", "478"]) {
      expect(() => calculateBenefit(PARAMETERS, { ...INPUT, municipality })).toThrow(
        expect.objectContaining({ field: "municipality", code: "ALAND_NOT_CALCULATED" }),
      );
    }
    expect(() => calculateBenefit(PARAMETERS, { ...INPUT, municipality: "Jomala" })).toThrow(
      "Åland is not yet calculated",
    );
  });

  it.each([
    [{ year: 2019 }, "year", "UNKNOWN_TAX_YEAR"],
    [{ municipality: "Atlantis" }, "municipality", "UNKNOWN_MUNICIPALITY"],
    [{ churchMember: true, church: "ORTHODOX" }, "church", "CHURCH_CHOICE_CONFLICT"],
    [{ churchMember: false, church: "EVANGELICAL_LUTHERAN" }, "church", "CHURCH_CHOICE_CONFLICT"],
    [{ leaseTimeMonths: 6 }, "leaseTimeMonths", "LEASE_PERIOD_BELOW_MINIMUM"],
    [{ leaseTimeMonths: 72 }, "leaseTimeMonths", "LEASE_PERIOD_ABOVE_MAXIMUM"],
  ] as const)("names the field of input it cannot use: %o", (change, field, code) => {
    try {
      calculateBenefit(PARAMETERS, { ...INPUT, ...change });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(CalculatorInputError);
      expect(error).toMatchObject({ field, code });
    }
  });

  it("gives the campaign discount when asked for, from its minimum period (docs/product.md 'Errors' errors otherwise)", () => {
    expect(calculateBenefit(PARAMETERS, INPUT).campaignDiscount).toBe(0);
    const asked = calculateBenefit(PARAMETERS, { ...INPUT, campaign: true });
    expect(asked.campaignDiscount).toBe(90);
    // The discount lowers the financed price, so the payment.
    expect(asked.monthlyPayment).toBeLessThan(calculateBenefit(PARAMETERS, INPUT).monthlyPayment);
    expect(() => calculateBenefit(PARAMETERS, { ...INPUT, campaign: true, leaseTimeMonths: 35 })).toThrow(
      expect.objectContaining({ field: "leaseTimeMonths", code: "LEASE_PERIOD_TOO_SHORT_FOR_CAMPAIGN" }),
    );
    expect(() => calculateBenefit(PARAMETERS, { ...INPUT, campaign: true, leaseTimeMonths: 35 })).toThrow(
      "at least 36 months",
    );
    for (const change of [{ campaignDiscountPercent: null }, { campaignMinLeaseMonths: null }]) {
      const without = { ...PARAMETERS, leaseTerms: { ...PARAMETERS.leaseTerms, ...change } };
      expect(calculateBenefit(without, INPUT).campaignDiscount).toBe(0);
      expect(() => calculateBenefit(without, { ...INPUT, campaign: true })).toThrow(
        expect.objectContaining({ field: "campaign", code: "INVALID_LEASING_CONFIGURATION" }),
      );
    }
  });

  it("accepts the table's shortest and longest period", () => {
    expect(calculateBenefit(PARAMETERS, { ...INPUT, leaseTimeMonths: 12 }).leaseTimeMonths).toBe(12);
    expect(calculateBenefit(PARAMETERS, { ...INPUT, leaseTimeMonths: 60 }).leaseTimeMonths).toBe(60);
  });

  it("starts a December contract's lease in January of the next year", () => {
    const result = calculateBenefit(PARAMETERS, { ...INPUT, contractDate: "2025-12-15" });
    expect(result.leaseStart).toBe("2026-01");
    expect(calculateBenefit(PARAMETERS, { ...INPUT, contractDate: "2026-03-31" }).leaseStart).toBe("2026-04");
  });

  it("draws the grandfathering line at 23.4.2025, also for a contract shown under the 2025 rules", () => {
    expect(calculateBenefit(PARAMETERS, { ...INPUT, contractDate: "2025-04-23" }).grandfathered).toBe(true);
    expect(calculateBenefit(PARAMETERS, { ...INPUT, contractDate: "2025-04-24" }).grandfathered).toBe(false);
    expect(calculateBenefit(PARAMETERS, { ...INPUT, year: 2025 }).grandfathered).toBe(true);
    const before2026 = { ...PARAMETERS, taxYears: [TAX_YEAR_2025] };
    expect(calculateBenefit(before2026, { ...INPUT, year: 2025 }).grandfathered).toBe(false);
  });

  it("names the known years and the municipality in its messages", () => {
    expect(() => calculateBenefit(PARAMETERS, { ...INPUT, year: 2019 })).toThrow(
      "No tax tables for 2019; known years: 2025, 2026",
    );
    expect(() => calculateBenefit(PARAMETERS, { ...INPUT, municipality: "Atlantis" })).toThrow(
      "No tax rate for Atlantis in 2026",
    );
    expect(() => calculateBenefit(PARAMETERS, { ...INPUT, leaseTimeMonths: 6 })).toThrow(
      "at least 12 months",
    );
    expect(() => calculateBenefit(PARAMETERS, { ...INPUT, leaseTimeMonths: 61 })).toThrow(
      "at most 60 months",
    );
  });
});

describe("the municipal rate of a year", () => {
  it("is the year's own, else the latest earlier year's, never a later year's", () => {
    const row = (year: number, municipality: string, municipalPercent: number): MunicipalRate => ({
      year,
      municipality,
      municipalitySv: null,
      code: null,
      municipalPercent,
      churchPercent: 1,
      orthodoxPercent: null,
      aland: false,
    });
    const rates = [
      row(2026, "Helsinki", 5.3),
      row(2024, "Helsinki", 5.1),
      row(2025, "Helsinki", 5.2),
      row(2025, "Espoo", 5.0),
    ];
    expect(municipalRateFor(rates, "helsinki", 2026)?.municipalPercent).toBe(5.3);
    expect(municipalRateFor(rates, "Helsinki", 2025)?.municipalPercent).toBe(5.2);
    expect(municipalRateFor(rates, "Helsinki", 2027)?.municipalPercent).toBe(5.3);
    expect(municipalRateFor(rates, "Espoo", 2024)).toBeNull();
    expect(new CalculatorInputError("year", "UNKNOWN_TAX_YEAR", "x").name).toBe("CalculatorInputError");
  });

  it("finds every published municipality alike by its code and by either name, comparing no names for a code", () => {
    const codes = new Set(PUBLISHED_MUNICIPAL_RATES.map((rate) => rate.code));
    for (const rate of PUBLISHED_MUNICIPAL_RATES) {
      // The code is looked for first, which is right only while no name is also a code.
      expect(codes.has(rate.municipality) || codes.has(rate.municipalitySv ?? "")).toBe(false);
      expect(municipalRateFor(PUBLISHED_MUNICIPAL_RATES, ` ${rate.code} `, rate.year)).toBe(rate);
      expect(municipalRateFor(PUBLISHED_MUNICIPAL_RATES, rate.municipality.toUpperCase(), rate.year)).toBe(
        rate,
      );
      if (rate.municipalitySv !== null) {
        expect(municipalRateFor(PUBLISHED_MUNICIPAL_RATES, rate.municipalitySv, rate.year)).toBe(rate);
      }
    }
    // Found by its code, a municipality is found without comparing a name: the collator's first use loads
    // the language's order, a cost the calculator's start does not pay.
    let namesRead = 0;
    const watched = PUBLISHED_MUNICIPAL_RATES.map(
      (rate) =>
        new Proxy(rate, {
          get(target, key: keyof MunicipalRate) {
            if (key === "municipality" || key === "municipalitySv") namesRead++;
            return target[key];
          },
        }),
    );
    expect(municipalRateFor(watched, "091", 2026)?.code).toBe("091");
    expect(namesRead).toBe(0);
    expect(municipalRateFor(watched, "Helsinki", 2026)?.code).toBe("091");
    expect(namesRead).toBeGreaterThan(0);
  });

  it("refuses a parish rate a hand-made row does not have", () => {
    const rates = [
      {
        year: 2026,
        municipality: "Uusikunta",
        municipalitySv: null,
        code: null,
        municipalPercent: 8,
        churchPercent: 1.5,
        orthodoxPercent: null,
        aland: false,
      },
    ];
    const parameters = { ...PARAMETERS, municipalities: rates };
    expect(calculateBenefit(parameters, { ...INPUT, municipality: "Uusikunta" }).churchTaxPercent).toBe(0);
    expect(() =>
      calculateBenefit(parameters, { ...INPUT, municipality: "Uusikunta", church: "ORTHODOX" }),
    ).toThrow(expect.objectContaining({ field: "church", code: "PARISH_RATE_UNKNOWN" }));
  });
});
