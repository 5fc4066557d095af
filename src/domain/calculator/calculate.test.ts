import { describe, expect, it } from "vitest";
import { PUBLISHED_MUNICIPAL_RATES, TAX_YEAR_2025, TAX_YEAR_2026 } from "../tax/published-tax-years.ts";
import {
  type CalculatorInput,
  CalculatorInputError,
  type CalculatorParameters,
  calculateBenefit,
} from "./calculate.ts";

const PARAMETERS: CalculatorParameters = {
  today: "2026-11-22",
  taxYears: [TAX_YEAR_2025, TAX_YEAR_2026],
  municipalities: PUBLISHED_MUNICIPAL_RATES,
  leaseTerms: {
    annualInterestPercent: 4.9,
    insurancePercentPerYear: 6,
    monthlyMaintenanceCents: 1_200,
    monthlyServiceFeeCents: 500,
    residualValuePercent: 5,
    minLeaseMonths: 12,
    maxLeaseMonths: 60,
    campaignDiscountPercent: 3,
    campaignMinLeaseMonths: 36,
  },
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
    expect(result.campaignDiscount).toBe(90);
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

  it("finds the municipality whatever its case, and its church rate for members", () => {
    const result = calculateBenefit(PARAMETERS, { ...INPUT, municipality: "tampere", churchMember: true });
    expect(result.municipalTaxPercent).toBe(7.6);
    expect(result.churchTaxPercent).toBe(1.38);
  });

  it.each([
    [{ year: 2019 }, "year", "UNKNOWN_TAX_YEAR"],
    [{ municipality: "Atlantis" }, "municipality", "UNKNOWN_MUNICIPALITY"],
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
});
