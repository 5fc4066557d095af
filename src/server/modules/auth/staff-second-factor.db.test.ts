import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { setUpAuthenticator } from "../../../../tests/helpers/authenticator.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { openApiOperations } from "../../../../tests/security/openapi-operations.ts";
import { zPlatformSettings } from "../../../contract/admin.ts";
import { zSessionUser } from "../../../contract/auth.ts";
import { platformSettings, roles, systemUsers, userRoles, users } from "../../db/schema/index.ts";
import { DEMO_PASSWORD } from "../../db/seed/demo-data.ts";
import { hashPassword } from "./passwords.ts";

// Its own app and database: the requirement changes what every staff user of it may do.
const t = setupTestApp({}, { demoData: true });
const api = apiCaller(t);
const SUPER_ADMIN = "admin@pedaali.test";
const HELPDESK = "helpdesk@pedaali.test";
const SETTINGS = "/api/admin/platform-settings";

const mustSetUp = async (email: string) =>
  zSessionUser.parse((await api.call("GET", "/api/user", email)).json()).secondFactorSetupRequired;

describe("requiring an authenticator app of the staff", () => {
  it("is a super admin's setting, turned on only by one whose own app is in use", async () => {
    expect(zPlatformSettings.parse((await api.call("GET", SETTINGS, SUPER_ADMIN)).json())).toMatchObject({
      staffAuthenticatorRequired: false,
    });
    expectError(await api.call("PUT", SETTINGS, HELPDESK, { staffAuthenticatorRequired: true }), 403);
    expectError(await api.call("PUT", SETTINGS, SUPER_ADMIN, { staffAuthenticatorRequired: "yes" }), 400);
    expectError(
      await api.call("PUT", SETTINGS, SUPER_ADMIN, { staffAuthenticatorRequired: true }),
      409,
      "AUTHENTICATOR_NOT_IN_USE",
    );

    await setUpAuthenticator(api, SUPER_ADMIN);
    const on = await api.call("PUT", SETTINGS, SUPER_ADMIN, { staffAuthenticatorRequired: true });
    expect(on.statusCode, on.body).toBe(200);
    try {
      // The helpdesk, already logged in, meets it on the next call: only their own details, the
      // app's setup and their notifications answer until the app is in use.
      expect(await mustSetUp(HELPDESK)).toBe(true);
      expectError(await api.call("GET", "/api/admin/search?q=demo", HELPDESK), 403, "SECOND_FACTOR_REQUIRED");
      expectError(await api.call("GET", "/api/companies", HELPDESK), 403, "SECOND_FACTOR_REQUIRED");
      expect((await api.call("GET", "/api/notifications/unread-count", HELPDESK)).statusCode).toBe(200);
      expect((await api.call("GET", "/api/account/authenticator", HELPDESK)).statusCode).toBe(200);

      // Nobody else is held: the super admin has an app, employer users and employees are not staff.
      expect(await mustSetUp(SUPER_ADMIN)).toBe(false);
      expect((await api.call("GET", "/api/admin/search?q=demo", SUPER_ADMIN)).statusCode).toBe(200);
      expect(await mustSetUp("employer.admin@demo.test")).toBe(false);
      expect(await mustSetUp("employee@demo.test")).toBe(false);

      // Once the helpdesk's app is in use, they go on as before.
      await setUpAuthenticator(api, HELPDESK);
      expect(await mustSetUp(HELPDESK)).toBe(false);
      expect((await api.call("GET", "/api/admin/search?q=demo", HELPDESK)).statusCode).toBe(200);
    } finally {
      const off = await api.call("PUT", SETTINGS, SUPER_ADMIN, { staffAuthenticatorRequired: false });
      expect(off.statusCode, off.body).toBe(200);
    }
    const after = zPlatformSettings.parse((await api.call("GET", SETTINGS, SUPER_ADMIN)).json());
    expect(after.staffAuthenticatorRequired).toBe(false);
  });
});

/**
 * Every call that needs a login holds a staff user without an authenticator app, whatever guard it
 * uses, except the short list of what setting the app up needs. A route that lets them through must be
 * added to this list on purpose; one that no longer does must leave it.
 */
const DURING_SETUP = [
  // Who they are, and that the app must be set up first
  "GET /api/user",
  // Their own details and settings
  "PATCH /api/user",
  "PUT /api/user/municipality",
  "POST /api/system-users/phone-change/confirm",
  "GET /api/user-preferences/user/{id}",
  "PUT /api/user-preferences",
  // The app, its recovery codes and passkeys
  "GET /api/account/authenticator",
  "POST /api/account/authenticator",
  "POST /api/account/authenticator/confirm",
  "DELETE /api/account/authenticator",
  "POST /api/account/authenticator/recovery-codes",
  "GET /api/account/passkeys",
  "POST /api/account/passkeys/options",
  "POST /api/account/passkeys",
  "DELETE /api/account/passkeys/{id}",
  // Their own logins: a device lost while the app is still to be set up is logged out at once
  "GET /api/account/sessions",
  "DELETE /api/account/sessions/{id}",
  "DELETE /api/account/sessions",
  // Their own notifications
  "GET /api/notifications",
  "GET /api/notifications/checker",
  "GET /api/notifications/unread-count",
  "GET /api/notifications/{id}",
  "PUT /api/notifications/mark-as-read",
  "DELETE /api/notifications/{id}",
];

describe("the staff who must set up an authenticator app", () => {
  it("reach nothing but the app's setup, whichever guard a call uses", async () => {
    const { db } = t.database;
    const email = `ilman.sovellusta.${Date.now()}@pedaali.test`;
    const [user] = await db
      .insert(users)
      .values({ email, passwordHash: await hashPassword(DEMO_PASSWORD), phoneNumber: "+358401900555" })
      .returning({ id: users.id });
    const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, "INTERNAL_ADMIN"));
    await db
      .insert(systemUsers)
      .values({ userId: user?.id as string, firstName: "Uusi", lastName: "Ylläpitäjä" });
    await db.insert(userRoles).values({ userId: user?.id as string, roleId: role?.id as string });
    await db.update(platformSettings).set({ staffAuthenticatorRequired: true });
    try {
      const through: string[] = [];
      const id = "00000000-0000-4000-8000-000000000001";
      for (const operation of openApiOperations(t.app)) {
        const url = operation.path.replace(/\{\w+\}/g, id);
        const anonymous = await api.call(operation.method, url, null);
        if (anonymous.statusCode !== 401) continue;
        const res = await api.call(operation.method, url, email);
        const gated =
          res.statusCode === 401 ||
          (res.statusCode === 403 && (res.json() as { code?: string }).code === "SECOND_FACTOR_REQUIRED");
        if (!gated) through.push(operation.key);
      }
      expect(through.sort()).toEqual([...DURING_SETUP].sort());
    } finally {
      await db.update(platformSettings).set({ staffAuthenticatorRequired: false });
    }
  });
});
