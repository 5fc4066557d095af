import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { monthlyLeasePayment } from "./calculator/lease-payment.ts";
import {
  allowedLeaseTimes,
  capSplit,
  defaultLeaseTime,
  financedCentsOf,
  leaseOffer,
  orderShareAndApproval,
  userPaymentCents,
} from "./order-offer.ts";

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

describe("the package split at the cap", () => {
  it("finances up to the cap and leaves the rest as the employee's own share", () => {
    expect(capSplit(499_000, 450_000)).toEqual({ financedCents: 450_000, ownShareCents: 49_000 });
    expect(capSplit(629_000, 450_000)).toEqual({ financedCents: 450_000, ownShareCents: 179_000 });
    expect(capSplit(300_000, 450_000)).toEqual({ financedCents: 300_000, ownShareCents: 0 });
    expect(capSplit(300_000, null)).toEqual({ financedCents: 300_000, ownShareCents: 0 });
  });

  it("never finances above the cap, adds up to the package, and asks nothing at or below the cap", () => {
    fc.assert(
      fc.property(fc.nat(10_000_000), fc.option(fc.nat(10_000_000)), (pkg, cap) => {
        const { financedCents, ownShareCents } = capSplit(pkg, cap);
        if (cap !== null) expect(financedCents).toBeLessThanOrEqual(cap);
        expect(financedCents + ownShareCents).toBe(pkg);
        expect(financedCents).toBeGreaterThanOrEqual(0);
        expect(ownShareCents).toBeGreaterThanOrEqual(0);
        if (cap === null || pkg <= cap) expect(ownShareCents).toBe(0);
        expect(userPaymentCents(pkg, cap)).toBe(ownShareCents);
        expect(financedCentsOf({ totalPriceCents: pkg, userPaymentCents: ownShareCents })).toBe(
          financedCents,
        );
      }),
    );
  });

  it("is what the offer finances and asks, for every package, cap and period", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.option(fc.integer({ min: 1, max: 2_000_000 })),
        fc.constantFrom(12, 24, 36),
        (pkg, cap, months) => {
          const offer = leaseOffer({
            totalPriceCents: pkg,
            maxPriceCents: cap,
            leaseTimeMonths: months,
            terms: TERMS,
          });
          const split = capSplit(pkg, cap);
          expect(offer?.leasedCents).toBe(split.financedCents);
          expect(offer?.userPaymentCents).toBe(split.ownShareCents);
          expect(offer?.monthlyPaymentCents).toBe(
            monthlyLeasePayment(split.financedCents, months, TERMS).totalCents,
          );
        },
      ),
    );
  });
});

describe("the own share and approval an order shows", () => {
  const now = { capCents: 200_000, policyRequiresApproval: true };
  const order = { totalPriceCents: 270_000, userPaymentCents: 0, employerApprovalRequired: false };
  it("before the acceptance, are the ones the acceptance would fix now", () => {
    for (const orderStatus of ["NOT_STARTED", "PENDING", "PACKAGE_PROVIDED"] as const) {
      expect(orderShareAndApproval({ ...order, orderStatus }, now)).toEqual({
        userPaymentCents: 70_000,
        employerApprovalRequired: true,
      });
    }
  });
  it("from the acceptance on, are the order's own", () => {
    const accepted = { ...order, userPaymentCents: 50_000, employerApprovalRequired: false };
    for (const orderStatus of ["ALL_INFO_PROVIDED", "CONFIRMED", "ACTIVE_LEASING"] as const) {
      expect(orderShareAndApproval({ ...accepted, orderStatus }, now)).toEqual({
        userPaymentCents: 50_000,
        employerApprovalRequired: false,
      });
    }
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
