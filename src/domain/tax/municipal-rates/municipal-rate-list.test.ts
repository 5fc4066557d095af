import { describe, expect, it } from "vitest";
import { municipalRateFor } from "../../calculator/calculate.ts";
import { MunicipalRateListError, parseMunicipalRateList } from "./municipal-rate-list.ts";
import { PUBLISHED_MUNICIPAL_RATE_LISTS, PUBLISHED_MUNICIPAL_RATES } from "./published-municipal-rates.ts";

const ofYear = (year: number) => PUBLISHED_MUNICIPAL_RATES.filter((r) => r.year === year);
const byCode = (year: number, code: string) => ofYear(year).find((r) => r.code === code);

describe("the Tax Administration's lists of municipal and parish rates", () => {
  it.each([2025, 2026])("%i: all 308 municipalities, 16 of them in Åland, every rate given", (year) => {
    const rows = ofYear(year);
    expect(rows).toHaveLength(308);
    expect(rows.filter((r) => r.aland)).toHaveLength(16);
    expect(new Set(rows.map((r) => r.code)).size).toBe(308);
    for (const row of rows) {
      expect(row.churchPercent).not.toBeNull();
      expect(row.orthodoxPercent).not.toBeNull();
      expect(row.municipalitySv).not.toBeNull();
      expect(row.confirmed).toBe(true);
      expect(row.source).toContain(year === 2026 ? "VH/6585/00.01.00/2025" : "VH/6816/00.01.00/2024");
    }
  });

  it("holds the big cities' rates and the mainland's lowest and highest, as published", () => {
    for (const year of [2025, 2026]) {
      expect(byCode(year, "091")).toMatchObject({ municipality: "Helsinki", municipalitySv: "Helsingfors" });
      expect(byCode(year, "091")).toMatchObject({
        municipalPercent: 5.3,
        churchPercent: 1,
        orthodoxPercent: 1.8,
      });
      expect(byCode(year, "092")?.municipalPercent).toBe(6.4);
      expect(byCode(year, "837")?.municipalPercent).toBe(7.6);
      expect(byCode(year, "853")?.municipalPercent).toBe(7.1);
      expect(byCode(year, "564")?.municipalPercent).toBe(8.1);
      // Kauniainen the lowest and Pomarkku the highest rate on the mainland.
      const mainland = ofYear(year)
        .filter((r) => !r.aland)
        .map((r) => r.municipalPercent);
      expect(byCode(year, "235")?.municipalPercent).toBe(Math.min(...mainland));
      expect(byCode(year, "608")?.municipalPercent).toBe(Math.max(...mainland));
    }
    // A change between the years (Lahti raised its rate for 2026).
    expect([byCode(2025, "398")?.municipalPercent, byCode(2026, "398")?.municipalPercent]).toEqual([
      8.1, 8.6,
    ]);
  });

  it("finds every municipality by its Finnish name, Swedish name and code, and no other", () => {
    for (const list of PUBLISHED_MUNICIPAL_RATE_LISTS) {
      const rows = ofYear(list.year);
      for (const row of rows) {
        for (const asked of [row.municipality, row.municipalitySv ?? "", row.code ?? ""]) {
          expect(municipalRateFor(rows, asked, list.year)?.code, asked).toBe(row.code);
        }
      }
    }
  });
});

describe("reading a list", () => {
  const header =
    "municipality_code,municipality,municipality_sv,municipal_rate_percent,evangelical_lutheran_percent,orthodox_percent,aland";
  const list = (...lines: string[]) => [header, ...lines].join("\n");

  it("reads a well-formed list", () => {
    expect(parseMunicipalRateList(list("091,Helsinki,Helsingfors,5.30,1.00,1.80,false"), 2027)).toEqual([
      {
        year: 2027,
        municipality: "Helsinki",
        municipalitySv: "Helsingfors",
        code: "091",
        municipalPercent: 5.3,
        churchPercent: 1,
        orthodoxPercent: 1.8,
        aland: false,
      },
    ]);
  });

  it.each([
    ["a wrong header", "code,name\n091,Helsinki", 1, "not one of the list's columns"],
    ["a missing column", list("091,Helsinki,Helsingfors,5.30,1.00,false"), 2, "6 columns"],
    ["a rate that is not a percent", list("091,Helsinki,Helsingfors,5,3,1.00,1.80,false"), 2, "columns"],
    ["a rate over 15 %", list("091,Helsinki,Helsingfors,53.00,1.00,1.80,false"), 2, "outside 0–15 %"],
    ["a negative rate", list("091,Helsinki,Helsingfors,-5.30,1.00,1.80,false"), 2, "outside 0–15 %"],
    ["a code with a letter", list("09A,Helsinki,Helsingfors,5.30,1.00,1.80,false"), 2, "code"],
    ["an unclear Åland flag", list("091,Helsinki,Helsingfors,5.30,1.00,1.80,maybe"), 2, "Åland"],
    [
      "a municipality twice",
      list("091,Helsinki,Helsingfors,5.30,1.00,1.80,false", "091,Helsinki,Helsingfors,5.30,1.00,1.80,false"),
      3,
      "on row 2 too",
    ],
  ])("refuses %s, naming the line", (_what, csv, line, reason) => {
    try {
      parseMunicipalRateList(csv, 2027);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(MunicipalRateListError);
      expect(error).toMatchObject({ line });
      expect((error as Error).message).toContain(reason);
    }
  });
});
