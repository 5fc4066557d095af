import { taxFreeLimitCents } from "../calculator/benefit-cost.ts";
import { addMonths, lastDayOf, nextDay, periodOf } from "./period.ts";
import type { BikeBenefitRule, PayrollLease, TaxRegime } from "./types.ts";

/**
 * The bike benefit's tax rules for the payroll report, one small function each. Sources: the law and
 * the Tax Administration's pages named in docs/tax-parameters.md "The bike benefit's tax rules", and
 * ADR 008. The yearly
 * amounts come from the tax tables (TaxYear["bikeBenefit"]) through taxFreeLimitCents of the
 * calculator; the dates below only name the regime a lease is shown with.
 */

/**
 * The last commitment date that keeps the exemption (benefits committed to on or before 23.4.2025 stay
 * exempt; HE 98/2025 vp, EV 120/2025 vp). The tax tables hold the same date from 2026 on
 * (grandfatheredUntil); this is the default for years whose table has none (2025).
 */
export const GRANDFATHERED_UNTIL = "2025-04-23";

/** The first day on which a new commitment is taxable from the start (EV 120/2025 vp). */
export const EXEMPTION_REPEALED_FROM = "2026-01-01";

/**
 * A grandfathered benefit stays exempt until the end of the original contract term, "but not longer
 * than 5 years from benefit start" (HE 98/2025 vp; docs/tax-parameters.md "The bike benefit's tax rules"). Payroll
 * counts whole months, and a lease's months are counted from its start month, so the 5 years are the
 * lease's first 60 months.
 */
export const GRANDFATHERED_MAX_MONTHS = 60;

/** The commitment date a lease's regime is read from: the recorded one, else its start (never earlier). */
export function regimeDate(lease: Pick<PayrollLease, "commitmentDate" | "startDate">): string {
  return lease.commitmentDate ?? lease.startDate;
}

/**
 * The tax regime of a commitment date (docs/tax-parameters.md "The transition"): on or before
 * grandfatheredUntil (23.4.2025) the exemption is kept (GRANDFATHERED); from 24.4.2025 to 31.12.2025
 * it is exempt only in 2025 (EXEMPT_2025_ONLY); from 1.1.2026 taxable from the start (TAXABLE).
 */
export function taxRegime(
  commitmentDate: string,
  grandfatheredUntil: string = GRANDFATHERED_UNTIL,
): TaxRegime {
  if (commitmentDate <= grandfatheredUntil) return "GRANDFATHERED";
  if (commitmentDate < EXEMPTION_REPEALED_FROM) return "EXEMPT_2025_ONLY";
  return "TAXABLE";
}

/** The lease's first and last period: `leaseTimeMonths` months from the start month (the month count rules). */
export function leasePeriods(lease: Pick<PayrollLease, "startDate" | "leaseTimeMonths">): {
  first: string;
  last: string;
} {
  const first = periodOf(lease.startDate);
  return { first, last: addMonths(first, Math.max(1, lease.leaseTimeMonths) - 1) };
}

/**
 * The yearly tax-free limit a lease has in a calendar year with this rule (TVL 64 § 4 mom. and its
 * transition; docs/tax-parameters.md "The exemption", "The transition"), and the last month it has it: the tax table's limit for its commitment date
 * through taxFreeLimitCents (1 200 € until 2025; from 2026 only for commitments on or before 23.4.2025),
 * up to a grandfathered lease's 60th month (null: no such month). The 3 400 € shared with a commuter
 * ticket is not applied: we do not know the ticket (0).
 */
export function leaseTaxFreeLimit(
  rule: BikeBenefitRule,
  lease: Pick<PayrollLease, "commitmentDate" | "startDate">,
): { cents: number; lastMonth: string | null } {
  const date = regimeDate(lease);
  const grandfathered = taxRegime(date, rule.grandfatheredUntil ?? GRANDFATHERED_UNTIL) === "GRANDFATHERED";
  return {
    cents: taxFreeLimitCents({ bikeBenefit: rule }, date, 0),
    lastMonth: grandfathered ? addMonths(periodOf(lease.startDate), GRANDFATHERED_MAX_MONTHS - 1) : null,
  };
}

/** A lease's yearly limit (leaseTaxFreeLimit) in a period: 0 after its last month. */
export function limitInPeriod(limit: { cents: number; lastMonth: string | null }, period: string): number {
  return limit.lastMonth !== null && period > limit.lastMonth ? 0 : limit.cents;
}

/** The yearly tax-free limit a lease has in the period. */
export function yearlyTaxFreeLimitCents(
  rule: BikeBenefitRule,
  lease: Pick<PayrollLease, "commitmentDate" | "startDate">,
  period: string,
): number {
  return limitInPeriod(leaseTaxFreeLimit(rule, lease), period);
}

