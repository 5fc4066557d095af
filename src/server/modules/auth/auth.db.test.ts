import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cookieHeader, cookieJar, loginAs, sessionFromJar } from "../../../../tests/helpers/auth.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zSessionTokens, zSessionUser, zTwoFactorRequired } from "../../../contract/auth.ts";
import { zErrorResponse } from "../../../contract/errors.ts";
import { LOGIN_FAILURES_PER_EMAIL } from "../../../domain/auth-rules.ts";
import {
  outbox,
  rateLimitCounters,
  refreshSessions,
  twoFactorChallenges,
  users,
} from "../../db/schema/index.ts";

const t = setupTestApp({}, { demoData: true });
const PASSWORD = "Pedaali2026!";

/** Each call comes from its own address unless the test names one, so lockouts do not leak between tests. */
let nextAddress = 1;
const login = (
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
  remoteAddress?: string,
) =>
  t.app.inject({
    method: "POST",
    url: "/api/login",
    payload,
    headers,
    remoteAddress: remoteAddress ?? `10.20.${Math.floor(nextAddress / 250)}.${nextAddress++ % 250}`,
  });

describe("POST /api/login", () => {
  it("logs a beneficiary straight in and sets both session cookies with the spec's attributes", async () => {
    const res = await login({ email: "employee@demo.test", password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = zSessionTokens.parse(res.json());
    const cookies = Object.fromEntries(
      (res.cookies as { name: string; value: string }[]).map((c) => [c.name, c]),
    ) as Record<string, Record<string, unknown>>;
    for (const name of ["accessToken", "refreshToken"]) {
      expect(cookies[name]).toMatchObject({ path: "/", maxAge: 604800, sameSite: "Strict", httpOnly: true });
      expect(cookies[name]?.secure).toBeFalsy();
    }
    expect(cookies.accessToken?.value).toBe(body.accessToken);
    expect(cookies.refreshToken?.value).toBe(body.refreshToken);
    expect(cookies.csrfToken).toMatchObject({ path: "/", maxAge: 604800, sameSite: "Strict" });
    expect(cookies.csrfToken?.httpOnly).toBeFalsy();
  });

  it("marks the cookies Secure when the app is served over HTTPS", async () => {
    const { buildApp } = await import("../../app.ts");
    const { testConfig } = await import("../../config.ts");
    const app = await buildApp(testConfig({ publicUrl: "https://pedaali.fi" }), { database: t.database });
    try {
      const res = await app.inject({
        method: "POST",
        url: "/api/login",
        payload: { email: "employee@demo.test", password: PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      for (const c of res.cookies as { secure?: boolean }[]) expect(c.secure).toBe(true);
    } finally {
      await app.close();
    }
  });

  it("answers an unknown e-mail and a wrong password alike", async () => {
    const unknown = await login({ email: "nobody@demo.test", password: PASSWORD });
    const wrong = await login({ email: "employee.editor@demo.test", password: "Wrong-password-1" });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(unknown.json()).toEqual({
      statusCode: 401,
      code: "INVALID_CREDENTIALS",
      message: "Password is incorrect",
    });
  });

  it("takes about as long for an unknown e-mail as for a wrong password", async () => {
    const time = async (email: string) => {
      const started = performance.now();
      await login({ email, password: "Not-the-password-9" });
      return performance.now() - started;
    };
    // Medians of interleaved tries, each an argon2 verification. Without the decoy verification an
    // unknown e-mail answers in about 1 ms against about 40 ms, so a quarter is a safe bar under load.
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
    const unknown: number[] = [];
    const known: number[] = [];
    // One wrong password per known user, so nobody is locked out for the tests below.
    const knownEmails = [
      "ville.hamalainen@demo.test",
      "olli.karjalainen@demo.test",
      "jari.lindholm@demo.test",
      "pekka.niemi@toinen.test",
      "kaisa.rantanen@demo.test",
    ];
    for (const [i, email] of knownEmails.entries()) {
      unknown.push(await time(`ghost${i}@demo.test`));
      known.push(await time(email));
    }
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.25);
  });

  it("answers missing fields and a malformed e-mail with the spec's messages", async () => {
    for (const payload of [
      {},
      { email: "employee@demo.test" },
      { password: PASSWORD },
      { email: "  ", password: "x" },
    ]) {
      const res = await login(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Email or password is missing");
    }
    const bad = await login({ email: "not-an-email", password: PASSWORD });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Invalid email");
    const notJson = await t.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { "content-type": "application/json" },
      payload: "{",
    });
    expect(notJson.statusCode).toBe(400);
  });

  it("answers a deactivated user with 403 'User account is deactivated' only after the right password", async () => {
    const right = await login({ email: "deactivated@demo.test", password: PASSWORD });
    expect(right.statusCode).toBe(403);
    expect(zErrorResponse.parse(right.json())).toMatchObject({
      code: "USER_DEACTIVATED",
      message: "User account is deactivated",
    });
    const wrong = await login({ email: "deactivated@demo.test", password: "Wrong-password-1" });
    expect(wrong.statusCode).toBe(401);
  });

  it("sends a set-password mail and answers NO_PASSWORD_SET when the account has no password", async () => {
    await t.database.db
      .update(users)
      .set({ passwordHash: null })
      .where(eq(users.email, "sofia.ahonen@demo.test"));
    const res = await login({ email: "sofia.ahonen@demo.test", password: "anything-at-all" });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("NO_PASSWORD_SET");
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, "sofia.ahonen@demo.test"));
    expect(mail?.channel).toBe("EMAIL");
    expect(mail?.bodyText).toMatch(/\/reset\/[\w-]{40,}/);
  });

  it("refuses a request from another site's page", async () => {
    const res = await login(
      { email: "employee@demo.test", password: PASSWORD },
      { origin: "https://evil.example" },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("ORIGIN_NOT_ALLOWED");
    const ours = await login(
      { email: "employee@demo.test", password: PASSWORD },
      { origin: "http://localhost:3000" },
    );
    expect(ours.statusCode).toBe(200);
  });
});

describe("two-factor verification", () => {
  it("asks an employer admin for a code, sends it by SMS and logs in with it", async () => {
    const res = await login({ email: "employer.admin@demo.test", password: PASSWORD });
    expect(res.statusCode).toBe(202);
    const body = zTwoFactorRequired.parse(res.json());
    expect(body.phoneNumberHint).toBe("+35850•••••01");
    expect(body.devCode).toMatch(/^\d{6}$/);
    const [sms] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, "+358505550101"))
      .orderBy(sql`${outbox.createdAt} desc`)
      .limit(1);
    expect(sms?.bodyText).toContain(body.devCode);
    const challenge = (
      res.cookies as { name: string; httpOnly?: boolean; maxAge?: number; path?: string }[]
    ).find((c) => c.name === "twoFactorChallenge");
    expect(challenge).toMatchObject({ httpOnly: true, maxAge: 300, path: "/api" });

    const jar = cookieJar({}, res);
    const verified = await t.app.inject({
      method: "POST",
      url: "/api/verify",
      headers: { cookie: cookieHeader(jar) },
      payload: { email: "employer.admin@demo.test", code: body.devCode, phoneNumber: "" },
    });
    expect(verified.statusCode).toBe(200);
    expect(zSessionTokens.parse(verified.json()).accessToken).toBeTruthy();
  });

  it("refuses the code without the browser's challenge cookie", async () => {
    const res = await login({ email: "employer.editor@demo.test", password: PASSWORD });
    const { devCode } = res.json();
    const verified = await t.app.inject({
      method: "POST",
      url: "/api/verify",
      payload: { email: "employer.editor@demo.test", code: devCode },
    });
    expect(verified.statusCode).toBe(400);
    expect(verified.json().code).toBe("VERIFICATION_EXPIRED");
  });

  it("counts wrong codes and kills the challenge at the fifth; the right code then starts no session", async () => {
    const res = await login({ email: "reporting@demo.test", password: PASSWORD });
    const { devCode } = res.json() as { devCode: string };
    const cookie = cookieHeader(cookieJar({}, res));
    const wrongCode = devCode === "000000" ? "111111" : "000000";
    const tryCode = (code: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/verify",
        headers: { cookie },
        remoteAddress: "10.1.1.1",
        payload: { email: "reporting@demo.test", code },
      });
    for (let i = 1; i <= 4; i++) {
      const wrong = await tryCode(wrongCode);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe("VERIFICATION_FAILED");
    }
    expect((await tryCode(wrongCode)).json().code).toBe("VERIFICATION_EXPIRED");
    // Even the right code is too late now: the five failures also lock the e-mail's login (5 per
    // 15 minutes), so it is refused before the dead challenge is looked at, and no session starts.
    const late = await tryCode(devCode);
    expect(late.statusCode, late.body).toBe(429);
    expect(zErrorResponse.parse(late.json()).code).toBe("TOO_MANY_REQUESTS");
    expect(late.cookies.map((c) => c.name)).not.toContain("accessToken");
    const reporting = await t.database.db.select().from(users).where(eq(users.email, "reporting@demo.test"));
    const [challenge] = await t.database.db
      .select()
      .from(twoFactorChallenges)
      .where(eq(twoFactorChallenges.userId, reporting[0]?.id as string))
      .orderBy(sql`${twoFactorChallenges.createdAt} desc`)
      .limit(1);
    expect(challenge).toMatchObject({ attempts: 5, consumedAt: null });
  });

  it("lets a code expire after 5 minutes", async () => {
    const res = await login({ email: "group.admin@demo.test", password: PASSWORD });
    const { devCode } = res.json();
    await t.database.db
      .update(twoFactorChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`${twoFactorChallenges.consumedAt} is null`);
    const verified = await t.app.inject({
      method: "POST",
      url: "/api/verify",
      headers: { cookie: cookieHeader(cookieJar({}, res)) },
      payload: { email: "group.admin@demo.test", code: devCode },
    });
    expect(verified.json().code).toBe("VERIFICATION_EXPIRED");
  });

  it("asks a user without a phone number for one, sends the code there and keeps it once verified", async () => {
    const first = await login({ email: "twofactor@demo.test", password: PASSWORD });
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({ code: "PHONE_NUMBER_REQUIRED", requiresPhoneNumber: true });

    const badNumber = await login({ email: "twofactor@demo.test", password: PASSWORD, phoneNumber: "12" });
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.json()).toMatchObject({
      message: "Unsupported phone number format",
      requiresPhoneNumber: true,
    });

    const second = await login({
      email: "twofactor@demo.test",
      password: PASSWORD,
      phoneNumber: "050 555 9876",
    });
    expect(second.statusCode).toBe(202);
    expect(second.json().phoneNumberHint).toBe("050555••76");
    const verified = await t.app.inject({
      method: "POST",
      url: "/api/verify",
      headers: { cookie: cookieHeader(cookieJar({}, second)) },
      payload: { email: "twofactor@demo.test", code: second.json().devCode, phoneNumber: "050 555 9876" },
    });
    expect(verified.statusCode).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, "twofactor@demo.test"));
    expect(user?.phoneNumber).toBe("0505559876");
    expect(user?.phoneVerifiedAt).toBeInstanceOf(Date);
  });

  it("validates the code's shape", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/verify",
      payload: { email: "employer.admin@demo.test", code: "12ab" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("VALIDATION_ERROR");
  });
});

