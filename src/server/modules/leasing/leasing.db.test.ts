import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loginAs, type Session } from "../../../../tests/helpers/auth.ts";
import { companyIdByName, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zErrorResponse } from "../../../contract/errors.ts";
import { zLeasingTimeResponse } from "../../../contract/leasing.ts";
import { beneficiaryEmployees, billingTableRows, billingTables, companies } from "../../db/schema/index.ts";

const t = setupTestApp({}, { demoData: true });

const sessions = {} as Record<"employee" | "employer" | "other" | "helpdesk" | "editor", Session>;
let employeeId = "";

beforeAll(async () => {
  sessions.employee = await loginAs(t.app, "employee@demo.test");
  sessions.employer = await loginAs(t.app, "employer.admin@demo.test");
  sessions.editor = await loginAs(t.app, "employer.editor@demo.test");
  sessions.other = await loginAs(t.app, "employer.admin@toinen.test");
  sessions.helpdesk = await loginAs(t.app, "helpdesk@pedaali.test");
  const userId = await userIdByEmail(t.database.db, "employee@demo.test");
  const [row] = await t.database.db
    .select({ id: beneficiaryEmployees.id })
    .from(beneficiaryEmployees)
    .where(eq(beneficiaryEmployees.userId, userId));
  employeeId = row?.id as string;
});

const ask = (payload: Record<string, unknown>, session: Session | null = sessions.employee) =>
  t.app.inject({
    method: "POST",
    url: "/api/leasing/get-leasing-time-months",
    payload,
    ...(session ? { headers: session.headers() } : {}),
  });

describe("POST /api/leasing/get-leasing-time-months", () => {
  it.each([
    [1_000, 24],
    [1_500, 36],
    [2_999.99, 36],
    [3_000, 48],
  ])(
    "gives the employee's own %f € package the default billing table's period (%i months)",
    async (total, months) => {
      const res = await ask({ totalAmount: total, beneficiaryEmployeeId: employeeId });
      expect(res.statusCode, res.body).toBe(200);
      expect(zLeasingTimeResponse.parse(res.json())).toEqual({ leaseTimeMonths: months });
    },
  );

  it("answers the employer's people and the helpdesk; another company's admin gets 404", async () => {
    for (const session of [sessions.employer, sessions.editor, sessions.helpdesk]) {
      const res = await ask({ totalAmount: 2_000, beneficiaryEmployeeId: employeeId }, session);
      expect(res.statusCode, res.body).toBe(200);
    }
    const other = await ask({ totalAmount: 2_000, beneficiaryEmployeeId: employeeId }, sessions.other);
    expect(other.statusCode).toBe(404);
    expect(zErrorResponse.parse(other.json()).code).toBe("NOT_FOUND");
    const anonymous = await ask({ totalAmount: 2_000, beneficiaryEmployeeId: employeeId }, null);
    expect(anonymous.statusCode).toBe(401);
  });

  it("caps the package at the employee's max price (Demo Oy: 4 500 €)", async () => {
    const res = await ask({ totalAmount: 4_500.01, beneficiaryEmployeeId: employeeId });
    expect(res.statusCode, res.body).toBe(400);
    expect(zErrorResponse.parse(res.json())).toMatchObject({
      code: "PACKAGE_ABOVE_MAX_PRICE",
      details: [{ field: "body.totalAmount" }],
    });
  });

  it.each([
    [{ totalAmount: 0 }, "body.totalAmount"],
    [{ totalAmount: 12.345 }, "body.totalAmount"],
    [{ beneficiaryEmployeeId: "not-a-uuid" }, "body.beneficiaryEmployeeId"],
    [{ extra: true }, "body"],
  ])("refuses %o with 400 naming the field", async (change, field) => {
    const res = await ask({ totalAmount: 2_000, beneficiaryEmployeeId: employeeId, ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(
      zErrorResponse
        .parse(res.json())
        .details?.map((d) => d.field)
        .join(" "),
    ).toContain(field);
  });

  it("says the configuration is wrong when no bracket takes the price, and not computable without a table", async () => {
    const [table] = await t.database.db.select().from(billingTables).where(eq(billingTables.isDefault, true));
    const id = table?.id as string;
    const companyId = await companyIdByName(t.database.db, "Demo Oy");
    const [top] = await t.database.db
      .delete(billingTableRows)
      .where(and(eq(billingTableRows.billingTableId, id), eq(billingTableRows.leaseTimeMonths, 48)))
      .returning();
    try {
      const gap = await ask({ totalAmount: 3_500, beneficiaryEmployeeId: employeeId });
      expect(gap.statusCode, gap.body).toBe(400);
      expect(gap.json()).toMatchObject({ code: "INVALID_LEASING_CONFIGURATION" });
      // Demo Oy names the table itself; without it and without a default, nothing prices the lease.
      await t.database.db.update(companies).set({ billingTableId: null }).where(eq(companies.id, companyId));
      const fallback = await ask({ totalAmount: 2_000, beneficiaryEmployeeId: employeeId });
      expect(fallback.json()).toEqual({ leaseTimeMonths: 36 });
      await t.database.db.update(billingTables).set({ isDefault: false }).where(eq(billingTables.id, id));
      const none = await ask({ totalAmount: 2_000, beneficiaryEmployeeId: employeeId });
      expect(none.statusCode, none.body).toBe(400);
      expect(none.json()).toMatchObject({ code: "LEASE_TERMS_NOT_COMPUTABLE" });
    } finally {
      await t.database.db.update(billingTables).set({ isDefault: true }).where(eq(billingTables.id, id));
      await t.database.db.update(companies).set({ billingTableId: id }).where(eq(companies.id, companyId));
      if (top) await t.database.db.insert(billingTableRows).values(top);
    }
  });
});
