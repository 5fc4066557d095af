import { eq } from "drizzle-orm";
import { decodeJwt, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { cookieHeader, cookieJar, loginAs, sessionFromJar } from "../../../../tests/helpers/auth.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { CSRF_HEADER } from "../../../domain/constants.ts";
import { refreshSessions } from "../../db/schema/index.ts";
import { sha256 } from "./tokens.ts";

/** Logout must end the session even when the access token has expired: the next user of the device gets none. */

const SECRET = "logout-test-secret-that-is-long-enough-0123456789";
const t = setupTestApp({ jwtSecret: SECRET }, { demoData: true });

/** The same access token as `token`, but one that expired a minute ago (15 minutes idle). */
async function expiredCopy(token: string, secret = SECRET): Promise<string> {
  const claims = decodeJwt(token);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims, iat: now - 16 * 60, exp: now - 60 })
    .setProtectedHeader({ alg: "HS256" })
    .sign(new TextEncoder().encode(secret));
}

/** Every row of the login family the refresh token belongs to. */
async function familyRows(refreshToken: string) {
  const { db } = t.database;
  const [mine] = await db
    .select()
    .from(refreshSessions)
    .where(eq(refreshSessions.tokenHash, sha256(refreshToken)));
  if (!mine) throw new Error("no session row for the refresh token");
  return db.select().from(refreshSessions).where(eq(refreshSessions.familyId, mine.familyId));
}

const logout = (jar: Record<string, string>) =>
  t.app.inject({ method: "POST", url: "/api/logout", headers: sessionFromJar(jar).headers() });

describe("logout after the access token expired", () => {
  it("revokes the family found from an expired access token and the refresh token", async () => {
    const session = await loginAs(t.app, "employee@demo.test");
    const jar = { ...session.jar, accessToken: await expiredCopy(session.jar.accessToken as string) };
    const res = await logout(jar);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: "Logged out" });
    const after = cookieJar(jar, res);
    expect(after.accessToken).toBeUndefined();
    expect(after.refreshToken).toBeUndefined();
    expect(after.csrfToken).toBeUndefined();

    const { accessToken: _gone, ...oldRefresh } = session.jar;
    const reopened = await t.app.inject({
      method: "GET",
      url: "/api/user",
      headers: { cookie: cookieHeader(oldRefresh) },
    });
    expect(reopened.statusCode).toBe(401);
    const rows = await familyRows(session.jar.refreshToken as string);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.revokedAt).not.toBeNull();
      expect(row.revokedReason).toBe("LOGOUT");
    }
  });

  it("revokes the family found from the refresh token alone", async () => {
    const session = await loginAs(t.app, "olli.karjalainen@demo.test");
    const { accessToken: _gone, ...onlyRefresh } = session.jar;
    const res = await logout(onlyRefresh);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: "Logged out" });
    const reopened = await t.app.inject({
      method: "GET",
      url: "/api/user",
      headers: { cookie: cookieHeader(onlyRefresh) },
    });
    expect(reopened.statusCode).toBe(401);
    for (const row of await familyRows(session.jar.refreshToken as string)) {
      expect(row.revokedReason).toBe("LOGOUT");
    }
  });

  it("an expired access token signed with another key revokes nothing", async () => {
    const victim = await loginAs(t.app, "sofia.ahonen@demo.test");
    const forged = await expiredCopy(
      victim.jar.accessToken as string,
      "another-secret-entirely-0123456789abcdef",
    );
    const res = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { cookie: cookieHeader({ accessToken: forged }) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: "Logged out" });
    for (const row of await familyRows(victim.jar.refreshToken as string)) expect(row.revokedAt).toBeNull();
    const still = await t.app.inject({ method: "GET", url: "/api/user", headers: victim.headers() });
    expect(still.statusCode).toBe(200);
  });

  it("answers the same and clears the cookies when no session is found", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { cookie: cookieHeader({ refreshToken: "unknown", csrfToken: "x" }), [CSRF_HEADER]: "x" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: "Logged out" });
    const cleared = (res.cookies as { name: string; value: string }[]).map((c) => c.name).sort();
    expect(cleared).toEqual(["accessToken", "csrfToken", "refreshToken"]);
  });
});
