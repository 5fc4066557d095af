import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import {
  zProvinceTaxTable,
  zProvinceTaxTablesPage,
  zStateIncomeTaxTable,
  zStateIncomeTaxTablesPage,
  zTaxpayerDeductionsTable,
  zTaxpayerDeductionsTablesPage,
  zTaxTable,
  zTaxTablesPage,
} from "../../../contract/tax-tables.ts";

const t = setupTestApp({}, { demoData: true });
const api = apiCaller(t);

const ADMIN = "admin@pedaali.test";
const HELPDESK = "helpdesk@pedaali.test";
const EMPLOYER = "employer.admin@demo.test";

/**
 * One entry per table: its path, a valid body for a year (the tests of this file share one database
 * and run in any order, so each test takes years of its own), the field that makes two bodies of a
 * year clash on the unique index, and the response schemas.
 */
type Resource = {
  path: string;
  body: (year: number) => Record<string, unknown>;
  /** A change to the body that the update test makes and then reads back. */
  change: Record<string, unknown>;
  row: z.ZodType<{ id: string; year: number; createdAt: string; updatedAt: string }>;
  page: z.ZodType<{ items: { id: string; year: number }[]; total: number }>;
  /** The docs/data-model.md id name the row repeats its id under, if any. */
  specId?: string;
};

const RESOURCES: Resource[] = [
  {
    path: "/api/province-tax-table",
    body: (year) => ({
      year,
      provinceName: "Testilä",
      municipalTaxPercent: 7.25,
      churchTaxPercent: 1.5,
      source: "Kuntaliitto 2026",
      confirmed: true,
    }),
    change: { municipalTaxPercent: 8.1, churchTaxPercent: null, confirmed: false },
    row: zProvinceTaxTable,
    page: zProvinceTaxTablesPage,
  },
  {
    path: "/api/tax-table",
    body: (year) => ({
      year,
      employeePensionPercent: 7.3,
      olderEmployeePensionPercent: 8.8,
      olderPensionFromAge: 53,
      olderPensionToAge: 62,
      unemploymentInsurancePercent: 0.89,
      healthInsuranceDailyAllowancePercent: 0.88,
      dailyAllowanceThresholdCents: 1_700_000,
      healthInsuranceMedicalCarePercent: 0.51,
      broadcastingTaxPercent: 2.5,
      broadcastingTaxThresholdCents: 1_515_000,
      broadcastingTaxMaxCents: 16_000,
      bikeBenefitTaxFreeLimitCents: 0,
      bikeBenefitGrandfatheredLimitCents: 120_000,
      bikeBenefitGrandfatheredUntil: "2025-12-31",
      taxFreeBenefitsSharedLimitCents: 340_000,
      source: "Verohallinto",
    }),
    change: { employeePensionPercent: 7.15, bikeBenefitGrandfatheredUntil: null, confirmed: true },
    row: zTaxTable,
    page: zTaxTablesPage,
    specId: "taxTableId",
  },
  {
    path: "/api/state-income-tax-table",
    body: (year) => ({
      year,
      lowerLimitCents: 2_120_000,
      upperLimitCents: 3_150_000,
      baseTaxCents: 267_968,
      marginalPercent: 19,
      source: "EV 120/2025 vp",
    }),
    change: { marginalPercent: 19.25, upperLimitCents: null },
    row: zStateIncomeTaxTable,
    page: zStateIncomeTaxTablesPage,
    specId: "stateIncomeTaxTableId",
  },
  {
    path: "/api/taxpayer-deductions-table",
    body: (year) => ({
      year,
      deductionType: "WORK_INCOME_DEDUCTION",
      description: "Työtulovähennys",
      ratePercent: 18,
      maxDeductionCents: 322_500,
      phaseOutStartCents: 2_425_000,
      phaseOutPercent: 2.22,
      phaseOutEndCents: 4_255_000,
      secondPhaseOutPercent: 3.44,
      seniorMaxDeductionCents: 442_500,
      seniorFromAge: 65,
      childAdditionCents: 5_000,
    }),
    change: { ratePercent: 12.5, description: null, seniorFromAge: null },
    row: zTaxpayerDeductionsTable,
    page: zTaxpayerDeductionsTablesPage,
    specId: "taxDeductionsId",
  },
];

