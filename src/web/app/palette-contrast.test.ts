import { describe, expect, it } from "vitest";
import { CONTRAST_PAIRS, contrastRatio, relativeLuminance } from "./palette-contrast.ts";
import { pedaaliGreen, theme } from "./theme.ts";

describe("WCAG contrast", () => {
  it("computes the ratios WCAG's own examples give", () => {
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#000", "#fff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("rgba(0, 0, 0, 1)", "#000")).toBe(1);
    expect(() => contrastRatio("green", "#fff")).toThrow();
  });
});

describe("the brand palette (docs/design.md Identity)", () => {
  it.each(CONTRAST_PAIRS.map((p) => [p.scheme, p.use, p.fg, p.bg, p.min] as const))(
    "%s: %s (%s on %s) reaches %s:1",
    (_scheme, _use, fg, bg, min) => {
      expect(contrastRatio(fg, bg)).toBeGreaterThanOrEqual(min);
    },
  );

  it("covers both schemes and runs from light to dark, shade by shade", () => {
    expect(new Set(CONTRAST_PAIRS.map((p) => p.scheme))).toEqual(new Set(["light", "dark"]));
    const luminances = pedaaliGreen.map(relativeLuminance);
    for (let i = 1; i < luminances.length; i++) expect(luminances[i]).toBeLessThan(luminances[i - 1] ?? 1);
  });

  it("fills primary controls with shade 7 in both schemes, the shade the pairs are checked with", () => {
    expect(theme.primaryShade).toEqual({ light: 7, dark: 7 });
    expect(contrastRatio("#ffffff", pedaaliGreen[7])).toBeGreaterThanOrEqual(4.5);
    // Mantine's filled hover is the next shade.
    expect(contrastRatio("#ffffff", pedaaliGreen[8])).toBeGreaterThanOrEqual(4.5);
  });
});
