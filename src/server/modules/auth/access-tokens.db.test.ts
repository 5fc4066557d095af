import { decodeJwt, type JWTPayload, SignJWT, UnsecuredJWT } from "jose";
import { describe, expect, it } from "vitest";
import { expectError } from "../../../../tests/helpers/api.ts";
import { cookieHeader, loginAs } from "../../../../tests/helpers/auth.ts";
import { userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";

/**
 * Forged access tokens: only an access token the server signed, unexpired, naming a live
 * session of its own subject, opens a request. Each forgery is sent as the only cookie (no refresh
 * token to fall back on), so a 200 would mean the forgery itself was accepted.
 */

const SECRET = "access-token-test-secret-long-enough-0123456789";
const t = setupTestApp({ jwtSecret: SECRET }, { demoData: true });
const key = (secret: string) => new TextEncoder().encode(secret);

/** Signs claims as the server does (HS256, issuer pedaali), with any key and any iat/exp. */
function sign(claims: JWTPayload, secret = SECRET): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).sign(key(secret));
}

async function genuine(email: string): Promise<{ token: string; claims: JWTPayload }> {
  const session = await loginAs(t.app, email);
  const token = session.jar.accessToken as string;
  return { token, claims: decodeJwt(token) };
}

const getUser = (accessToken: string) =>
  t.app.inject({ method: "GET", url: "/api/user", headers: { cookie: cookieHeader({ accessToken }) } });

describe("forged access tokens", () => {
  it("the genuine token alone opens GET /api/user (the baseline of the cases below)", async () => {
    const { token } = await genuine("employee@demo.test");
    const res = await getUser(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().email).toBe("employee@demo.test");
  });

  it("refuses a token signed with another key", async () => {
    const { claims } = await genuine("employee@demo.test");
    expectError(
      await getUser(await sign(claims, "someone-elses-secret-0123456789abcdefghij")),
      401,
      "UNAUTHORIZED",
    );
  });

  it("refuses an unsigned token (alg none)", async () => {
    const { claims } = await genuine("employee@demo.test");
    const unsigned = new UnsecuredJWT(claims).encode();
    expectError(await getUser(unsigned), 401, "UNAUTHORIZED");
  });

  it("refuses a genuine token whose payload was edited (signature kept)", async () => {
    const { token } = await genuine("employee@demo.test");
    const adminId = await userIdByEmail(t.database.db, "admin@pedaali.test");
    const tamper = (edit: Record<string, unknown>) => {
      const [header, payload, signature] = token.split(".");
      const edited = { ...JSON.parse(Buffer.from(payload as string, "base64url").toString()), ...edit };
      return [header, Buffer.from(JSON.stringify(edited)).toString("base64url"), signature].join(".");
    };
    expectError(await getUser(tamper({ sub: adminId })), 401, "UNAUTHORIZED");
    // Only the signature stands against this one: same user, same session, a day more of life.
    const aDayMore = Math.floor(Date.now() / 1000) + 24 * 3600;
    expectError(await getUser(tamper({ exp: aDayMore })), 401, "UNAUTHORIZED");
  });

  it("refuses a correctly signed token without an expiry", async () => {
    const { claims } = await genuine("employee@demo.test");
    const { exp: _exp, ...withoutExp } = claims;
    expectError(await getUser(await sign(withoutExp)), 401, "UNAUTHORIZED");
  });

  it("refuses a correctly signed token whose session belongs to another user", async () => {
    const { claims: victim } = await genuine("employer.admin@demo.test");
    const attackerId = await userIdByEmail(t.database.db, "employee@demo.test");
    // The attacker's own id as subject, the victim's live session as sid: the session must not vouch for them.
    expectError(await getUser(await sign({ ...victim, sub: attackerId })), 401, "UNAUTHORIZED");
    // And the other way round: a session of the attacker does not vouch for the victim's id.
    const { claims: attacker } = await genuine("employee@demo.test");
    const adminId = await userIdByEmail(t.database.db, "admin@pedaali.test");
    expectError(await getUser(await sign({ ...attacker, sub: adminId })), 401, "UNAUTHORIZED");
  });

  it("refuses an expired token", async () => {
    const { claims } = await genuine("employee@demo.test");
    const now = Math.floor(Date.now() / 1000);
    expectError(
      await getUser(await sign({ ...claims, iat: now - 16 * 60, exp: now - 60 })),
      401,
      "UNAUTHORIZED",
    );
  });

  it("refuses a token of another issuer", async () => {
    const { claims } = await genuine("employee@demo.test");
    expectError(await getUser(await sign({ ...claims, iss: "elsewhere" })), 401, "UNAUTHORIZED");
  });
});
