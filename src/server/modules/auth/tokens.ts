import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { errors, type JWTPayload, jwtVerify, SignJWT } from "jose";
import { LRUCache } from "lru-cache";

/** A random secret for links and cookies: 32 bytes, URL-safe. Only its sha256 is ever stored. */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/** A 6-digit two-factor code, uniformly random (leading zeros kept). */
export function randomSixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/**
 * A two-factor code is hashed with a key only the server knows and the challenge it belongs to: a
 * copy of the table alone does not let anyone try the million codes offline.
 */
export function hashCode(secret: string, challengeId: string, code: string): string {
  return createHmac("sha256", secret).update(`${challengeId}:${code}`).digest("hex");
}

export function equalHashes(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Access tokens live 15 minutes; the refresh token renews them without the user noticing. */
const ACCESS_TOKEN_SECONDS = 15 * 60;

/**
 * `familyId` (claim `fid`) is the login the session belongs to: the CSRF check of a state-changing
 * request compares the header with its HMAC straight from a valid token, without reading the database.
 */
export type AccessClaims = { userId: string; sessionId: string; familyId?: string };

export async function signAccessToken(secret: string, claims: AccessClaims): Promise<string> {
  return new SignJWT({ sid: claims.sessionId, ...(claims.familyId ? { fid: claims.familyId } : {}) })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(claims.userId)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
    .setIssuer("pedaali")
    .sign(new TextEncoder().encode(secret));
}

/**
 * Access tokens already found valid, per signing secret, with their expiry: the page polls with the
 * same token for its quarter of an hour, and checking its signature again each time (WebCrypto's HMAC,
 * a key import and an asynchronous job) was a tenth of a poll's cost. A token is its own key, so a
 * changed byte is a new token that is checked in full; the expiry is checked on every use.
 */
const MAX_VERIFIED_TOKENS = 50_000;
type Verified = { claims: AccessClaims; expiresAtMs: number };
const verifiedTokens = new Map<string, LRUCache<string, Verified>>();

function verifiedTokensOf(secret: string): LRUCache<string, Verified> {
  let cache = verifiedTokens.get(secret);
  if (!cache) {
    cache = new LRUCache({ max: MAX_VERIFIED_TOKENS });
    verifiedTokens.set(secret, cache);
  }
  return cache;
}

/**
 * The claims of an access token this server signed; null for anything else. A token must carry its
 * expiry, subject and session: a signed token without `exp` would be valid forever. `allowExpired`
 * is for logout only, which must find the session of a browser idle past the 15 minutes: the
 * signature, issuer and claims are still checked (jose checks the expiry last), only the expiry is not.
 */
export async function verifyAccessToken(
  secret: string,
  token: string,
  options: { allowExpired?: boolean } = {},
): Promise<AccessClaims | null> {
  const cache = verifiedTokensOf(secret);
  const known = cache.get(token);
  if (known && (options.allowExpired || Date.now() < known.expiresAtMs)) return known.claims;
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ["HS256"],
      issuer: "pedaali",
      requiredClaims: ["exp", "sub", "sid"],
    }));
  } catch (error) {
    if (!(options.allowExpired && error instanceof errors.JWTExpired)) return null;
    payload = error.payload;
  }
  if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
  const claims: AccessClaims = Object.freeze({
    userId: payload.sub,
    sessionId: payload.sid,
    ...(typeof payload.fid === "string" ? { familyId: payload.fid } : {}),
  });
  cache.set(token, { claims, expiresAtMs: (payload.exp as number) * 1000 });
  return claims;
}

/**
 * The CSRF token of a login: an HMAC of its session family, which every refresh-token rotation keeps.
 * Only the server can compute it, so a cookie-and-header pair planted by someone else does not match,
 * and one session's token is worthless for another.
 */
export function csrfTokenFor(secret: string, familyId: string): string {
  return createHmac("sha256", secret).update(`csrf:${familyId}`).digest("base64url");
}

export function isCsrfTokenOf(secret: string, familyId: string, presented: unknown): boolean {
  return typeof presented === "string" && equalHashes(presented, csrfTokenFor(secret, familyId));
}
