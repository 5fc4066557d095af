import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zEmployee } from "../../../contract/employees.ts";
import {
  companyUnits,
  eventLog,
  outbox,
  passwordResetTokens,
  roles,
  userRoles,
  users,
} from "../../db/schema/index.ts";
import {
  DEMO_ADMIN,
  EMPLOYEE,
  GROUP_ADMIN,
  REPORTING,
  seedEmployee,
  TOINEN_ADMIN,
  unique,
} from "./test-kit.ts";

/** An employer adds an employee: the account, role, event and mail, its set-password link, and the refusals. */

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);

let demoOyId: string;
let logisticsId: string;
let toinenOyId: string;

beforeAll(async () => {
  demoOyId = await companyIdByName(t.database.db, "Demo Oy");
  logisticsId = await companyIdByName(t.database.db, "Demo Logistiikka Oy");
  toinenOyId = await companyIdByName(t.database.db, "Toinen Oy");
});

describe("POST create", () => {
  const body = (over: Record<string, unknown> = {}) => ({
    companyId: demoOyId,
    firstName: "Veera",
    lastName: "Uusi",
    workEmail: `veera.${unique()}@demo.test`,
    phoneNumber: "040 123 4567",
    language: "fi",
    costUnit: "4100",
    employeeNumber: `U-${unique()}`,
    ...over,
  });

  it("mails a new employee a set-password link in their language that still works after 2 days", async () => {
    const input = body({ language: "sv" });
    const res = await call("POST", "/api/beneficiary-employee/create", DEMO_ADMIN, input);
    expect(res.statusCode, res.body).toBe(201);
    const db = t.database.db;
    const [mail] = await db.select().from(outbox).where(eq(outbox.recipient, input.workEmail));
    // The link opens the page in Swedish, and the mail says how long it lasts.
    const token = /\/sv\/reset\/([\w-]{20,})/.exec(mail?.bodyText ?? "")?.[1] as string;
    expect(token).toBeTruthy();
    expect(mail?.bodyText).toContain("Länken är giltig i 7 dagar");
    // Two days pass before the person reads their mail.
    const twoDays = 2 * 24 * 60 * 60 * 1000;
    await db
      .update(passwordResetTokens)
      .set({
        createdAt: sql`${passwordResetTokens.createdAt} - ${`${twoDays} milliseconds`}::interval`,
        expiresAt: sql`${passwordResetTokens.expiresAt} - ${`${twoDays} milliseconds`}::interval`,
      })
      .where(eq(passwordResetTokens.tokenHash, createHash("sha256").update(token).digest("hex")));
    const status = await t.app.inject({ method: "GET", url: `/api/password-reset/${token}` });
    expect(status.json()).toMatchObject({ valid: true, email: input.workEmail });
    const set = await t.app.inject({
      method: "POST",
      url: `/api/password-reset/${token}`,
      payload: { password: "kolme iloista polkupyörää" },
    });
    expect(set.statusCode, set.body).toBe(200);
  });

  it("adds an accepted employee with an account, a beneficiary role, an event and an invitation mail", async () => {
    const input = body();
    const res = await call("POST", "/api/beneficiary-employee/create", DEMO_ADMIN, input);
    expect(res.statusCode, res.body).toBe(201);
    const employee = zEmployee.parse(res.json());
    expect(employee).toMatchObject({
      status: "ACCEPTED",
      companyId: demoOyId,
      costUnit: "4100",
      lastWorkingDayDate: "2999-01-01",
      systemUser: { firstName: "Veera", workEmail: input.workEmail, phoneNumber: "0401234567" },
    });
    const db = t.database.db;
    const held = await db
      .select({ name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(eq(userRoles.userId, employee.userId), eq(userRoles.companyId, demoOyId)));
    expect(held.map((r) => r.name)).toEqual(["BIKE_BENEFICIARY"]);
    const [mail] = await db.select().from(outbox).where(eq(outbox.recipient, input.workEmail));
    expect(mail?.subject).toBe("Demo Oy kutsuu sinut käyttämään polkupyöräetua");
    expect(mail?.bodyText).toMatch(/\/reset\/[\w-]{20,}/);
    const events = await db
      .select()
      .from(eventLog)
      .where(eq(eventLog.entityId, employee.beneficiaryEmployeeId));
    expect(events.map((e) => e.type)).toEqual(["EMPLOYEE_CREATED"]);
  });

  it("adds an existing account of a sister company without a new password link; twice is 409", async () => {
    const db = t.database.db;
    const existing = await seedEmployee(db, logisticsId, { email: `jaettu.${unique()}@demo.test` });
    const [user] = await db.select().from(users).where(eq(users.id, existing.userId));
    const input = body({ workEmail: user?.email });
    const res = await call("POST", "/api/beneficiary-employee/create", GROUP_ADMIN, input);
    expect(res.statusCode, res.body).toBe(201);
    expect(zEmployee.parse(res.json()).userId).toBe(existing.userId);
    const [mail] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, user?.email as string));
    expect(mail?.bodyText).not.toMatch(/\/reset\//);
    expectError(
      await call("POST", "/api/beneficiary-employee/create", GROUP_ADMIN, input),
      409,
      "EMPLOYEE_EXISTS",
    );
  });

  it("refuses an admin-tier address, another tenant's company, a unit of another company and bad input", async () => {
    expectError(
      await call(
        "POST",
        "/api/beneficiary-employee/create",
        DEMO_ADMIN,
        body({ workEmail: "helpdesk@pedaali.test" }),
      ),
      409,
      "EMAIL_TAKEN",
    );
    expectError(await call("POST", "/api/beneficiary-employee/create", TOINEN_ADMIN, body()), 404);
    const [foreignUnit] = await t.database.db
      .select({ id: companyUnits.id })
      .from(companyUnits)
      .where(eq(companyUnits.companyId, toinenOyId));
    expectError(
      await call("POST", "/api/beneficiary-employee/create", DEMO_ADMIN, body({ unitId: foreignUnit?.id })),
      400,
    );
    expectError(
      await call("POST", "/api/beneficiary-employee/create", DEMO_ADMIN, body({ workEmail: "ei-osoite" })),
      400,
    );
    expectError(
      await call("POST", "/api/beneficiary-employee/create", DEMO_ADMIN, body({ phoneNumber: "12" })),
      400,
      "UNSUPPORTED_PHONE_NUMBER",
    );
    expectError(
      await call("POST", "/api/beneficiary-employee/create", DEMO_ADMIN, body({ maxPrice: -1 })),
      400,
    );
    expectError(await call("POST", "/api/beneficiary-employee/create", REPORTING, body()), 403);
    expectError(await call("POST", "/api/beneficiary-employee/create", EMPLOYEE, body()), 403);
  });
});
