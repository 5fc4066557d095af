import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loginAs } from "../../../../tests/helpers/auth.ts";
import { statementsOf } from "../../../../tests/helpers/query-count.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zBillingTables } from "../../../contract/billing-tables.ts";
import {
  zCalculatorMyTerms,
  zCalculatorParameters,
  zCalculatorResult,
} from "../../../contract/calculator.ts";
import { zErrorResponse } from "../../../contract/errors.ts";
import { calculateBenefit } from "../../../domain/calculator/calculate.ts";
import { billingTables } from "../../db/schema/index.ts";
import { invalidateCalculatorParameters } from "./parameters-cache.ts";

const t = setupTestApp({}, { demoData: true });

let nextAddress = 1;
const address = () => `10.71.${Math.floor(nextAddress / 250)}.${nextAddress++ % 250}`;

const INPUT = {
  year: 2026,
  contractDate: "2026-03-15",
  bikePrice: 2_490,
  accessoriesPrice: 210.5,
  leaseTimeMonths: 36,
  monthlyGrossSalary: 3_800,
  municipality: "Tampere",
  churchMember: true,
  age: 41,
};

const calculate = (payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/calculator", payload, remoteAddress: address() });
const parameters = () =>
  t.app.inject({ method: "GET", url: "/api/calculator/parameters", remoteAddress: address() });

describe("GET /api/calculator/parameters", () => {
  it("gives anyone the tax years, municipal rates and default lease terms, cacheable for five minutes", async () => {
    const res = await parameters();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=300");
    const body = zCalculatorParameters.parse(res.json());
    expect(body.taxYears.map((y) => y.year)).toEqual([2025, 2026]);
    expect(body.municipalities.map((m) => m.municipality)).toContain("Helsinki");
    expect(body.leaseTerms).toMatchObject({ annualInterestPercent: 4.9, residualValuePercent: 5 });
    expect(body.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.municipalities.find((m) => m.year === 2026 && m.code === "092")).toEqual({
      year: 2026,
      municipality: "Vantaa",
      municipalitySv: "Vanda",
      code: "092",
      municipalPercent: 6.4,
      churchPercent: 1,
      orthodoxPercent: 1.8,
      aland: false,
    });
    expect(body.taxYears.map((y) => y.averageMunicipalPercent)).toEqual([7.5, 7.6]);
    // The figures the Tax Administration's wage examples do not prove are named, with why.
    expect(body.unconfirmed).toContainEqual(
      expect.objectContaining({ table: "state-income-tax-table", year: 2025, name: "88200" }),
    );
    expect(body.unconfirmed.filter((u) => u.table === "province-tax-table")).toEqual([]);
  });
});

describe("POST /api/calculator", () => {
  it("answers what the page's own run of the same function gives, to the cent", async () => {
    const res = await calculate(INPUT);
    expect(res.statusCode, res.body).toBe(200);
    const result = zCalculatorResult.parse(res.json());
    const { unconfirmed: _, ...params } = zCalculatorParameters.parse((await parameters()).json());
    expect(result).toEqual(calculateBenefit(params, INPUT));
    expect(result.packagePrice).toBe(2_700.5);
    // Tampere's own Evangelical Lutheran parish rate, not an average.
    expect(result.churchTaxPercent).toBe(1.25);
    // Committed in 2026: no exemption, net pay falls by the whole payment, and buying is cheaper.
    expect(result.monthlyNetPayReduction).toBe(result.monthlyPayment);
    expect(result.totalSaving).toBeLessThan(0);
  });

  it("keeps the exemption of a contract committed to on or before 23.4.2025", async () => {
    const res = await calculate({ ...INPUT, contractDate: "2025-04-23", monthlyPayment: 100 });
    expect(res.statusCode, res.body).toBe(200);
    const result = zCalculatorResult.parse(res.json());
    expect(result.grandfathered).toBe(true);
    expect(result.taxFreeBenefitPerMonth).toBe(100);
    expect(result.monthlyNetPayReduction).toBeLessThan(100);
  });

  it.each([
    [{ bikePrice: -1 }, "body.bikePrice"],
    [{ bikePrice: 1000.001 }, "body.bikePrice"],
    [{ monthlyGrossSalary: 1e12 }, "body.monthlyGrossSalary"],
    [{ leaseTimeMonths: 36.5 }, "body.leaseTimeMonths"],
    [{ contractDate: "23.4.2025" }, "body.contractDate"],
    [{ municipality: "" }, "body.municipality"],
    [{ municipality: "Tampere\u0000" }, "body.municipality"],
    [{ year: "2026" }, "body.year"],
    [{ church: "CATHOLIC" }, "body.church"],
    [{ extra: 1 }, "body"],
  ])("refuses %o with 400 naming the field", async (change, field) => {
    const res = await calculate({ ...INPUT, ...change });
    expect(res.statusCode, res.body).toBe(400);
    const error = zErrorResponse.parse(res.json());
    expect(error.details?.map((d) => d.field).join(" ")).toContain(field);
  });

  it.each([
    [{ year: 2019 }, "UNKNOWN_TAX_YEAR", "body.year"],
    [{ municipality: "Atlantis" }, "UNKNOWN_MUNICIPALITY", "body.municipality"],
    [{ leaseTimeMonths: 6 }, "LEASE_PERIOD_BELOW_MINIMUM", "body.leaseTimeMonths"],
    [{ leaseTimeMonths: 61 }, "LEASE_PERIOD_ABOVE_MAXIMUM", "body.leaseTimeMonths"],
    [{ leaseTimeMonths: 24, campaign: true }, "LEASE_PERIOD_TOO_SHORT_FOR_CAMPAIGN", "body.leaseTimeMonths"],
    [{ municipality: "Mariehamn" }, "ALAND_NOT_CALCULATED", "body.municipality"],
    [{ church: "ORTHODOX" }, "CHURCH_CHOICE_CONFLICT", "body.church"],
    [{ municipality: undefined }, "CHURCH_NEEDS_MUNICIPALITY", "body.municipality"],
  ])("answers %o with 400 %s", async (change, code, field) => {
    const res = await calculate({ ...INPUT, ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(zErrorResponse.parse(res.json())).toMatchObject({ code, details: [{ field }] });
  });

  it("says the lease cannot be priced (400, contact support) while no billing table is the default", async () => {
    await t.database.db
      .update(billingTables)
      .set({ isDefault: false })
      .where(eq(billingTables.isDefault, true));
    // Written past the admin endpoints, so the test drops the process's copy as they would.
    invalidateCalculatorParameters(t.database.db);
    try {
      const res = await calculate(INPUT);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: "LEASE_TERMS_NOT_COMPUTABLE" });
    } finally {
      await t.database.db
        .update(billingTables)
        .set({ isDefault: true })
        .where(eq(billingTables.name, "Pedaali perustaulukko 2026"));
      invalidateCalculatorParameters(t.database.db);
    }
  });
});

describe("the calculator's parameters kept in the process", () => {
  const PARAMETER_TABLES = /tax_tables|income_tax|deductions|billing_table/;

  it("reads no parameter table for a calculation after the first", async () => {
    invalidateCalculatorParameters(t.database.db);
    const first = await statementsOf(t.database, () => calculate(INPUT));
    expect(first.statements.filter((s) => PARAMETER_TABLES.test(s))).toHaveLength(9);
    const { result, statements } = await statementsOf(t.database, () => calculate(INPUT));
    expect(result.statusCode, result.body).toBe(200);
    expect(statements.filter((s) => PARAMETER_TABLES.test(s))).toEqual([]);
  });

  it("calculates with an admin's edit of a tax table at the next call", async () => {
    const admin = await loginAs(t.app, "admin@pedaali.test");
    const asAdmin = { headers: admin.headers(), remoteAddress: address() };
    const municipality = "Laskurila";
    const before = await calculate({ ...INPUT, municipality });
    expect(zErrorResponse.parse(before.json())).toMatchObject({ code: "UNKNOWN_MUNICIPALITY" });

    const created = await t.app.inject({
      ...asAdmin,
      method: "POST",
      url: "/api/province-tax-table",
      payload: {
        year: 2026,
        provinceName: municipality,
        municipalTaxPercent: 7.25,
        churchTaxPercent: 1.5,
        source: "Kuntaliitto 2026",
        confirmed: true,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const added = await calculate({ ...INPUT, municipality });
    expect(added.statusCode, added.body).toBe(200);
    expect(zCalculatorResult.parse(added.json()).churchTaxPercent).toBe(1.5);

    const { id } = created.json() as { id: string };
    const updated = await t.app.inject({
      ...asAdmin,
      method: "PUT",
      url: `/api/province-tax-table/${id}`,
      payload: {
        year: 2026,
        provinceName: municipality,
        municipalTaxPercent: 7.25,
        churchTaxPercent: 1.75,
        source: "Kuntaliitto 2026",
        confirmed: true,
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const changed = await calculate({ ...INPUT, municipality });
    expect(zCalculatorResult.parse(changed.json()).churchTaxPercent).toBe(1.75);
  });

  it("prices with an admin's edit of the default billing table at the next call", async () => {
    const admin = await loginAs(t.app, "admin@pedaali.test");
    const headers = admin.headers();
    const list = await t.app.inject({ method: "GET", url: "/api/billing-table", headers });
    const table = zBillingTables.parse(list.json()).billingTables.find((b) => b.isDefault);
    if (!table) throw new Error("the demo data has a default billing table");
    const { id, billingTableId: _, leasingCompanyName: _n, createdAt: _c, updatedAt: _u, ...rest } = table;
    const body = { ...rest, rows: rest.rows.map(({ id: _r, ...row }) => row) };
    const edit = (payload: typeof body) =>
      t.app.inject({ method: "PUT", url: `/api/billing-table/${id}`, headers, payload });
    const before = zCalculatorResult.parse((await calculate(INPUT)).json());

    const updated = await edit({ ...body, monthlyServiceFeeCents: body.monthlyServiceFeeCents + 500 });
    expect(updated.statusCode, updated.body).toBe(200);
    try {
      const after = zCalculatorResult.parse((await calculate(INPUT)).json());
      expect(after.monthlyPayment).toBeGreaterThan(before.monthlyPayment);
    } finally {
      await edit(body);
    }
  });
});

describe("GET /api/calculator/my-terms", () => {
  it("gives a logged-in employee their company's lease terms and max price, never cached", async () => {
    const session = await loginAs(t.app, "employee@demo.test");
    const res = await t.app.inject({
      method: "GET",
      url: "/api/calculator/my-terms",
      headers: session.headers(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(zCalculatorMyTerms.parse(res.json())).toMatchObject({
      companyName: "Demo Oy",
      leaseTerms: { annualInterestPercent: 4.9, minLeaseMonths: 12, maxLeaseMonths: 60 },
      maxPrice: 4_500,
    });
  });

  it("answers 404 to a user without an employment and 401 without a session", async () => {
    const helpdesk = await loginAs(t.app, "helpdesk@pedaali.test");
    const none = await t.app.inject({
      method: "GET",
      url: "/api/calculator/my-terms",
      headers: helpdesk.headers(),
    });
    expect(none.statusCode, none.body).toBe(404);
    const anonymous = await t.app.inject({ method: "GET", url: "/api/calculator/my-terms" });
    expect(anonymous.statusCode).toBe(401);
  });
});
