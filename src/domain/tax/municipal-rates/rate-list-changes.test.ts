import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { MunicipalRate } from "../tax-year.ts";
import { PUBLISHED_MUNICIPAL_RATES } from "./published-municipal-rates.ts";
import { compareMunicipalRateLists } from "./rate-list-changes.ts";

const ofYear = (year: number): MunicipalRate[] =>
  PUBLISHED_MUNICIPAL_RATES.filter((r) => r.year === year).map(
    ({ source: _source, confirmed: _confirmed, ...rate }) => rate,
  );

const rate = (code: string | null, municipality: string, municipalPercent: number): MunicipalRate => ({
  year: 2027,
  municipality,
  municipalitySv: municipality,
  code,
  municipalPercent,
  churchPercent: 1.5,
  orthodoxPercent: 1.8,
  aland: false,
});

describe("what a year's list changes against the year before", () => {
  it("2025 → 2026: 38 municipal rates up, 5 down, no municipality new or gone (Kuntaliitto's count)", () => {
    const changes = compareMunicipalRateLists(ofYear(2025), ofYear(2026));
    expect(changes.added).toEqual([]);
    expect(changes.removed).toEqual([]);
    expect([changes.municipalRaised, changes.municipalLowered]).toEqual([38, 5]);
    // 43 municipal changes (38 raises, 5 cuts, as Kuntaliitto counted them) and 16 parish-only ones.
    expect(changes.changed).toHaveLength(43 + 16);
    expect(changes.unchanged).toBe(308 - changes.changed.length);
    const lahti = changes.changed.find((c) => c.after.code === "398");
    expect(lahti).toMatchObject({ before: { municipalPercent: 8.1 }, after: { municipalPercent: 8.6 } });
    expect(lahti?.fields).toEqual(["municipalPercent"]);
    const huittinen = changes.changed.find((c) => c.after.code === "102");
    expect(huittinen?.fields).toEqual(["municipalPercent", "churchPercent"]);
  });

  it("lists new and removed municipalities by name, and a renamed one as changed", () => {
    const before = [rate("001", "Ala", 8), rate("002", "Keski", 9), rate("003", "Ylä", 7.5)];
    const after = [rate("001", "Ala", 8.5), rate("003", "Yläkunta", 7.5), rate("004", "Uusi", 9.1)];
    const changes = compareMunicipalRateLists(before, after);
    expect(changes.added.map((r) => r.municipality)).toEqual(["Uusi"]);
    expect(changes.removed.map((r) => r.municipality)).toEqual(["Keski"]);
    expect(changes.changed.map((c) => [c.after.municipality, c.fields])).toEqual([
      ["Ala", ["municipalPercent"]],
      ["Yläkunta", ["municipality", "municipalitySv"]],
    ]);
    expect(changes).toMatchObject({ unchanged: 0, municipalRaised: 1, municipalLowered: 0 });
  });

  it("matches a row of the year before kept without a code by its name", () => {
    const changes = compareMunicipalRateLists([rate(null, "Ala", 8)], [rate("001", "ala", 8)]);
    expect(changes.added).toEqual([]);
    expect(changes.changed[0]?.fields).toEqual(["municipality", "municipalitySv"]);
  });

  it("accounts for every municipality once: new + changed + unchanged = the new list, gone + changed + unchanged = the old", () => {
    const list = fc.uniqueArray(
      fc.record({ code: fc.integer({ min: 1, max: 40 }), percent: fc.integer({ min: 400, max: 1100 }) }),
      { selector: (r) => r.code, maxLength: 30 },
    );
    const rows = (entries: { code: number; percent: number }[]) =>
      entries.map((e) => rate(String(e.code).padStart(3, "0"), `Kunta ${e.code}`, e.percent / 100));
    fc.assert(
      fc.property(list, list, (a, b) => {
        const changes = compareMunicipalRateLists(rows(a), rows(b));
        expect(changes.added.length + changes.changed.length + changes.unchanged).toBe(b.length);
        expect(changes.removed.length + changes.changed.length + changes.unchanged).toBe(a.length);
        expect(changes.municipalRaised + changes.municipalLowered).toBe(changes.changed.length);
        expect(compareMunicipalRateLists(rows(b), rows(b))).toMatchObject({
          changed: [],
          unchanged: b.length,
        });
      }),
    );
  });
});
