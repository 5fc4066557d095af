import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expectError } from "../../../../tests/helpers/api.ts";
import { cookieHeader, cookieJar, loginAs, sessionFromJar } from "../../../../tests/helpers/auth.ts";
import { userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { CSRF_HEADER } from "../../../domain/constants.ts";
import {
  permissions,
  refreshSessions,
  rolePermissions,
  roles,
  userPreferences,
  users,
} from "../../db/schema/index.ts";

/**
 * Cross-site request forgery: the Origin and CSRF checks must hold whatever the spelling of the path,
 * refuse `Origin: null`, and accept only the CSRF token bound to the caller's own session.
 */

const t = setupTestApp({}, { demoData: true });
const FOREIGN = "https://evil.example";
const ADMIN = "admin@pedaali.test";
const EMPLOYEE = "employee@demo.test";

async function idOf(table: typeof roles | typeof permissions, name: string): Promise<string> {
  const [row] = await t.database.db.select({ id: table.id }).from(table).where(eq(table.name, name));
  return row?.id as string;
}

async function rolePermissionCount(roleId: string, permissionId: string): Promise<number> {
  const rows = await t.database.db
    .select()
    .from(rolePermissions)
    .where(and(eq(rolePermissions.roleId, roleId), eq(rolePermissions.permissionId, permissionId)));
  return rows.length;
}

async function preferencesOf(email: string): Promise<unknown> {
  const [row] = await t.database.db
    .select({ preferences: userPreferences.preferences })
    .from(userPreferences)
    .where(eq(userPreferences.userId, await userIdByEmail(t.database.db, email)));
  return row?.preferences ?? null;
}

async function isDeactivated(email: string): Promise<boolean> {
  const [row] = await t.database.db
    .select({ deactivated: users.deactivated })
    .from(users)
    .where(eq(users.id, await userIdByEmail(t.database.db, email)));
  return row?.deactivated as boolean;
}

/** The cookies without the CSRF header: what a cross-site form or a script elsewhere could send. */
const cookiesOnly = (jar: Record<string, string>): Record<string, string> => ({ cookie: cookieHeader(jar) });

/** A foreign page's request (refused for its Origin), and one without Origin (refused for its token). */
const withoutToken = (jar: Record<string, string>) =>
  [
    { headers: { ...cookiesOnly(jar), origin: FOREIGN }, code: "ORIGIN_NOT_ALLOWED" },
    { headers: cookiesOnly(jar), code: "CSRF_TOKEN_INVALID" },
  ] as const;

describe("a percent-encoded /api path is checked like /api", () => {
  it("POST /%61pi/roles/.../permissions/... without Origin or token changes no role", async () => {
    const admin = await loginAs(t.app, ADMIN);
    const role = await idOf(roles, "BIKE_BENEFICIARY");
    const permission = await idOf(permissions, "reports.read");
    const url = `/%61pi/roles/${role}/permissions/${permission}`;
    expect(await rolePermissionCount(role, permission)).toBe(0);
    for (const { headers, code } of withoutToken(admin.jar)) {
      expectError(await t.app.inject({ method: "POST", url, headers }), 403, code);
    }
    expect(await rolePermissionCount(role, permission)).toBe(0);
  });

  it("PATCH /%61pi/system-users/{id}/deactivated without a token deactivates nobody", async () => {
    const admin = await loginAs(t.app, ADMIN);
    const target = "kaisa.rantanen@demo.test";
    const url = `/%61pi/system-users/${await userIdByEmail(t.database.db, target)}/deactivated`;
    for (const { headers, code } of withoutToken(admin.jar)) {
      const res = await t.app.inject({ method: "PATCH", url, headers, payload: { deactivated: true } });
      expectError(res, 403, code);
    }
    expect(await isDeactivated(target)).toBe(false);
  });

  it("PUT /%61pi/user-preferences without a token leaves the preferences as they were", async () => {
    const employee = await loginAs(t.app, EMPLOYEE);
    const before = await preferencesOf(EMPLOYEE);
    for (const { headers, code } of withoutToken(employee.jar)) {
      const res = await t.app.inject({
        method: "PUT",
        url: "/%61pi/user-preferences",
        headers,
        payload: { preferences: { theme: "dark" } },
      });
      expectError(res, 403, code);
    }
    expect(await preferencesOf(EMPLOYEE)).toEqual(before);
  });

  it("POST /%61pi/login from a foreign origin opens no session", async () => {
    const email = "reporting@demo.test";
    const userId = await userIdByEmail(t.database.db, email);
    const sessionsBefore = await t.database.db
      .select()
      .from(refreshSessions)
      .where(eq(refreshSessions.userId, userId));
    const res = await t.app.inject({
      method: "POST",
      url: "/%61pi/login",
      headers: { origin: FOREIGN },
      payload: { email, password: "Pedaali2026!" },
    });
    expectError(res, 403, "ORIGIN_NOT_ALLOWED");
    expect(res.cookies).toEqual([]);
    const sessionsAfter = await t.database.db
      .select()
      .from(refreshSessions)
      .where(eq(refreshSessions.userId, userId));
    expect(sessionsAfter).toEqual(sessionsBefore);
  });
});

describe("Origin null is a foreign origin", () => {
  it("refuses a login with Origin: null, even with our Referer", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { origin: "null", referer: "http://localhost:3000/login" },
      payload: { email: EMPLOYEE, password: "Pedaali2026!" },
    });
    expectError(res, 403, "ORIGIN_NOT_ALLOWED");
    expect(res.cookies).toEqual([]);
  });

  it("refuses a session call with Origin: null, even with the right token", async () => {
    const employee = await loginAs(t.app, EMPLOYEE);
    const before = await preferencesOf(EMPLOYEE);
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/user-preferences",
      headers: { ...employee.headers(), origin: "null" },
      payload: { preferences: { theme: "dark" } },
    });
    expectError(res, 403, "ORIGIN_NOT_ALLOWED");
    expect(await preferencesOf(EMPLOYEE)).toEqual(before);
  });
});

