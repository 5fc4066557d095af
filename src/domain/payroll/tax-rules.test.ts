import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TAX_YEAR_2025, TAX_YEAR_2026 } from "../tax/published-tax-years.ts";
import {
  addMonths,
  isPeriod,
  lastDayOf,
  monthsBetween,
  nextDay,
  parsePeriod,
  periodRange,
  periodsOfYearUntil,
} from "./period.ts";
import {
  GRANDFATHERED_MAX_MONTHS,
  leasePeriods,
  leaseTax,
  leaseTaxFreeLimit,
  monthlyTaxFreeCents,
  regimeDate,
  taxFreeCommitments,
  taxRegime,
  yearlyTaxFreeLimitCents,
} from "./tax-rules.ts";

const rule2025 = TAX_YEAR_2025.bikeBenefit;
const rule2026 = TAX_YEAR_2026.bikeBenefit;

describe("periods", () => {
  it("parses YYYY-MM and refuses anything else", () => {
    expect(parsePeriod("2026-03")).toEqual({ year: 2026, month: 3 });
    expect([isPeriod("2026-12"), isPeriod("2026-13"), isPeriod("2026-1")]).toEqual([true, false, false]);
    for (const bad of ["2026-3", "2026-13", "2026-00", "26-03", "2026-03-01", ""]) {
      expect(() => parsePeriod(bad)).toThrow(RangeError);
    }
  });

  it("reads a period the same the second time and after thousands of others, and keeps it unchanged", () => {
    expect(parsePeriod("2026-03")).toBe(parsePeriod("2026-03"));
    expect(Object.isFrozen(parsePeriod("2026-03"))).toBe(true);
    for (const period of periodRange("1000-01", "2100-12")) parsePeriod(period);
    expect(parsePeriod("2026-03")).toEqual({ year: 2026, month: 3 });
    expect(parsePeriod("1999-12")).toEqual({ year: 1999, month: 12 });
    expect(() => parsePeriod("2026-13")).toThrow(RangeError);
  });

  it("adds months across years and counts the months between", () => {
    expect(addMonths("2025-11", 3)).toBe("2026-02");
    expect(addMonths("2026-01", -1)).toBe("2025-12");
    expect(addMonths("2021-07", 59)).toBe("2026-06");
    expect(monthsBetween("2025-11", "2026-02")).toBe(3);
    expect(monthsBetween("2026-02", "2025-11")).toBe(-3);
  });

  it("knows the last day of a month, leap years included, and the next day", () => {
    expect(lastDayOf("2026-02")).toBe("2026-02-28");
    expect(lastDayOf("2028-02")).toBe("2028-02-29");
    expect(lastDayOf("2026-04")).toBe("2026-04-30");
    expect(nextDay("2026-02-28")).toBe("2026-03-01");
    expect(nextDay("2026-12-31")).toBe("2027-01-01");
  });

  it("lists the year's periods up to a period, and a range", () => {
    expect(periodsOfYearUntil("2026-03")).toEqual(["2026-01", "2026-02", "2026-03"]);
    expect(periodsOfYearUntil("2026-12")).toHaveLength(12);
    expect(periodRange("2025-11", "2026-02")).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
    expect(periodRange("2026-02", "2026-01")).toEqual([]);
  });

  it("addMonths and monthsBetween are inverse", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2000, max: 2100 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: -200, max: 200 }),
        (y, m, n) => {
          const p = `${y}-${String(m).padStart(2, "0")}`;
          expect(monthsBetween(p, addMonths(p, n))).toBe(n);
        },
      ),
    );
  });
});

describe('the tax regime by commitment date (docs/tax-parameters.md "The transition")', () => {
  it.each([
    ["2021-01-01", "GRANDFATHERED"],
    ["2025-04-23", "GRANDFATHERED"],
    ["2025-04-24", "EXEMPT_2025_ONLY"],
    ["2025-12-31", "EXEMPT_2025_ONLY"],
    ["2026-01-01", "TAXABLE"],
    ["2027-06-01", "TAXABLE"],
  ] as const)("committed %s → %s", (date, regime) => {
    expect(taxRegime(date)).toBe(regime);
    expect(taxRegime(date, "2025-04-23")).toBe(regime);
  });

  it("follows the tables' cut-off when an admin changes it", () => {
    expect(taxRegime("2025-04-24", "2025-04-30")).toBe("GRANDFATHERED");
  });

  it("reads a missing commitment date as the lease's start", () => {
    expect(regimeDate({ commitmentDate: null, startDate: "2025-05-01" })).toBe("2025-05-01");
    expect(regimeDate({ commitmentDate: "2025-03-01", startDate: "2025-05-01" })).toBe("2025-03-01");
  });
});

