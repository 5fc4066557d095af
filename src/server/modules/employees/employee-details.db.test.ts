import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zAbsence, zAbsences, zEmployee, zEmployeeDetails } from "../../../contract/employees.ts";
import { employeeAbsences, eventLog } from "../../db/schema/index.ts";
import { ADMIN, DEMO_ADMIN, EDITOR, EMPLOYEE, REPORTING, seedEmployee, TOINEN_ADMIN } from "./test-kit.ts";

/** One employee as the employer sees and changes them: the details, the changes of their fields, their absences. */

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);

let demoOyId: string;

beforeAll(async () => {
  demoOyId = await companyIdByName(t.database.db, "Demo Oy");
});

describe("GET details/{id}", () => {
  it("answers the employee with absences; another tenant's and unknown ids are 404", async () => {
    const db = t.database.db;
    const employee = await seedEmployee(db, demoOyId);
    await db.insert(employeeAbsences).values({
      beneficiaryEmployeeId: employee.id,
      companyId: demoOyId,
      reason: "SICK_LEAVE",
      startDate: "2026-02-01",
      endDate: "2026-02-14",
    });
    const res = await call("GET", `/api/beneficiary-employee/details/${employee.id}`, DEMO_ADMIN);
    const details = zEmployeeDetails.parse(res.json());
    expect(details.absences).toEqual([
      expect.objectContaining({ reason: "SICK_LEAVE", endDate: "2026-02-14" }),
    ]);
    expect(details.lastWorkingDayDate).toBe("2999-01-01");
    expectError(await call("GET", `/api/beneficiary-employee/details/${employee.id}`, TOINEN_ADMIN), 404);
    expectError(await call("GET", `/api/beneficiary-employee/details/${randomUUID()}`, ADMIN), 404);
    expectError(await call("GET", `/api/beneficiary-employee/details/${employee.id}`, EMPLOYEE), 403);
  });
});

