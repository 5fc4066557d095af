import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  packageExcessCents,
  packageItemDescription,
  packageItemDetails,
  packageLineCents,
  packageTotalCents,
} from "./order-package.ts";

describe("the bike package's amounts", () => {
  it("prices a line as unit price times quantity minus its discount", () => {
    expect(packageLineCents({ unitPriceCents: 129_900, quantity: 2, discountCents: 10_000 })).toBe(249_800);
  });

  it("totals the lines, and a discount never makes a valid line negative", () => {
    const line = fc
      .record({
        unitPriceCents: fc.integer({ min: 0, max: 10_000_000 }),
        quantity: fc.integer({ min: 1, max: 20 }),
      })
      .chain((l) =>
        fc.record({
          unitPriceCents: fc.constant(l.unitPriceCents),
          quantity: fc.constant(l.quantity),
          discountCents: fc.integer({ min: 0, max: l.unitPriceCents * l.quantity }),
        }),
      );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const total = packageTotalCents(lines);
        expect(total).toBe(lines.reduce((sum, l) => sum + packageLineCents(l), 0));
        expect(total).toBeGreaterThanOrEqual(0);
        for (const l of lines) expect(packageLineCents(l)).toBeGreaterThanOrEqual(0);
      }),
    );
    expect(packageTotalCents([])).toBe(0);
  });

  it("asks the employee to pay only what goes over the max price", () => {
    expect(packageExcessCents(350_000, 300_000)).toBe(50_000);
    expect(packageExcessCents(250_000, 300_000)).toBe(0);
    expect(packageExcessCents(9_999_999, null)).toBe(0);
  });
});

describe("a package line's name", () => {
  it("names the line with the details the store gave, in order, and skips empty ones", () => {
    const line = {
      name: "Kathmandu Hybrid",
      brand: "Cube",
      model: "SLX 750",
      modelYear: 2026,
      frameSize: " ",
      color: null,
    };
    expect(packageItemDetails(line)).toEqual(["Cube", "SLX 750", "2026"]);
    expect(packageItemDescription(line)).toBe("Kathmandu Hybrid (Cube, SLX 750, 2026)");
    expect(packageItemDescription({ name: "Huolto" })).toBe("Huolto");
  });
});