describe("GET /api/user", () => {
  it("answers 401 without a session", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/user" });
    expect(res.statusCode).toBe(401);
  });

  it("returns the user with roles and de-duplicated permissions derived from userRoles", async () => {
    const session = await loginAs(t.app, "employer.admin@demo.test");
    const res = await t.app.inject({ method: "GET", url: "/api/user", headers: session.headers() });
    expect(res.statusCode).toBe(200);
    const user = zSessionUser.parse(res.json());
    expect(user).toMatchObject({ email: "employer.admin@demo.test", firstName: "Laura", deactivated: false });
    expect(user.roles).toEqual(["EMPLOYER_ADMIN"]);
    expect(user.userRoles[0]?.role.rolePermissions.length).toBeGreaterThan(5);
    expect(new Set(user.permissions).size).toBe(user.permissions.length);
    expect(user.permissions).toContain("employees.decide");
    expect(user.companies.map((c) => c.name)).toEqual(["Demo Oy"]);
    expect(res.json()).not.toHaveProperty("passwordHash");
  });

  it("is never stored by a browser or a proxy cache (cache-control: no-store)", async () => {
    const session = await loginAs(t.app, "employee@demo.test");
    const res = await t.app.inject({ method: "GET", url: "/api/user", headers: session.headers() });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("gives a group admin every company of the group, and Toinen Oy's admin only Toinen Oy", async () => {
    const group = await loginAs(t.app, "group.admin@demo.test");
    const groupUser = (
      await t.app.inject({ method: "GET", url: "/api/user", headers: group.headers() })
    ).json();
    expect(groupUser.companies.map((c: { name: string }) => c.name)).toEqual([
      "Demo Logistiikka Oy",
      "Demo Oy",
    ]);
    const other = await loginAs(t.app, "employer.admin@toinen.test");
    const otherUser = (
      await t.app.inject({ method: "GET", url: "/api/user", headers: other.headers() })
    ).json();
    expect(otherUser.companies.map((c: { name: string }) => c.name)).toEqual(["Toinen Oy"]);
  });
});

describe("sessions", () => {
  it("records the browser's user agent and address on the login's session, for the user's session list", async () => {
    const res = await login(
      { email: "employee@demo.test", password: PASSWORD },
      { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0" },
      "10.99.1.7",
    );
    expect(res.statusCode).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, "employee@demo.test"));
    const [session] = await t.database.db
      .select()
      .from(refreshSessions)
      .where(eq(refreshSessions.userId, user?.id as string))
      .orderBy(sql`${refreshSessions.createdAt} desc`)
      .limit(1);
    expect(session).toMatchObject({
      userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0",
      ipAddress: "10.99.1.7",
    });
  });

  it("refreshes an expired access token transparently and rotates the refresh token", async () => {
    const session = await loginAs(t.app, "employee@demo.test");
    const { accessToken: _gone, ...withoutAccess } = session.jar;
    const res = await t.app.inject({
      method: "GET",
      url: "/api/user",
      headers: sessionFromJar(withoutAccess).headers(),
    });
    expect(res.statusCode).toBe(200);
    const rotated = cookieJar(withoutAccess, res);
    expect(rotated.accessToken).toBeTruthy();
    expect(rotated.refreshToken).not.toBe(session.jar.refreshToken);
    // The CSRF cookie is renewed with the session, keeping its value.
    const csrf = (res.cookies as { name: string; value: string; maxAge?: number }[]).find(
      (c) => c.name === "csrfToken",
    );
    expect(csrf).toMatchObject({ value: session.jar.csrfToken, maxAge: 604800 });
    // The new refresh token works on its own.
    const { accessToken: _again, ...onlyNewRefresh } = rotated;
    const next = await t.app.inject({
      method: "GET",
      url: "/api/user",
      headers: sessionFromJar(onlyNewRefresh).headers(),
    });
    expect(next.statusCode).toBe(200);
  });

  it("revokes the whole family when a rotated refresh token is used again after the grace period", async () => {
    const session = await loginAs(t.app, "ville.hamalainen@demo.test");
    const { accessToken: _a, ...oldRefresh } = session.jar;
    const first = await t.app.inject({
      method: "GET",
      url: "/api/user",
      headers: sessionFromJar(oldRefresh).headers(),
    });
    const rotated = cookieJar(oldRefresh, first);
    // Within the grace a parallel request with the old token still passes, without new cookies.
    const parallel = await t.app.inject({
      method: "GET",
      url: "/api/user",
      headers: sessionFromJar(oldRefresh).headers(),
    });
    expect(parallel.statusCode).toBe(200);
    // Later, the old token is a replay.
    await t.database.db
      .update(refreshSessions)
      .set({ revokedAt: new Date(Date.now() - 60_000) })
      .where(eq(refreshSessions.revokedReason, "ROTATED"));
    const replay = await t.app.inject({
      method: "GET",
      url: "/api/user",
      headers: sessionFromJar(oldRefresh).headers(),
    });
    expect(replay.statusCode).toBe(401);
    const { accessToken: _b, ...newRefreshOnly } = rotated;
    const victim = await t.app.inject({
      method: "GET",
      url: "/api/user",
      headers: sessionFromJar(newRefreshOnly).headers(),
    });
    expect(victim.statusCode).toBe(401);
    const access = await t.app.inject({
      method: "GET",
      url: "/api/user",
      headers: sessionFromJar(rotated).headers(),
    });
    expect(access.statusCode).toBe(401);
  });

  it("logs out: revokes the session, clears the cookies, and the old tokens stop working", async () => {
    const session = await loginAs(t.app, "kaisa.rantanen@demo.test");
    const res = await t.app.inject({ method: "POST", url: "/api/logout", headers: session.headers() });
    expect(res.statusCode).toBe(200);
    const jar = cookieJar(session.jar, res);
    expect(jar.accessToken).toBeUndefined();
    expect(jar.refreshToken).toBeUndefined();
    const after = await t.app.inject({ method: "GET", url: "/api/user", headers: session.headers() });
    expect(after.statusCode).toBe(401);
  });

  it("requires the CSRF token on a logged-in state-changing call", async () => {
    const session = await loginAs(t.app, "jari.lindholm@demo.test");
    const noToken = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { cookie: cookieHeader(session.jar) },
    });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().code).toBe("CSRF_TOKEN_INVALID");
    const wrongToken = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { cookie: cookieHeader(session.jar), "x-csrf-token": "forged" },
    });
    expect(wrongToken.statusCode).toBe(403);
    const ok = await t.app.inject({ method: "POST", url: "/api/logout", headers: session.headers() });
    expect(ok.statusCode).toBe(200);
  });
});

