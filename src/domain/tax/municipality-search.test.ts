import { describe, expect, it } from "vitest";
import {
  municipalitiesInOrder,
  municipalitiesOfYear,
  municipalityMatches,
  municipalityName,
  municipalityOtherName,
  searchFolded,
} from "./municipality-search.ts";
import { PUBLISHED_MUNICIPAL_RATES } from "./published-tax-years.ts";
import type { MunicipalRate } from "./tax-year.ts";

const RATES = [...PUBLISHED_MUNICIPAL_RATES];
const byCode = (code: string, year = 2026) =>
  RATES.find((r) => r.code === code && r.year === year) as MunicipalRate;

describe("finding one's municipality", () => {
  it("lists the year's municipalities, a later year without a list by the latest earlier one", () => {
    expect(municipalitiesOfYear(RATES, 2026)).toHaveLength(308);
    expect(new Set(municipalitiesOfYear(RATES, 2026).map((r) => r.year))).toEqual(new Set([2026]));
    expect(new Set(municipalitiesOfYear(RATES, 2027).map((r) => r.year))).toEqual(new Set([2026]));
    expect(municipalitiesOfYear(RATES, 2025).find((r) => r.code === "047")?.municipalPercent).toBe(8.6);
    expect(municipalitiesOfYear(RATES, 2024)).toEqual([]);
  });

  it("compares names without case and accents", () => {
    expect(searchFolded(" Ähtäri ")).toBe("ahtari");
    expect(searchFolded("Närpes")).toBe("narpes");
    expect(searchFolded("Åbo")).toBe("abo");
  });

  it("finds by either name or the start of the code, whichever language is shown", () => {
    const vantaa = byCode("092");
    for (const search of ["vantaa", "vanda", "VAN", "09", "092", ""]) {
      expect(municipalityMatches(vantaa, searchFolded(search)), search).toBe(true);
    }
    expect(municipalityMatches(vantaa, searchFolded("espoo"))).toBe(false);
    expect(municipalityMatches(vantaa, searchFolded("92"))).toBe(false);
    expect(municipalityMatches(byCode("109"), searchFolded("hameenl"))).toBe(true);
    expect(municipalityMatches(byCode("109"), searchFolded("tavaste"))).toBe(true);
  });

  it("names a municipality in Swedish only in the Swedish interface, the other name beside it", () => {
    const vantaa = byCode("092");
    expect(municipalityName(vantaa, "sv")).toBe("Vanda");
    expect(municipalityName(vantaa, "fi")).toBe("Vantaa");
    expect(municipalityName(vantaa, "en")).toBe("Vantaa");
    expect(municipalityOtherName(vantaa, "sv")).toBe("Vantaa");
    expect(municipalityOtherName(vantaa, "fi")).toBe("Vanda");
    // Akaa has no Swedish name of its own (the list repeats the Finnish one): nothing beside it.
    expect(municipalityOtherName(byCode("020"), "sv")).toBeNull();
    expect(municipalityName({ ...vantaa, municipalitySv: null }, "sv")).toBe("Vantaa");
  });
});

describe("the municipalities in alphabetical order", () => {
  it("is the browser's alphabetical order of every published name, in each interface language", () => {
    const LOCALE = { fi: "fi-FI", sv: "sv-FI", en: "en-GB" } as const;
    for (const year of new Set(RATES.map((rate) => rate.year))) {
      const list = municipalitiesOfYear(RATES, year);
      for (const language of ["fi", "sv", "en"] as const) {
        const collator = new Intl.Collator(LOCALE[language]);
        const expected = list.map((rate) => municipalityName(rate, language)).sort(collator.compare);
        expect(municipalitiesInOrder(list, language).map(({ name }) => name)).toEqual(expected);
      }
    }
  });

  it("puts å, ä and ö after z in Finnish and Swedish, and reads them as a and o in English", () => {
    const names = ["Övertorneå", "Åbo", "Zürich", "Ähtäri", "Oulu", "Aura"].map(
      (municipality, index): MunicipalRate => ({ ...byCode("091"), municipality, code: String(index) }),
    );
    const inOrder = (language: "fi" | "en") => municipalitiesInOrder(names, language).map(({ name }) => name);
    expect(inOrder("fi")).toEqual(["Aura", "Oulu", "Zürich", "Åbo", "Ähtäri", "Övertorneå"]);
    expect(inOrder("en")).toEqual(["Åbo", "Ähtäri", "Aura", "Oulu", "Övertorneå", "Zürich"]);
  });
});
