import { describe, expect, it } from "vitest";
import type { TCalculatorParameters, TCalculatorResult } from "../../../contract/calculator.ts";
import {
  PUBLISHED_MUNICIPAL_RATES,
  TAX_YEAR_2025,
  TAX_YEAR_2026,
} from "../../../domain/tax/published-tax-years.ts";
import { defaultForm, formFromSearch, formToSearch, requestFor, validate } from "./calculator-form.ts";
import { cumulativeCosts } from "./cost-series.ts";

const PARAMETERS: TCalculatorParameters = {
  today: "2026-11-22",
  taxYears: [TAX_YEAR_2025, TAX_YEAR_2026],
  municipalities: [...PUBLISHED_MUNICIPAL_RATES],
  leaseTerms: {
    annualInterestPercent: 4.9,
    insurancePercentPerYear: 6,
    monthlyMaintenanceCents: 1_200,
    monthlyServiceFeeCents: 500,
    residualValuePercent: 5,
    minLeaseMonths: 12,
    maxLeaseMonths: 60,
    campaignDiscountPercent: null,
    campaignMinLeaseMonths: null,
  },
  unconfirmed: [],
};
const DEFAULTS = defaultForm(PARAMETERS);

describe("the calculator form", () => {
  it("opens with this year's rules, Helsinki and a typical bike", () => {
    expect(DEFAULTS).toMatchObject({ year: 2026, municipality: "Helsinki", leaseTimeMonths: 36 });
    expect(validate(requestFor(DEFAULTS)).ok).toBe(true);
  });

  it("round-trips through the address, keeping only what differs from the defaults", () => {
    const form = {
      ...DEFAULTS,
      year: 2025,
      bikePrice: 3_199.9,
      monthlyGrossSalary: 4_100,
      municipality: "Tampere",
      churchMember: true,
      campaign: true,
      contractDate: "2025-03-01",
      others: [
        { name: "Kaupunkipyörä ~ 2", bikePrice: 899, accessoriesPrice: 0 },
        { name: "Sähkö", bikePrice: 4_200, accessoriesPrice: 350 },
      ],
    };
    const search = formToSearch(form, DEFAULTS);
    expect(search.has("age")).toBe(false);
    expect(search.get("price")).toBe("3199.9");
    const back = formFromSearch(new URLSearchParams(search.toString()), DEFAULTS);
    expect(back).toEqual({
      ...form,
      others: [{ ...form.others[0], name: "Kaupunkipyörä - 2" }, form.others[1]],
    });
  });

  it("ignores what does not parse in a hand-edited address", () => {
    const form = formFromSearch(
      new URLSearchParams("price=abc&months=24&bike2=x~y~z&contract=1.1.2025"),
      DEFAULTS,
    );
    expect(form.bikePrice).toBe(DEFAULTS.bikePrice);
    expect(form.leaseTimeMonths).toBe(24);
    expect(form.others).toEqual([]);
    expect(form.contractDate).toBe("");
  });

  it("names an emptied field as required and a wrong one as invalid", () => {
    const result = validate(requestFor({ ...DEFAULTS, bikePrice: "", leaseTimeMonths: 36.5 }));
    expect(result).toEqual({ ok: false, errors: { bikePrice: "required", leaseTimeMonths: "invalid" } });
  });

  it("prices a comparison bike by its own price, never by the typed payment", () => {
    const request = requestFor(
      { ...DEFAULTS, monthlyPayment: 99 },
      { name: "B", bikePrice: 1_000, accessoriesPrice: "" },
    );
    expect(request).toMatchObject({ bikePrice: 1_000 });
    expect(request).not.toHaveProperty("monthlyPayment");
    expect(request).not.toHaveProperty("accessoriesPrice");
  });
});

describe("the cumulative cost series", () => {
  it("spreads each year's net cost over its months and adds the redemption price at the end", () => {
    const result = {
      totalCostWithoutBenefit: 3_000,
      redemptionPrice: 150,
      years: [
        { year: 2026, months: 1, taxFreeBenefit: 0, taxableBenefit: 100, netCost: 100 },
        { year: 2027, months: 12, taxFreeBenefit: 0, taxableBenefit: 1_200, netCost: 1_200 },
        { year: 2028, months: 11, taxFreeBenefit: 0, taxableBenefit: 1_100, netCost: 1_100 },
      ],
    } as TCalculatorResult;
    const points = cumulativeCosts(result);
    expect(points).toHaveLength(25);
    expect(points[0]).toEqual({ month: 0, lease: 0, buy: 3_000 });
    expect(points[1]?.lease).toBe(100);
    expect(points[13]?.lease).toBe(1_300);
    expect(points[24]).toEqual({ month: 24, lease: 2_550, buy: 3_000 });
  });
});