describe("the CSRF token belongs to the session", () => {
  it("refuses a planted cookie-and-header pair of the attacker's choosing", async () => {
    const employee = await loginAs(t.app, EMPLOYEE);
    const before = await preferencesOf(EMPLOYEE);
    const planted = { ...employee.jar, csrfToken: "aaaa" };
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/user-preferences",
      headers: { cookie: cookieHeader(planted), [CSRF_HEADER]: "aaaa" },
      payload: { preferences: { theme: "dark" } },
    });
    expectError(res, 403, "CSRF_TOKEN_INVALID");
    expect(await preferencesOf(EMPLOYEE)).toEqual(before);
  });

  it("refuses another session's genuine token", async () => {
    const employee = await loginAs(t.app, EMPLOYEE);
    const other = await loginAs(t.app, EMPLOYEE);
    expect(other.jar.csrfToken).not.toBe(employee.jar.csrfToken);
    const before = await preferencesOf(EMPLOYEE);
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/user-preferences",
      headers: {
        cookie: cookieHeader({ ...employee.jar, csrfToken: other.jar.csrfToken as string }),
        [CSRF_HEADER]: other.jar.csrfToken as string,
      },
      payload: { preferences: { theme: "dark" } },
    });
    expectError(res, 403, "CSRF_TOKEN_INVALID");
    expect(await preferencesOf(EMPLOYEE)).toEqual(before);
  });

  it("refuses a token checked against one login when the cookies lead on to another", async () => {
    // Login A's access token and CSRF token, with login B's refresh cookie; A has logged out.
    const a = await loginAs(t.app, EMPLOYEE);
    const b = await loginAs(t.app, EMPLOYEE);
    const logout = await t.app.inject({ method: "POST", url: "/api/logout", headers: a.headers() });
    expect(logout.statusCode, logout.body).toBe(200);
    const before = await preferencesOf(EMPLOYEE);
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/user-preferences",
      headers: {
        cookie: cookieHeader({ ...a.jar, refreshToken: b.jar.refreshToken as string }),
        [CSRF_HEADER]: a.jar.csrfToken as string,
      },
      payload: {
        preferences: { theme: before && (before as { theme?: string }).theme === "dark" ? "light" : "dark" },
      },
    });
    expectError(res, 401, "UNAUTHORIZED");
    expect(await preferencesOf(EMPLOYEE)).toEqual(before);
  });

  it("accepts the genuine token, also after a transparent refresh rotated the session", async () => {
    const employee = await loginAs(t.app, "ville.hamalainen@demo.test");
    const put = (headers: Record<string, string>, theme: string) =>
      t.app.inject({
        method: "PUT",
        url: "/api/user-preferences",
        headers,
        payload: { preferences: { theme } },
      });
    const first = await put(employee.headers(), "dark");
    expect(first.statusCode, first.body).toBe(200);

    // The access token is gone (expired): this call rotates the refresh token on the way.
    const { accessToken: _expired, ...withoutAccess } = employee.jar;
    const rotatedCall = await put(sessionFromJar(withoutAccess).headers(), "light");
    expect(rotatedCall.statusCode, rotatedCall.body).toBe(200);
    const rotated = cookieJar(withoutAccess, rotatedCall);
    expect(rotated.refreshToken).not.toBe(employee.jar.refreshToken);
    expect(rotated.csrfToken).toBe(employee.jar.csrfToken);

    const afterRotation = await put(sessionFromJar(rotated).headers(), "dark");
    expect(afterRotation.statusCode, afterRotation.body).toBe(200);
    expect(await preferencesOf("ville.hamalainen@demo.test")).toMatchObject({ theme: "dark" });
  });
});
