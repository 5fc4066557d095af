import { type LeaseTerms, monthlyLeasePayment } from "./calculator/lease-payment.ts";

/**
 * The employee's offer on a bike package: what part of the package the employee pays
 * themselves, which lease periods they may choose, and the lease on the rest, priced by the domain's
 * lease payment with the company's billing table. Cents throughout; pure, so the API and its tests
 * agree on every figure.
 */

/** A range of lease months, both ends included. */
export type LeaseMonthRange = { min: number; max: number };

/**
 * The employee's own share (a user payment, SPEC §3): what the package costs above their max price;
 * nothing when there is no max price. The lease is priced on the rest.
 */
export function userPaymentCents(totalCents: number, maxPriceCents: number | null): number {
  if (maxPriceCents === null) return 0;
  return Math.max(0, totalCents - maxPriceCents);
}

/**
 * The lease periods the employee may choose: within both the bike policy's and the billing table's
 * limits, as whole years plus both ends of the range (a policy of 18–30 months offers 18, 24 and 30).
 * Empty when the two ranges do not meet: the company's terms are set up wrong.
 */
export function allowedLeaseTimes(policy: LeaseMonthRange | null, table: LeaseMonthRange): number[] {
  const min = Math.max(policy?.min ?? table.min, table.min);
  const max = Math.min(policy?.max ?? table.max, table.max);
  if (min > max) return [];
  const months = new Set<number>([min, max]);
  for (let m = Math.ceil(min / 12) * 12; m <= max; m += 12) months.add(m);
  return [...months].sort((a, b) => a - b);
}

/**
 * The period offered first: the billing table's bracket for the price when the employee may choose it,
 * else the allowed period nearest to it (the longest when no bracket takes the price).
 */
export function defaultLeaseTime(allowed: readonly number[], bracketMonths: number | null): number | null {
  if (allowed.length === 0) return null;
  const last = allowed[allowed.length - 1] as number;
  if (bracketMonths === null) return last;
  let best = last;
  for (const m of allowed) {
    if (Math.abs(m - bracketMonths) < Math.abs(best - bracketMonths)) best = m;
  }
  return best;
}

export type LeaseOffer = {
  leaseTimeMonths: number;
  totalPriceCents: number;
  userPaymentCents: number;
  /** What the lease finances: the package less the employee's own share. */
  leasedCents: number;
  monthlyPaymentCents: number;
  /** What payroll deducts from the gross salary each month: the whole monthly payment (ADR 008). */
  grossDeductionCents: number;
  residualValueCents: number;
};

/**
 * The offer of a package for a period. Null when nothing is left to lease (the package is all the
 * employee's own share, or free): there is no lease to sign.
 */
export function leaseOffer(input: {
  totalPriceCents: number;
  maxPriceCents: number | null;
  leaseTimeMonths: number;
  terms: LeaseTerms;
}): LeaseOffer | null {
  const own = userPaymentCents(input.totalPriceCents, input.maxPriceCents);
  const leasedCents = input.totalPriceCents - own;
  if (leasedCents <= 0) return null;
  const lease = monthlyLeasePayment(leasedCents, input.leaseTimeMonths, input.terms);
  return {
    leaseTimeMonths: input.leaseTimeMonths,
    totalPriceCents: input.totalPriceCents,
    userPaymentCents: own,
    leasedCents,
    monthlyPaymentCents: lease.totalCents,
    grossDeductionCents: lease.totalCents,
    residualValueCents: lease.residualCents,
  };
}
