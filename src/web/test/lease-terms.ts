/** An employer's lease terms as the calculator's answers carry them: the web's tests share one set. */
export const LEASE_TERMS = {
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
