import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { leaseMonthsForTotal } from "./lease-period.ts";

const BRACKETS = [
  { minTotalCents: 0, maxTotalCents: 150_000, leaseTimeMonths: 24 },
  { minTotalCents: 150_000, maxTotalCents: 300_000, leaseTimeMonths: 36 },
  { minTotalCents: 300_000, maxTotalCents: null, leaseTimeMonths: 48 },
];
const LIMITS = { minLeaseMonths: 12, maxLeaseMonths: 60 };

describe("the lease period by price", () => {
  it("takes the bracket whose lower limit is included and upper excluded", () => {
    expect(leaseMonthsForTotal(BRACKETS, 149_999, LIMITS)).toBe(24);
    expect(leaseMonthsForTotal(BRACKETS, 150_000, LIMITS)).toBe(36);
    expect(leaseMonthsForTotal(BRACKETS, 299_999, LIMITS)).toBe(36);
    expect(leaseMonthsForTotal(BRACKETS, 5_000_000, LIMITS)).toBe(48);
  });

  it("has no answer for a price no bracket takes or months outside the table's limits", () => {
    expect(leaseMonthsForTotal(BRACKETS.slice(1), 100_000, LIMITS)).toBeNull();
    expect(leaseMonthsForTotal(BRACKETS, 100_000, { minLeaseMonths: 36, maxLeaseMonths: 60 })).toBeNull();
    expect(leaseMonthsForTotal([], 100_000, LIMITS)).toBeNull();
  });

  it("never gives a shorter lease to a dearer package when the brackets rise", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(leaseMonthsForTotal(BRACKETS, low, LIMITS) as number).toBeLessThanOrEqual(
            leaseMonthsForTotal(BRACKETS, high, LIMITS) as number,
          );
        },
      ),
    );
  });
});
