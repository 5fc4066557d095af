import type { CalculatorLeaseTerms } from "./calculate.ts";

/** Builders for the calculator's tests, the domain's and the web's (not used by the calculator itself). */

/** An employer's lease terms as the calculator's parameters carry them, with no campaign. */
export const LEASE_TERMS: CalculatorLeaseTerms = {
  annualInterestPercent: 4.9,
  insurancePercentPerYear: 6,
  monthlyMaintenanceCents: 1_200,
  monthlyServiceFeeCents: 500,
  residualValuePercent: 5,
  minLeaseMonths: 12,
  maxLeaseMonths: 60,
  campaignDiscountPercent: null,
  campaignMinLeaseMonths: null,
};
