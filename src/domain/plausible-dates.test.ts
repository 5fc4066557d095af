import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BIKE_BENEFIT_FIRST_DAY,
  implausibleDate,
  implausibleDateMessage,
  isPlausibleDateIssue,
  PLAUSIBLE_DATE_KINDS,
  PLAUSIBLE_DATE_RULE,
  plausibleDateSpan,
  shiftYears,
} from "./plausible-dates.ts";

// 27.11.2026 at noon in Helsinki.
const NOW = new Date("2026-11-27T10:00:00Z");

describe("plausibleDateSpan", () => {
  it("holds an absence to five years either side of today", () => {
    expect(plausibleDateSpan("ABSENCE", NOW)).toEqual({ from: "2021-11-27", to: "2031-11-27" });
  });

  it("holds a last working day to ten years either side, a trial period's end to two years ahead", () => {
    expect(plausibleDateSpan("LAST_WORKING_DAY", NOW)).toEqual({ from: "2016-11-27", to: "2036-11-27" });
    expect(plausibleDateSpan("TRIAL_PERIOD_END", NOW)).toEqual({ from: "2016-11-27", to: "2028-11-27" });
  });

  it("holds a delivery to a year either side and a lease date to ten", () => {
    expect(plausibleDateSpan("DELIVERY", NOW)).toEqual({ from: "2025-11-27", to: "2027-11-27" });
    expect(plausibleDateSpan("LEASE", NOW)).toEqual({ from: "2016-11-27", to: "2036-11-27" });
  });

  it("holds the calculator's commitment to the benefit's years: from 1.1.2021 to the end of next year", () => {
    expect(plausibleDateSpan("COMMITMENT", NOW)).toEqual({ from: BIKE_BENEFIT_FIRST_DAY, to: "2027-12-31" });
  });

  it("counts from the Helsinki calendar day: 31.12. 23:30 UTC is already the next year there", () => {
    expect(plausibleDateSpan("COMMITMENT", new Date("2026-12-31T23:30:00Z")).to).toBe("2028-12-31");
  });
});

describe("implausibleDate", () => {
  it("refuses 1900 and 2999 for every kind, with the span", () => {
    for (const kind of PLAUSIBLE_DATE_KINDS) {
      expect(implausibleDate(kind, "1900-01-01", NOW)).toEqual(plausibleDateSpan(kind, NOW));
      expect(implausibleDate(kind, "2999-12-31", NOW)).toEqual(plausibleDateSpan(kind, NOW));
    }
  });

  it("takes both ends of the span and refuses the day beyond each", () => {
    expect(implausibleDate("ABSENCE", "2021-11-27", NOW)).toBeNull();
    expect(implausibleDate("ABSENCE", "2031-11-27", NOW)).toBeNull();
    expect(implausibleDate("ABSENCE", "2021-11-26", NOW)).not.toBeNull();
    expect(implausibleDate("ABSENCE", "2031-11-28", NOW)).not.toBeNull();
  });

  it("leaves what is not a date to the format check", () => {
    expect(implausibleDate("ABSENCE", "27.11.2026", NOW)).toBeNull();
  });

  it("a date is plausible exactly when it lies within its kind's span (property)", () => {
    const day = fc
      .date({
        min: new Date("1900-01-01T00:00:00Z"),
        max: new Date("2999-12-31T00:00:00Z"),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10));
    const now = fc.date({
      min: new Date("2000-01-01T00:00:00Z"),
      max: new Date("2100-01-01T00:00:00Z"),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(fc.constantFrom(...PLAUSIBLE_DATE_KINDS), day, now, (kind, value, at) => {
        const span = plausibleDateSpan(kind, at);
        const within = value >= span.from && value <= span.to;
        expect(implausibleDate(kind, value, at) === null).toBe(within);
      }),
    );
  });

  it("today is plausible for every kind (property)", () => {
    const now = fc.date({
      min: new Date("2021-01-01T00:00:00Z"),
      max: new Date("2100-01-01T00:00:00Z"),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(fc.constantFrom(...PLAUSIBLE_DATE_KINDS), now, (kind, at) => {
        const today = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Helsinki" }).format(at);
        expect(implausibleDate(kind, today, at)).toBeNull();
      }),
    );
  });
});

describe("shiftYears", () => {
  it("moves 29 February to 28 February in a common year and keeps it in a leap year", () => {
    expect(shiftYears("2028-02-29", -5)).toBe("2023-02-28");
    expect(shiftYears("2028-02-29", 4)).toBe("2032-02-29");
  });

  it("always gives a real calendar date (property)", () => {
    const day = fc
      .date({
        min: new Date("1950-01-01T00:00:00Z"),
        max: new Date("2950-12-31T00:00:00Z"),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, fc.integer({ min: -20, max: 20 }), (value, years) => {
        const shifted = shiftYears(value, years);
        expect(new Date(`${shifted}T00:00:00Z`).toISOString().slice(0, 10)).toBe(shifted);
      }),
    );
  });
});

describe("the rule's words", () => {
  it("names the span in the server's message and in the issue's params", () => {
    expect(implausibleDateMessage({ from: "2021-11-27", to: "2031-11-27" })).toBe(
      "Must be a date from 2021-11-27 to 2031-11-27",
    );
    expect(isPlausibleDateIssue({ rule: PLAUSIBLE_DATE_RULE, from: "2021-11-27", to: "2031-11-27" })).toBe(
      true,
    );
    expect(isPlausibleDateIssue({ rule: "LAST_DAY_BEFORE_JOINED", limit: "2026-01-01" })).toBe(false);
    expect(isPlausibleDateIssue(undefined)).toBe(false);
  });
});
