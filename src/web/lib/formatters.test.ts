import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatCalendarDate,
  formatDate,
  formatDateTime,
  formatEuroInput,
  formatMoney,
  formatPercent,
  formatWholeEuros,
} from "./formatters.ts";

describe("formatters", () => {
  it("shows dates as DD.MM.YYYY HH:mm in Helsinki time (docs/product.md 'Constants')", () => {
    // 21:30 UTC on 31 Dec is already New Year in Helsinki (UTC+2).
    expect(formatDateTime("2025-12-31T21:30:00Z")).toBe("31.12.2025 23:30");
    expect(formatDateTime("2026-06-30T21:05:00Z")).toBe("01.07.2026 00:05");
    expect(formatDate(new Date("2026-06-30T21:05:00Z"))).toBe("01.07.2026");
  });

  it("shows integer cents as euros", () => {
    expect(formatMoney(123456, "fi").replace(/\s/g, " ")).toBe("1 234,56 €");
    expect(formatMoney(123456, "en")).toBe("€1,234.56");
  });
});

describe("formatCalendarDate", () => {
  it("shows the day the API sent, in winter and in summer time", () => {
    expect(formatCalendarDate("2026-01-01")).toBe("01.01.2026");
    expect(formatCalendarDate("2026-06-30")).toBe("30.06.2026");
    expect(formatCalendarDate("2026-12-31")).toBe("31.12.2026");
  });
});

describe("formatPercent", () => {
  it("writes a rate the way each language does, with at most two decimals", () => {
    expect(formatPercent(5.3, "fi").replace(/\s/g, " ")).toBe("5,3 %");
    expect(formatPercent(7.15, "sv").replace(/\s/g, " ")).toBe("7,15 %");
    expect(formatPercent(25.5, "en")).toBe("25.5%");
    expect(formatPercent(12.645, "fi").replace(/\s/g, " ")).toBe("12,65 %");
  });
});

describe("formatWholeEuros", () => {
  it("writes euros without cents for a chart's axis", () => {
    expect(formatWholeEuros(4000, "fi").replace(/\s/g, " ")).toBe("4 000 €");
    expect(formatWholeEuros(4000.4, "en")).toBe("€4,000");
  });
});

describe("formatEuroInput", () => {
  it("gives a money field's text in the reader's decimal sign, without grouping", () => {
    expect(formatEuroInput(123_450, "fi")).toBe("1234,50");
    expect(formatEuroInput(123_450, "en")).toBe("1234.50");
    expect(formatEuroInput(5, "sv")).toBe("0,05");
    expect(formatEuroInput(34_700, "fi")).toBe("347,00");
    expect(formatEuroInput(-1_250, "fi")).toBe("-12,50");
  });

  it("leaves the decimals off a whole amount when asked", () => {
    expect(formatEuroInput(450_000, "fi", { wholeEuros: true })).toBe("4500");
    expect(formatEuroInput(399_950, "en", { wholeEuros: true })).toBe("3999.50");
  });
});

describe("formats written without the browser's format objects", () => {
  const intlPercent = (value: number, locale: string) =>
    new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(value / 100);
  const LOCALE = { fi: "fi-FI", sv: "sv-FI", en: "en-GB" } as const;

  it("write every percentage as the number format does", () => {
    const edges = [
      0, -0, 0.005, 0.0049, 7.155, 12.345, 12.645, 99.995, 999.99, 999.995, 1000, -1.5, 1e-9, 5e-7,
    ];
    for (const language of ["fi", "sv", "en"] as const) {
      for (const value of edges)
        expect(formatPercent(value, language)).toBe(intlPercent(value, LOCALE[language]));
    }
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ min: -10, max: 1200, noNaN: true }),
          // Rates as they are typed: a few decimals, where rounding meets a half.
          fc.integer({ min: 0, max: 10_000_000 }).map((n) => n / 10_000),
        ),
        fc.constantFrom("fi", "sv", "en" as const),
        (value, language) => formatPercent(value, language) === intlPercent(value, LOCALE[language]),
      ),
      { numRuns: 3000 },
    );
  });

  it("write every calendar date as the date format does", () => {
    const intlDate = (text: string) => {
      const p = Object.fromEntries(
        new Intl.DateTimeFormat("en-GB", {
          timeZone: "Europe/Helsinki",
          day: "2-digit",
          month: "2-digit",
          year: "numeric",
        })
          .formatToParts(new Date(text))
          .map((part) => [part.type, part.value]),
      );
      return `${p.day}.${p.month}.${p.year}`;
    };
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1900-01-01"), max: new Date("2199-12-31"), noInvalidDate: true }),
        (at) => {
          const text = at.toISOString().slice(0, 10);
          return (
            formatDate(text) === intlDate(text) && formatCalendarDate(text) === intlDate(`${text}T12:00:00Z`)
          );
        },
      ),
      { numRuns: 2000 },
    );
    // A date-only text is the day it names, as the rules write one (domain/dates.ts), never moved by a
    // reading of it as an instant.
    expect(formatDate("2026-02-30")).toBe("30.02.2026");
  });
});