describe("POST {id}/update", () => {
  it("changes the given fields only, logs them, and a last working day is an EMPLOYMENT_ENDED event", async () => {
    const db = t.database.db;
    const employee = await seedEmployee(db, demoOyId, {
      costUnit: "4100",
      employeeNumber: "E1",
      createdAt: new Date("2026-01-05T10:00:00Z"),
    });
    const url = `/api/beneficiary-employee/${employee.id}/update`;
    const res = await call("POST", url, EDITOR, {
      costUnit: "4200",
      maxPrice: 3999.9,
      firstName: "Uusinimi",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(zEmployee.parse(res.json())).toMatchObject({
      costUnit: "4200",
      employeeNumber: "E1",
      maxPrice: 3999.9,
      systemUser: { firstName: "Uusinimi" },
    });
    const ended = await call("POST", url, DEMO_ADMIN, { lastWorkingDayDate: "2026-12-31" });
    expect(zEmployee.parse(ended.json()).lastWorkingDayDate).toBe("2026-12-31");
    const cleared = await call("POST", url, DEMO_ADMIN, { lastWorkingDayDate: null });
    expect(zEmployee.parse(cleared.json()).lastWorkingDayDate).toBe("2999-01-01");
    const events = await db.select().from(eventLog).where(eq(eventLog.entityId, employee.id));
    expect(events.map((e) => e.type).sort()).toEqual([
      "EMPLOYEE_UPDATED",
      "EMPLOYEE_UPDATED",
      "EMPLOYMENT_ENDED",
    ]);
    expect(events.find((e) => e.type === "EMPLOYMENT_ENDED")?.data).toMatchObject({
      lastWorkingDayDate: "2026-12-31",
    });
  });

  it("refuses dates before the day the person joined, or a last day before the trial's end, at the field", async () => {
    const joined = new Date("2026-01-05T10:00:00Z");
    const employee = await seedEmployee(t.database.db, demoOyId, { createdAt: joined });
    const url = `/api/beneficiary-employee/${employee.id}/update`;
    const early = expectError(
      await call("POST", url, DEMO_ADMIN, {
        jobTrialPeriodEndDate: "2020-03-01",
        lastWorkingDayDate: "2020-06-30",
      }),
      400,
    );
    expect(early.details).toEqual([
      {
        field: "body.jobTrialPeriodEndDate",
        message: "Must not be before 2026-01-05",
        issue: { code: "custom", params: { rule: "TRIAL_END_BEFORE_JOINED", limit: "2026-01-05" } },
      },
      {
        field: "body.lastWorkingDayDate",
        message: "Must not be before 2026-01-05",
        issue: { code: "custom", params: { rule: "LAST_DAY_BEFORE_JOINED", limit: "2026-01-05" } },
      },
    ]);
    // Two dates of one body are the contract's to compare: the same words come from its check.
    const crossed = expectError(
      await call("POST", url, DEMO_ADMIN, {
        jobTrialPeriodEndDate: "2026-06-30",
        lastWorkingDayDate: "2026-03-31",
      }),
      400,
      "VALIDATION_ERROR",
    );
    expect(crossed.details?.[0]).toMatchObject({
      field: "body.lastWorkingDayDate",
      issue: { code: "custom", params: { rule: "LAST_DAY_BEFORE_TRIAL_END", limit: "2026-06-30" } },
    });
    // A text over its limit names the limit, never the value sent.
    const long = expectError(await call("POST", url, DEMO_ADMIN, { employeeNumber: "9".repeat(300) }), 400);
    expect(long.details).toEqual([
      {
        field: "body.employeeNumber",
        message: expect.any(String),
        issue: { code: "too_big", origin: "string", maximum: 50 },
      },
    ]);
    const ok = await call("POST", url, DEMO_ADMIN, {
      jobTrialPeriodEndDate: "2026-06-30",
      lastWorkingDayDate: "2026-06-30",
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("is 404 for another tenant, 403 for reporting, 400 for bad input", async () => {
    const employee = await seedEmployee(t.database.db, demoOyId);
    const url = `/api/beneficiary-employee/${employee.id}/update`;
    expectError(await call("POST", url, TOINEN_ADMIN, { costUnit: "1" }), 404);
    expectError(await call("POST", url, REPORTING, { costUnit: "1" }), 403);
    expectError(await call("POST", url, DEMO_ADMIN, { lastWorkingDayDate: "31.12.2026" }), 400);
    expectError(await call("POST", url, DEMO_ADMIN, { firstName: "" }), 400);
  });
});

describe("absences", () => {
  it("records, lists, changes and removes absences, and refuses an overlap with 409", async () => {
    const employee = await seedEmployee(t.database.db, demoOyId);
    const base = `/api/beneficiary-employee/${employee.id}/absences`;
    const created = await call("POST", base, DEMO_ADMIN, {
      reason: "PARENTAL_LEAVE",
      startDate: "2026-03-01",
      endDate: null,
    });
    expect(created.statusCode, created.body).toBe(201);
    const absence = zAbsence.parse(created.json());
    expectError(
      await call("POST", base, DEMO_ADMIN, {
        reason: "SICK_LEAVE",
        startDate: "2027-01-01",
        endDate: "2027-01-05",
      }),
      409,
      "ABSENCE_OVERLAPS",
    );
    const closed = await call("PUT", `${base}/${absence.absenceId}`, EDITOR, {
      reason: "PARENTAL_LEAVE",
      startDate: "2026-03-01",
      endDate: "2026-08-31",
    });
    expect(zAbsence.parse(closed.json()).endDate).toBe("2026-08-31");
    const other = await call("POST", base, DEMO_ADMIN, {
      reason: "OTHER",
      reasonOther: "Opintovapaa",
      startDate: "2026-09-01",
      endDate: "2026-09-30",
    });
    expect(other.statusCode).toBe(201);
    const listed = zAbsences.parse((await call("GET", base, REPORTING)).json());
    expect(listed.absences.map((a) => a.startDate)).toEqual(["2026-09-01", "2026-03-01"]);
    expect((await call("DELETE", `${base}/${absence.absenceId}`, DEMO_ADMIN)).statusCode).toBe(200);
    expectError(await call("DELETE", `${base}/${absence.absenceId}`, DEMO_ADMIN), 404);
    const events = await t.database.db.select().from(eventLog).where(eq(eventLog.entityId, employee.id));
    expect(events.map((e) => e.type).sort()).toEqual([
      "EMPLOYEE_ABSENCE_RECORDED",
      "EMPLOYEE_ABSENCE_RECORDED",
      "EMPLOYEE_ABSENCE_REMOVED",
      "EMPLOYEE_ABSENCE_UPDATED",
    ]);
  });

  it("needs the reason's text for 'Muu, mikä', an end after the start, and the caller's company", async () => {
    const employee = await seedEmployee(t.database.db, demoOyId);
    const base = `/api/beneficiary-employee/${employee.id}/absences`;
    const other = expectError(
      await call("POST", base, DEMO_ADMIN, { reason: "OTHER", startDate: "2026-01-01" }),
      400,
    );
    expect(other.details?.[0]?.field).toContain("reasonOther");
    expectError(
      await call("POST", base, DEMO_ADMIN, {
        reason: "SICK_LEAVE",
        startDate: "2026-01-10",
        endDate: "2026-01-01",
      }),
      400,
    );
    expectError(
      await call("POST", base, TOINEN_ADMIN, { reason: "SICK_LEAVE", startDate: "2026-01-01" }),
      404,
    );
    expectError(await call("GET", base, TOINEN_ADMIN), 404);
    expectError(await call("POST", base, REPORTING, { reason: "SICK_LEAVE", startDate: "2026-01-01" }), 403);
  });
});
