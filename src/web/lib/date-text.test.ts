import { describe, expect, it } from "vitest";
import { dateTextToIso, isoToDateText } from "./date-text.ts";

describe("date text", () => {
  it("reads a day the Finnish way, with or without leading zeros", () => {
    expect(dateTextToIso("14.1.2026")).toBe("2026-01-14");
    expect(dateTextToIso("14.01.2026")).toBe("2026-01-14");
    expect(dateTextToIso(" 1.12.2026 ")).toBe("2026-12-01");
  });

  it("reads day/month/year and the ISO form too", () => {
    expect(dateTextToIso("14/1/2026")).toBe("2026-01-14");
    expect(dateTextToIso("2026-01-14")).toBe("2026-01-14");
    // Half-typed ISO is not yet a day.
    expect(dateTextToIso("2026-03-3")).toBeNull();
  });

  it("refuses days that are not in the calendar and two-digit years", () => {
    expect(dateTextToIso("31.2.2026")).toBeNull();
    expect(dateTextToIso("29.2.2026")).toBeNull();
    expect(dateTextToIso("29.2.2028")).toBe("2028-02-29");
    expect(dateTextToIso("14.13.2026")).toBeNull();
    expect(dateTextToIso("14.1.26")).toBeNull();
    expect(dateTextToIso("huomenna")).toBeNull();
    expect(dateTextToIso("")).toBeNull();
  });

  it("shows an ISO day as DD.MM.YYYY and anything else as it is", () => {
    expect(isoToDateText("2026-01-14")).toBe("14.01.2026");
    expect(isoToDateText("")).toBe("");
  });
});
