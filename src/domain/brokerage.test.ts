import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BROKERAGE_STAGE_TONES,
  BROKERAGE_STAGES,
  brokerageBikeTitle,
  brokerageStage,
  canMoveBrokerage,
  isOnSale,
  suggestedAskingPriceCents,
  wholeMonthsBetween,
} from "./brokerage.ts";
import { SIMPLE_STATES } from "./enums.ts";

describe("wholeMonthsBetween", () => {
  it("counts whole calendar months and never less than zero", () => {
    expect(wholeMonthsBetween("2025-03-01", "2025-03-31")).toBe(0);
    expect(wholeMonthsBetween("2025-03-01", "2025-04-01")).toBe(1);
    expect(wholeMonthsBetween("2025-03-15", "2025-04-14")).toBe(0);
    expect(wholeMonthsBetween("2025-03-15", "2025-04-15")).toBe(1);
    expect(wholeMonthsBetween("2023-01-01", "2026-01-01")).toBe(36);
    expect(wholeMonthsBetween("2026-05-01", "2026-02-01")).toBe(0);
  });
});

describe("suggestedAskingPriceCents (our own rule)", () => {
  const basis = { packagePriceCents: 289_000, leaseStartDate: "2023-03-01", residualValueCents: null };

  it("takes 1.5 % off the package price for each whole month of the lease, down to whole euros", () => {
    // 2 890 € after 36 months: 46 % kept = 1 329,40 € → 1 329 €.
    expect(suggestedAskingPriceCents({ ...basis, today: "2026-03-01" })).toBe(132_900);
    // One day short of 36 months is 35 months: 47.5 % kept = 1 372,75 € → 1 372 €.
    expect(suggestedAskingPriceCents({ ...basis, today: "2026-02-28" })).toBe(137_200);
    // A lease that never started: the whole price.
    expect(suggestedAskingPriceCents({ ...basis, leaseStartDate: null, today: "2026-03-01" })).toBe(289_000);
    // The first month of the lease: nothing off.
    expect(suggestedAskingPriceCents({ ...basis, today: "2023-03-20" })).toBe(289_000);
  });

  it("is at least the residual value, rounded up to whole euros", () => {
    expect(suggestedAskingPriceCents({ ...basis, residualValueCents: 144_550, today: "2026-03-01" })).toBe(
      144_600,
    );
    expect(suggestedAskingPriceCents({ ...basis, residualValueCents: 14_450, today: "2026-03-01" })).toBe(
      132_900,
    );
  });

  it("is at least 10 % of the package price", () => {
    // After 60 months 10 % is kept (100 − 90); after 70 nothing would be, but 10 % stays.
    expect(suggestedAskingPriceCents({ ...basis, today: "2028-03-01" })).toBe(28_900);
    expect(suggestedAskingPriceCents({ ...basis, today: "2029-01-01" })).toBe(28_900);
    // 10 % of 699,99 € is 70,00 € (69,999 € up).
    expect(
      suggestedAskingPriceCents({
        packagePriceCents: 69_999,
        leaseStartDate: "2020-01-01",
        residualValueCents: null,
        today: "2026-01-01",
      }),
    ).toBe(7_000);
  });

  const arbitraryBasis = fc.record({
    packagePriceCents: fc.integer({ min: 0, max: 2_000_000_000 }),
    leaseStartDate: fc.option(
      fc.date({ min: new Date("2015-01-01"), max: new Date("2030-12-31"), noInvalidDate: true }),
    ),
    residualValueCents: fc.option(fc.integer({ min: 0, max: 2_000_000_000 })),
    today: fc.date({ min: new Date("2015-01-01"), max: new Date("2035-12-31"), noInvalidDate: true }),
  });
  const iso = (date: Date) => date.toISOString().slice(0, 10);

  it("is whole euros, at least each floor, and at most the larger of the price and the floors (property)", () => {
    fc.assert(
      fc.property(arbitraryBasis, (b) => {
        const input = {
          ...b,
          leaseStartDate: b.leaseStartDate && iso(b.leaseStartDate),
          today: iso(b.today),
        };
        const price = suggestedAskingPriceCents(input);
        expect(Number.isSafeInteger(price)).toBe(true);
        expect(price % 100).toBe(0);
        expect(price).toBeGreaterThanOrEqual(b.packagePriceCents / 10);
        expect(price).toBeGreaterThanOrEqual(b.residualValueCents ?? 0);
        const floors = Math.max(
          Math.ceil(b.packagePriceCents / 1000) * 100,
          Math.ceil((b.residualValueCents ?? 0) / 100) * 100,
        );
        expect(price).toBeLessThanOrEqual(Math.max(b.packagePriceCents, floors));
      }),
    );
  });

  it("never rises as the lease runs longer (property)", () => {
    fc.assert(
      fc.property(arbitraryBasis, fc.integer({ min: 1, max: 2_000 }), (b, days) => {
        const input = {
          ...b,
          leaseStartDate: b.leaseStartDate && iso(b.leaseStartDate),
          today: iso(b.today),
        };
        const later = { ...input, today: iso(new Date(b.today.getTime() + days * 86_400_000)) };
        expect(suggestedAskingPriceCents(later)).toBeLessThanOrEqual(suggestedAskingPriceCents(input));
      }),
    );
  });
});