describe.each(RESOURCES.map((r, i) => ({ ...r, base: 2030 + i * 10 })))("$path", (r) => {
  const create = (body: Record<string, unknown>, who: string | null = ADMIN) =>
    api.call("POST", r.path, who, body);
  const created = async (body: Record<string, unknown>) => {
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(201);
    return r.row.parse(res.json());
  };

  it("creates, reads, lists, replaces and deletes a row", async () => {
    const year = r.base;
    const body = r.body(year);
    const row = await created(body);
    expect(row).toMatchObject(body);
    if (r.specId) expect((row as Record<string, unknown>)[r.specId]).toBe(row.id);
    expect(Date.parse(row.createdAt)).not.toBeNaN();

    const got = await api.call("GET", `${r.path}/${row.id}`, ADMIN);
    expect(got.statusCode, got.body).toBe(200);
    expect(r.row.parse(got.json())).toEqual(row);

    const listed = await api.call("GET", `${r.path}?year=${year}`, HELPDESK);
    expect(listed.statusCode, listed.body).toBe(200);
    const page = r.page.parse(listed.json());
    expect(page.items.map((i) => i.id)).toEqual([row.id]);
    expect(page.total).toBe(1);

    const put = await api.call("PUT", `${r.path}/${row.id}`, ADMIN, { ...body, ...r.change });
    expect(put.statusCode, put.body).toBe(200);
    const updated = r.row.parse(put.json());
    expect(updated).toMatchObject({ ...r.change, id: row.id, createdAt: row.createdAt });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(row.updatedAt));

    const removed = await api.call("DELETE", `${r.path}/${row.id}`, ADMIN);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ message: expect.stringMatching(/deleted$/) });
    expectError(await api.call("GET", `${r.path}/${row.id}`, ADMIN), 404, "NOT_FOUND");
  });

  it("takes the defaults of omitted optional fields, on create and on replace", async () => {
    const year = r.base + 1;
    const full = r.body(year);
    const required = Object.fromEntries(
      Object.entries(full).filter(([key]) =>
        [
          "year",
          "provinceName",
          "municipalTaxPercent",
          "employeePensionPercent",
          "unemploymentInsurancePercent",
          "healthInsuranceDailyAllowancePercent",
          "healthInsuranceMedicalCarePercent",
          "lowerLimitCents",
          "marginalPercent",
          "deductionType",
          "ratePercent",
          "maxDeductionCents",
        ].includes(key),
      ),
    );
    const row = (await created(required)) as Record<string, unknown>;
    expect(row).toMatchObject({ ...required, source: "", confirmed: false });
    const replaced = await api.call("PUT", `${r.path}/${row.id}`, ADMIN, full);
    expect(replaced.statusCode, replaced.body).toBe(200);
    const back = await api.call("PUT", `${r.path}/${row.id}`, ADMIN, required);
    expect(r.row.parse(back.json())).toMatchObject({ ...required, source: "", confirmed: false });
  });

  it("answers a duplicate with 409, on create and on update", async () => {
    const year = r.base + 2;
    const first = await created(r.body(year));
    const again = expectError(await create(r.body(year)), 409, "CONFLICT");
    expect(again.message).toMatch(/already has/);
    const other = await created(r.body(year + 1));
    expectError(await api.call("PUT", `${r.path}/${other.id}`, ADMIN, r.body(year)), 409, "CONFLICT");
    // Replacing a row with its own key is no clash.
    const same = await api.call("PUT", `${r.path}/${first.id}`, ADMIN, r.body(year));
    expect(same.statusCode, same.body).toBe(200);
  });

  it("answers an unknown id with 404 and a malformed one with 400", async () => {
    const id = crypto.randomUUID();
    expectError(await api.call("GET", `${r.path}/${id}`, ADMIN), 404, "NOT_FOUND");
    expectError(await api.call("PUT", `${r.path}/${id}`, ADMIN, r.body(r.base + 4)), 404, "NOT_FOUND");
    expectError(await api.call("DELETE", `${r.path}/${id}`, ADMIN), 404, "NOT_FOUND");
    const bad = expectError(await api.call("GET", `${r.path}/not-a-uuid`, ADMIN), 400, "VALIDATION_ERROR");
    expect(bad.details?.map((d) => d.field)).toContain("params.id");
  });

  it("answers bad input with 400 naming the field", async () => {
    const year = r.base + 5;
    const cases: [Record<string, unknown>, string][] = [
      [{ year: 1999 }, "body.year"],
      [{ year: 2101 }, "body.year"],
      [{ year: 2030.5 }, "body.year"],
      [{ year: undefined }, "body.year"],
      [{ source: "line\u0000break" }, "body.source"],
      [{ confirmed: "yes" }, "body.confirmed"],
    ];
    for (const [overrides, field] of cases) {
      const res = await create({ ...r.body(year), ...overrides });
      const body = expectError(res, 400, "VALIDATION_ERROR");
      expect(
        body.details?.map((d) => d.field),
        JSON.stringify(overrides),
      ).toContain(field);
    }
    for (const query of ["?year=abc", "?year=1999", "?limit=0", "?limit=501"]) {
      expectError(await api.call("GET", `${r.path}${query}`, ADMIN), 400, "VALIDATION_ERROR");
    }
    const rows = r.page.parse((await api.call("GET", `${r.path}?year=${year}`, ADMIN)).json());
    expect(rows.total).toBe(0);
  });

  it("answers 401 without a session and 403 to an employer admin, changing nothing", async () => {
    const row = await created(r.body(r.base + 6));
    const calls = (who: string | null) => [
      api.call("GET", r.path, who),
      api.call("POST", r.path, who, r.body(r.base + 7)),
      api.call("GET", `${r.path}/${row.id}`, who),
      api.call("PUT", `${r.path}/${row.id}`, who, { ...r.body(r.base + 6), ...r.change }),
      api.call("DELETE", `${r.path}/${row.id}`, who),
    ];
    for (const res of await Promise.all(calls(null))) expectError(res, 401, "UNAUTHORIZED");
    for (const res of await Promise.all(calls(EMPLOYER))) expectError(res, 403, "FORBIDDEN");
    const after = await api.call("GET", `${r.path}/${row.id}`, ADMIN);
    expect(r.row.parse(after.json())).toEqual(row);
    const none = r.page.parse((await api.call("GET", `${r.path}?year=${r.base + 7}`, ADMIN)).json());
    expect(none.total).toBe(0);
  });
});

