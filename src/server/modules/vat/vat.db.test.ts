import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zCompanyVat, zCountryVat, zVatRatesPage } from "../../../contract/vat.ts";
import { companies, vatRates } from "../../db/schema/index.ts";

const t = setupTestApp({}, { demoData: true });
const api = apiCaller(t);

const ADMIN = "admin@pedaali.test";
const EMPLOYER = "employer.admin@demo.test";
const GROUP_ADMIN = "group.admin@demo.test";
const EDITOR = "employer.editor@demo.test";
const REPORTING = "reporting@demo.test";
const EMPLOYEE = "employee@demo.test";
const OTHER_TENANT = "employer.admin@toinen.test";

/** A company of its own for a test (Demo Oy's tenancy does not reach it; admins see it). */
async function insertCompany(values: Partial<typeof companies.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(companies)
    .values({ name: `ALV-testi ${crypto.randomUUID().slice(0, 8)}`, ...values })
    .returning({ id: companies.id });
  return row?.id as string;
}

describe("GET /api/vat", () => {
  it("lists the rates by country, newest first, to the admin and the employer admin", async () => {
    for (const who of [ADMIN, EMPLOYER, OTHER_TENANT]) {
      const res = await api.call("GET", "/api/vat?countryCode=FI", who);
      expect(res.statusCode, res.body).toBe(200);
      const page = zVatRatesPage.parse(res.json());
      expect(page.items.map((r) => [r.value, r.validFrom, r.validTo])).toEqual([
        [25.5, "2024-09-01", null],
        [24, "2013-01-01", "2024-08-31"],
      ]);
      expect(page).toMatchObject({ total: 2, limit: 100, page: 1 });
    }
    const all = zVatRatesPage.parse((await api.call("GET", "/api/vat", ADMIN)).json());
    expect(all.total).toBe(await t.database.db.$count(vatRates));
    const none = zVatRatesPage.parse((await api.call("GET", "/api/vat?countryCode=SE", ADMIN)).json());
    expect(none).toMatchObject({ items: [], total: 0 });
  });

  it("answers a bad filter with 400, no session with 401 and roles without vat-rates.read with 403", async () => {
    for (const query of ["?countryCode=fi", "?countryCode=FIN", "?limit=101", "?page=0"]) {
      expectError(await api.call("GET", `/api/vat${query}`, ADMIN), 400, "VALIDATION_ERROR");
    }
    expectError(await api.call("GET", "/api/vat", null), 401, "UNAUTHORIZED");
    for (const who of [EDITOR, REPORTING, EMPLOYEE]) {
      expectError(await api.call("GET", "/api/vat", who), 403, "FORBIDDEN");
    }
  });
});

describe("GET /api/vat/country/{code}", () => {
  it("answers the rate in force today with a numeric value", async () => {
    const res = await api.call("GET", "/api/vat/country/FI", GROUP_ADMIN);
    expect(res.statusCode, res.body).toBe(200);
    expect(zCountryVat.parse(res.json())).toEqual({
      countryCode: "FI",
      value: 25.5,
      validFrom: "2024-09-01",
    });
  });

  it("leaves out rates that have ended or not begun", async () => {
    const { db } = t.database;
    await db.insert(vatRates).values([
      { countryCode: "EE", ratePercent: 20, validFrom: "2009-07-01", validTo: "2023-12-31" },
      { countryCode: "EE", ratePercent: 22, validFrom: "2024-01-01", validTo: null },
      { countryCode: "EE", ratePercent: 24, validFrom: "2099-07-01", validTo: null },
      { countryCode: "LV", ratePercent: 21, validFrom: "2099-01-01", validTo: null },
    ]);
    const res = await api.call("GET", "/api/vat/country/EE", ADMIN);
    expect(res.json()).toEqual({ countryCode: "EE", value: 22, validFrom: "2024-01-01" });
    expectError(await api.call("GET", "/api/vat/country/LV", ADMIN), 404, "NOT_FOUND");
  });

  it("answers an unknown country with 404 and a code that is not two capitals with 400", async () => {
    expectError(await api.call("GET", "/api/vat/country/SE", ADMIN), 404, "NOT_FOUND");
    for (const code of ["fi", "FIN", "F1", "%20FI"]) {
      const body = expectError(
        await api.call("GET", `/api/vat/country/${code}`, ADMIN),
        400,
        "VALIDATION_ERROR",
      );
      expect(body.details?.map((d) => d.field)).toContain("params.code");
    }
  });

  it("answers 401 without a session and 403 without vat-rates.read", async () => {
    expectError(await api.call("GET", "/api/vat/country/FI", null), 401, "UNAUTHORIZED");
    for (const who of [EDITOR, REPORTING, EMPLOYEE]) {
      expectError(await api.call("GET", "/api/vat/country/FI", who), 403, "FORBIDDEN");
    }
  });
});

