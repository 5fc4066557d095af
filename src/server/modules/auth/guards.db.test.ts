import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expectError } from "../../../../tests/helpers/api.ts";
import { loginAs } from "../../../../tests/helpers/auth.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { users } from "../../db/schema/index.ts";

// The route guards of plugins/auth.ts on their own: who passes `guards.user` and
// `guards.permission(...)`, and with which refusal. The authorization matrix checks every route with
// every role; these keep the guard's own branches covered where the auth module's tests measure it.
const t = setupTestApp({}, { demoData: true });
const roles = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url: "/api/roles", headers });
const me = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url: "/api/user", headers });

describe("the route guards", () => {
  it("lets a holder of the permission through", async () => {
    const admin = await loginAs(t.app, "admin@pedaali.test");
    const res = await roles(admin.headers());
    expect(res.statusCode, res.body).toBe(200);
  });

  it("answers 401 without a session and 403 FORBIDDEN without the permission", async () => {
    expectError(await roles(), 401, "UNAUTHORIZED");
    const employee = await loginAs(t.app, "employee@demo.test");
    expectError(await roles(employee.headers()), 403, "FORBIDDEN");
  });

  it("refuses a user deactivated during their session (403 USER_DEACTIVATED), yet still answers who they are", async () => {
    const admin = await loginAs(t.app, "helpdesk@pedaali.test");
    expect((await roles(admin.headers())).statusCode).toBe(200);
    await t.database.db
      .update(users)
      .set({ deactivated: true })
      .where(eq(users.email, "helpdesk@pedaali.test"));
    try {
      expectError(await roles(admin.headers()), 403, "USER_DEACTIVATED");
      const who = await me(admin.headers());
      expect(who.statusCode, who.body).toBe(200);
      expect(who.json()).toMatchObject({ email: "helpdesk@pedaali.test", deactivated: true });
    } finally {
      await t.database.db
        .update(users)
        .set({ deactivated: false })
        .where(eq(users.email, "helpdesk@pedaali.test"));
    }
  });
});
