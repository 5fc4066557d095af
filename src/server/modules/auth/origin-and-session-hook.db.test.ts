import { desc, eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { cookieHeader, cookieJar, loginAs, sessionFromJar } from "../../../../tests/helpers/auth.ts";
import { userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { productionConfig, recordingMessaging } from "../../../../tests/helpers/production.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { buildApp } from "../../app.ts";
import { type Config, testConfig } from "../../config.ts";
import { refreshSessions, userPreferences, users } from "../../db/schema/index.ts";

/**
 * The onRequest hook and the guards of plugins/auth.ts as a browser or an attacker meets them: which
 * origins may make a state-changing call, which cookie combinations must bring the CSRF token, what a
 * transparent refresh answers, and the exact refusals. Tests that depend on how the app is put
 * together (its origin set, its route configs, its guards) build their own app inside the test.
 */

const t = setupTestApp({}, { demoData: true });

const CSRF_REFUSED = {
  statusCode: 403,
  code: "CSRF_TOKEN_INVALID",
  message: "Missing or invalid CSRF token",
};
const ORIGIN_REFUSED = {
  statusCode: 403,
  code: "ORIGIN_NOT_ALLOWED",
  message: "Cross-origin request refused",
};
const UNAUTHORIZED = { statusCode: 401, code: "UNAUTHORIZED" };

/** An app of its own on the file's database, built and closed inside the calling test. */
async function withApp(config: Config, run: (app: FastifyInstance) => Promise<void>): Promise<void> {
  const app = await buildApp(config, { database: t.database, messaging: recordingMessaging() });
  try {
    await app.ready();
    await run(app);
  } finally {
    await app.close();
  }
}

/** A login attempt with an empty body: 400 once past the Origin check, 403 when refused by it. */
const emptyLogin = (app: FastifyInstance, headers: Record<string, string>) =>
  app.inject({ method: "POST", url: "/api/login", headers, payload: {} });

async function expectOriginAllowed(app: FastifyInstance, headers: Record<string, string>) {
  const res = await emptyLogin(app, headers);
  expect(res.json(), JSON.stringify(headers)).toMatchObject({
    statusCode: 400,
    message: "Email or password is missing",
  });
}

async function expectOriginRefused(app: FastifyInstance, headers: Record<string, string>) {
  const res = await emptyLogin(app, headers);
  expect(res.json(), JSON.stringify(headers)).toEqual(ORIGIN_REFUSED);
  expect(res.cookies).toEqual([]);
}

const putPreferences = (headers: Record<string, string>, theme = "dark") =>
  t.app.inject({ method: "PUT", url: "/api/user-preferences", headers, payload: { preferences: { theme } } });

async function preferencesOf(email: string): Promise<unknown> {
  const [row] = await t.database.db
    .select({ preferences: userPreferences.preferences })
    .from(userPreferences)
    .where(eq(userPreferences.userId, await userIdByEmail(t.database.db, email)));
  return row?.preferences ?? null;
}

type Cookie = { name: string; value: string; httpOnly?: boolean; maxAge?: number; expires?: Date };
const cookiesOf = (res: LightMyRequestResponse) => res.cookies as Cookie[];

describe("allowed origins of a state-changing call", () => {
  it("outside production allows the Vite dev server and the API's own port on both loopback names", async () => {
    await withApp(testConfig({ port: 4321 }), async (app) => {
      for (const origin of [
        "http://localhost:5173",
        "http://127.0.0.1:5173",
        "http://localhost:4321",
        "http://127.0.0.1:4321",
        "http://localhost:3000", // PUBLIC_URL's origin
      ]) {
        await expectOriginAllowed(app, { origin });
      }
      for (const origin of [
        "http://localhost:5174",
        "http://127.0.0.1:3000",
        "http://localhost:8080",
        "https://localhost:5173",
        "http://evil.example:5173",
        "https://evil.example",
      ]) {
        await expectOriginRefused(app, { origin });
      }
    });
  });

  it("in production allows PUBLIC_URL's origin only, not the dev server's", async () => {
    await withApp(productionConfig(), async (app) => {
      await expectOriginAllowed(app, { origin: "https://pedaali.example" });
      for (const origin of ["http://localhost:5173", "http://127.0.0.1:5173", "http://localhost:3000"]) {
        await expectOriginRefused(app, { origin });
      }
    });
  });
});

describe("Referer when the browser sends no Origin", () => {
  it("refuses a foreign Referer and one that is not a URL, and lets our own through", async () => {
    await expectOriginRefused(t.app, { referer: "https://evil.example/page" });
    await expectOriginRefused(t.app, { referer: "not a url" });
    await expectOriginAllowed(t.app, { referer: "http://localhost:3000/login" });
  });
});

describe("the CSRF token requirement", () => {
  it("does not ask a logged-in browser for the token on ORIGIN_ONLY calls (login, verify)", async () => {
    await withApp(testConfig(), async (app) => {
      const employee = await loginAs(app, "sofia.ahonen@demo.test");
      const cookie = cookieHeader(employee.jar);
      const again = await app.inject({
        method: "POST",
        url: "/api/login",
        headers: { cookie },
        payload: { email: "sofia.ahonen@demo.test", password: "Pedaali2026!" },
      });
      expect(again.statusCode, again.body).toBe(200);
      const verify = await app.inject({
        method: "POST",
        url: "/api/verify",
        headers: { cookie },
        payload: {},
      });
      expect(verify.statusCode, verify.body).toBe(400);
      expect(verify.json().code).toBe("VALIDATION_ERROR");
    });
  });

  it("answers a state-changing call without any session cookie 401, not a CSRF refusal", async () => {
    const res = await putPreferences({});
    expect(res.json()).toMatchObject(UNAUTHORIZED);
  });

  it("refuses a call with only the refresh cookie and no token, changing nothing", async () => {
    const email = "jari.lindholm@demo.test";
    const { accessToken: _gone, ...withoutAccess } = (await loginAs(t.app, email)).jar;
    const before = await preferencesOf(email);
    const res = await putPreferences({ cookie: cookieHeader(withoutAccess) });
    expect(res.json()).toEqual(CSRF_REFUSED);
    expect(await preferencesOf(email)).toEqual(before);
  });

  it("refuses a call with only a valid access cookie and no token", async () => {
    const email = "kaisa.rantanen@demo.test";
    const { accessToken } = (await loginAs(t.app, email)).jar;
    const before = await preferencesOf(email);
    const res = await putPreferences({ cookie: cookieHeader({ accessToken: accessToken as string }) });
    expect(res.json()).toEqual(CSRF_REFUSED);
    expect(await preferencesOf(email)).toEqual(before);
  });

  it("treats an unknown refresh cookie as anonymous (401) and clears the cookies", async () => {
    const res = await putPreferences({ cookie: cookieHeader({ refreshToken: "forged", csrfToken: "x" }) });
    expect(res.json()).toMatchObject(UNAUTHORIZED);
    const names = cookiesOf(res).map((c) => c.name);
    expect(names.sort()).toEqual(["accessToken", "csrfToken", "refreshToken"]);
    for (const c of cookiesOf(res)) expect(c.value, c.name).toBe("");
  });
});

describe("a transparent refresh on a state-changing call", () => {
  it("records the browser on the new session and renews the cookies with their attributes", async () => {
    const email = "olli.karjalainen@demo.test";
    const login = await loginAs(t.app, email);
    const { accessToken: _expired, ...withoutAccess } = login.jar;
    const userAgent = "Mozilla/5.0 (Macintosh) Safari/605.1.15";
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/user-preferences",
      headers: { ...sessionFromJar(withoutAccess).headers(), "user-agent": userAgent },
      remoteAddress: "10.55.0.9",
      payload: { preferences: { theme: "light" } },
    });
    expect(res.statusCode, res.body).toBe(200);

    const [newest] = await t.database.db
      .select()
      .from(refreshSessions)
      .where(eq(refreshSessions.userId, await userIdByEmail(t.database.db, email)))
      .orderBy(desc(refreshSessions.createdAt))
      .limit(1);
    expect(newest).toMatchObject({ userAgent, ipAddress: "10.55.0.9", revokedAt: null });

    const set = Object.fromEntries(cookiesOf(res).map((c) => [c.name, c]));
    expect(set.accessToken).toMatchObject({ httpOnly: true, maxAge: 604800 });
    expect(set.refreshToken).toMatchObject({ httpOnly: true, maxAge: 604800 });
    expect(set.csrfToken).toMatchObject({ value: login.jar.csrfToken, maxAge: 604800 });
    expect(set.csrfToken?.httpOnly ?? false).toBe(false);
    expect(cookieJar(withoutAccess, res).refreshToken).not.toBe(login.jar.refreshToken);
  });
});

