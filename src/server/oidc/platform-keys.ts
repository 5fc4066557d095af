import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK } from "jose";
import { z } from "zod";

/**
 * The platform's own keys as an OpenID Connect relying party: one signs its request objects and client
 * assertions (private_key_jwt), the others decrypt the ID tokens and userinfo that a strong
 * identification broker encrypts to it. Their public halves are published at /api/oidc/jwks, where the
 * brokers fetch them. A key set file holds the private keys (OIDC_KEYS_FILE); without one (tests, an
 * in-memory database) a fresh pair is made at start.
 *
 * Rotation: the first key with use "sig" signs, and every key with use "enc" can decrypt, so a new key
 * goes first in the file, both are published while the brokers' caches turn over, and then the old one
 * is removed.
 */

const SIGNING_ALG = "RS256";
const ENCRYPTION_ALG = "RSA-OAEP";
/** The content encryptions accepted in what a broker encrypts to the platform. */
export const ENCRYPTION_CONTENT_ALGS = ["A256GCM", "A128CBC-HS256"] as const;

export type PlatformKeys = {
  signing: { key: CryptoKey; kid: string };
  decryption: { key: CryptoKey; kid: string; alg: string }[];
  /** The public halves, as published. */
  publicJwks: { keys: JWK[] };
};

const zPrivateJwk = z
  .object({
    kty: z.string(),
    kid: z.string().min(1),
    use: z.enum(["sig", "enc"]),
    alg: z.string().optional(),
  })
  .loose();
const zKeySet = z.object({ keys: z.array(zPrivateJwk).min(2) });

/** A new key set: one RSA signing key and one RSA encryption key, each with its own kid. */
export async function generateKeySet(): Promise<{ keys: JWK[] }> {
  const sig = await generateKeyPair(SIGNING_ALG, { extractable: true, modulusLength: 2048 });
  const enc = await generateKeyPair(ENCRYPTION_ALG, { extractable: true, modulusLength: 2048 });
  return {
    keys: [
      { ...(await exportJWK(sig.privateKey)), kid: `sig-${randomUUID()}`, use: "sig", alg: SIGNING_ALG },
      { ...(await exportJWK(enc.privateKey)), kid: `enc-${randomUUID()}`, use: "enc", alg: ENCRYPTION_ALG },
    ],
  };
}

/** The public half of a private JWK: only the members a public key of its type has. */
function publicHalf(jwk: JWK): JWK {
  const { kty, kid, use, alg, n, e, crv, x, y } = jwk;
  return Object.fromEntries(
    Object.entries({ kty, kid, use, alg, n, e, crv, x, y }).filter(([, v]) => v !== undefined),
  ) as JWK;
}

export async function platformKeysOf(set: { keys: JWK[] }): Promise<PlatformKeys> {
  const parsed = zKeySet.parse(set);
  const signingJwk = parsed.keys.find((k) => k.use === "sig");
  const encryptionJwks = parsed.keys.filter((k) => k.use === "enc");
  if (!signingJwk || encryptionJwks.length === 0) {
    throw new Error("The OpenID Connect key set needs a key with use sig and one with use enc");
  }
  const signing = {
    key: (await importJWK(signingJwk as JWK, signingJwk.alg ?? SIGNING_ALG)) as CryptoKey,
    kid: signingJwk.kid,
  };
  const decryption = await Promise.all(
    encryptionJwks.map(async (jwk) => {
      const alg = jwk.alg ?? ENCRYPTION_ALG;
      return { key: (await importJWK(jwk as JWK, alg)) as CryptoKey, kid: jwk.kid, alg };
    }),
  );
  return { signing, decryption, publicJwks: { keys: parsed.keys.map((k) => publicHalf(k as JWK)) } };
}

/** The keys of the file, creating it with a new set on first start. */
export async function loadPlatformKeys(file: string | null): Promise<PlatformKeys> {
  if (file === null) return platformKeysOf(await generateKeySet());
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(await generateKeySet(), null, 2), { mode: 0o600 });
  }
  return platformKeysOf(JSON.parse(readFileSync(file, "utf8")));
}
