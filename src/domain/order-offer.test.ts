import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { monthlyLeasePayment } from "./calculator/lease-payment.ts";
import { allowedLeaseTimes, defaultLeaseTime, leaseOffer, userPaymentCents } from "./order-offer.ts";

const TERMS = {
  annualInterestPercent: 4.9,
  insurancePercentPerYear: 6,
  monthlyMaintenanceCents: 1_200,
  monthlyServiceFeeCents: 500,
  residualValuePercent: 5,
};

describe("the employee's own share above the max price", () => {
  it("is what the package costs above the max price, never negative, nothing without a max price", () => {
    expect(userPaymentCents(500_000, 450_000)).toBe(50_000);
    expect(userPaymentCents(300_000, 450_000)).toBe(0);
    expect(userPaymentCents(300_000, null)).toBe(0);
    fc.assert(
      fc.property(fc.nat(10_000_000), fc.option(fc.nat(10_000_000)), (total, max) => {
        const own = userPaymentCents(total, max);
        expect(own).toBeGreaterThanOrEqual(0);
        expect(own).toBeLessThanOrEqual(total);
        if (max !== null && total > max) expect(total - own).toBe(max);
      }),
    );
  });
});

describe("the lease periods the employee may choose", () => {
  it("are whole years within both the policy and the billing table, with both ends", () => {
    expect(allowedLeaseTimes({ min: 12, max: 36 }, { min: 12, max: 60 })).toEqual([12, 24, 36]);
    expect(allowedLeaseTimes({ min: 18, max: 30 }, { min: 12, max: 60 })).toEqual([18, 24, 30]);
    expect(allowedLeaseTimes(null, { min: 24, max: 48 })).toEqual([24, 36, 48]);
    expect(allowedLeaseTimes({ min: 12, max: 60 }, { min: 36, max: 36 })).toEqual([36]);
    expect(allowedLeaseTimes({ min: 12, max: 24 }, { min: 36, max: 60 })).toEqual([]);
  });

  it("never leave either range, and are sorted without duplicates", () => {
    const range = fc
      .tuple(fc.integer({ min: 1, max: 120 }), fc.integer({ min: 1, max: 120 }))
      .map(([a, b]) => ({ min: Math.min(a, b), max: Math.max(a, b) }));
    fc.assert(
      fc.property(fc.option(range), range, (policy, table) => {
        const allowed = allowedLeaseTimes(policy, table);
        for (const m of allowed) {
          expect(m).toBeGreaterThanOrEqual(Math.max(policy?.min ?? 0, table.min));
          expect(m).toBeLessThanOrEqual(Math.min(policy?.max ?? 999, table.max));
        }
        expect([...new Set(allowed)].sort((a, b) => a - b)).toEqual(allowed);
      }),
    );
  });

  it("offer the price bracket's period first, else the nearest allowed one", () => {
    expect(defaultLeaseTime([12, 24, 36], 24)).toBe(24);
    expect(defaultLeaseTime([12, 24, 36], 48)).toBe(36);
    expect(defaultLeaseTime([12, 24, 36], null)).toBe(36);
    expect(defaultLeaseTime([], 24)).toBeNull();
  });
});

describe("the offer", () => {
  it("leases the package less the employee's own share, with the domain's lease payment", () => {
    const offer = leaseOffer({
      totalPriceCents: 500_000,
      maxPriceCents: 450_000,
      leaseTimeMonths: 36,
      terms: TERMS,
    });
    const lease = monthlyLeasePayment(450_000, 36, TERMS);
    expect(offer).toEqual({
      leaseTimeMonths: 36,
      totalPriceCents: 500_000,
      userPaymentCents: 50_000,
      leasedCents: 450_000,
      monthlyPaymentCents: lease.totalCents,
      grossDeductionCents: lease.totalCents,
      residualValueCents: lease.residualCents,
    });
  });

  it("has nothing to lease when the employee pays it all", () => {
    expect(
      leaseOffer({ totalPriceCents: 100_000, maxPriceCents: 0, leaseTimeMonths: 24, terms: TERMS }),
    ).toBeNull();
  });
});
