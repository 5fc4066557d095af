import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_POLICY_COVER,
  type LeaseTerms,
  monthlyLeasePayment,
  policyLeaseTerms,
} from "./lease-payment.ts";

const NO_EXTRAS: LeaseTerms = {
  annualInterestPercent: 0,
  insurancePercentPerYear: 0,
  monthlyMaintenanceCents: 0,
  monthlyServiceFeeCents: 0,
  residualValuePercent: 0,
};

describe("the monthly leasing payment", () => {
  it("is a plain annuity: 10 000 € at 5 % over 36 months is 299,71 € a month", () => {
    const payment = monthlyLeasePayment(1_000_000, 36, { ...NO_EXTRAS, annualInterestPercent: 5 });
    expect(payment.financingCents).toBe(29_971);
    expect(payment.totalCents).toBe(29_971);
  });

  it("without interest spreads the price less the residual evenly", () => {
    const payment = monthlyLeasePayment(300_000, 36, { ...NO_EXTRAS, residualValuePercent: 5 });
    expect(payment.residualCents).toBe(15_000);
    expect(payment.financingCents).toBe(Math.round(285_000 / 36));
  });

  it("adds insurance (a yearly percent of the price), maintenance and the service fee", () => {
    const payment = monthlyLeasePayment(300_000, 36, {
      annualInterestPercent: 4.9,
      insurancePercentPerYear: 6,
      monthlyMaintenanceCents: 1_200,
      monthlyServiceFeeCents: 1_500,
      residualValuePercent: 5,
    });
    expect(payment.insuranceCents).toBe(1_500);
    expect(payment.maintenanceCents).toBe(1_200);
    expect(payment.serviceFeeCents).toBe(1_500);
    expect(payment.totalCents).toBe(payment.financingCents + 1_500 + 1_200 + 1_500);
  });

  it("refuses a price or a period that cannot be leased", () => {
    expect(() => monthlyLeasePayment(0, 36, NO_EXTRAS)).toThrow(RangeError);
    expect(() => monthlyLeasePayment(100_000, 0, NO_EXTRAS)).toThrow(RangeError);
  });

  it("never finances less than the price less the residual, and more with a higher rate", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10_000, max: 1_500_000 }),
        fc.integer({ min: 12, max: 60 }),
        fc.integer({ min: 0, max: 1_500 }).map((bp) => bp / 100),
        fc.integer({ min: 0, max: 30 }),
        (price, months, rate, residual) => {
          const terms = { ...NO_EXTRAS, annualInterestPercent: rate, residualValuePercent: residual };
          const payment = monthlyLeasePayment(price, months, terms);
          expect(payment.financingCents * months + payment.residualCents).toBeGreaterThanOrEqual(
            price - months,
          );
          const dearer = monthlyLeasePayment(price, months, { ...terms, annualInterestPercent: rate + 1 });
          expect(dearer.financingCents).toBeGreaterThanOrEqual(payment.financingCents);
        },
      ),
    );
  });
});

describe("the bike policy's extras in the monthly payment", () => {
  const TABLE: LeaseTerms = {
    annualInterestPercent: 4.9,
    insurancePercentPerYear: 6,
    monthlyMaintenanceCents: 1_200,
    monthlyServiceFeeCents: 500,
    residualValuePercent: 5,
  };

  it("a policy without maintenance finances no maintenance; one without insurance no insurance", () => {
    const full = monthlyLeasePayment(
      300_000,
      36,
      policyLeaseTerms(TABLE, { maintenanceIncluded: true, insuranceRequired: true }),
    );
    const noMaintenance = monthlyLeasePayment(
      300_000,
      36,
      policyLeaseTerms(TABLE, { maintenanceIncluded: false, insuranceRequired: true }),
    );
    const bare = monthlyLeasePayment(
      300_000,
      36,
      policyLeaseTerms(TABLE, { maintenanceIncluded: false, insuranceRequired: false }),
    );
    expect(full.maintenanceCents).toBe(1_200);
    expect(full.insuranceCents).toBe(1_500);
    expect(noMaintenance.maintenanceCents).toBe(0);
    expect(noMaintenance.totalCents).toBe(full.totalCents - 1_200);
    expect(bare.insuranceCents).toBe(0);
    expect(bare.totalCents).toBe(full.totalCents - 1_200 - 1_500);
    // The financing, the service fee and the residual do not depend on the policy.
    expect([bare.financingCents, bare.serviceFeeCents, bare.residualCents]).toEqual([
      full.financingCents,
      full.serviceFeeCents,
      full.residualCents,
    ]);
  });

  it("without a saved policy takes the policy form's defaults: insurance, no maintenance", () => {
    expect(policyLeaseTerms(TABLE, null)).toEqual(policyLeaseTerms(TABLE, DEFAULT_POLICY_COVER));
    expect(policyLeaseTerms(TABLE, null)).toMatchObject({
      monthlyMaintenanceCents: 0,
      insurancePercentPerYear: 6,
    });
  });
});
