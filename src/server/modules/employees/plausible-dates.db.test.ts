import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zEmployee } from "../../../contract/employees.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { PLAUSIBLE_DATE_RULE, plausibleDateSpan, shiftYears } from "../../../domain/plausible-dates.ts";
import { beneficiaryEmployees, systemUsers, users } from "../../db/schema/index.ts";

/**
 * Dates people type are held to plausible spans (src/domain/plausible-dates.ts): the server's 400 names
 * the refused field and carries the rule with its span, which the form words as its own check does.
 */

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);

const DEMO_ADMIN = "employer.admin@demo.test";
let demoOyId: string;

beforeAll(async () => {
  demoOyId = await companyIdByName(t.database.db, "Demo Oy");
});

const unique = () => randomUUID().slice(0, 8);
const today = () => toHelsinkiDateString(new Date());

/** An employee who joined the benefit two years ago. */
async function seedEmployee() {
  const db = t.database.db;
  const [user] = await db
    .insert(users)
    .values({ email: `${unique()}@plausible.test` })
    .returning({ id: users.id });
  const userId = user?.id as string;
  await db.insert(systemUsers).values({ userId, firstName: "Testi", lastName: "Päivä", companyId: demoOyId });
  const [row] = await db
    .insert(beneficiaryEmployees)
    .values({
      userId,
      companyId: demoOyId,
      status: "ACCEPTED",
      createdAt: new Date(Date.now() - 730 * 86_400_000),
    })
    .returning();
  return row as typeof beneficiaryEmployees.$inferSelect;
}

/** The one refused field of a 400, with its issue. */
function refused(res: Awaited<ReturnType<typeof call>>, field: string) {
  const body = expectError(res, 400, "VALIDATION_ERROR");
  const detail = body.details?.find((d) => d.field === `body.${field}`);
  expect(detail, JSON.stringify(body)).toBeDefined();
  return detail;
}

describe("an absence", () => {
  it("starting in 1900 is refused with 400 naming startDate and the span", async () => {
    const employee = await seedEmployee();
    const res = await call("POST", `/api/beneficiary-employee/${employee.id}/absences`, DEMO_ADMIN, {
      reason: "SICK_LEAVE",
      startDate: "1900-01-01",
    });
    const span = plausibleDateSpan("ABSENCE");
    const detail = refused(res, "startDate");
    expect(detail?.message).toBe(`Must be a date from ${span.from} to ${span.to}`);
    expect(detail?.issue).toMatchObject({ code: "custom", params: { rule: PLAUSIBLE_DATE_RULE, ...span } });
  });

  it("ending in 2999 is refused with 400 naming endDate, on a change too", async () => {
    const employee = await seedEmployee();
    const base = `/api/beneficiary-employee/${employee.id}/absences`;
    refused(
      await call("POST", base, DEMO_ADMIN, {
        reason: "SICK_LEAVE",
        startDate: today(),
        endDate: "2999-12-31",
      }),
      "endDate",
    );
    const created = await call("POST", base, DEMO_ADMIN, { reason: "SICK_LEAVE", startDate: today() });
    expect(created.statusCode, created.body).toBe(201);
    const { absenceId } = created.json() as { absenceId: string };
    refused(
      await call("PUT", `${base}/${absenceId}`, DEMO_ADMIN, {
        reason: "SICK_LEAVE",
        startDate: today(),
        endDate: "2999-01-01",
      }),
      "endDate",
    );
  });

  it("within five years of today is recorded", async () => {
    const employee = await seedEmployee();
    const res = await call("POST", `/api/beneficiary-employee/${employee.id}/absences`, DEMO_ADMIN, {
      reason: "PARENTAL_LEAVE",
      startDate: shiftYears(today(), -1),
      endDate: shiftYears(today(), 2),
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe("an employment's last working day", () => {
  it("31.12.2999 is refused on update and on create, naming lastWorkingDayDate", async () => {
    const employee = await seedEmployee();
    refused(
      await call("POST", `/api/beneficiary-employee/${employee.id}/update`, DEMO_ADMIN, {
        lastWorkingDayDate: "2999-12-31",
      }),
      "lastWorkingDayDate",
    );
    refused(
      await call("POST", "/api/beneficiary-employee/create", DEMO_ADMIN, {
        companyId: demoOyId,
        firstName: "Veera",
        lastName: "Virhe",
        workEmail: `${unique()}@plausible.test`,
        lastWorkingDayDate: "2999-12-31",
      }),
      "lastWorkingDayDate",
    );
  });

  it("a past day after the day the person joined is recorded; the open end 01.01.2999 is still taken", async () => {
    const employee = await seedEmployee();
    const url = `/api/beneficiary-employee/${employee.id}/update`;
    const lastDay = shiftYears(today(), -1);
    const ended = await call("POST", url, DEMO_ADMIN, { lastWorkingDayDate: lastDay });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(zEmployee.parse(ended.json()).lastWorkingDayDate).toBe(lastDay);
    const open = await call("POST", url, DEMO_ADMIN, { lastWorkingDayDate: "2999-01-01" });
    expect(open.statusCode, open.body).toBe(200);
  });

  it("a trial period ending in 1900 is refused, naming jobTrialPeriodEndDate", async () => {
    const employee = await seedEmployee();
    refused(
      await call("POST", `/api/beneficiary-employee/${employee.id}/update`, DEMO_ADMIN, {
        jobTrialPeriodEndDate: "1900-01-01",
      }),
      "jobTrialPeriodEndDate",
    );
  });
});

describe("the calculator's commitment date ('Edusta sovittu')", () => {
  const input = {
    year: 2026,
    bikePrice: 2_490,
    leaseTimeMonths: 36,
    monthlyGrossSalary: 3_800,
  };
  const calculate = (contractDate: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/calculator",
      payload: { ...input, contractDate },
      remoteAddress: `10.72.0.${Math.floor(Math.random() * 250)}`,
    });

  it("refuses 1900 and 2999 with 400 naming contractDate, and gives no year table", async () => {
    for (const contractDate of ["1900-01-01", "2999-12-31"]) {
      const detail = refused(await calculate(contractDate), "contractDate");
      expect(detail?.issue?.params).toMatchObject({ rule: PLAUSIBLE_DATE_RULE, from: "2021-01-01" });
    }
  });
});