describe("GET /api/companies/{companyId}/vat", () => {
  it("answers the country's rate for a company without a VAT value of its own", async () => {
    const demoId = await companyIdByName(t.database.db, "Demo Oy");
    const res = await api.call("GET", `/api/companies/${demoId}/vat`, EMPLOYER);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ value: 25.5 });
    const full = await api.call("GET", `/api/companies/${demoId}/vat?onlyGetVATValue=false`, EMPLOYER);
    expect(zCompanyVat.parse(full.json())).toEqual({ value: 25.5, companyId: demoId, source: "COUNTRY" });
    const explicit = await api.call("GET", `/api/companies/${demoId}/vat?onlyGetVATValue=true`, ADMIN);
    expect(explicit.json()).toEqual({ value: 25.5 });
  });

  it("answers the company's own VAT value when it has one", async () => {
    const id = await insertCompany({ vatPercent: 10 });
    const res = await api.call("GET", `/api/companies/${id}/vat?onlyGetVATValue=false`, ADMIN);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ value: 10, companyId: id, source: "COMPANY" });
    // Zero is a value of its own, not a missing one.
    await t.database.db.update(companies).set({ vatPercent: 0 }).where(eq(companies.id, id));
    expect((await api.call("GET", `/api/companies/${id}/vat`, ADMIN)).json()).toEqual({ value: 0 });
  });

  it("uses the rate of the company's own country", async () => {
    const { db } = t.database;
    await db.insert(vatRates).values({ countryCode: "DK", ratePercent: 25, validFrom: "1992-01-01" });
    const danish = await insertCompany({ countryCode: "DK" });
    const res = await api.call("GET", `/api/companies/${danish}/vat?onlyGetVATValue=false`, ADMIN);
    expect(res.json()).toEqual({ value: 25, companyId: danish, source: "COUNTRY" });
    const noRate = await insertCompany({ countryCode: "NO" });
    expectError(await api.call("GET", `/api/companies/${noRate}/vat`, ADMIN), 404, "NOT_FOUND");
  });

  it("lets a group admin read a company of the group", async () => {
    const logistics = await companyIdByName(t.database.db, "Demo Logistiikka Oy");
    const res = await api.call("GET", `/api/companies/${logistics}/vat`, GROUP_ADMIN);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ value: 25.5 });
  });

  it("answers another tenant's, a deleted and an unknown company with 404", async () => {
    const demoId = await companyIdByName(t.database.db, "Demo Oy");
    const toinenId = await companyIdByName(t.database.db, "Toinen Oy");
    expectError(await api.call("GET", `/api/companies/${demoId}/vat`, OTHER_TENANT), 404, "NOT_FOUND");
    expectError(await api.call("GET", `/api/companies/${toinenId}/vat`, EMPLOYER), 404, "NOT_FOUND");
    const own = await api.call("GET", `/api/companies/${toinenId}/vat`, OTHER_TENANT);
    expect(own.statusCode, own.body).toBe(200);
    const deleted = await insertCompany({ deletedAt: new Date(), vatPercent: 24 });
    expectError(await api.call("GET", `/api/companies/${deleted}/vat`, ADMIN), 404, "NOT_FOUND");
    expectError(await api.call("GET", `/api/companies/${crypto.randomUUID()}/vat`, ADMIN), 404, "NOT_FOUND");
  });

  it("answers bad input with 400, no session with 401 and roles without vat-rates.read with 403", async () => {
    const demoId = await companyIdByName(t.database.db, "Demo Oy");
    const badId = expectError(
      await api.call("GET", "/api/companies/demo/vat", ADMIN),
      400,
      "VALIDATION_ERROR",
    );
    expect(badId.details?.map((d) => d.field)).toContain("params.companyId");
    const badFlag = expectError(
      await api.call("GET", `/api/companies/${demoId}/vat?onlyGetVATValue=no`, ADMIN),
      400,
      "VALIDATION_ERROR",
    );
    expect(badFlag.details?.map((d) => d.field)).toContain("querystring.onlyGetVATValue");
    expectError(await api.call("GET", `/api/companies/${demoId}/vat`, null), 401, "UNAUTHORIZED");
    for (const who of [EDITOR, REPORTING, EMPLOYEE]) {
      expectError(await api.call("GET", `/api/companies/${demoId}/vat`, who), 403, "FORBIDDEN");
    }
  });
});
