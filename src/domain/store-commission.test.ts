import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { commissionBaseCents, payableAmounts } from "./store-commission.ts";
import { MAX_COMMISSION_PERCENT } from "./store-payouts.ts";

describe("payableAmounts", () => {
  it("takes the commission of the price without VAT and pays the store its whole VAT", () => {
    // 1 612,90 € + VAT 25.5 % 411,29 € = 2 024,19 €; 5 % of 1 612,90 € is 80,645 €, rounded up to 80,65 €.
    expect(payableAmounts({ vatExcludedCents: 161_290, vatCents: 41_129 }, 5)).toEqual({
      grossCents: 202_419,
      vatCents: 41_129,
      commissionBase: "VAT_EXCLUDED",
      commissionPercent: 5,
      commissionCents: 8_065,
      netCents: 194_354,
    });
    // Of the price with VAT it would have been 101,21 €: 20,56 € of it a commission on the state's tax.
  });

  it("pays the whole price when the store has no commission", () => {
    for (const percent of [null, 0]) {
      expect(payableAmounts({ vatExcludedCents: 199_203, vatCents: 50_797 }, percent)).toMatchObject({
        grossCents: 250_000,
        commissionCents: 0,
        netCents: 250_000,
        commissionPercent: percent,
      });
    }
  });

  it("rounds to the nearest cent, half a cent away from zero", () => {
    // 8.25 % of 2 000,06 € is 165,00495 €: 165,00 €.
    expect(payableAmounts({ vatExcludedCents: 200_006, vatCents: 51_002 }, 8.25).commissionCents).toBe(
      16_500,
    );
    // 3.5 % of 0,14 € is 0,49 cents: none; of 0,15 € it is 0,525 cents: one.
    expect(payableAmounts({ vatExcludedCents: 14, vatCents: 4 }, 3.5).commissionCents).toBe(0);
    expect(payableAmounts({ vatExcludedCents: 15, vatCents: 4 }, 3.5).commissionCents).toBe(1);
    // Exactly half a cent: 0,5 % of 1,00 € is 0,5 cents, rounded up to one.
    expect(payableAmounts({ vatExcludedCents: 100, vatCents: 26 }, 0.5).commissionCents).toBe(1);
  });

  it("refuses a negative or fractional price and a percent beyond 0-100", () => {
    expect(() => payableAmounts({ vatExcludedCents: -1, vatCents: 0 }, 5)).toThrow(RangeError);
    expect(() => payableAmounts({ vatExcludedCents: 10.5, vatCents: 0 }, 5)).toThrow(RangeError);
    expect(() => payableAmounts({ vatExcludedCents: 100, vatCents: -26 }, 5)).toThrow(RangeError);
    expect(() => payableAmounts({ vatExcludedCents: 100, vatCents: 26 }, 101)).toThrow(RangeError);
  });

  const price = fc.record({
    vatExcludedCents: fc.integer({ min: 0, max: 1_500_000 }),
    vatCents: fc.integer({ min: 0, max: 400_000 }),
  });
  /** A percent as a store agrees it: 0-50 % with at most two decimals. */
  const basisPoints = fc.integer({ min: 0, max: MAX_COMMISSION_PERCENT * 100 });

  it("never takes more commission than the price without VAT, nor less than nothing", () => {
    fc.assert(
      fc.property(price, basisPoints, (p, bp) => {
        const a = payableAmounts(p, bp / 100);
        expect(a.commissionCents).toBeGreaterThanOrEqual(0);
        expect(a.commissionCents).toBeLessThanOrEqual(p.vatExcludedCents);
      }),
    );
    // Even at 100 %, the store keeps the VAT.
    expect(payableAmounts({ vatExcludedCents: 80_000, vatCents: 20_400 }, 100)).toMatchObject({
      commissionCents: 80_000,
      netCents: 20_400,
    });
  });

  it("adds up to the price to the cent: paid + commission = VAT-free price + VAT = price", () => {
    fc.assert(
      fc.property(price, basisPoints, (p, bp) => {
        const a = payableAmounts(p, bp / 100);
        expect(a.grossCents).toBe(p.vatExcludedCents + p.vatCents);
        expect(a.netCents + a.commissionCents).toBe(a.grossCents);
        expect(commissionBaseCents(a) + a.vatCents).toBe(a.grossCents);
        // The store is paid at least the whole VAT it collected.
        expect(a.netCents - a.vatCents).toBe(p.vatExcludedCents - a.commissionCents);
        expect(a.netCents).toBeGreaterThanOrEqual(a.vatCents);
      }),
    );
  });

  it("is the percent of the VAT-free price rounded half away from zero, whatever the VAT", () => {
    fc.assert(
      fc.property(price, fc.integer({ min: 0, max: 400_000 }), basisPoints, (p, otherVat, bp) => {
        const a = payableAmounts(p, bp / 100);
        // commission × 10 000 is within half a cent of price × basis points, a tie rounded up.
        const rest = BigInt(p.vatExcludedCents) * BigInt(bp) - BigInt(a.commissionCents) * 10_000n;
        expect(rest >= -5_000n && rest < 5_000n).toBe(true);
        // The VAT does not move the commission.
        expect(payableAmounts({ ...p, vatCents: otherVat }, bp / 100).commissionCents).toBe(
          a.commissionCents,
        );
      }),
    );
  });

  it("takes no less commission at a higher percent", () => {
    fc.assert(
      fc.property(price, basisPoints, basisPoints, (p, x, y) => {
        const [low, high] = x <= y ? [x, y] : [y, x];
        expect(payableAmounts(p, high / 100).commissionCents).toBeGreaterThanOrEqual(
          payableAmounts(p, low / 100).commissionCents,
        );
      }),
    );
  });
});

describe("commissionBaseCents", () => {
  it("is the price without VAT, or with it for a payable made before the decision", () => {
    const payable = { grossCents: 202_419, vatCents: 41_129 };
    expect(commissionBaseCents({ ...payable, commissionBase: "VAT_EXCLUDED" })).toBe(161_290);
    expect(commissionBaseCents({ ...payable, commissionBase: "VAT_INCLUDED" })).toBe(202_419);
  });
});
