import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { cookieHeader, cookieJar, loginAs } from "../../../../tests/helpers/auth.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { DEMO_PASSWORD } from "../../db/seed/demo-data.ts";
import { CHALLENGE_COOKIE } from "./cookies.ts";

/**
 * A browser drops a cookie only when the Set-Cookie that clears it names the same cookie: same name
 * and path. The clearing cookies must also keep the attributes the cookie was set with (SameSite
 * Strict; HttpOnly where the page must not read it, not HttpOnly for the CSRF token the page echoes).
 */

const t = setupTestApp({}, { demoData: true });

type Cookie = {
  name: string;
  value: string;
  path?: string;
  sameSite?: string;
  httpOnly?: boolean;
  secure?: boolean;
  maxAge?: number;
  expires?: Date;
};

function cookieNamed(res: LightMyRequestResponse, name: string): Cookie {
  const found = (res.cookies as Cookie[]).filter((c) => c.name === name);
  expect(found, `one Set-Cookie for ${name}`).toHaveLength(1);
  return found[0] as Cookie;
}

/** The attributes that decide which cookie a Set-Cookie replaces and who may read it. */
const scopeOf = (c: Cookie) => ({
  path: c.path,
  sameSite: c.sameSite,
  httpOnly: c.httpOnly ?? false,
  secure: c.secure ?? false,
});

function expectCleared(c: Cookie): void {
  expect(c.value).toBe("");
  expect(c.expires !== undefined && c.expires.getTime() <= Date.now()).toBe(true);
}

describe("session and challenge cookies", () => {
  it("clears the two-factor challenge cookie once the code is verified, at /api, SameSite Strict and HttpOnly as it was set", async () => {
    const email = "employer.admin@demo.test";
    const login = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email, password: DEMO_PASSWORD },
      remoteAddress: "10.77.0.1",
    });
    expect(login.statusCode, login.body).toBe(202);
    const set = cookieNamed(login, CHALLENGE_COOKIE);
    const { devCode } = login.json() as { devCode: string };

    const verified = await t.app.inject({
      method: "POST",
      url: "/api/verify",
      headers: { cookie: cookieHeader(cookieJar({}, login)) },
      payload: { email, code: devCode },
      remoteAddress: "10.77.0.1",
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const cleared = cookieNamed(verified, CHALLENGE_COOKIE);
    expectCleared(cleared);
    expect(scopeOf(cleared)).toEqual({ path: "/api", sameSite: "Strict", httpOnly: true, secure: false });
    expect(scopeOf(cleared)).toEqual(scopeOf(set));
    expect(cookieJar(cookieJar({}, login), verified)[CHALLENGE_COOKIE]).toBeUndefined();
  });

  it("clears the session cookies on logout at path /, leaving the CSRF cookie readable by the page as it was set", async () => {
    const session = await loginAs(t.app, "employee@demo.test");
    const res = await t.app.inject({ method: "POST", url: "/api/logout", headers: session.headers() });
    expect(res.statusCode, res.body).toBe(200);
    for (const name of ["accessToken", "refreshToken"]) {
      const cleared = cookieNamed(res, name);
      expectCleared(cleared);
      expect(scopeOf(cleared)).toEqual({ path: "/", sameSite: "Strict", httpOnly: true, secure: false });
    }
    const csrf = cookieNamed(res, "csrfToken");
    expectCleared(csrf);
    expect(scopeOf(csrf)).toEqual({ path: "/", sameSite: "Strict", httpOnly: false, secure: false });
    expect(cookieJar(session.jar, res)).toEqual({});
  });

  it("clears the same cookies when an unknown refresh token is presented, so the page stops trying", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/user",
      headers: { cookie: cookieHeader({ refreshToken: "not-a-session", csrfToken: "stale" }) },
    });
    expect(res.statusCode).toBe(401);
    const csrf = cookieNamed(res, "csrfToken");
    expectCleared(csrf);
    expect(scopeOf(csrf)).toEqual({ path: "/", sameSite: "Strict", httpOnly: false, secure: false });
    expect(cookieJar({ csrfToken: "stale" }, res)).toEqual({});
  });
});
