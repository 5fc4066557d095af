import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../tests/helpers/test-db.ts";
import { PUBLISHED_MUNICIPAL_RATES, PUBLISHED_TAX_YEARS } from "../../../domain/tax/published-tax-years.ts";
import type { Database } from "../../db/client.ts";
import {
  provinceTaxTables,
  stateIncomeTaxTables,
  taxpayerDeductionsTables,
  taxTables,
} from "../../db/schema/index.ts";
import { loadMunicipalRates, loadTaxYears, seedTaxTablesIfEmpty } from "./tax-year-rows.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedTaxTablesIfEmpty(database.db);
});
afterAll(() => database.close());

describe("the tax tables and the engine's tax years", () => {
  it("reads back every published year exactly as the engine takes it", async () => {
    const years = await loadTaxYears(database.db);
    expect(years).toEqual(
      PUBLISHED_TAX_YEARS.map(({ source: _s, confirmed: _c, unproven: _u, ...year }) => year),
    );
  });

  it("keeps each row's source and whether it is confirmed", async () => {
    const rows = await database.db.select().from(taxTables);
    expect(rows.every((r) => r.source.length > 20)).toBe(true);
    const rates = await database.db.select().from(provinceTaxTables);
    expect(rates).toHaveLength(PUBLISHED_MUNICIPAL_RATES.length);
    expect(rates.filter((r) => !r.confirmed)).toEqual([]);
    expect((await loadMunicipalRates(database.db)).find((r) => r.municipality === "Tampere")).toEqual({
      year: 2025,
      municipality: "Tampere",
      municipalitySv: "Tammerfors",
      code: "837",
      municipalPercent: 7.6,
      churchPercent: 1.25,
      orthodoxPercent: 2,
      aland: false,
    });
    // What the wage examples do not reach stays unconfirmed and says why.
    const brackets = await database.db.select().from(stateIncomeTaxTables);
    const unconfirmed = brackets.filter((b) => !b.confirmed);
    expect(unconfirmed.map((b) => [b.year, b.lowerLimitCents])).toEqual(
      expect.arrayContaining([
        [2025, 8_820_000],
        [2025, 15_000_000],
      ]),
    );
    expect(unconfirmed).toHaveLength(2);
    expect(unconfirmed.every((b) => b.source.startsWith("Not confirmed: Above every wage example"))).toBe(
      true,
    );
    const deductions = await database.db.select().from(taxpayerDeductionsTables);
    expect(deductions.filter((d) => !d.confirmed).map((d) => `${d.year} ${d.deductionType}`)).toEqual([
      "2025 WORK_INCOME_DEDUCTION",
    ]);
    expect(rows.every((r) => r.confirmed)).toBe(true);
  });

  it("loads a year's list into a year without municipal rows, and leaves a year an admin has alone", async () => {
    await database.db.delete(provinceTaxTables).where(eq(provinceTaxTables.year, 2025));
    await database.db
      .update(provinceTaxTables)
      .set({ municipalTaxPercent: 5.4 })
      .where(eq(provinceTaxTables.municipalityCode, "091"));
    await seedTaxTablesIfEmpty(database.db);
    const rates = await loadMunicipalRates(database.db);
    expect(rates.filter((r) => r.year === 2025)).toHaveLength(308);
    expect(rates.find((r) => r.year === 2025 && r.code === "091")?.municipalPercent).toBe(5.3);
    expect(rates.find((r) => r.year === 2026 && r.code === "091")?.municipalPercent).toBe(5.4);
    await database.db
      .update(provinceTaxTables)
      .set({ municipalTaxPercent: 5.3 })
      .where(eq(provinceTaxTables.municipalityCode, "091"));
  });

  it("leaves tables an admin has filled alone on the next start", async () => {
    await seedTaxTablesIfEmpty(database.db);
    const [years] = await database.db.select({ n: count() }).from(taxTables);
    expect(years?.n).toBe(PUBLISHED_TAX_YEARS.length);
  });

  it("leaves a year without its three deductions out of the calculator", async () => {
    await database.db.insert(taxTables).values({
      year: 2027,
      employeePensionPercent: 7.3,
      unemploymentInsurancePercent: 0.89,
      healthInsuranceDailyAllowancePercent: 0.88,
      healthInsuranceMedicalCarePercent: 1.1,
    });
    await database.db.insert(taxpayerDeductionsTables).values({
      year: 2027,
      deductionType: "BASIC_DEDUCTION",
      ratePercent: 100,
      maxDeductionCents: 430_000,
    });
    try {
      expect((await loadTaxYears(database.db)).map((y) => y.year)).toEqual([2025, 2026]);
    } finally {
      // The other tests of this file see the seeded years only, in whatever order they run.
      await database.db.delete(taxpayerDeductionsTables).where(eq(taxpayerDeductionsTables.year, 2027));
      await database.db.delete(taxTables).where(eq(taxTables.year, 2027));
    }
  });
});