describe("field rules of the tables", () => {
  const rejects = async (path: string, body: Record<string, unknown>, field: string) => {
    const res = await api.call("POST", path, ADMIN, body);
    const error = expectError(res, 400, "VALIDATION_ERROR");
    expect(
      error.details?.map((d) => d.field),
      JSON.stringify(body),
    ).toContain(field);
  };
  const [province, taxTable, stateScale, deductions] = RESOURCES as [Resource, Resource, Resource, Resource];

  it("keeps percentages within 0–100 with at most two decimals", async () => {
    await rejects(
      province.path,
      { ...province.body(2090), municipalTaxPercent: 7.125 },
      "body.municipalTaxPercent",
    );
    await rejects(
      province.path,
      { ...province.body(2090), churchTaxPercent: 100.01 },
      "body.churchTaxPercent",
    );
    await rejects(
      province.path,
      { ...province.body(2090), municipalTaxPercent: -1 },
      "body.municipalTaxPercent",
    );
    await rejects(
      taxTable.path,
      { ...taxTable.body(2090), broadcastingTaxPercent: "2.5" },
      "body.broadcastingTaxPercent",
    );
    await rejects(
      stateScale.path,
      { ...stateScale.body(2090), marginalPercent: 0.001 },
      "body.marginalPercent",
    );
    await rejects(
      deductions.path,
      { ...deductions.body(2090), secondPhaseOutPercent: 101 },
      "body.secondPhaseOutPercent",
    );
  });

  it("keeps amounts whole, non-negative cents that fit the column", async () => {
    await rejects(stateScale.path, { ...stateScale.body(2090), lowerLimitCents: -1 }, "body.lowerLimitCents");
    await rejects(stateScale.path, { ...stateScale.body(2090), baseTaxCents: 10.5 }, "body.baseTaxCents");
    await rejects(
      deductions.path,
      { ...deductions.body(2090), maxDeductionCents: 2 ** 31 },
      "body.maxDeductionCents",
    );
    await rejects(
      taxTable.path,
      { ...taxTable.body(2090), broadcastingTaxMaxCents: -100 },
      "body.broadcastingTaxMaxCents",
    );
  });

  it("checks the bounds that go together", async () => {
    await rejects(
      stateScale.path,
      { ...stateScale.body(2090), upperLimitCents: 2_120_000 },
      "body.upperLimitCents",
    );
    await rejects(taxTable.path, { ...taxTable.body(2090), pensionFromAge: 70 }, "body.pensionToAge");
    await rejects(taxTable.path, { ...taxTable.body(2090), unemploymentToAge: 10 }, "body.unemploymentToAge");
    await rejects(
      taxTable.path,
      { ...taxTable.body(2090), olderPensionToAge: undefined },
      "body.olderPensionToAge",
    );
    await rejects(
      taxTable.path,
      { ...taxTable.body(2090), olderPensionFromAge: 63 },
      "body.olderPensionToAge",
    );
    await rejects(
      deductions.path,
      { ...deductions.body(2090), phaseOutEndCents: 1 },
      "body.phaseOutEndCents",
    );
    await rejects(
      taxTable.path,
      { ...taxTable.body(2090), bikeBenefitGrandfatheredUntil: "2025-02-30" },
      "body.bikeBenefitGrandfatheredUntil",
    );
  });

  it("takes only the known deduction types and one-line names", async () => {
    await rejects(
      deductions.path,
      { ...deductions.body(2090), deductionType: "PENSION_DEDUCTION" },
      "body.deductionType",
    );
    await rejects(province.path, { ...province.body(2090), provinceName: " " }, "body.provinceName");
    await rejects(
      province.path,
      { ...province.body(2090), provinceName: "Espoo\nHelsinki" },
      "body.provinceName",
    );
    await rejects(
      province.path,
      { ...province.body(2090), provinceName: "x".repeat(101) },
      "body.provinceName",
    );
  });

  it("treats a province name in another case as the same name of the year", async () => {
    const first = await api.call("POST", province.path, ADMIN, {
      ...province.body(2091),
      provinceName: "Kaksoisla",
    });
    expect(first.statusCode, first.body).toBe(201);
    const again = await api.call("POST", province.path, ADMIN, {
      ...province.body(2091),
      provinceName: "KAKSOISLA",
    });
    expectError(again, 409, "CONFLICT");
    const otherYear = await api.call("POST", province.path, ADMIN, {
      ...province.body(2092),
      provinceName: "KAKSOISLA",
    });
    expect(otherYear.statusCode, otherYear.body).toBe(201);
  });

  it("keeps a municipality's code, Swedish name, Orthodox rate and Åland mark, one code a year", async () => {
    const body = {
      ...province.body(2094),
      provinceName: "Koodila",
      provinceNameSv: "Kodby",
      municipalityCode: "901",
      orthodoxChurchTaxPercent: 2.1,
      aland: true,
    };
    const created = await api.call("POST", province.path, ADMIN, body);
    expect(created.statusCode, created.body).toBe(201);
    expect(zProvinceTaxTable.parse(created.json())).toMatchObject({
      provinceNameSv: "Kodby",
      municipalityCode: "901",
      orthodoxChurchTaxPercent: 2.1,
      aland: true,
    });
    const sameCode = await api.call("POST", province.path, ADMIN, { ...body, provinceName: "Toinen" });
    expectError(sameCode, 409, "CONFLICT");
    const badCode = await api.call("POST", province.path, ADMIN, { ...body, municipalityCode: "9O1" });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().details?.map((d: { field: string }) => d.field)).toContain("body.municipalityCode");
  });
});

