import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expectError } from "../../../../tests/helpers/api.ts";
import { cookieHeader, cookieJar, type Session, sessionFromJar } from "../../../../tests/helpers/auth.ts";
import { userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { sendQueuedMessages } from "../../../../tests/helpers/outbox.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zOwnSessions } from "../../../contract/sessions.ts";
import { eventLog, messageOutbox, refreshSessions, users } from "../../db/schema/index.ts";
import { DEMO_PASSWORD } from "../../db/seed/demo-data.ts";

/**
 * A person's own logins on /kayttaja (GET and DELETE /api/account/sessions) and the mail of a login
 * from a device the account was not logged in from lately.
 */

const t = setupTestApp({}, { demoData: true });

const UA = {
  chromeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  firefoxLinux: "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  safariIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  edgeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86",
};

const URL = "/api/account/sessions";

/** Logs a user with a two-factor step in (password, then the code) from a browser of the test's choosing. */
async function loginWithCodeFrom(email: string, userAgent: string): Promise<Session> {
  const headers = { "user-agent": userAgent };
  const first = await t.app.inject({
    method: "POST",
    url: "/api/login",
    headers,
    payload: { email, password: DEMO_PASSWORD },
  });
  expect(first.statusCode, first.body).toBe(202);
  const jar = cookieJar({}, first);
  const verified = await t.app.inject({
    method: "POST",
    url: "/api/verify",
    headers: { ...headers, cookie: cookieHeader(jar) },
    payload: { email, code: (first.json() as { devCode: string }).devCode },
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return sessionFromJar(cookieJar(jar, verified));
}

/** Logs a beneficiary (no two-factor step) in from a browser and address of the test's choosing. */
async function loginFrom(email: string, userAgent: string, remoteAddress = "127.0.0.1"): Promise<Session> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/login",
    headers: { "user-agent": userAgent },
    payload: { email, password: DEMO_PASSWORD },
    remoteAddress,
  });
  expect(res.statusCode, res.body).toBe(200);
  return sessionFromJar(cookieJar({}, res));
}

const list = (session: Session | null) =>
  t.app.inject({ method: "GET", url: URL, headers: session?.headers() ?? {} });
const end = (session: Session | null, id: string) =>
  t.app.inject({ method: "DELETE", url: `${URL}/${id}`, headers: session?.headers() ?? {} });
const endOthers = (session: Session | null) =>
  t.app.inject({ method: "DELETE", url: URL, headers: session?.headers() ?? {} });
const whoAmI = (session: Session) =>
  t.app.inject({ method: "GET", url: "/api/user", headers: session.headers() });
/** A call with the refresh token alone, as a browser whose access token has expired sends it. */
const withRefreshOnly = (session: Session, from?: { userAgent: string; remoteAddress: string }) =>
  t.app.inject({
    method: "GET",
    url: "/api/user",
    headers: {
      cookie: cookieHeader({ refreshToken: session.jar.refreshToken ?? "" }),
      ...(from ? { "user-agent": from.userAgent } : {}),
    },
    ...(from ? { remoteAddress: from.remoteAddress } : {}),
  });

async function sessionsOf(session: Session) {
  const res = await list(session);
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, items: zOwnSessions.parse(res.json()).items };
}

/** Makes the account one that never logged in: no sessions, no last login. */
async function forgetSessions(email: string) {
  const userId = await userIdByEmail(t.database.db, email);
  await t.database.db.delete(refreshSessions).where(eq(refreshSessions.userId, userId));
  await t.database.db.update(users).set({ lastLoginAt: null }).where(eq(users.id, userId));
  return userId;
}