describe("the yearly limit of a lease (taxFreeLimitCents of the calculator, plus the 60 months)", () => {
  const grandfathered = { commitmentDate: "2025-03-15", startDate: "2025-04-01" };
  const exempt2025 = { commitmentDate: "2025-06-01", startDate: "2025-07-01" };
  const taxable = { commitmentDate: "2026-01-10", startDate: "2026-02-01" };

  it("2025: 1 200 € for every lease", () => {
    expect(yearlyTaxFreeLimitCents(rule2025, grandfathered, "2025-12")).toBe(120_000);
    expect(yearlyTaxFreeLimitCents(rule2025, exempt2025, "2025-12")).toBe(120_000);
  });

  it("2026: 1 200 € only when committed on or before 23.4.2025", () => {
    expect(yearlyTaxFreeLimitCents(rule2026, grandfathered, "2026-01")).toBe(120_000);
    expect(yearlyTaxFreeLimitCents(rule2026, exempt2025, "2026-01")).toBe(0);
    expect(yearlyTaxFreeLimitCents(rule2026, taxable, "2026-03")).toBe(0);
  });

  it("a grandfathered lease's limit ends after its 60th month", () => {
    const old = { commitmentDate: "2021-05-20", startDate: "2021-07-01" };
    expect(GRANDFATHERED_MAX_MONTHS).toBe(60);
    // July 2021 is month 1, June 2026 month 60, July 2026 month 61.
    expect(leaseTaxFreeLimit(rule2026, old)).toEqual({ cents: 120_000, lastMonth: "2026-06" });
    expect(leaseTaxFreeLimit(rule2026, grandfathered).lastMonth).toBe("2030-03");
    expect(leaseTaxFreeLimit(rule2026, exempt2025)).toEqual({ cents: 0, lastMonth: null });
    expect(yearlyTaxFreeLimitCents(rule2026, old, "2026-06")).toBe(120_000);
    expect(yearlyTaxFreeLimitCents(rule2026, old, "2026-07")).toBe(0);
  });
});

