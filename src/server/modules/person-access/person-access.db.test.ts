import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zPersonAccessList } from "../../../contract/person-access.ts";
import { beneficiaryEmployees, personAccessLog } from "../../db/schema/index.ts";
import { recordPersonAccess } from "./record.ts";

/**
 * Who looked at whom: the employer's and the helpdesk's reads of one person write a row each, a list
 * one row per read, a refused read none; the helpdesk lists a person's rows.
 */
const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);
const HELPDESK = "helpdesk@pedaali.test";
const DEMO_ADMIN = "employer.admin@demo.test";
const TOINEN_ADMIN = "employer.admin@toinen.test";
const EMPLOYEE = "employee@demo.test";

const accessLogOf = (userId: string, who: string | null = HELPDESK) =>
  call("GET", `/api/system-users/${userId}/access-log`, who);

async function employmentOf(email: string) {
  const userId = await userIdByEmail(t.database.db, email);
  const [row] = await t.database.db
    .select({ id: beneficiaryEmployees.id, companyId: beneficiaryEmployees.companyId })
    .from(beneficiaryEmployees)
    .where(eq(beneficiaryEmployees.userId, userId));
  return { userId, employmentId: row?.id as string };
}

describe("who looked at whom", () => {
  it("records the employer's read of an employee's page, with the company and the network only", async () => {
    const { userId, employmentId } = await employmentOf(EMPLOYEE);
    const res = await call("GET", `/api/beneficiary-employee/details/${employmentId}`, DEMO_ADMIN);
    expect(res.statusCode, res.body).toBe(200);

    const list = await accessLogOf(userId);
    expect(list.statusCode, list.body).toBe(200);
    const items = zPersonAccessList.parse(list.json()).items;
    expect(items[0]).toMatchObject({
      kind: "EMPLOYEE_DETAILS",
      viewer: { email: DEMO_ADMIN },
      companyName: "Demo Oy",
    });
    // app.inject's address is 127.0.0.1: its network is kept, not the address.
    expect(items[0]?.addressRange).toBe("127.0.0.x");
  });

  it("records the helpdesk's read of a user's page", async () => {
    const userId = await userIdByEmail(t.database.db, "hr@demo.test");
    expect((await call("GET", `/api/system-users/${userId}`, HELPDESK)).statusCode).toBe(200);
    const items = zPersonAccessList.parse((await accessLogOf(userId)).json()).items;
    expect(items[0]).toMatchObject({ kind: "USER_DETAILS", viewer: { email: HELPDESK }, companyName: null });
  });

  it("records nothing for a refused read: another company's admin gets 404 and leaves no row", async () => {
    const { userId, employmentId } = await employmentOf(EMPLOYEE);
    const before = zPersonAccessList.parse((await accessLogOf(userId)).json()).items.length;
    const res = await call("GET", `/api/beneficiary-employee/details/${employmentId}`, TOINEN_ADMIN);
    expect([403, 404]).toContain(res.statusCode);
    expect(zPersonAccessList.parse((await accessLogOf(userId)).json()).items).toHaveLength(before);
  });

  it("records a list read once, with how many people it showed", async () => {
    const viewerId = await userIdByEmail(t.database.db, DEMO_ADMIN);
    const res = await call("GET", "/api/beneficiary-employee/employeesOptimizedList?limit=5", DEMO_ADMIN);
    expect(res.statusCode, res.body).toBe(200);
    const shown = (res.json() as { employees: unknown[] }).employees.length;
    const rows = await t.database.db
      .select()
      .from(personAccessLog)
      .where(and(eq(personAccessLog.viewerUserId, viewerId), eq(personAccessLog.kind, "EMPLOYEE_LIST")));
    expect(rows.at(-1)).toMatchObject({ subjectUserId: null, shownCount: shown });
  });

  it("does not record a person reading their own data", async () => {
    const userId = await userIdByEmail(t.database.db, EMPLOYEE);
    await recordPersonAccess(
      t.database.db,
      { id: userId },
      { ip: "10.0.0.1" },
      {
        kind: "USER_DETAILS",
        subjectUserId: userId,
      },
    );
    const own = await t.database.db
      .select()
      .from(personAccessLog)
      .where(and(eq(personAccessLog.viewerUserId, userId), isNull(personAccessLog.companyId)));
    expect(own).toEqual([]);
  });

  it("tells the person in their own export who looked: their employer or Pedaali, never by name", async () => {
    const { userId, employmentId } = await employmentOf(EMPLOYEE);
    expect((await call("GET", `/api/system-users/${userId}`, HELPDESK)).statusCode).toBe(200);
    expect(
      (await call("GET", `/api/beneficiary-employee/details/${employmentId}`, DEMO_ADMIN)).statusCode,
    ).toBe(200);
    const res = await call("GET", "/api/account/personal-data", EMPLOYEE);
    expect(res.statusCode, res.body).toBe(200);
    const log = (res.json() as { accessLog: { kind: string; by: string; companyName: string | null }[] })
      .accessLog;
    expect(log).toContainEqual(
      expect.objectContaining({ kind: "USER_DETAILS", by: "PEDAALI", companyName: null }),
    );
    expect(log).toContainEqual(
      expect.objectContaining({ kind: "EMPLOYEE_DETAILS", by: "EMPLOYER", companyName: "Demo Oy" }),
    );
    expect(JSON.stringify(log)).not.toContain(HELPDESK);
    expect(JSON.stringify(log)).not.toContain(DEMO_ADMIN);
  });

  it("is the helpdesk's: 403 for an employer, 401 anonymous, 400 for a bad id, 404 for no one", async () => {
    const userId = await userIdByEmail(t.database.db, EMPLOYEE);
    expectError(await accessLogOf(userId, DEMO_ADMIN), 403);
    expectError(await accessLogOf(userId, EMPLOYEE), 403);
    expectError(await accessLogOf(userId, null), 401);
    expectError(await accessLogOf("not-a-uuid"), 400);
    expectError(await accessLogOf("00000000-0000-4000-8000-000000000000"), 404);
  });
});