describe("GET /api/account/sessions", () => {
  it("lists one entry per login with device and network only, this browser's first and marked", async () => {
    const email = "employee@demo.test";
    await forgetSessions(email);
    const chrome = await loginFrom(email, UA.chromeWindows, "192.168.1.27");
    const firefox = await loginFrom(email, UA.firefoxLinux, "10.20.30.40");
    // A refresh rotates the login's token: still one login, not two, shown where it was last used.
    const refreshed = await withRefreshOnly(chrome, {
      userAgent: UA.chromeWindows,
      remoteAddress: "192.168.7.3",
    });
    expect(refreshed.statusCode).toBe(200);
    const chromeNow = sessionFromJar(cookieJar(chrome.jar, refreshed));

    const { body, items } = await sessionsOf(firefox);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ device: "Firefox, Linux", place: "10.20.30.x", current: true });
    expect(items[1]).toMatchObject({ device: "Chrome, Windows", place: "192.168.7.x", current: false });
    for (const item of items)
      expect(Date.parse(item.startedAt)).toBeLessThanOrEqual(Date.parse(item.lastUsedAt));
    expect(new Set(items.map((item) => item.id)).size).toBe(2);
    // Neither the full address nor any token or its hash leaves the server.
    expect(body).not.toContain("192.168.7.3");
    expect(body).not.toContain("10.20.30.40");
    const hashes = await t.database.db.select({ hash: refreshSessions.tokenHash }).from(refreshSessions);
    for (const { hash } of hashes) expect(body).not.toContain(hash);
    for (const token of [chrome.jar.refreshToken, firefox.jar.refreshToken, chrome.jar.accessToken]) {
      expect(body).not.toContain(token);
    }

    // The other browser sees the same logins, its own marked.
    const seen = (await sessionsOf(chromeNow)).items;
    expect(seen.find((item) => item.current)?.device).toBe("Chrome, Windows");
  });

  it("answers 401 without a session and 403 to a deactivated user", async () => {
    expectError(await list(null), 401);
    const email = "olli.karjalainen@demo.test";
    const session = await loginFrom(email, UA.chromeWindows);
    const [own] = (await sessionsOf(session)).items;
    await t.database.db
      .update(users)
      .set({ deactivated: true, deactivatedAt: new Date() })
      .where(eq(users.email, email));
    try {
      expectError(await list(session), 403, "USER_DEACTIVATED");
      expectError(await end(session, own?.id ?? ""), 403, "USER_DEACTIVATED");
      expectError(await endOthers(session), 403, "USER_DEACTIVATED");
    } finally {
      await t.database.db
        .update(users)
        .set({ deactivated: false, deactivatedAt: null })
        .where(eq(users.email, email));
    }
  });
});

describe("DELETE /api/account/sessions/{id}", () => {
  it("logs the other login out at once: its access and refresh tokens stop working", async () => {
    const email = "employee@demo.test";
    const userId = await forgetSessions(email);
    const chrome = await loginFrom(email, UA.chromeWindows);
    const firefox = await loginFrom(email, UA.firefoxLinux);
    const other = (await sessionsOf(firefox)).items.find((item) => !item.current);
    expect(other?.device).toBe("Chrome, Windows");

    const res = await end(firefox, other?.id ?? "");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ended: 1 });
    expect((await whoAmI(chrome)).statusCode).toBe(401);
    expect((await withRefreshOnly(chrome)).statusCode).toBe(401);
    // This browser is untouched, and the list has only it.
    expect((await whoAmI(firefox)).statusCode).toBe(200);
    expect((await sessionsOf(firefox)).items.map((item) => item.device)).toEqual(["Firefox, Linux"]);

    const rows = await t.database.db
      .select({ reason: refreshSessions.revokedReason })
      .from(refreshSessions)
      .where(eq(refreshSessions.familyId, other?.id ?? ""));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.reason === "ENDED_BY_USER")).toBe(true);
    const events = await t.database.db
      .select({ data: eventLog.data, actor: eventLog.actorUserId })
      .from(eventLog)
      .where(and(eq(eventLog.type, "USER_SESSIONS_ENDED"), eq(eventLog.entityId, userId)));
    expect(events).toContainEqual({
      actor: userId,
      data: { sessions: 1, device: "Chrome, Windows", current: false },
    });

    // Ended once is over: ending it again is as unknown as any other id.
    expectError(await end(firefox, other?.id ?? ""), 404, "NOT_FOUND");
  });

  it("ending this browser's own login logs it out here, as logout does", async () => {
    const email = "employee@demo.test";
    await forgetSessions(email);
    const session = await loginFrom(email, UA.edgeWindows);
    const [own] = (await sessionsOf(session)).items;
    expect(own?.current).toBe(true);
    const res = await end(session, own?.id ?? "");
    expect(res.statusCode, res.body).toBe(200);
    expect(cookieJar(session.jar, res)).not.toHaveProperty("accessToken");
    expect(cookieJar(session.jar, res)).not.toHaveProperty("refreshToken");
    expect((await whoAmI(session)).statusCode).toBe(401);
    expect((await withRefreshOnly(session)).statusCode).toBe(401);
  });

  it("answers 404 for another person's login and leaves it working; 400 for a bad id; 401 anonymous", async () => {
    const mine = await loginFrom("employee@demo.test", UA.chromeWindows);
    const theirs = await loginFrom("ville.hamalainen@demo.test", UA.firefoxLinux);
    const [their] = (await sessionsOf(theirs)).items;
    expectError(await end(mine, their?.id ?? ""), 404, "NOT_FOUND");
    expect((await whoAmI(theirs)).statusCode).toBe(200);
    expect((await sessionsOf(mine)).items.map((item) => item.id)).not.toContain(their?.id);

    expectError(await end(mine, "not-a-uuid"), 400);
    expectError(await end(null, their?.id ?? ""), 401);
    expectError(await endOthers(null), 401);
    expect((await whoAmI(theirs)).statusCode).toBe(200);
  });
});

