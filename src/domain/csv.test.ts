import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvCents, csvEuros, csvField, csvLine, readCsv, toCsv } from "./csv.ts";

describe("CSV for Finnish Excel", () => {
  it("starts with a UTF-8 BOM, separates with ; and ends rows with CRLF", () => {
    const csv = toCsv([
      ["Tila", "Määrä"],
      ["Käsitelty", 12],
    ]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1)).toBe("Tila;Määrä\r\nKäsitelty;12\r\n");
  });

  it("quotes fields with the separator, quotes, line breaks or edge spaces, doubling the quotes", () => {
    expect(csvField("Pyörä; Oy")).toBe('"Pyörä; Oy"');
    expect(csvField('Sanoi "hei"')).toBe('"Sanoi ""hei"""');
    expect(csvField("rivi 1\nrivi 2")).toBe('"rivi 1\nrivi 2"');
    expect(csvField(" reunassa")).toBe('" reunassa"');
    expect(csvField("1,5")).toBe("1,5");
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
    expect(toCsv([["a;b", "c"]]).slice(1)).toBe('"a;b";c\r\n');
  });

  it("keeps a text that looks like a formula as text", () => {
    expect(csvField("=HYPERLINK(1)")).toBe('"\t=HYPERLINK(1)"');
    expect(csvField(-5)).toBe("-5");
  });

  it("writes euros with two decimals and a decimal comma, no thousands separator", () => {
    expect(csvEuros(1234.5)).toBe("1234,50");
    expect(csvEuros(0)).toBe("0,00");
    expect(csvEuros(99.999)).toBe("100,00");
  });

  it("writes cents as euros and one line at a time", () => {
    expect(csvCents(123456)).toBe("1234,56");
    expect(csvLine(["Laine", "4100", null])).toBe("Laine;4100;\r\n");
  });
});

describe("reading a CSV file", () => {
  it("reads what toCsv writes, cell for cell, whatever the cells hold", () => {
    // The header names its columns in words: the separator is told by it.
    const name = fc.string({ unit: fc.constantFrom("a", "ä", "_", " "), minLength: 1 }).map((n) => `k${n}`);
    const cell = fc.string({ unit: fc.constantFrom("a", "ä", ";", ",", '"', "\n", " ", "1", "x") });
    const rows = fc.array(fc.array(cell, { minLength: 3, maxLength: 3 }), { maxLength: 5 });
    fc.assert(
      fc.property(fc.array(name, { minLength: 3, maxLength: 3 }), rows, (header, body) => {
        // A record of blank cells is a blank line, which reading leaves out.
        const kept = [header, ...body].filter((row) => row.some((c) => c.trim() !== ""));
        expect(readCsv(toCsv(kept)).map((r) => r.cells)).toEqual(kept);
      }),
    );
  });

  it("tells the separator by the first line that is not blank", () => {
    expect(readCsv("\na,b,c\n1,2,3").map((r) => r.cells)).toEqual([
      ["a", "b", "c"],
      ["1", "2", "3"],
    ]);
    expect(readCsv("Kunta;Tuloveroprosentti\nAkaa;9,90").map((r) => r.cells)).toEqual([
      ["Kunta", "Tuloveroprosentti"],
      ["Akaa", "9,90"],
    ]);
    expect(readCsv("a\tb\n1,5\t2").map((r) => r.cells)).toEqual([
      ["a", "b"],
      ["1,5", "2"],
    ]);
  });

  it("numbers each record by the line it starts on, blank lines left out", () => {
    const records = readCsv('\uFEFFnimi;selite\r\n\r\nAkaa;"kaksi\nriviä"\r\nAlavus;x\r\n');
    expect(records).toEqual([
      { line: 1, cells: ["nimi", "selite"] },
      { line: 3, cells: ["Akaa", "kaksi\nriviä"] },
      { line: 5, cells: ["Alavus", "x"] },
    ]);
  });
});
