import { describe, expect, it } from "vitest";
import type { TCalculatorParameters, TCalculatorResult } from "../../../contract/calculator.ts";
import { LEASE_TERMS } from "../../../domain/calculator/test-fixtures.ts";
import {
  PUBLISHED_MUNICIPAL_RATES,
  TAX_YEAR_2025,
  TAX_YEAR_2026,
} from "../../../domain/tax/published-tax-years.ts";
import {
  defaultForm,
  formFromSearch,
  formToSearch,
  municipalityFieldValue,
  requestFor,
  validate,
} from "./calculator-form.ts";
import { cumulativeCosts } from "./cost-series.ts";

const PARAMETERS: TCalculatorParameters = {
  today: "2026-11-22",
  taxYears: [TAX_YEAR_2025, TAX_YEAR_2026],
  municipalities: [...PUBLISHED_MUNICIPAL_RATES],
  leaseTerms: LEASE_TERMS,
  unconfirmed: [],
};
const DEFAULTS = defaultForm(PARAMETERS);

describe("the calculator form", () => {
  it("opens with this year's rules, Helsinki (by its code), no church and a typical bike", () => {
    expect(DEFAULTS).toMatchObject({ year: 2026, municipality: "091", church: "NONE", leaseTimeMonths: 36 });
    expect(requestFor(DEFAULTS)).toMatchObject({ municipality: "091", church: "NONE" });
    expect(validate(requestFor(DEFAULTS)).ok).toBe(true);
  });

  it("reads a municipality named by either name or its code as the picker's code; keeps what names none", () => {
    for (const text of ["Vantaa", "Vanda", "vantaa", "092"]) {
      expect(municipalityFieldValue(PARAMETERS, text, 2026), text).toBe("092");
    }
    expect(municipalityFieldValue(PARAMETERS, "Atlantis", 2026)).toBe("Atlantis");
    const unknown = { ...DEFAULTS, municipality: "Atlantis" };
    expect(validate(requestFor(unknown))).toMatchObject({ ok: true });
  });

  it("reads the church from the address, a link of the member switch ('1') as Evangelical Lutheran", () => {
    expect(formFromSearch(new URLSearchParams("church=1"), DEFAULTS).church).toBe("EVANGELICAL_LUTHERAN");
    expect(formFromSearch(new URLSearchParams("church=ort"), DEFAULTS).church).toBe("ORTHODOX");
    expect(formFromSearch(new URLSearchParams("church=pope"), DEFAULTS).church).toBe("NONE");
    const orthodox = { ...DEFAULTS, church: "ORTHODOX" as const };
    expect(formToSearch(orthodox, DEFAULTS).get("church")).toBe("ort");
  });

  it("writes a municipality and church that differ from what the page opens with, so a reload keeps them", () => {
    // A person whose own details say Vantaa and Orthodox, who tries Helsinki without a church.
    const opening = { ...DEFAULTS, municipality: "092", church: "ORTHODOX" as const };
    const tried = { ...opening, municipality: "091", church: "NONE" as const };
    const search = formToSearch(tried, DEFAULTS, opening);
    expect(search.get("municipality")).toBe("091");
    expect(search.get("church")).toBe("none");
    expect(formFromSearch(search, opening)).toMatchObject({ municipality: "091", church: "NONE" });
    // Their own choice is written too: the link someone else opens names it.
    expect(formToSearch(opening, DEFAULTS, opening).toString()).toBe("municipality=092&church=ort");
  });

  it("round-trips through the address, keeping only what differs from the defaults", () => {
    const form = {
      ...DEFAULTS,
      year: 2025,
      bikePrice: 3_199.9,
      monthlyGrossSalary: 4_100,
      municipality: "837",
      church: "EVANGELICAL_LUTHERAN" as const,
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
