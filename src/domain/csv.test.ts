import { describe, expect, it } from "vitest";
import { csvCents, csvEuros, csvField, csvLine, toCsv } from "./csv.ts";

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
