import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toCsv } from "../../csv.ts";
import type { MunicipalRate } from "../tax-year.ts";
import { PUBLISHED_MUNICIPAL_RATE_LISTS, PUBLISHED_MUNICIPAL_RATES } from "./published-municipal-rates.ts";
import {
  percentOf,
  type RateListReading,
  rateListFieldOf,
  readMunicipalRateCsv,
  readMunicipalRateRecords,
} from "./rate-list-file.ts";

const rates2026: MunicipalRate[] = PUBLISHED_MUNICIPAL_RATES.filter((r) => r.year === 2026).map(
  ({ source: _source, confirmed: _confirmed, ...rate }) => rate,
);
const context = { year: 2027, yearBefore: rates2026 };

const REPOSITORY_HEADER =
  "municipality_code,municipality,municipality_sv,municipal_rate_percent,evangelical_lutheran_percent,orthodox_percent,aland";
/** The Tax Administration's table as it publishes it: Finnish names, `;`, decimal commas, no codes. */
const PUBLISHED_HEADER =
  "Kunta;Tuloveroprosentti;Evankelis-luterilaisen seurakunnan tuloveroprosentti;Ortodoksisen seurakunnan tuloveroprosentti";

const repository = (...lines: string[]) => [REPOSITORY_HEADER, ...lines].join("\n");
const published = (...lines: string[]) => [PUBLISHED_HEADER, ...lines].join("\r\n");

function problemsOf(reading: RateListReading) {
  if (reading.ok) throw new Error("expected problems");
  return reading.problems.map(({ row, code, field, value, otherRow, limit }) => ({
    row,
    code,
    ...(field ? { field } : {}),
    ...(value !== undefined ? { value } : {}),
    ...(otherRow !== undefined ? { otherRow } : {}),
    ...(limit !== undefined ? { limit } : {}),
  }));
}

function rowsOf(reading: RateListReading): MunicipalRate[] {
  if (!reading.ok) throw new Error(JSON.stringify(reading.problems));
  return reading.rows;
}

