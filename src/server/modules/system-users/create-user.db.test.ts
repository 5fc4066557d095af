import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expectError } from "../../../../tests/helpers/api.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zCreateSystemUserResponse } from "../../../contract/system-users.ts";
import { outbox, passwordResetTokens, userRoles, users } from "../../db/schema/index.ts";
import {
  ADMIN,
  DEMO_ADMIN,
  EMPLOYEE,
  HELPDESK,
  REPORTING,
  systemUsersKit,
  TOINEN_ADMIN,
} from "./test-kit.ts";

/** Creating a user: the role, the set-password mail and the event, who may grant which role, and the refusals. */

const t = setupTestApp({}, { demoData: true });
const { as, call, userId, companyId, events, grantDuringBlock } = systemUsersKit(t);

describe("POST /api/system-users", () => {
  const newUser = (overrides: Record<string, unknown> = {}) => ({
    firstName: "Aino",
    lastName: "Korhonen",
    workEmail: "Aino.Korhonen@Demo.test",
    personalEmail: "aino@example.fi",
    phoneNumber: "040 123 4567",
    role: "BIKE_BENEFICIARY",
    language: "fi",
    ...overrides,
  });

  it("creates the user with a role, a set-password mail and a USER_CREATED event", async () => {
    const demoId = await companyId("Demo Oy");
    const res = await call("POST", "/api/system-users", ADMIN, newUser({ companyId: demoId }));
    expect(res.statusCode, res.body).toBe(201);
    const { user } = zCreateSystemUserResponse.parse(res.json());
    expect(user).toMatchObject({
      firstName: "Aino",
      lastName: "Korhonen",
      workEmail: "aino.korhonen@demo.test",
      personalEmail: "aino@example.fi",
      phoneNumber: "0401234567",
      companyId: demoId,
      companyName: "Demo Oy",
      roles: ["BIKE_BENEFICIARY"],
      deactivated: false,
      lastLoginAt: null,
    });
    const { db } = t.database;
    const [stored] = await db.select().from(users).where(eq(users.id, user.userId));
    expect(stored?.passwordHash).toBeNull();
    expect(
      await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.userId)),
    ).toHaveLength(1);
    const mails = await db.select().from(outbox).where(eq(outbox.recipient, "aino.korhonen@demo.test"));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.bodyText).toContain("/reset/");
    expect(mails[0]?.template).toBe("set-password");
    const [created] = await events("USER_CREATED", user.userId);
    expect(created).toMatchObject({
      actorUserId: await userId(ADMIN),
      companyId: demoId,
      entityType: "user",
    });
    const held = await db.select().from(userRoles).where(eq(userRoles.userId, user.userId));
    expect(held).toMatchObject([{ companyId: demoId, grantedByUserId: await userId(ADMIN) }]);
  });

  it("creates an admin-tier user with a global role", async () => {
    const res = await call(
      "POST",
      "/api/system-users",
      ADMIN,
      newUser({
        workEmail: "uusi.admin@pedaali.test",
        role: "INTERNAL_ADMIN",
        personalEmail: "",
        phoneNumber: null,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { user } = zCreateSystemUserResponse.parse(res.json());
    expect(user).toMatchObject({
      companyId: null,
      roles: ["INTERNAL_ADMIN"],
      personalEmail: null,
      phoneNumber: null,
    });
  });

  it("answers a taken e-mail, in any case, with 409 EMAIL_TAKEN", async () => {
    const demoId = await companyId("Demo Oy");
    const res = await call(
      "POST",
      "/api/system-users",
      ADMIN,
      newUser({ workEmail: "EMPLOYEE@demo.test", companyId: demoId }),
    );
    expectError(res, 409, "EMAIL_TAKEN");
  });

  it("answers bad input with 400, never 500", async () => {
    const demoId = await companyId("Demo Oy");
    const cases: [Record<string, unknown>, string][] = [
      [{ ...newUser({ companyId: demoId }), firstName: "" }, "VALIDATION_ERROR"],
      [newUser({ companyId: demoId, workEmail: "not-an-email" }), "VALIDATION_ERROR"],
      [newUser({ companyId: demoId, workEmail: "a..b@demo.test" }), "VALIDATION_ERROR"],
      [newUser({ companyId: demoId, language: "de" }), "VALIDATION_ERROR"],
      [newUser({ companyId: "x" }), "VALIDATION_ERROR"],
      [
        newUser({ companyId: demoId, workEmail: "p1@demo.test", phoneNumber: "12" }),
        "UNSUPPORTED_PHONE_NUMBER",
      ],
      [newUser({ companyId: demoId, workEmail: "p2@demo.test", role: "NO_SUCH_ROLE" }), "BAD_REQUEST"],
      [newUser({ workEmail: "p3@demo.test", role: "EMPLOYER_ADMIN" }), "BAD_REQUEST"],
      [newUser({ companyId: demoId, workEmail: "p4@demo.test", role: "INTERNAL_ADMIN" }), "BAD_REQUEST"],
    ];
    for (const [payload, code] of cases) {
      const body = expectError(await call("POST", "/api/system-users", ADMIN, payload), 400, code);
      if (code === "UNSUPPORTED_PHONE_NUMBER") expect(body.message).toBe("Unsupported phone number format");
    }
    const notJson = await t.app.inject({
      method: "POST",
      url: "/api/system-users",
      headers: { ...(await as(ADMIN)).headers(), "content-type": "application/json" },
      payload: "{",
    });
    expectError(notJson, 400);
  });

  it("lets only a super admin create a super admin", async () => {
    const res = await call(
      "POST",
      "/api/system-users",
      HELPDESK,
      newUser({ workEmail: "s@pedaali.test", role: "SUPER_ADMIN" }),
    );
    expectError(res, 403, "FORBIDDEN");
  });

  it("refuses roles that manage neither users nor the company (403), anonymous callers (401), and an employee made here by a company (400)", async () => {
    const demoId = await companyId("Demo Oy");
    const payload = newUser({ workEmail: "x1@demo.test", companyId: demoId, role: "EMPLOYER_EDITOR" });
    expectError(await call("POST", "/api/system-users", REPORTING, payload), 403, "FORBIDDEN");
    expectError(await call("POST", "/api/system-users", EMPLOYEE, payload), 403, "FORBIDDEN");
    expectError(await call("POST", "/api/system-users", null, payload), 401, "UNAUTHORIZED");
    // A company's admin makes colleagues here (employer-colleagues.db.test.ts), its employees elsewhere.
    const employee = newUser({ workEmail: "x1@demo.test", companyId: demoId });
    expectError(await call("POST", "/api/system-users", DEMO_ADMIN, employee), 400, "BAD_REQUEST");
  });

  describe("by an employer admin given system-users.manage", () => {
    grantDuringBlock("EMPLOYER_ADMIN", "system-users.manage");

    it("creates users in their own company only; another tenant's company is 404", async () => {
      const toinenId = await companyId("Toinen Oy");
      const demoId = await companyId("Demo Oy");
      const ok = await call(
        "POST",
        "/api/system-users",
        TOINEN_ADMIN,
        newUser({ workEmail: "uusi@toinen.test", companyId: toinenId, role: "EMPLOYER_EDITOR" }),
      );
      expect(ok.statusCode, ok.body).toBe(201);
      expect(zCreateSystemUserResponse.parse(ok.json()).user.roles).toEqual(["EMPLOYER_EDITOR"]);
      const other = await call(
        "POST",
        "/api/system-users",
        TOINEN_ADMIN,
        newUser({ workEmail: "vieras@toinen.test", companyId: demoId }),
      );
      expectError(other, 404, "NOT_FOUND");
    });

    it("grants EMPLOYER_GROUP_ADMIN only as a group admin (403)", async () => {
      const toinenId = await companyId("Toinen Oy");
      const res = await call(
        "POST",
        "/api/system-users",
        TOINEN_ADMIN,
        newUser({ workEmail: "konserni@toinen.test", companyId: toinenId, role: "EMPLOYER_GROUP_ADMIN" }),
      );
      expectError(res, 403, "FORBIDDEN");
    });

    it("never grants an admin-tier role (403)", async () => {
      const res = await call(
        "POST",
        "/api/system-users",
        TOINEN_ADMIN,
        newUser({ workEmail: "admin2@toinen.test", role: "INTERNAL_ADMIN" }),
      );
      expectError(res, 403, "FORBIDDEN");
    });
  });
});
