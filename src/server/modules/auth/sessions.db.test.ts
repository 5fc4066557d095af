import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { refreshSessions } from "../../db/schema/index.ts";
import {
  activeSession,
  createSession,
  type IssuedSession,
  ROTATION_GRACE_MS,
  refreshSession,
  revokeAllSessionsOfUser,
  revokeSessionsOfTokens,
} from "./sessions.ts";
import { signAccessToken } from "./tokens.ts";

const SECRET = "sessions-test-secret-that-is-long-enough-0123456789";
const t = setupTestApp({ jwtSecret: SECRET }, { demoData: true });
const db = () => t.database.db;
const SEVEN_DAYS_MS = 7 * 24 * 3600 * 1000;
/** The moment of the tests' logins: now, so the faked clock only ever runs ahead of the real one. */
const T0 = Date.now();

let employee: string;
let employer: string;
beforeAll(async () => {
  employee = await userIdByEmail(db(), "employee@demo.test");
  employer = await userIdByEmail(db(), "employer.admin@demo.test");
});

afterEach(() => {
  vi.useRealTimers();
});

/** Moves the clock the code reads (Date only: PGlite keeps its real timers). */
function clockAt(ms: number): void {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(ms);
}

const login = (userId: string, userAgent?: string) =>
  createSession(db(), SECRET, userId, userAgent === undefined ? {} : { userAgent });
const refresh = (token: string) => refreshSession(db(), SECRET, token, {});

async function rotated(token: string): Promise<IssuedSession> {
  const outcome = await refresh(token);
  if (outcome.kind !== "rotated") throw new Error(`expected a rotation, got ${outcome.kind}`);
  return outcome.session;
}

const rowsOfFamily = (familyId: string) =>
  db().select().from(refreshSessions).where(eq(refreshSessions.familyId, familyId));

