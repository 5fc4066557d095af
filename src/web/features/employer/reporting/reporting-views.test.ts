import { describe, expect, it } from "vitest";
import { viewOf, viewSearch } from "./reporting-views.ts";

describe("the reporting page's address", () => {
  it("opens a view with the month kept and the company on screen, named or not yet named", () => {
    const shown = "dddddddd-dddd-4ddd-8ddd-000000000002";
    for (const current of [
      "?kausi=2026-11",
      `?kausi=2026-11&yritys=${shown}`,
      "?kausi=2026-11&yritys=other",
    ]) {
      const next = new URLSearchParams(viewSearch("payroll", new URLSearchParams(current), shown));
      expect(Object.fromEntries(next)).toEqual({ kausi: "2026-11", yritys: shown, nakyma: "palkkaraportti" });
      expect(viewOf(next)).toBe("payroll");
    }
  });

  it("reads the view from the address: named, else the payroll report when a month is given", () => {
    expect(viewOf(new URLSearchParams("nakyma=yleiskuva&kausi=2026-11"))).toBe("overview");
    expect(viewOf(new URLSearchParams("kausi=2026-11"))).toBe("payroll");
    expect(viewOf(new URLSearchParams(""))).toBe("overview");
  });
});
