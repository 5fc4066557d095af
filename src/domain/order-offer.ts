import { type LeaseTerms, monthlyLeasePayment } from "./calculator/lease-payment.ts";
import type { OrderStatus } from "./enums.ts";

/**
 * The employee's offer on a bike package: what part of the package the employee pays
 * themselves, which lease periods they may choose, and the lease on the rest, priced by the domain's
 * lease payment with the company's billing table. Cents throughout; pure, so the API and its tests
 * agree on every figure.
 */

/** A range of lease months, both ends included. */
export type LeaseMonthRange = { min: number; max: number };

/**
 * How a package splits at the employee's max price (the cap): the lease finances the package up to the
 * cap, and the employee pays the rest once, as their own share (a user payment). Without a cap the lease
 * finances the whole package. Every place that shows, bills, deducts or finances either part reads it
 * from here: the offer, the order, the agreement and its PDF, the lessor's invoice, payroll and the own
 * share's payment.
 */
export type CapSplit = {
  /** What the lease finances: never above the cap. */
  financedCents: number;
  /** What the employee pays themselves: the package less what is financed. */
  ownShareCents: number;
};

export function capSplit(packageCents: number, capCents: number | null): CapSplit {
  const financedCents = capCents === null ? packageCents : Math.min(packageCents, Math.max(0, capCents));
  return { financedCents, ownShareCents: packageCents - financedCents };
}

/** The employee's max price (the cap): their own where one is set, else their company's; none when neither. */
export function employeeCapCents(ownCents: number | null, companyCents: number | null): number | null {
  return ownCents ?? companyCents;
}

/** The employee's own share of a package: what it costs above the max price (capSplit). */
export function userPaymentCents(totalCents: number, maxPriceCents: number | null): number {
  return capSplit(totalCents, maxPriceCents).ownShareCents;
}

/**
 * What a lease finances of an order whose own share is fixed (at the acceptance): the package less the
 * own share. The lessor is billed this, not the package.
 */
export function financedCentsOf(order: { totalPriceCents: number; userPaymentCents: number }): number {
  return order.totalPriceCents - order.userPaymentCents;
}

/** The states before the employee accepts a package: the order has no figures of its own yet. */
export const BEFORE_ACCEPTANCE_STATUSES: readonly OrderStatus[] = [
  "NOT_STARTED",
  "PENDING",
  "PACKAGE_PROVIDED",
];

/**
 * The own share and the employer's approval an order shows. From the acceptance on they are the order's
 * own (fixed then); before it, the ones the acceptance would fix now: the package split at the cap, and
 * what the bike policy says of approval. So the order never shows 0 € and "not required" while the
 * offer on the same package asks for an own share and the policy for an approval.
 */
export function orderShareAndApproval(
  order: {
    orderStatus: OrderStatus;
    totalPriceCents: number;
    userPaymentCents: number;
    employerApprovalRequired: boolean;
  },
  now: { capCents: number | null; policyRequiresApproval: boolean },
): { userPaymentCents: number; employerApprovalRequired: boolean } {
  if (!BEFORE_ACCEPTANCE_STATUSES.includes(order.orderStatus)) {
    return {
      userPaymentCents: order.userPaymentCents,
      employerApprovalRequired: order.employerApprovalRequired,
    };
  }
  return {
    userPaymentCents: capSplit(order.totalPriceCents, now.capCents).ownShareCents,
    employerApprovalRequired: now.policyRequiresApproval,
  };
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
  const { financedCents: leasedCents, ownShareCents: own } = capSplit(
    input.totalPriceCents,
    input.maxPriceCents,
  );
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
