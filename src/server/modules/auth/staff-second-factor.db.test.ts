import { describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { setUpAuthenticator } from "../../../../tests/helpers/authenticator.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zPlatformSettings } from "../../../contract/admin.ts";
import { zSessionUser } from "../../../contract/auth.ts";

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
