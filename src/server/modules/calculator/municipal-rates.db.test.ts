import { beforeAll, describe, expect, it } from "vitest";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zCalculatorParameters, zCalculatorResult } from "../../../contract/calculator.ts";
import { zErrorResponse } from "../../../contract/errors.ts";
import { calculateBenefit } from "../../../domain/calculator/calculate.ts";
import { PUBLISHED_MUNICIPAL_RATES } from "../../../domain/tax/published-tax-years.ts";
import { billingTables } from "../../db/schema/index.ts";
import { seedTaxTablesIfEmpty } from "../tax-tables/tax-year-rows.ts";
import { invalidateCalculatorParameters } from "./parameters-cache.ts";

/**
 * Black-box: every municipality of the Tax Administration's 2025 and 2026 lists, asked of POST
 * /api/calculator, answers its own municipal rate and its own parish's church rate — Evangelical
 * Lutheran with `churchMember`, Orthodox with the church choice — and an Åland municipality the refusal.
 */

const t = setupTestApp();

// The tax tables as every start seeds them, and a default billing table to price the lease (without the
// demo's other data).
beforeAll(async () => {
  await seedTaxTablesIfEmpty(t.database.db);
  await t.database.db.insert(billingTables).values({ name: "Perustaulukko", isDefault: true });
  invalidateCalculatorParameters(t.database.db);
});

let nextAddress = 1;
// Each call from its own address: the public calculator's rate limit is per address.
const address = () => `10.72.${Math.floor(nextAddress / 250)}.${nextAddress++ % 250}`;

const BASE = { bikePrice: 2_000, leaseTimeMonths: 36, monthlyGrossSalary: 3_500, age: 40 };

const calculate = (payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/calculator", payload, remoteAddress: address() });

describe.each([2025, 2026])("POST /api/calculator for every municipality of %i", (year) => {
  const rows = PUBLISHED_MUNICIPAL_RATES.filter((r) => r.year === year);

  it("has the whole list to ask", () => {
    expect(rows).toHaveLength(308);
  });

  it("answers each mainland municipality's own rate and its Evangelical Lutheran parish's", async () => {
    for (const row of rows.filter((r) => !r.aland)) {
      const lutheran = await calculate({ ...BASE, year, municipality: row.municipality, churchMember: true });
      expect(lutheran.statusCode, `${row.municipality}: ${lutheran.body}`).toBe(200);
      expect(zCalculatorResult.parse(lutheran.json()), row.municipality).toMatchObject({
        municipality: row.municipality,
        municipalTaxPercent: row.municipalPercent,
        churchTaxPercent: row.churchPercent,
        church: "EVANGELICAL_LUTHERAN",
      });
    }
  });

  it("answers the Orthodox parish's rate with the church choice, found by the Swedish name too", async () => {
    // Every row through the page's own run of the same function on the API's parameters, and every
    // seventh through the API itself (the whole loop over HTTP twice would take the suite too long).
    const { unconfirmed: _, ...parameters } = zCalculatorParameters.parse(
      (
        await t.app.inject({ method: "GET", url: "/api/calculator/parameters", remoteAddress: address() })
      ).json(),
    );
    const mainland = rows.filter((r) => !r.aland);
    for (const [index, row] of mainland.entries()) {
      const input = { ...BASE, year, municipality: row.municipalitySv ?? "", church: "ORTHODOX" as const };
      const expected = {
        municipality: row.municipality,
        municipalTaxPercent: row.municipalPercent,
        churchTaxPercent: row.orthodoxPercent,
      };
      expect(calculateBenefit(parameters, input), row.municipality).toMatchObject(expected);
      if (index % 7 !== 0) continue;
      const orthodox = await calculate(input);
      expect(orthodox.statusCode, `${row.municipalitySv}: ${orthodox.body}`).toBe(200);
      expect(zCalculatorResult.parse(orthodox.json()), row.municipality).toMatchObject(expected);
    }
  });

  it("refuses each Åland municipality with 400 ALAND_NOT_CALCULATED at the municipality", async () => {
    const aland = rows.filter((r) => r.aland);
    expect(aland).toHaveLength(16);
    for (const row of aland) {
      const res = await calculate({ ...BASE, year, municipality: row.municipality });
      expect(res.statusCode, row.municipality).toBe(400);
      expect(zErrorResponse.parse(res.json())).toMatchObject({
        code: "ALAND_NOT_CALCULATED",
        details: [{ field: "body.municipality" }],
      });
    }
  });

  it("answers an unknown municipality 400 naming the field, and no municipality the published average", async () => {
    const unknown = await calculate({ ...BASE, year, municipality: "Pertunmaa" });
    expect(unknown.statusCode).toBe(400);
    expect(zErrorResponse.parse(unknown.json())).toMatchObject({
      code: "UNKNOWN_MUNICIPALITY",
      details: [{ field: "body.municipality" }],
    });
    const average = await calculate({ ...BASE, year });
    expect(average.statusCode, average.body).toBe(200);
    expect(zCalculatorResult.parse(average.json())).toMatchObject({
      municipality: null,
      municipalTaxPercent: year === 2026 ? 7.6 : 7.5,
      churchTaxPercent: 0,
    });
  });
});
