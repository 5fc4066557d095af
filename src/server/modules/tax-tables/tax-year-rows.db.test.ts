import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../tests/helpers/test-db.ts";
import { PUBLISHED_MUNICIPAL_RATES, PUBLISHED_TAX_YEARS } from "../../../domain/tax/published-tax-years.ts";
import type { Database } from "../../db/client.ts";
import { provinceTaxTables, taxpayerDeductionsTables, taxTables } from "../../db/schema/index.ts";
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
    expect(years).toEqual(PUBLISHED_TAX_YEARS.map(({ source: _s, confirmed: _c, ...year }) => year));
  });

  it("keeps each row's source and whether it is confirmed", async () => {
    const rows = await database.db.select().from(taxTables);
    expect(rows.every((r) => r.source.length > 20)).toBe(true);
    const rates = await database.db.select().from(provinceTaxTables);
    expect(rates).toHaveLength(PUBLISHED_MUNICIPAL_RATES.length);
    expect(rates.filter((r) => !r.confirmed).map((r) => `${r.provinceName} ${r.year}`)).toContain(
      "Turku 2026",
    );
    expect((await loadMunicipalRates(database.db)).find((r) => r.municipality === "Tampere")).toMatchObject({
      year: 2025,
      municipalPercent: 7.6,
    });
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