describe("the CSRF token repeated in the body (PUT /api/system-users/{id})", () => {
  it("refuses a wrong body token even with the right header, and accepts the session's own", async () => {
    const admin = await loginAs(t.app, "admin@pedaali.test");
    const target = await userIdByEmail(t.database.db, "pekka.niemi@toinen.test");
    const put = (csrfToken: string, workEmail: string) =>
      t.app.inject({
        method: "PUT",
        url: `/api/system-users/${target}`,
        headers: admin.headers(),
        payload: { workEmail, csrfToken },
      });
    const forged = await put("forged-token", "pekka.forged@toinen.test");
    expect(forged.json()).toEqual(CSRF_REFUSED);
    const other = await loginAs(t.app, "admin@pedaali.test");
    expect((await put(other.jar.csrfToken as string, "pekka.other@toinen.test")).json()).toEqual(
      CSRF_REFUSED,
    );
    const [unchanged] = await t.database.db.select().from(users).where(eq(users.id, target));
    expect(unchanged?.email).toBe("pekka.niemi@toinen.test");

    const genuine = await put(admin.jar.csrfToken as string, "pekka.n@toinen.test");
    expect(genuine.statusCode, genuine.body).toBe(200);
    expect(genuine.json()).toMatchObject({ workEmail: "pekka.n@toinen.test" });
  });
});

describe("the guards' refusals", () => {
  it("answers a missing permission and a deactivated user with their exact messages", async () => {
    await withApp(testConfig(), async (app) => {
      const email = "mervi.leinonen@toinen.test";
      const employee = await loginAs(app, email);
      const roles = () => app.inject({ method: "GET", url: "/api/roles", headers: employee.headers() });
      expect((await roles()).json()).toEqual({
        statusCode: 403,
        code: "FORBIDDEN",
        message: "Access denied. You do not have permission to perform this action",
      });
      await t.database.db.update(users).set({ deactivated: true }).where(eq(users.email, email));
      try {
        expect((await roles()).json()).toEqual({
          statusCode: 403,
          code: "USER_DEACTIVATED",
          message: "User account is deactivated",
        });
      } finally {
        await t.database.db.update(users).set({ deactivated: false }).where(eq(users.email, email));
      }
    });
  });
});