describe("the seeded tax years", () => {
  it("lists the published rows, newest year first, in each table's order", async () => {
    const tables = zTaxTablesPage.parse((await api.call("GET", "/api/tax-table?year=2025", ADMIN)).json());
    expect(tables.items.map((r) => r.year)).toEqual([2025]);
    expect(tables.items[0]).toMatchObject({
      employeePensionPercent: 7.15,
      olderEmployeePensionPercent: 8.65,
    });

    const scale = zStateIncomeTaxTablesPage.parse(
      (await api.call("GET", "/api/state-income-tax-table?year=2025", ADMIN)).json(),
    );
    const limits = scale.items.map((r) => r.lowerLimitCents);
    expect(limits[0]).toBe(0);
    expect(limits).toEqual([...limits].sort((a, b) => a - b));
    expect(scale.items[1]).toMatchObject({ lowerLimitCents: 2_120_000, marginalPercent: 19 });

    const deductionsPage = zTaxpayerDeductionsTablesPage.parse(
      (await api.call("GET", "/api/taxpayer-deductions-table?year=2025", ADMIN)).json(),
    );
    expect(deductionsPage.items.map((r) => r.deductionType)).toEqual([
      "BASIC_DEDUCTION",
      "INCOME_EXPENSES_DEDUCTION",
      "WORK_INCOME_DEDUCTION",
    ]);

    const all = zTaxTablesPage.parse((await api.call("GET", "/api/tax-table", ADMIN)).json());
    const years = all.items.map((r) => r.year);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    expect(years).toEqual(expect.arrayContaining([2025, 2026]));
  });

  it("searches province names in any case, pages, and orders by year then name", async () => {
    const search = zProvinceTaxTablesPage.parse(
      (await api.call("GET", "/api/province-tax-table?search=HELSIN", ADMIN)).json(),
    );
    expect(search.total).toBeGreaterThan(0);
    expect(search.items.every((r) => r.provinceName.toLowerCase().includes("helsin"))).toBe(true);
    const years = search.items.map((r) => r.year);
    expect(years).toEqual([...years].sort((a, b) => b - a));

    const of2026 = zProvinceTaxTablesPage.parse(
      (await api.call("GET", "/api/province-tax-table?year=2026&limit=500", ADMIN)).json(),
    );
    expect(of2026.items.length).toBeGreaterThan(1);
    const firstPage = zProvinceTaxTablesPage.parse(
      (await api.call("GET", "/api/province-tax-table?year=2026&limit=1", ADMIN)).json(),
    );
    expect(firstPage).toMatchObject({ limit: 1, total: of2026.total, hasNext: true });
    expect(firstPage.items.map((r) => r.id)).toEqual([of2026.items[0]?.id]);

    // Names in ASCII of a year of their own, so the order is the same under any collation.
    for (const provinceName of ["Bravo", "alpha", "Charlie"]) {
      const res = await api.call("POST", "/api/province-tax-table", ADMIN, {
        year: 2093,
        provinceName,
        municipalTaxPercent: 7,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const of2093 = zProvinceTaxTablesPage.parse(
      (await api.call("GET", "/api/province-tax-table?year=2093", ADMIN)).json(),
    );
    expect(of2093.items.map((r) => r.provinceName)).toEqual(["alpha", "Bravo", "Charlie"]);
    const nothing = zProvinceTaxTablesPage.parse(
      (await api.call("GET", "/api/province-tax-table?search=%25_", ADMIN)).json(),
    );
    expect(nothing.total).toBe(0);
  });
});
