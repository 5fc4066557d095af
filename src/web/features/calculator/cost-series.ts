import type { TCalculatorResult } from "../../../contract/calculator.ts";

export type CostPoint = { month: number; lease: number; buy: number };

/**
 * The chart's two lines, month by month over the lease: what the lease has cost in net pay so far (each
 * calendar year's net cost spread evenly over its months, the redemption price in the last month), and
 * buying outright, paid in full on day one.
 */
export function cumulativeCosts(result: TCalculatorResult): CostPoint[] {
  const buy = result.totalCostWithoutBenefit;
  const points: CostPoint[] = [{ month: 0, lease: 0, buy }];
  let month = 0;
  let before = 0;
  for (const year of result.years) {
    const yearCents = Math.round(year.netCost * 100);
    for (let i = 1; i <= year.months; i++) {
      month += 1;
      points.push({ month, lease: (before + Math.round((yearCents * i) / year.months)) / 100, buy });
    }
    before += yearCents;
  }
  const last = points.at(-1);
  if (last && month > 0) last.lease = (before + Math.round(result.redemptionPrice * 100)) / 100;
  return points;
}
