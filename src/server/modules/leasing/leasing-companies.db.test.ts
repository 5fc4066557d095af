import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import {
  zLastFetchTime,
  zLeasingCompany,
  zLeasingCompanyList,
  zLeasingCompanyOptions,
} from "../../../contract/leasing-companies.ts";
import { DEFAULT_ROLE_PERMISSIONS } from "../../../domain/permissions.ts";
import { eventLog, leasingCompanies } from "../../db/schema/index.ts";

const t = setupTestApp({}, { demoData: true });
const api = apiCaller(t);

const ADMIN = "admin@pedaali.test";
const HELPDESK = "helpdesk@pedaali.test";
const EMPLOYER = "employer.admin@demo.test";
const EDITOR = "employer.editor@demo.test";
const REPORTING = "reporting@demo.test";
const EMPLOYEE = "employee@demo.test";
const OTHER_TENANT = "employer.admin@toinen.test";

const DEMO_NAMES = ["Grenkeleasing Oy", "LeasePlus OÜ", "Pedaali Oy"];

async function idOf(name: string) {
  const [row] = await t.database.db
    .select({ id: leasingCompanies.id })
    .from(leasingCompanies)
    .where(eq(leasingCompanies.companyName, name));
  return row?.id as string;
}

describe("GET /api/leasing-companies", () => {
  it("lists every company by name with its details to leasing.read holders", async () => {
    for (const who of [ADMIN, HELPDESK, EMPLOYER, EDITOR, OTHER_TENANT]) {
      const res = await api.call("GET", "/api/leasing-companies", who);
      expect(res.statusCode, res.body).toBe(200);
      const list = zLeasingCompanyList.parse(res.json());
      expect(list.leasingCompanies.map((c) => c.companyName)).toEqual(DEMO_NAMES);
    }
    const list = zLeasingCompanyList.parse((await api.call("GET", "/api/leasing-companies", ADMIN)).json());
    expect(list.leasingCompanies.find((c) => c.companyName === "Pedaali Oy")).toMatchObject({
      businessId: "3401234-1",
      email: "info@pedaali.fi",
      phoneNumber: "+358942420000",
      eInvoiceAddress: null,
      eInvoiceOperator: null,
      active: true,
      lastFetchedAt: null,
    });
    const explicit = await api.call("GET", "/api/leasing-companies?forDropdown=false", ADMIN);
    expect(explicit.json()).toEqual(list);
  });

  it("answers only the active companies as options with forDropdown=true", async () => {
    const { db } = t.database;
    const [inactive] = await db
      .insert(leasingCompanies)
      .values({ companyName: "Aaa Poistunut Rahoitus Oy", active: false })
      .returning({ id: leasingCompanies.id });
    try {
      const res = await api.call("GET", "/api/leasing-companies?forDropdown=true", EMPLOYER);
      expect(res.statusCode, res.body).toBe(200);
      const options = zLeasingCompanyOptions.parse(res.json());
      expect(options.leasingCompanies.map((c) => c.companyName)).toEqual(DEMO_NAMES);
      for (const option of options.leasingCompanies)
        expect(Object.keys(option).sort()).toEqual(["companyName", "id"]);
      const all = zLeasingCompanyList.parse((await api.call("GET", "/api/leasing-companies", ADMIN)).json());
      expect(all.leasingCompanies[0]).toMatchObject({ id: inactive?.id, active: false });
    } finally {
      await db.delete(leasingCompanies).where(eq(leasingCompanies.id, inactive?.id as string));
    }
  });

  it("answers a bad query with 400, no session with 401 and roles without leasing.read with 403", async () => {
    for (const query of ["?forDropdown=yes", "?forDropdown=1", "?forDropdown=TRUE", "?forDropdown="]) {
      expectError(await api.call("GET", `/api/leasing-companies${query}`, ADMIN), 400, "VALIDATION_ERROR");
    }
    expectError(await api.call("GET", "/api/leasing-companies", null), 401, "UNAUTHORIZED");
    expect(DEFAULT_ROLE_PERMISSIONS.BIKE_BENEFICIARY).not.toContain("leasing.read");
    expect(DEFAULT_ROLE_PERMISSIONS.EMPLOYER_REPORTING).not.toContain("leasing.read");
    for (const who of [EMPLOYEE, REPORTING]) {
      expectError(await api.call("GET", "/api/leasing-companies", who), 403, "FORBIDDEN");
      expectError(await api.call("GET", "/api/leasing-companies?forDropdown=true", who), 403, "FORBIDDEN");
    }
  });
});

describe("GET /api/leasing-companies/{id}", () => {
  it("answers the company", async () => {
    const id = await idOf("Pedaali Oy");
    const res = await api.call("GET", `/api/leasing-companies/${id}`, EDITOR);
    expect(res.statusCode, res.body).toBe(200);
    expect(zLeasingCompany.parse(res.json())).toEqual({
      id,
      companyName: "Pedaali Oy",
      businessId: "3401234-1",
      email: "info@pedaali.fi",
      phoneNumber: "+358942420000",
      eInvoiceAddress: null,
      eInvoiceOperator: null,
      active: true,
      lastFetchedAt: null,
    });
  });

  it("answers an unknown id with 404, a malformed one with 400, and refuses without leasing.read", async () => {
    expectError(
      await api.call("GET", `/api/leasing-companies/${crypto.randomUUID()}`, ADMIN),
      404,
      "NOT_FOUND",
    );
    expectError(await api.call("GET", "/api/leasing-companies/not-a-uuid", ADMIN), 400, "VALIDATION_ERROR");
    const id = await idOf("Grenkeleasing Oy");
    expectError(await api.call("GET", `/api/leasing-companies/${id}`, null), 401, "UNAUTHORIZED");
    expectError(await api.call("GET", `/api/leasing-companies/${id}`, EMPLOYEE), 403, "FORBIDDEN");
  });
});