describe("the brokerage's status moves", () => {
  it("sells or withdraws a bike for sale, puts a withdrawn one back on sale, and keeps a sold one sold", () => {
    expect(canMoveBrokerage("PENDING", "COMPLETED")).toBe(true);
    expect(canMoveBrokerage("PENDING", "CANCELLED")).toBe(true);
    expect(canMoveBrokerage("CANCELLED", "PENDING")).toBe(true);
    expect(canMoveBrokerage("CANCELLED", "COMPLETED")).toBe(false);
    expect(canMoveBrokerage("COMPLETED", "PENDING")).toBe(false);
    expect(canMoveBrokerage("COMPLETED", "CANCELLED")).toBe(false);
    for (const status of SIMPLE_STATES) expect(canMoveBrokerage(status, status)).toBe(true);
  });
});

describe("a brokerage bike's stage", () => {
  it("is for sale only while PENDING and listed", () => {
    expect(brokerageStage("PENDING", false)).toBe("WAITING");
    expect(brokerageStage("PENDING", true)).toBe("FOR_SALE");
    expect(brokerageStage("COMPLETED", true)).toBe("SOLD");
    expect(brokerageStage("CANCELLED", true)).toBe("WITHDRAWN");
    expect(brokerageStage("CANCELLED", false)).toBe("WITHDRAWN");
    const onSale = SIMPLE_STATES.flatMap((s) =>
      [true, false].filter((l) => isOnSale(s, l)).map((l) => [s, l]),
    );
    expect(onSale).toEqual([["PENDING", true]]);
  });

  it("has a tone for every stage", () => {
    for (const stage of BROKERAGE_STAGES) expect(BROKERAGE_STAGE_TONES[stage]).toBeDefined();
  });
});

describe("brokerageBikeTitle", () => {
  it("names a bike by what is known of it", () => {
    expect(brokerageBikeTitle({ brand: "Tunturi", model: "eGo 500 Urban", modelYear: 2022 })).toBe(
      "Tunturi eGo 500 Urban (2022)",
    );
    expect(brokerageBikeTitle({ brand: "Tunturi", model: "eGo 500 Urban", modelYear: null })).toBe(
      "Tunturi eGo 500 Urban",
    );
    expect(brokerageBikeTitle({ brand: null, model: "Jopo", modelYear: null })).toBe("Jopo");
    expect(brokerageBikeTitle({ brand: null, model: null, modelYear: 2020 })).toBe("– (2020)");
  });
});
