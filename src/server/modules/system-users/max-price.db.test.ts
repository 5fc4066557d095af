import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zMaxPriceResponse } from "../../../contract/system-users.ts";
import { beneficiaryEmployees, companies } from "../../db/schema/index.ts";

const t = setupTestApp({}, { demoData: true });

const { call } = apiCaller(t);
const userId = (email: string) => userIdByEmail(t.database.db, email);
const companyId = (name: string) => companyIdByName(t.database.db, name);

const ADMIN = "admin@pedaali.test";
const DEMO_ADMIN = "employer.admin@demo.test";
const TOINEN_ADMIN = "employer.admin@toinen.test";
const EMPLOYEE = "employee@demo.test";
const REPORTING = "reporting@demo.test";

describe("GET /api/companies/:companyId/max-price", () => {
  it("answers the company's max price in euros", async () => {
    const demoId = await companyId("Demo Oy");
    for (const who of [DEMO_ADMIN, ADMIN, REPORTING]) {
      const res = await call("GET", `/api/companies/${demoId}/max-price`, who);
      expect(res.statusCode, res.body).toBe(200);
      expect(zMaxPriceResponse.parse(res.json())).toEqual({ maxPrice: 4500 });
    }
  });

  it("answers null when the company has no limit, and keeps the cents", async () => {
    const { db } = t.database;
    const logisticsId = await companyId("Demo Logistiikka Oy");
    await db.update(companies).set({ maxPriceCents: null }).where(eq(companies.id, logisticsId));
    expect((await call("GET", `/api/companies/${logisticsId}/max-price`, ADMIN)).json()).toEqual({
      maxPrice: null,
    });
    await db.update(companies).set({ maxPriceCents: 123_456 }).where(eq(companies.id, logisticsId));
    expect((await call("GET", `/api/companies/${logisticsId}/max-price`, ADMIN)).json()).toEqual({
      maxPrice: 1234.56,
    });
  });

  it("answers a bad id with 400, another tenant's company and an unknown one with 404", async () => {
    expectError(await call("GET", "/api/companies/nope/max-price", ADMIN), 400, "VALIDATION_ERROR");
    const demoId = await companyId("Demo Oy");
    expectError(await call("GET", `/api/companies/${demoId}/max-price`, TOINEN_ADMIN), 404, "NOT_FOUND");
    expectError(
      await call("GET", "/api/companies/00000000-0000-4000-8000-000000000000/max-price", ADMIN),
      404,
      "NOT_FOUND",
    );
  });

  it("refuses roles without companies.read (403) and anonymous callers (401)", async () => {
    const demoId = await companyId("Demo Oy");
    expectError(await call("GET", `/api/companies/${demoId}/max-price`, EMPLOYEE), 403, "FORBIDDEN");
    expectError(await call("GET", `/api/companies/${demoId}/max-price`, null), 401, "UNAUTHORIZED");
  });
});

describe("GET /api/beneficiary-employee/:id/max-price", () => {
  async function employeeId(email: string): Promise<string> {
    const [row] = await t.database.db
      .select({ id: beneficiaryEmployees.id })
      .from(beneficiaryEmployees)
      .where(eq(beneficiaryEmployees.userId, await userId(email)));
    return row?.id as string;
  }

  it("answers the company's limit, or the employee's own when set, to the employee and their employer", async () => {
    const id = await employeeId(EMPLOYEE);
    for (const who of [EMPLOYEE, DEMO_ADMIN, ADMIN]) {
      const res = await call("GET", `/api/beneficiary-employee/${id}/max-price`, who);
      expect(res.statusCode, res.body).toBe(200);
      expect(zMaxPriceResponse.parse(res.json())).toEqual({ maxPrice: 4500 });
    }
    await t.database.db
      .update(beneficiaryEmployees)
      .set({ maxPriceCents: 300_050 })
      .where(eq(beneficiaryEmployees.id, id));
    expect((await call("GET", `/api/beneficiary-employee/${id}/max-price`, EMPLOYEE)).json()).toEqual({
      maxPrice: 3000.5,
    });
  });

  it("answers a bad id with 400, another tenant's employee and an unknown one with 404", async () => {
    const id = await employeeId(EMPLOYEE);
    expectError(
      await call("GET", "/api/beneficiary-employee/1/max-price", DEMO_ADMIN),
      400,
      "VALIDATION_ERROR",
    );
    expectError(
      await call("GET", `/api/beneficiary-employee/${id}/max-price`, TOINEN_ADMIN),
      404,
      "NOT_FOUND",
    );
    expectError(
      await call(
        "GET",
        "/api/beneficiary-employee/00000000-0000-4000-8000-000000000000/max-price",
        DEMO_ADMIN,
      ),
      404,
      "NOT_FOUND",
    );
  });

  it("refuses another beneficiary (403) and anonymous callers (401)", async () => {
    const id = await employeeId(EMPLOYEE);
    expectError(
      await call("GET", `/api/beneficiary-employee/${id}/max-price`, "ville.hamalainen@demo.test"),
      403,
      "FORBIDDEN",
    );
    expectError(await call("GET", `/api/beneficiary-employee/${id}/max-price`, null), 401, "UNAUTHORIZED");
  });
});