describe("DELETE /api/account/sessions", () => {
  it("logs out every other login and keeps this one", async () => {
    const email = "employee@demo.test";
    await forgetSessions(email);
    const a = await loginFrom(email, UA.chromeWindows);
    const b = await loginFrom(email, UA.firefoxLinux);
    const here = await loginFrom(email, UA.safariIphone);
    const someoneElse = await loginFrom("ville.hamalainen@demo.test", UA.chromeWindows);

    const res = await endOthers(here);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    for (const gone of [a, b]) {
      expect((await whoAmI(gone)).statusCode).toBe(401);
      expect((await withRefreshOnly(gone)).statusCode).toBe(401);
    }
    expect((await whoAmI(here)).statusCode).toBe(200);
    expect((await whoAmI(someoneElse)).statusCode).toBe(200);
    expect((await sessionsOf(here)).items).toEqual([expect.objectContaining({ current: true })]);
    // Nothing left to end.
    expect((await endOthers(here)).json()).toEqual({ ended: 0 });
  });
});

describe("the mail of a login from a new device", () => {
  const mailsOf = (userId: string) =>
    t.database.db
      .select()
      .from(messageOutbox)
      .where(and(eq(messageOutbox.userId, userId), eq(messageOutbox.event, "NEW_DEVICE_LOGIN")));

  it("goes for a device not seen lately, never for the first login nor a device seen before", async () => {
    const email = "iida.saarinen@demo.test";
    const userId = await forgetSessions(email);

    await loginFrom(email, UA.chromeWindows, "192.168.1.27");
    expect(await mailsOf(userId), "the account's first login").toEqual([]);
    await loginFrom(email, UA.chromeWindows, "192.168.1.99");
    expect(await mailsOf(userId), "the same device again").toEqual([]);

    await loginFrom(email, UA.safariIphone, "85.76.12.200");
    const mails = await mailsOf(userId);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ channel: "EMAIL", recipient: email });
    expect(mails[0]?.params).toMatchObject({ device: "Safari, iOS", place: "85.76.12.x" });
    expect(JSON.stringify(mails[0]?.params)).not.toContain("85.76.12.200");

    await loginFrom(email, UA.safariIphone, "85.76.12.201");
    expect(await mailsOf(userId), "the new device, seen now").toHaveLength(1);

    // A device last seen longer ago than the 90 days is new again.
    await t.database.db
      .update(refreshSessions)
      .set({ createdAt: new Date(Date.now() - 91 * 24 * 60 * 60 * 1000) })
      .where(eq(refreshSessions.userId, userId));
    await loginFrom(email, UA.chromeWindows);
    expect(await mailsOf(userId)).toHaveLength(2);

    await sendQueuedMessages(t.database);
    const [sent] = await t.database.db
      .select()
      .from(messageOutbox)
      .where(eq(messageOutbox.id, mails[0]?.id ?? ""));
    expect(sent).toMatchObject({ status: "SENT", template: "new-device-login" });
  });

  it("goes for a login after a long quiet, when no session of the account is left", async () => {
    const email = "aino.koivisto@demo.test";
    const userId = await forgetSessions(email);
    await loginFrom(email, UA.chromeWindows);
    expect(await mailsOf(userId), "the account's first login").toEqual([]);
    // Every session row gone, as the retention job leaves an account idle for months; it has logged in.
    await t.database.db.delete(refreshSessions).where(eq(refreshSessions.userId, userId));
    await loginFrom(email, UA.chromeWindows);
    expect(await mailsOf(userId)).toHaveLength(1);
  });

  it("goes alike for a login confirmed with a code", async () => {
    const email = "reporting@demo.test";
    const userId = await forgetSessions(email);
    await loginWithCodeFrom(email, UA.chromeWindows);
    await loginWithCodeFrom(email, UA.chromeWindows);
    expect(await mailsOf(userId)).toEqual([]);
    const session = await loginWithCodeFrom(email, UA.edgeWindows);
    expect((await mailsOf(userId)).map((mail) => mail.params)).toEqual([
      expect.objectContaining({ device: "Edge, Windows" }),
    ]);
    expect((await sessionsOf(session)).items.map((item) => item.device)).toEqual([
      "Edge, Windows",
      "Chrome, Windows",
      "Chrome, Windows",
    ]);
  });
});