describe("reading a year's list of municipal rates", () => {
  it("reads this repository's CSV shape: 2026's list reads back as the 308 rows the seed has", () => {
    const csv = PUBLISHED_MUNICIPAL_RATE_LISTS.find((l) => l.year === 2026)?.csv ?? "";
    const rows = rowsOf(readMunicipalRateCsv(csv, { year: 2026, yearBefore: [] }));
    expect(rows).toEqual(rates2026);
  });

  it("reads the Tax Administration's published shape, taking codes, Swedish names and Åland from the year before", () => {
    const rows = rowsOf(
      readMunicipalRateCsv(published("Helsinki;5,30;1,00;1,80", "Maarianhamina;17,50;1,70;1,75"), context),
    );
    expect(rows).toEqual([
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
      expect.objectContaining({
        municipality: "Maarianhamina",
        code: "478",
        aland: true,
        municipalPercent: 17.5,
      }),
    ]);
  });

  it("reads the whole 2026 list written as the Tax Administration publishes it", () => {
    const lines = rates2026.map((r) =>
      [r.municipality, r.municipalPercent, r.churchPercent, r.orthodoxPercent]
        .map((v) => (typeof v === "number" ? v.toFixed(2).replace(".", ",") : v))
        .join(";"),
    );
    const rows = rowsOf(readMunicipalRateCsv(`\uFEFF${published(...lines)}`, context));
    expect(rows).toEqual(rates2026.map((r) => ({ ...r, year: 2027 })));
  });

  it("tells columns by their names in either language and any order", () => {
    expect(rateListFieldOf("Kunta")).toBe("municipality");
    expect(rateListFieldOf("Kuntanumero")).toBe("code");
    expect(rateListFieldOf("Kunnan tuloveroprosentti")).toBe("municipalPercent");
    expect(rateListFieldOf("Ev.lut. seurakunnan tuloveroprosentti")).toBe("churchPercent");
    expect(rateListFieldOf("Ev.-lut. kirkollisvero %")).toBe("churchPercent");
    expect(rateListFieldOf("Ortodoksisen seurakunnan tuloveroprosentti")).toBe("orthodoxPercent");
    expect(rateListFieldOf("Kunta ruotsiksi")).toBe("municipalitySv");
    expect(rateListFieldOf("Ahvenanmaa")).toBe("aland");
    expect(rateListFieldOf("Kirjanpito")).toBeNull();
    const reordered =
      "Ortodoksinen;Kunta;Kuntanumero;Evankelis-luterilainen;Tuloveroprosentti\n1,80;Helsinki;91;1,00;5,30";
    expect(rowsOf(readMunicipalRateCsv(reordered, context))[0]).toMatchObject({
      code: "091",
      municipality: "Helsinki",
      municipalPercent: 5.3,
      churchPercent: 1,
      orthodoxPercent: 1.8,
    });
  });

  it("reads percents with a comma or a point and an optional %, at most two decimals", () => {
    expect(percentOf("5,30")).toBe(5.3);
    expect(percentOf("5.3")).toBe(5.3);
    expect(percentOf(" 7 % ")).toBe(7);
    expect(percentOf("-0,5")).toBe(-0.5);
    for (const text of ["5,305", "5,3,0", "viisi", "", "1e1", "0x10"])
      expect(percentOf(text), text).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999 }), (hundredths) => {
        const text = (hundredths / 100).toFixed(2);
        expect(percentOf(text)).toBe(hundredths / 100);
        expect(percentOf(text.replace(".", ","))).toBe(hundredths / 100);
      }),
    );
  });

  it("refuses a rate outside 0–15 %, naming the row, the column and the value", () => {
    expect(
      problemsOf(
        readMunicipalRateCsv(published("Helsinki;15,01;1,00;1,80", "Espoo;5,30;-0,01;1,80"), context),
      ),
    ).toEqual([
      { row: 2, code: "RATE_OUT_OF_RANGE", field: "municipalPercent", value: "15,01", limit: 15 },
      { row: 3, code: "RATE_OUT_OF_RANGE", field: "churchPercent", value: "-0,01", limit: 15 },
    ]);
    expect(rowsOf(readMunicipalRateCsv(published("Helsinki;15,00;0;0"), context))[0]?.municipalPercent).toBe(
      15,
    );
  });

  it("holds Åland's municipal rates to their own bound, and its parishes to the mainland's", () => {
    expect(rowsOf(readMunicipalRateCsv(published("Jomala;18,75;1,70;1,75"), context))).toHaveLength(1);
    expect(problemsOf(readMunicipalRateCsv(published("Jomala;25,01;15,01;1,75"), context))).toEqual([
      { row: 2, code: "RATE_OUT_OF_RANGE", field: "municipalPercent", value: "25,01", limit: 25 },
      { row: 2, code: "RATE_OUT_OF_RANGE", field: "churchPercent", value: "15,01", limit: 15 },
    ]);
  });

  it("refuses every rate property-wise: in range reads, out of range is refused with the row", () => {
    fc.assert(
      fc.property(fc.integer({ min: -2_000, max: 3_000 }), (hundredths) => {
        const text = (hundredths / 100).toFixed(2).replace(".", ",");
        const reading = readMunicipalRateCsv(
          published("Oulu;8,10;1,35;1,80", `Espoo;${text};1,00;1,80`),
          context,
        );
        if (hundredths >= 0 && hundredths <= 1_500)
          expect(rowsOf(reading)[1]?.municipalPercent).toBe(hundredths / 100);
        else
          expect(problemsOf(reading)).toEqual([
            expect.objectContaining({ row: 3, code: "RATE_OUT_OF_RANGE" }),
          ]);
      }),
    );
  });

  it("refuses wrong columns: one it does not know, one missing, one twice", () => {
    expect(problemsOf(readMunicipalRateCsv("Kunta;Tuloveroprosentti;Muutos\nAkaa;9,90;0", context))).toEqual([
      { row: 1, code: "UNKNOWN_COLUMN", value: "Muutos" },
      { row: 1, code: "MISSING_COLUMN", field: "churchPercent" },
      { row: 1, code: "MISSING_COLUMN", field: "orthodoxPercent" },
    ]);
    expect(
      problemsOf(
        readMunicipalRateCsv(`${PUBLISHED_HEADER};Kunnallisvero\nAkaa;9,90;1,70;2,00;9,90`, context),
      ),
    ).toEqual([{ row: 1, code: "DUPLICATE_COLUMN", field: "municipalPercent", value: "Kunnallisvero" }]);
  });

  it("refuses a row with more or fewer cells than the header", () => {
    expect(
      problemsOf(readMunicipalRateCsv(published("Akaa;9,90;1,70", "Alavus;9,60;1,75;2,00;x"), context)),
    ).toEqual([
      { row: 2, code: "COLUMN_COUNT", value: "3", limit: 4 },
      { row: 3, code: "COLUMN_COUNT", value: "5", limit: 4 },
    ]);
    // A separator after the last cell is no extra column.
    expect(rowsOf(readMunicipalRateCsv(published("Akaa;9,90;1,70;2,00;"), context))).toHaveLength(1);
  });

  it("refuses a duplicate municipality code or name, naming both rows", () => {
    expect(
      problemsOf(
        readMunicipalRateCsv(
          repository(
            "091,Helsinki,Helsingfors,5.30,1.00,1.80,false",
            "049,Espoo,Esbo,5.30,1.00,1.80,false",
            "091,Helsinki II,Helsingfors,5.30,1.00,1.80,false",
            "092,ESPOO,Esbo,5.30,1.00,1.80,false",
          ),
          context,
        ),
      ),
    ).toEqual([
      { row: 4, code: "DUPLICATE_CODE", field: "code", value: "091", otherRow: 2 },
      { row: 5, code: "DUPLICATE_NAME", field: "municipality", value: "ESPOO", otherRow: 3 },
    ]);
  });

  it("refuses a bad code, and a municipality the year before does not know when the file has no code", () => {
    expect(
      problemsOf(readMunicipalRateCsv(repository("09A,Helsinki,Helsingfors,5.30,1.00,1.80,false"), context)),
    ).toEqual([{ row: 2, code: "CODE_INVALID", field: "code", value: "09A" }]);
    expect(problemsOf(readMunicipalRateCsv(published("Uusikunta;8,00;1,50;1,80"), context))).toEqual([
      { row: 2, code: "CODE_UNKNOWN", field: "code", value: "Uusikunta" },
    ]);
    // With its code, a new municipality reads; "91" is Helsinki's "091" with the zero a spreadsheet dropped.
    const withCode =
      "Kunta;Kuntanumero;Tuloveroprosentti;Ev.lut.;Ortodoksinen\nUusikunta;999;8,00;1,50;1,80\nHelsinki;91;5,30;1,00;1,80";
    expect(rowsOf(readMunicipalRateCsv(withCode, context)).map((r) => [r.code, r.municipalitySv])).toEqual([
      ["999", "Uusikunta"],
      ["091", "Helsingfors"],
    ]);
  });

  it("refuses an empty file, a header alone, missing names and rates, and an unclear Åland flag", () => {
    expect(problemsOf(readMunicipalRateCsv("", context))).toEqual([{ row: 1, code: "EMPTY_FILE" }]);
    expect(problemsOf(readMunicipalRateCsv("\uFEFF\r\n \r\n", context))).toEqual([
      { row: 1, code: "EMPTY_FILE" },
    ]);
    expect(problemsOf(readMunicipalRateCsv(PUBLISHED_HEADER, context))).toEqual([
      { row: 1, code: "NO_MUNICIPALITIES" },
    ]);
    expect(
      problemsOf(readMunicipalRateCsv(published(";9,90;1,70;2,00", "Akaa;;1,70;viisi"), context)),
    ).toEqual([
      { row: 2, code: "NAME_MISSING", field: "municipality" },
      { row: 3, code: "RATE_MISSING", field: "municipalPercent" },
      { row: 3, code: "RATE_INVALID", field: "orthodoxPercent", value: "viisi" },
    ]);
    expect(
      problemsOf(readMunicipalRateCsv(repository("091,Helsinki,Helsingfors,5.30,1.00,1.80,maybe"), context)),
    ).toEqual([{ row: 2, code: "ALAND_INVALID", field: "aland", value: "maybe" }]);
  });

  it("refuses a name with control characters or over 100 characters", () => {
    const named = (name: string) => repository(`091,${name},Helsingfors,5.30,1.00,1.80,false`);
    expect(problemsOf(readMunicipalRateCsv(named("Hel\u202esinki"), context))).toEqual([
      expect.objectContaining({ row: 2, code: "NAME_INVALID", field: "municipality" }),
    ]);
    expect(problemsOf(readMunicipalRateCsv(named("a".repeat(101)), context))).toEqual([
      expect.objectContaining({ row: 2, code: "NAME_INVALID", limit: 100 }),
    ]);
  });

  it("refuses a list of more than 1000 municipalities", () => {
    const lines = Array.from(
      { length: 1001 },
      (_, i) => `${String(i).padStart(3, "0")},K${i},K${i},5,1,1,false`,
    );
    expect(problemsOf(readMunicipalRateCsv(repository(...lines), context))).toEqual([
      { row: 1002, code: "TOO_MANY_ROWS", limit: 1000 },
    ]);
  });

  it("numbers rows as a worksheet does when read from one", () => {
    const reading = readMunicipalRateRecords(
      [
        { row: 3, cells: ["Kunta", "Tuloveroprosentti", "Ev.lut.", "Ortodoksinen"] },
        { row: 5, cells: ["Akaa", "16", "1.7", "2"] },
      ],
      context,
    );
    expect(problemsOf(reading)).toEqual([
      { row: 5, code: "RATE_OUT_OF_RANGE", field: "municipalPercent", value: "16", limit: 15 },
    ]);
  });

  it("never throws, whatever the file holds, and a row it reads keeps its rates in range", () => {
    const cell = fc.oneof(
      fc.constantFrom(
        "Kunta",
        "Tuloveroprosentti",
        "Ev.lut.",
        "Ortodoksinen",
        "Kuntanumero",
        "Helsinki",
        "Espoo",
      ),
      fc.constantFrom("5,30", "15,01", "-1", "091", "", "true", "x", '"'),
      fc.string({ maxLength: 6 }),
    );
    const table = fc.array(fc.array(cell, { maxLength: 6 }), { maxLength: 6 });
    fc.assert(
      fc.property(table, (rows) => {
        const reading = readMunicipalRateCsv(toCsv(rows), context);
        if (!reading.ok) {
          expect(reading.problems.length).toBeGreaterThan(0);
          for (const p of reading.problems) expect(p.row).toBeGreaterThanOrEqual(1);
          return;
        }
        for (const r of reading.rows) {
          expect(r.municipalPercent).toBeGreaterThanOrEqual(0);
          expect(r.municipalPercent).toBeLessThanOrEqual(r.aland ? 25 : 15);
          expect(r.code).toMatch(/^\d{3}$/);
        }
      }),
    );
  });
});
