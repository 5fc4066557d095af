import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";

/**
 * Keys derived from the server's secret (JWT_SECRET) with HKDF, one per purpose named by `info`, so
 * that no two purposes share a key: secrets the platform must read again are sealed (AES-256-GCM),
 * values it only compares are kept as keyed hashes (HMAC-SHA-256). Replacing JWT_SECRET makes every
 * sealed secret unreadable and every keyed hash unmatched; each purpose says what its owner does then.
 */

function derivedKey(serverSecret: string, info: string): Buffer {
  return Buffer.from(hkdfSync("sha256", serverSecret, "", info, 32));
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url: the version leaves room for another cipher later. */
export function sealSecret(serverSecret: string, info: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", derivedKey(serverSecret, info), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), ciphertext]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

export function unsealSecret(serverSecret: string, info: string, sealed: string): string {
  const [version, iv, tag, ciphertext] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || !ciphertext) throw new Error("Unknown sealed secret format");
  const decipher = createDecipheriv(
    "aes-256-gcm",
    derivedKey(serverSecret, info),
    Buffer.from(iv, "base64url"),
  );
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString(
    "utf8",
  );
}

/** The secret, or null when today's key cannot read it (JWT_SECRET was replaced since it was sealed). */
export function readableSecret(serverSecret: string, info: string, sealed: string): string | null {
  try {
    return unsealSecret(serverSecret, info, sealed);
  } catch {
    return null;
  }
}

/** A value's keyed hash (hex): equal values give equal hashes, and nobody without the key can test one. */
export function keyedHash(serverSecret: string, info: string, value: string): string {
  return createHmac("sha256", derivedKey(serverSecret, info)).update(value).digest("hex");
}