describe("the commitments that can be tax-free in a year", () => {
  it("2025: all; 2026: those on or before 23.4.2025", () => {
    expect(taxFreeCommitments(rule2025)).toBe("ALL");
    expect(taxFreeCommitments(rule2026)).toEqual({ onOrBefore: "2025-04-23" });
    expect(taxFreeCommitments({ ...rule2026, grandfatheredLimitCents: 0 })).toBe("NONE");
    expect(taxFreeCommitments({ ...rule2025, sharedLimitCents: 0 })).toBe("NONE");
  });

  it("leaves out no lease that has a limit in a month of the year", () => {
    const day = fc
      .date({ min: new Date("2019-01-01"), max: new Date("2028-12-31"), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    const cents = fc.constantFrom(0, 1, 60_000, 120_000);
    const rule = fc.record({
      taxFreeLimitCents: cents,
      grandfatheredLimitCents: cents,
      grandfatheredUntil: fc.option(day, { nil: null }),
      sharedLimitCents: fc.constantFrom(0, 340_000),
    });
    fc.assert(
      fc.property(rule, day, fc.option(day, { nil: null }), day, (rule, startDate, commitmentDate, month) => {
        const lease = { startDate, commitmentDate };
        const scope = taxFreeCommitments(rule);
        const inside = scope === "ALL" || (scope !== "NONE" && regimeDate(lease) <= scope.onOrBefore);
        if (!inside) expect(yearlyTaxFreeLimitCents(rule, lease, month.slice(0, 7))).toBe(0);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe("the monthly tax-free part (363) and the taxable part (364)", () => {
  it("Asteri's example: 170 €/month → 100 € tax-free + 70 € taxable", () => {
    const taxFree = monthlyTaxFreeCents(17_000, 120_000, 0);
    expect(taxFree).toBe(10_000);
    expect(17_000 - taxFree).toBe(7_000);
  });

  it("never more than the value, nor than what is left of the year", () => {
    expect(monthlyTaxFreeCents(9_900, 120_000, 0)).toBe(9_900);
    expect(monthlyTaxFreeCents(8_000, 120_000, 112_000)).toBe(8_000);
    expect(monthlyTaxFreeCents(8_000, 120_000, 115_000)).toBe(5_000);
    expect(monthlyTaxFreeCents(8_000, 120_000, 120_000)).toBe(0);
    expect(monthlyTaxFreeCents(8_000, 0, 0)).toBe(0);
  });

  it("is between 0 and the value, at most a twelfth of the limit", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 340_000 }),
        fc.integer({ min: 0, max: 400_000 }),
        (value, limit, used) => {
          const taxFree = monthlyTaxFreeCents(value, limit, used);
          expect(taxFree).toBeGreaterThanOrEqual(0);
          expect(taxFree).toBeLessThanOrEqual(value);
          expect(taxFree * 12).toBeLessThanOrEqual(limit);
          expect(taxFree).toBeLessThanOrEqual(Math.max(0, limit - used));
        },
      ),
    );
  });
});

describe("leaseTax: the order's tax line from its own dates", () => {
  it("a lease covers leaseTimeMonths months from its start month", () => {
    expect(leasePeriods({ startDate: "2026-03-15", leaseTimeMonths: 12 })).toEqual({
      first: "2026-03",
      last: "2027-02",
    });
  });

  it("committed in 2025 after 23.4. with a lease starting 14.1.2026: never tax-free, taxable", () => {
    expect(leaseTax({ commitmentDate: "2025-11-03", startDate: "2026-01-14", leaseTimeMonths: 36 })).toEqual({
      kind: "TAXABLE",
      regime: "EXEMPT_2025_ONLY",
      taxFreeUntil: null,
      taxableFrom: null,
    });
  });

  it("committed in 2025 after 23.4. with a lease running in 2025: tax-free to 31.12.2025, taxable from 1.1.2026", () => {
    expect(leaseTax({ commitmentDate: "2025-06-01", startDate: "2025-07-01", leaseTimeMonths: 36 })).toEqual({
      kind: "TAX_FREE_THEN_TAXABLE",
      regime: "EXEMPT_2025_ONLY",
      taxFreeUntil: "2025-12-31",
      taxableFrom: "2026-01-01",
    });
  });

  it("grandfathered: its term's end when within 5 years, else the end of its 60th month and taxable after", () => {
    expect(leaseTax({ commitmentDate: "2025-03-10", startDate: "2025-04-01", leaseTimeMonths: 36 })).toEqual({
      kind: "TAX_FREE",
      regime: "GRANDFATHERED",
      taxFreeUntil: "2028-03-31",
      taxableFrom: null,
    });
    expect(
      leaseTax({ commitmentDate: null, startDate: "2021-07-01", leaseTimeMonths: 60 }).taxFreeUntil,
    ).toBe("2026-06-30");
    expect(leaseTax({ commitmentDate: "2021-06-01", startDate: "2021-07-01", leaseTimeMonths: 72 })).toEqual({
      kind: "TAX_FREE_THEN_TAXABLE",
      regime: "GRANDFATHERED",
      taxFreeUntil: "2026-06-30",
      taxableFrom: "2026-07-01",
    });
  });

  it("committed from 1.1.2026: taxable; without the deciding dates: unknown", () => {
    expect(leaseTax({ commitmentDate: "2026-01-10", startDate: null, leaseTimeMonths: 36 }).kind).toBe(
      "TAXABLE",
    );
    expect(leaseTax({ commitmentDate: null, startDate: null, leaseTimeMonths: 36 }).kind).toBe("UNKNOWN");
    expect(leaseTax({ commitmentDate: "2025-03-01", startDate: null, leaseTimeMonths: 36 }).kind).toBe(
      "UNKNOWN",
    );
  });

  it("for any dates: tax-free never after the exemption's end nor the lease's, and never before the lease starts", () => {
    const day = fc
      .date({
        min: new Date("2020-01-01T00:00:00Z"),
        max: new Date("2031-12-31T00:00:00Z"),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, day, fc.integer({ min: 1, max: 84 }), (commitment, startDay, months) => {
        const startDate = commitment > startDay ? commitment : startDay;
        const tax = leaseTax({ commitmentDate: commitment, startDate, leaseTimeMonths: months });
        const { first, last } = leasePeriods({ startDate, leaseTimeMonths: months });
        if (tax.regime === "TAXABLE" || (tax.regime === "EXEMPT_2025_ONLY" && startDate >= "2026-01-01")) {
          expect(tax.kind).toBe("TAXABLE");
        }
        if (tax.taxFreeUntil === null) return;
        // A tax line only says tax-free for a lease that started while its exemption held.
        expect(startDate <= tax.taxFreeUntil).toBe(true);
        expect(tax.taxFreeUntil <= lastDayOf(last)).toBe(true);
        if (tax.regime === "EXEMPT_2025_ONLY") expect(tax.taxFreeUntil <= "2025-12-31").toBe(true);
        if (tax.regime === "GRANDFATHERED") {
          expect(tax.taxFreeUntil <= lastDayOf(addMonths(first, GRANDFATHERED_MAX_MONTHS - 1))).toBe(true);
        }
        expect(tax.kind === "TAX_FREE_THEN_TAXABLE").toBe(tax.taxableFrom !== null);
        if (tax.taxableFrom) expect(tax.taxableFrom).toBe(nextDay(tax.taxFreeUntil));
      }),
    );
  });
});