describe("rate limits", () => {
  it("locks an e-mail out after 5 failures, even for the right password", async () => {
    const email = "noora.tuominen@demo.test";
    for (let i = 0; i < 5; i++) {
      const res = await login({ email, password: `Wrong-${i}-password` }, {}, `10.0.0.${i}`);
      expect(res.statusCode).toBe(401);
    }
    const locked = await login({ email, password: PASSWORD }, {}, "10.0.0.99");
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe("Too many requests. Please try again later.");
  });

  it("locks an address out after 20 failures across e-mails", async () => {
    for (let i = 0; i < 20; i++) {
      const res = await login(
        { email: `someone${i}@demo.test`, password: "Wrong-password-1" },
        {},
        "10.7.7.7",
      );
      expect(res.statusCode).toBe(401);
    }
    const locked = await login({ email: "mervi.leinonen@toinen.test", password: PASSWORD }, {}, "10.7.7.7");
    expect(locked.statusCode).toBe(429);
    // Another address is not affected.
    const elsewhere = await login(
      { email: "mervi.leinonen@toinen.test", password: PASSWORD },
      {},
      "10.7.7.8",
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it("counts passwords sent at once before checking them: at most 5 are checked, and the count stays at 5", async () => {
    const email = "wrong.burst@demo.test";
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        login({ email, password: `Wrong-${i}-password` }, {}, `10.8.${i}.1`),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_FAILURES_PER_EMAIL);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - LOGIN_FAILURES_PER_EMAIL);
    const [count] = await t.database.db
      .select({ points: rateLimitCounters.points })
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, `login-failures:email:${email}`));
    expect(count?.points).toBe(LOGIN_FAILURES_PER_EMAIL);
  });

  it("does not count right passwords against their address", async () => {
    for (let i = 0; i < 25; i++) {
      const res = await login({ email: "employee@demo.test", password: PASSWORD }, {}, "10.7.7.20");
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});
