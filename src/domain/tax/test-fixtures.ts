import type { CalculatorParameters } from "../calculator/calculate.ts";
import { PUBLISHED_MUNICIPAL_RATES, TAX_YEAR_2025, TAX_YEAR_2026 } from "./published-tax-years.ts";

/** Builders for the tax tests (not used by the calculator itself). */

/**
 * The calculator's parameters with the published tax years and municipal rates and a lease that costs
 * nothing: its net pay without a bike is then the wage tax engine's alone.
 */
export function publishedParameters(today: string): CalculatorParameters {
  return {
    today,
    taxYears: [TAX_YEAR_2025, TAX_YEAR_2026],
    municipalities: PUBLISHED_MUNICIPAL_RATES,
    leaseTerms: {
      annualInterestPercent: 0,
      insurancePercentPerYear: 0,
      monthlyMaintenanceCents: 0,
      monthlyServiceFeeCents: 0,
      residualValuePercent: 0,
      minLeaseMonths: 12,
      maxLeaseMonths: 60,
      campaignDiscountPercent: null,
      campaignMinLeaseMonths: null,
    },
  };
}
