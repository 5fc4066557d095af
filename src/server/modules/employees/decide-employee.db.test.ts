import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zEmployee } from "../../../contract/employees.ts";
import { beneficiaryEmployees, outbox, roles, userRoles, users } from "../../db/schema/index.ts";
import { DEMO_ADMIN, EDITOR, REPORTING, seedEmployee, TOINEN_ADMIN } from "./test-kit.ts";

/**
 * The employer's decision on a joiner: accepting with their fields and roles or rejecting with a reason, and
 * the roles a caller may hand out only in the companies they administer.
 */

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);

let demoOyId: string;
let logisticsId: string;

beforeAll(async () => {
  demoOyId = await companyIdByName(t.database.db, "Demo Oy");
  logisticsId = await companyIdByName(t.database.db, "Demo Logistiikka Oy");
});

describe("POST {id}/decide", () => {
  async function pendingJoiner() {
    const db = t.database.db;
    const employee = await seedEmployee(db, demoOyId, {
      status: "PENDING",
      createdAt: new Date("2026-01-05T10:00:00Z"),
    });
    const [role] = await db.select().from(roles).where(eq(roles.name, "BIKE_BENEFICIARY"));
    await db
      .insert(userRoles)
      .values({ userId: employee.userId, roleId: role?.id as string, companyId: demoOyId });
    return employee;
  }

  it("accepts with the employee's fields and role flags, the default last working day, and a mail", async () => {
    const employee = await pendingJoiner();
    const res = await call("POST", `/api/beneficiary-employee/${employee.id}/decide`, DEMO_ADMIN, {
      decision: "ACCEPTED",
      costUnit: "4300",
      employeeNumber: "H-9",
      jobTrialPeriodEndDate: "2027-03-31",
      roles: ["EMPLOYER_REPORTING"],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(zEmployee.parse(res.json())).toMatchObject({
      status: "ACCEPTED",
      costUnit: "4300",
      lastWorkingDayDate: "2999-01-01",
      jobTrialPeriodEndDate: "2027-03-31",
      employerRoles: ["EMPLOYER_REPORTING"],
    });
    expect(res.json().decidedAt).not.toBeNull();
    expectError(
      await call("POST", `/api/beneficiary-employee/${employee.id}/decide`, DEMO_ADMIN, {
        decision: "REJECTED",
      }),
      409,
      "EMPLOYEE_ALREADY_DECIDED",
    );
  });

  it("rejects with a mail that carries the reason and takes the joiner's role away", async () => {
    const employee = await pendingJoiner();
    const db = t.database.db;
    const res = await call("POST", `/api/beneficiary-employee/${employee.id}/decide`, EDITOR, {
      decision: "REJECTED",
      reason: "Et ole yrityksen työntekijä.",
    });
    expect(zEmployee.parse(res.json()).status).toBe("REJECTED");
    const held = await db.select().from(userRoles).where(eq(userRoles.userId, employee.userId));
    expect(held).toEqual([]);
    const [person] = await db.select().from(users).where(eq(users.id, employee.userId));
    const [mail] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, person?.email as string));
    expect(mail?.bodyText).toContain("Et ole yrityksen työntekijä.");
  });

  it("counts a permission only in the company that holds it: reporting here and editor there edits only there", async () => {
    const db = t.database.db;
    // reporting@demo.test only reads in Demo Oy; for this test also an editor in Demo Logistiikka Oy.
    const reporting = (await db.select({ id: users.id }).from(users).where(eq(users.email, REPORTING)))[0]
      ?.id as string;
    const [editorRole] = await db.select().from(roles).where(eq(roles.name, "EMPLOYER_EDITOR"));
    const [granted] = await db
      .insert(userRoles)
      .values({ userId: reporting, roleId: editorRole?.id as string, companyId: logisticsId })
      .returning();
    try {
      const here = await seedEmployee(db, demoOyId, { costUnit: "1000" });
      const there = await seedEmployee(db, logisticsId, { costUnit: "1000" });
      const edit = (id: string, body: object) =>
        call("POST", `/api/beneficiary-employee/${id}/update`, REPORTING, body);
      expectError(await edit(here.id, { costUnit: "2000" }), 403);
      // Refused before its input is judged, so a malformed body gets the same answer.
      expectError(await edit(here.id, { costUnit: 2000, maxPrice: "lots" }), 403);
      expectError(
        await call("POST", `/api/beneficiary-employee/${here.id}/absences`, REPORTING, {
          reason: "OTHER",
          startDate: "2027-01-01",
        }),
        403,
      );
      const [unchanged] = await db
        .select()
        .from(beneficiaryEmployees)
        .where(eq(beneficiaryEmployees.id, here.id));
      expect(unchanged?.costUnit).toBe("1000");
      const res = await edit(there.id, { costUnit: "2000" });
      expect(res.statusCode, res.body).toBe(200);
      // Reading stays open where the reporting role reads.
      expect((await call("GET", `/api/beneficiary-employee/details/${here.id}`, REPORTING)).statusCode).toBe(
        200,
      );
    } finally {
      await db.delete(userRoles).where(eq(userRoles.id, granted?.id as string));
    }
  });

  it("gives roles only where the caller is the company's admin, not for a role held in another company", async () => {
    const db = t.database.db;
    // hr@demo.test edits employees in Demo Oy and Demo Logistiikka Oy; for this test also an admin of Logistiikka.
    const hr = (await db.select({ id: users.id }).from(users).where(eq(users.email, "hr@demo.test")))[0]
      ?.id as string;
    const [adminRole] = await db.select().from(roles).where(eq(roles.name, "EMPLOYER_ADMIN"));
    const [granted] = await db
      .insert(userRoles)
      .values({ userId: hr, roleId: adminRole?.id as string, companyId: logisticsId })
      .returning();
    try {
      const demoJoiner = await pendingJoiner();
      const res = await call("POST", `/api/beneficiary-employee/${demoJoiner.id}/decide`, "hr@demo.test", {
        decision: "ACCEPTED",
        roles: ["EMPLOYER_ADMIN"],
      });
      expectError(res, 403);
      const [still] = await db
        .select()
        .from(beneficiaryEmployees)
        .where(eq(beneficiaryEmployees.id, demoJoiner.id));
      expect(still?.status).toBe("PENDING");
    } finally {
      await db.delete(userRoles).where(eq(userRoles.id, granted?.id as string));
    }
  });

  it("lets only an employer admin hand out roles; another tenant gets 404; bad input 400", async () => {
    const employee = await pendingJoiner();
    const url = `/api/beneficiary-employee/${employee.id}/decide`;
    expectError(await call("POST", url, EDITOR, { decision: "ACCEPTED", roles: ["EMPLOYER_ADMIN"] }), 403);
    expectError(await call("POST", url, TOINEN_ADMIN, { decision: "ACCEPTED" }), 404);
    expectError(await call("POST", url, DEMO_ADMIN, { decision: "MAYBE" }), 400);
    expectError(await call("POST", url, DEMO_ADMIN, { decision: "ACCEPTED", roles: ["SUPER_ADMIN"] }), 400);
    expectError(await call("POST", url, REPORTING, { decision: "ACCEPTED" }), 403);
    const still = await t.database.db
      .select()
      .from(beneficiaryEmployees)
      .where(eq(beneficiaryEmployees.id, employee.id));
    expect(still[0]?.status).toBe("PENDING");
  });
});