/**
 * Which commitments can have a tax-free part in a year under its rule, by the limit
 * yearlyTaxFreeLimitCents gives them: all of them when the year's table gives new commitments a limit,
 * those on or before a date when only grandfathered commitments keep one, none when no lease has a
 * limit. A lease outside is tax-free in no month of the year, so the year's tax-free figures come from
 * the leases inside alone (the dashboard reads only those).
 */
export function taxFreeCommitments(rule: BikeBenefitRule): "ALL" | "NONE" | { onOrBefore: string } {
  if (rule.sharedLimitCents <= 0) return "NONE";
  if (rule.taxFreeLimitCents > 0) return "ALL";
  if (rule.grandfatheredUntil !== null && rule.grandfatheredLimitCents > 0) {
    return { onOrBefore: rule.grandfatheredUntil };
  }
  return "NONE";
}

/**
 * The tax-free part (income type 363) of one lease in one month (docs/tax-parameters.md "Reporting"): at most one
 * twelfth of the yearly limit (1 200 € / 12 = 100 €; Asteri: 170 €/month → 100 € tax-free + 70 €
 * taxable), never more than the benefit's value, and never more than what is left of the employee's
 * yearly limit after the tax-free parts of the year's earlier months and of their other leases. The
 * rest of the value is income type 364.
 */
export function monthlyTaxFreeCents(
  valueCents: number,
  yearlyLimitCents: number,
  usedThisYearCents: number,
): number {
  const monthlyCap = Math.floor(yearlyLimitCents / 12);
  const left = yearlyLimitCents - usedThisYearCents;
  return Math.max(0, Math.min(valueCents, monthlyCap, left));
}

/**
 * What applies to one lease, as every view that shows an order's tax line says it (the employee's page,
 * the helpdesk's order, the payroll report), read from the lease's own commitment and start dates by the
 * transition rules (docs/tax-parameters.md "The transition"):
 * - UNKNOWN: the dates that decide are not known yet (no commitment nor start; or a lease that could be
 *   tax-free has not started, so its tax-free time cannot be told);
 * - TAXABLE: never tax-free: committed from 1.1.2026, or committed 24.4.–31.12.2025 with a lease that
 *   starts in 2026 or later (exempt only in 2025, and it had no month in 2025);
 * - TAX_FREE: tax-free (up to the yearly limit) for all of its term, to `taxFreeUntil`;
 * - TAX_FREE_THEN_TAXABLE: tax-free to `taxFreeUntil`, taxable from `taxableFrom` (the day after): a
 *   2025 commitment's lease that ran in 2025 and goes on in 2026, or a grandfathered lease longer than
 *   its five years.
 * The grandfathered lease's tax-free time ends with the earlier of its original term and its 60th month.
 */
export const LEASE_TAX_KINDS = ["UNKNOWN", "TAXABLE", "TAX_FREE", "TAX_FREE_THEN_TAXABLE"] as const;
type LeaseTaxKind = (typeof LEASE_TAX_KINDS)[number];
export type LeaseTax = {
  kind: LeaseTaxKind;
  regime: TaxRegime | null;
  taxFreeUntil: string | null;
  taxableFrom: string | null;
};

/** The last day of the 2025-only exemption (exempt in 2025, taxable from 1.1.2026; docs/tax-parameters.md "The transition"). */
const LAST_EXEMPT_2025_DAY = "2025-12-31";

export function leaseTax(
  lease: { commitmentDate: string | null; startDate: string | null; leaseTimeMonths: number },
  grandfatheredUntil: string = GRANDFATHERED_UNTIL,
): LeaseTax {
  const decidingDate = lease.commitmentDate ?? lease.startDate;
  if (!decidingDate) return { kind: "UNKNOWN", regime: null, taxFreeUntil: null, taxableFrom: null };
  const regime = taxRegime(decidingDate, grandfatheredUntil);
  const taxable: LeaseTax = { kind: "TAXABLE", regime, taxFreeUntil: null, taxableFrom: null };
  if (regime === "TAXABLE") return taxable;
  if (!lease.startDate) return { kind: "UNKNOWN", regime, taxFreeUntil: null, taxableFrom: null };
  const { first, last } = leasePeriods({
    startDate: lease.startDate,
    leaseTimeMonths: lease.leaseTimeMonths,
  });
  const leaseEnd = lastDayOf(last);
  const exemptionEnd =
    regime === "GRANDFATHERED"
      ? lastDayOf(addMonths(first, GRANDFATHERED_MAX_MONTHS - 1))
      : LAST_EXEMPT_2025_DAY;
  if (lease.startDate > exemptionEnd) return taxable;
  if (leaseEnd <= exemptionEnd) {
    return { kind: "TAX_FREE", regime, taxFreeUntil: leaseEnd, taxableFrom: null };
  }
  return {
    kind: "TAX_FREE_THEN_TAXABLE",
    regime,
    taxFreeUntil: exemptionEnd,
    taxableFrom: nextDay(exemptionEnd),
  };
}