describe("GET /api/last-fetch-time", () => {
  it("answers null until a company is fetched, then the latest fetch of all", async () => {
    const first = await api.call("GET", "/api/last-fetch-time", EMPLOYER);
    expect(first.statusCode, first.body).toBe(200);
    expect(zLastFetchTime.parse(first.json())).toEqual({ lastFetchTime: null });

    const { db } = t.database;
    const earlier = new Date("2025-03-01T08:00:00.000Z");
    const later = new Date("2025-03-02T09:30:00.000Z");
    await db
      .update(leasingCompanies)
      .set({ lastFetchedAt: earlier })
      .where(eq(leasingCompanies.companyName, "Pedaali Oy"));
    await db
      .update(leasingCompanies)
      .set({ lastFetchedAt: later })
      .where(eq(leasingCompanies.companyName, "Grenkeleasing Oy"));
    try {
      const res = await api.call("GET", "/api/last-fetch-time", ADMIN);
      expect(res.json()).toEqual({ lastFetchTime: later.toISOString() });
      const company = await api.call("GET", `/api/leasing-companies/${await idOf("Pedaali Oy")}`, ADMIN);
      expect(company.json()).toMatchObject({ lastFetchedAt: earlier.toISOString() });
    } finally {
      // The other tests of this file, in whatever order they run, see companies never fetched.
      await db.update(leasingCompanies).set({ lastFetchedAt: null });
    }

    expectError(await api.call("GET", "/api/last-fetch-time", null), 401, "UNAUTHORIZED");
    expectError(await api.call("GET", "/api/last-fetch-time", EMPLOYEE), 403, "FORBIDDEN");
  });
});

describe("PUT /api/leasing-companies/{id}/e-invoice", () => {
  it("sets where our e-invoices to the company go, kept as the operators read them, and clears them", async () => {
    const { db } = t.database;
    const [made] = await db
      .insert(leasingCompanies)
      .values({ companyName: "Verkkolasku Rahoitus Oy" })
      .returning({ id: leasingCompanies.id });
    const id = made?.id as string;
    try {
      const url = `/api/leasing-companies/${id}/e-invoice`;
      const res = await api.call("PUT", url, HELPDESK, {
        eInvoiceAddress: "0037 3345 6741",
        eInvoiceOperator: "ndeafihh",
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(zLeasingCompany.parse(res.json())).toMatchObject({
        id,
        eInvoiceAddress: "003733456741",
        eInvoiceOperator: "NDEAFIHH",
      });
      const cleared = await api.call("PUT", url, ADMIN, { eInvoiceAddress: "", eInvoiceOperator: null });
      expect(cleared.json()).toMatchObject({ eInvoiceAddress: null, eInvoiceOperator: null });
      // Each change leaves its trail: what the address became and what it was.
      const trail = await db
        .select({ data: eventLog.data })
        .from(eventLog)
        .where(and(eq(eventLog.type, "LEASING_COMPANY_E_INVOICE_UPDATED"), eq(eventLog.entityId, id)))
        .orderBy(asc(eventLog.createdAt), asc(eventLog.id));
      expect(trail.map((e) => e.data)).toEqual([
        {
          eInvoiceAddress: "003733456741",
          eInvoiceOperator: "NDEAFIHH",
          previous: { eInvoiceAddress: null, eInvoiceOperator: null },
        },
        {
          eInvoiceAddress: null,
          eInvoiceOperator: null,
          previous: { eInvoiceAddress: "003733456741", eInvoiceOperator: "NDEAFIHH" },
        },
      ]);
    } finally {
      await db.delete(leasingCompanies).where(eq(leasingCompanies.id, id));
    }
  });

  it("refuses a bad address or one without its operator (400), an unknown company (404), others (403)", async () => {
    const id = await idOf("Grenkeleasing Oy");
    const url = `/api/leasing-companies/${id}/e-invoice`;
    const stored = async () =>
      (await t.database.db.select().from(leasingCompanies).where(eq(leasingCompanies.id, id)))[0];
    const before = await stored();
    const bad = expectError(
      await api.call("PUT", url, HELPDESK, { eInvoiceAddress: "12345", eInvoiceOperator: "NDEAFIHH" }),
      400,
    );
    expect(bad.details?.map((d) => d.field)).toContain("body.eInvoiceAddress");
    const alone = expectError(
      await api.call("PUT", url, HELPDESK, { eInvoiceAddress: "003733456741", eInvoiceOperator: "" }),
      400,
    );
    expect(alone.details?.map((d) => d.field)).toContain("body.eInvoiceOperator");
    const body = { eInvoiceAddress: "003712345671", eInvoiceOperator: "NDEAFIHH" };
    const unknown = `/api/leasing-companies/${crypto.randomUUID()}/e-invoice`;
    expectError(await api.call("PUT", unknown, HELPDESK, body), 404, "NOT_FOUND");
    for (const who of [EMPLOYER, EDITOR, EMPLOYEE]) {
      expectError(await api.call("PUT", url, who, body), 403, "FORBIDDEN");
    }
    expectError(await api.call("PUT", url, null, body), 401);
    expect(await stored()).toEqual(before);
  });
});
