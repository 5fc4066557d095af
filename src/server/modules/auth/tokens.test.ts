import { randomUUID } from "node:crypto";
import { type JWTPayload, SignJWT } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { randomSixDigitCode, signAccessToken, verifyAccessToken } from "./tokens.ts";

const SECRET = "tokens-test-secret-that-is-long-enough-0123456789";
const OTHER_SECRET = "someone-elses-secret-that-is-long-enough-987654";
const userId = randomUUID();
const sessionId = randomUUID();
const familyId = randomUUID();

/** Signs any claims as the server does (HS256), with the given key. */
function sign(claims: JWTPayload, secret = SECRET): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).sign(new TextEncoder().encode(secret));
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
/** A well-formed access token's claims that expired a minute ago (the browser idled 16 minutes). */
const expiredClaims = (): JWTPayload => ({
  sub: userId,
  sid: sessionId,
  fid: familyId,
  iss: "pedaali",
  iat: nowSeconds() - 16 * 60,
  exp: nowSeconds() - 60,
});
const liveClaims = (): JWTPayload => ({ ...expiredClaims(), iat: nowSeconds(), exp: nowSeconds() + 900 });

describe("two-factor codes", () => {
  it("are always six digits, keeping leading zeros (one code in ten starts with 0)", () => {
    const codes = Array.from({ length: 2_000 }, () => randomSixDigitCode());
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(codes.some((code) => code.startsWith("0"))).toBe(true);
  });
});

describe("verifyAccessToken", () => {
  it("gives back the user, session and login family of a token the server signed", async () => {
    const token = await signAccessToken(SECRET, { userId, sessionId, familyId });
    expect(await verifyAccessToken(SECRET, token)).toStrictEqual({ userId, sessionId, familyId });
  });

  it("gives no login family for a token without one (no familyId key at all)", async () => {
    const token = await signAccessToken(SECRET, { userId, sessionId });
    expect(await verifyAccessToken(SECRET, token)).toStrictEqual({ userId, sessionId });
  });

  it("ignores a login family that is not a string, so it cannot stand in for a real family", async () => {
    const token = await sign({ ...liveClaims(), fid: 42 });
    expect(await verifyAccessToken(SECRET, token)).toStrictEqual({ userId, sessionId });
  });

  it("refuses a token whose subject or session is not a string, even when correctly signed", async () => {
    const numericSubject = await sign({ ...liveClaims(), sub: 1234 as unknown as string });
    const numericSession = await sign({ ...liveClaims(), sid: 5678 });
    const objectSession = await sign({ ...liveClaims(), sid: { id: sessionId } });
    expect(await verifyAccessToken(SECRET, numericSubject)).toBeNull();
    expect(await verifyAccessToken(SECRET, numericSession)).toBeNull();
    expect(await verifyAccessToken(SECRET, objectSession)).toBeNull();
    // The same shapes are refused on the logout path too.
    expect(await verifyAccessToken(SECRET, numericSubject, { allowExpired: true })).toBeNull();
    expect(await verifyAccessToken(SECRET, numericSession, { allowExpired: true })).toBeNull();
  });

  it("refuses an expired token to a normal request, but lets logout read its claims", async () => {
    const token = await sign(expiredClaims());
    expect(await verifyAccessToken(SECRET, token)).toBeNull();
    expect(await verifyAccessToken(SECRET, token, { allowExpired: false })).toBeNull();
    expect(await verifyAccessToken(SECRET, token, { allowExpired: true })).toStrictEqual({
      userId,
      sessionId,
      familyId,
    });
  });

  it("lets logout excuse only the expiry: a foreign key, another issuer or a missing session still fail", async () => {
    const foreignKey = await sign(expiredClaims(), OTHER_SECRET);
    const liveForeignKey = await sign(liveClaims(), OTHER_SECRET);
    const otherIssuer = await sign({ ...expiredClaims(), iss: "elsewhere" });
    const liveOtherIssuer = await sign({ ...liveClaims(), iss: "elsewhere" });
    const { sid: _sid, ...withoutSession } = expiredClaims();
    const noSession = await sign(withoutSession);
    for (const token of [foreignKey, liveForeignKey, otherIssuer, liveOtherIssuer, noSession]) {
      expect(await verifyAccessToken(SECRET, token, { allowExpired: true })).toBeNull();
      expect(await verifyAccessToken(SECRET, token)).toBeNull();
    }
    expect(await verifyAccessToken(SECRET, "not-a-jwt", { allowExpired: true })).toBeNull();
  });

  describe("a token checked once", () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it("is still refused once its quarter of an hour has passed", async () => {
      const token = await sign(liveClaims());
      expect(await verifyAccessToken(SECRET, token)).toStrictEqual({ userId, sessionId, familyId });
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(Date.now() + 901_000);
      expect(await verifyAccessToken(SECRET, token)).toBeNull();
      // Logout still reads the claims of the expired token.
      expect(await verifyAccessToken(SECRET, token, { allowExpired: true })).toStrictEqual({
        userId,
        sessionId,
        familyId,
      });
    });

    it("is valid only under the secret that signed it", async () => {
      const token = await sign(liveClaims());
      expect(await verifyAccessToken(SECRET, token)).not.toBeNull();
      expect(await verifyAccessToken(OTHER_SECRET, token)).toBeNull();
    });

    it("does not let a changed byte pass as the same token", async () => {
      const token = await sign(liveClaims());
      expect(await verifyAccessToken(SECRET, token)).not.toBeNull();
      // A character inside the signature (the last one may carry only padding bits).
      const at = token.length - 5;
      const changed = token[at] === "A" ? "B" : "A";
      expect(
        await verifyAccessToken(SECRET, `${token.slice(0, at)}${changed}${token.slice(at + 1)}`),
      ).toBeNull();
      const forgedSubject = (await sign({ ...liveClaims(), sub: randomUUID() }, OTHER_SECRET)).split(".");
      const [, , signature] = token.split(".");
      expect(
        await verifyAccessToken(SECRET, `${forgedSubject[0]}.${forgedSubject[1]}.${signature}`),
      ).toBeNull();
    });

    it("gives claims no caller can change for the next one", async () => {
      const claims = await verifyAccessToken(SECRET, await sign(liveClaims()));
      expect(Object.isFrozen(claims)).toBe(true);
    });
  });
});