describe("sessions", () => {
  it("keeps a login's refresh token for seven days: accepted a millisecond before, refused from expiry on", async () => {
    clockAt(T0);
    const early = await login(employee);
    const onTheDot = await login(employee);
    clockAt(T0 + SEVEN_DAYS_MS - 1);
    expect((await refresh(early.refreshToken)).kind).toBe("rotated");
    clockAt(T0 + SEVEN_DAYS_MS);
    expect(await refresh(onTheDot.refreshToken)).toEqual({ kind: "invalid" });
    clockAt(T0 + SEVEN_DAYS_MS + 60_000);
    expect(await refresh(onTheDot.refreshToken)).toEqual({ kind: "invalid" });
  });

  it("records at most 500 characters of the user agent, and accepts a login without one", async () => {
    const long = await login(employee, `Mozilla/5.0 ${"x".repeat(600)}`);
    const none = await login(employee);
    const [longRow] = await db().select().from(refreshSessions).where(eq(refreshSessions.id, long.sessionId));
    const [noneRow] = await db().select().from(refreshSessions).where(eq(refreshSessions.id, none.sessionId));
    expect(longRow?.userAgent).toBe(`Mozilla/5.0 ${"x".repeat(488)}`);
    expect(noneRow?.userAgent).toBeNull();
  });

  it("lets a parallel request's just-rotated token pass for under 30 s, and treats it as a replay at 30 s", async () => {
    clockAt(T0);
    const first = await login(employee);
    const second = await rotated(first.refreshToken);
    clockAt(T0 + ROTATION_GRACE_MS - 1);
    expect(await refresh(first.refreshToken)).toEqual({
      kind: "grace",
      userId: employee,
      sessionId: second.sessionId,
      familyId: first.familyId,
    });
    clockAt(T0 + ROTATION_GRACE_MS);
    expect(await refresh(first.refreshToken)).toEqual({ kind: "invalid" });
    // The replay ended the login: the newest token is refused too.
    expect(await refresh(second.refreshToken)).toEqual({ kind: "invalid" });
  });

  it("ends the whole login family on a replay after the grace, and marks it REUSE_DETECTED; other logins live on", async () => {
    clockAt(T0);
    const stolen = await login(employee);
    const other = await login(employee);
    const current = await rotated(stolen.refreshToken);
    clockAt(T0 + 5 * 60_000);
    expect(await refresh(stolen.refreshToken)).toEqual({ kind: "invalid" });
    const rows = await rowsOfFamily(stolen.familyId);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.revokedAt).not.toBeNull();
      expect(row.revokedReason).toBe("REUSE_DETECTED");
    }
    expect(await activeSession(db(), { userId: employee, sessionId: current.sessionId })).toBeNull();
    expect((await refresh(other.refreshToken)).kind).toBe("rotated");
  });

  it("keeps the access token of a rotated session valid, but not one of a logged-out session", async () => {
    const first = await login(employee);
    const second = await rotated(first.refreshToken);
    const claimsOf = (s: IssuedSession) => ({ userId: employee, sessionId: s.sessionId });
    expect((await activeSession(db(), claimsOf(first)))?.familyId).toBe(first.familyId);
    expect((await activeSession(db(), claimsOf(second)))?.familyId).toBe(first.familyId);
    // Someone else's id with this session is no one's session.
    expect(await activeSession(db(), { userId: employer, sessionId: first.sessionId })).toBeNull();
    await revokeSessionsOfTokens(db(), SECRET, { refreshToken: second.refreshToken }, "LOGOUT");
    expect(await activeSession(db(), claimsOf(first))).toBeNull();
    expect(await activeSession(db(), claimsOf(second))).toBeNull();
  });

  it("logs out an idle browser that only has its expired access token left", async () => {
    clockAt(T0);
    const session = await login(employee);
    clockAt(T0 + 16 * 60_000); // the 15-minute access token has expired
    await revokeSessionsOfTokens(db(), SECRET, { accessToken: session.accessToken }, "LOGOUT");
    const [row] = await rowsOfFamily(session.familyId);
    expect(row?.revokedReason).toBe("LOGOUT");
    expect(await refresh(session.refreshToken)).toEqual({ kind: "invalid" });
  });

  it("revokes nothing, and does not fail, for tokens naming no session of their own (unknown, or someone else's)", async () => {
    const victim = await login(employer);
    const nowhere = await signAccessToken(SECRET, { userId: employee, sessionId: randomUUID() });
    // Genuinely signed, but naming the victim's session under another subject.
    const crossed = await new SignJWT({ sid: victim.sessionId })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(employee)
      .setIssuer("pedaali")
      .setExpirationTime("15m")
      .sign(new TextEncoder().encode(SECRET));
    await revokeSessionsOfTokens(db(), SECRET, { accessToken: nowhere }, "LOGOUT");
    await revokeSessionsOfTokens(db(), SECRET, { accessToken: crossed }, "LOGOUT");
    await revokeSessionsOfTokens(db(), SECRET, { refreshToken: "no-such-refresh-token" }, "LOGOUT");
    expect((await activeSession(db(), { userId: employer, sessionId: victim.sessionId }))?.familyId).toBe(
      victim.familyId,
    );
  });

  it("ends every login of a deactivated user, even a token rotated a moment ago, and no one else's", async () => {
    clockAt(T0);
    const phone = await login(employee);
    const laptop = await login(employee);
    const laptopNow = await rotated(laptop.refreshToken);
    const bystander = await login(employer);
    await revokeAllSessionsOfUser(db(), employee, "DEACTIVATED");
    clockAt(T0 + 1_000); // well inside the rotation grace
    for (const token of [phone.refreshToken, laptop.refreshToken, laptopNow.refreshToken]) {
      expect(await refresh(token)).toEqual({ kind: "invalid" });
    }
    const rows = [...(await rowsOfFamily(phone.familyId)), ...(await rowsOfFamily(laptop.familyId))];
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.revokedAt).not.toBeNull();
      expect(row.revokedReason).toBe("DEACTIVATED");
    }
    expect((await refresh(bystander.refreshToken)).kind).toBe("rotated");
  });
});
