import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import { derivedKey } from "./server-keys.ts";

/**
 * The data keys: what keeps the fields that identify a person beyond their name, and the secrets
 * the platform must read again, unreadable to anyone who gets a copy of the database. They are
 * apart from JWT_SECRET, so that replacing the token secret (which ends every session) no longer
 * ends every authenticator app or loses a proven identity code.
 *
 * DATA_KEYS holds one or more keys, each with an id; the first one writes, every one reads. A value
 * names the key it was written under, so a new key is put first, the rekey job rewrites what the
 * old one wrote, and the old key leaves DATA_KEYS once its report counts no row under it. Before
 * data keys, secrets were sealed under a key derived from JWT_SECRET; those rows stay readable
 * until the rekey job has rewritten them.
 *
 * Each purpose (`info`) derives its own key from a data key with HKDF, so no two purposes share one.
 * Secrets are sealed with AES-256-GCM; values only compared are kept as keyed hashes (HMAC-SHA-256).
 */

export type DataKey = { id: string; key: Buffer };

/** What the helpers read from the configuration: the data keys, and JWT_SECRET for older rows. */
export type DataKeyring = { dataKeys: readonly DataKey[]; jwtSecret: string };

const SEALED = "v2";
/** Sealed under JWT_SECRET before the data keys: `v1.<iv>.<tag>.<ciphertext>`. */
const SEALED_UNDER_JWT_SECRET = "v1";

function currentKey(ring: DataKeyring): DataKey {
  const [key] = ring.dataKeys;
  if (!key) throw new Error("DATA_KEYS holds no key");
  return key;
}

function purposeKey(key: Buffer, info: string): Buffer {
  return Buffer.from(hkdfSync("sha256", key, "", info, 32));
}

function decipher(key: Buffer, [iv, tag, ciphertext]: string[]): string {
  if (!iv || !tag || !ciphertext) throw new Error("Sealed value is cut short");
  const d = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  d.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([d.update(Buffer.from(ciphertext, "base64url")), d.final()]).toString("utf8");
}

/** `v2.<key id>.<iv>.<tag>.<ciphertext>`, base64url, under the first data key. */
export function sealField(ring: DataKeyring, info: string, plaintext: string): string {
  const { id, key } = currentKey(ring);
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", purposeKey(key, info), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [SEALED, id, ...[iv, cipher.getAuthTag(), ciphertext].map((p) => p.toString("base64url"))].join(".");
}

/** Whether a stored value is sealed (by the data keys, or by JWT_SECRET before them). */
export function isSealed(stored: string): boolean {
  return stored.startsWith(`${SEALED}.`) || stored.startsWith(`${SEALED_UNDER_JWT_SECRET}.`);
}

/** The plaintext; throws when no key in DATA_KEYS (nor JWT_SECRET, for older rows) can read it. */
export function openField(ring: DataKeyring, info: string, sealed: string): string {
  const [version, ...rest] = sealed.split(".");
  if (version === SEALED_UNDER_JWT_SECRET) return decipher(derivedKey(ring.jwtSecret, info), rest);
  const [keyId, ...parts] = rest;
  const key = ring.dataKeys.find((k) => k.id === keyId);
  if (version !== SEALED || !key) throw new Error(`No data key reads this value (key ${keyId ?? "?"})`);
  return decipher(purposeKey(key.key, info), parts);
}

/** The plaintext, or null when no key can read it (its key has left DATA_KEYS). */
export function readableField(ring: DataKeyring, info: string, sealed: string): string | null {
  try {
    return openField(ring, info, sealed);
  } catch {
    return null;
  }
}

function hmac(key: Buffer | string, value: string): string {
  return createHmac("sha256", key).update(value).digest("hex");
}

/** `<key id>:<hex>` under the first data key: equal values give equal hashes; nobody without the key can test one. */
export function fieldHash(ring: DataKeyring, info: string, value: string): string {
  const { id, key } = currentKey(ring);
  return `${id}:${hmac(purposeKey(key, info), value)}`;
}

/**
 * The value's hash under every key that may have written a stored one (each data key, and JWT_SECRET
 * before them, whose hashes carry no key id): a stored hash matches the value when it is one of these.
 */
export function fieldHashes(ring: DataKeyring, info: string, value: string): string[] {
  const legacy = hmac(derivedKey(ring.jwtSecret, info), value);
  return [...ring.dataKeys.map((k) => `${k.id}:${hmac(purposeKey(k.key, info), value)}`), legacy];
}

/**
 * Whether a stored hash can be compared at all: its key is in DATA_KEYS (or it was written under
 * JWT_SECRET). One whose key has left can match nothing, and is as good as none.
 */
export function isComparableHash(ring: DataKeyring, stored: string): boolean {
  const keyId = keyIdOf(stored);
  return keyId === null || ring.dataKeys.some((k) => k.id === keyId);
}

/** The id of the data key a stored value was written under; null for one written under JWT_SECRET. */
export function keyIdOf(stored: string): string | null {
  if (stored.startsWith(`${SEALED}.`)) return stored.split(".")[1] ?? null;
  const colon = stored.indexOf(":");
  return colon > 0 && !stored.startsWith(`${SEALED_UNDER_JWT_SECRET}.`) ? stored.slice(0, colon) : null;
}

/** Whether a stored sealed value or hash was written under the first data key (nothing to rekey). */
export function isUnderCurrentKey(ring: DataKeyring, stored: string): boolean {
  return keyIdOf(stored) === currentKey(ring).id;
}

/** The prefix every value sealed under the first data key starts with (for the rekey job's SQL). */
export function currentSealedPrefix(ring: DataKeyring): string {
  return `${SEALED}.${currentKey(ring).id}.`;
}

/** The prefix every hash under the first data key starts with. */
export function currentHashPrefix(ring: DataKeyring): string {
  return `${currentKey(ring).id}:`;
}

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * DATA_KEYS as written in the environment: `id:key,id:key`, each key 32 random bytes in base64 or
 * base64url (`openssl rand -base64 32`); the first writes. Answers the problem in words, or the keys.
 */
export function parseDataKeys(text: string): { keys: DataKey[] } | { problem: string } {
  const keys: DataKey[] = [];
  for (const entry of text.split(",").map((e) => e.trim())) {
    const colon = entry.indexOf(":");
    const id = entry.slice(0, colon);
    if (colon < 1 || !KEY_ID.test(id))
      return { problem: "each key must be written id:key, the id of 1–32 letters, digits, _ or -" };
    const key = Buffer.from(entry.slice(colon + 1), "base64");
    if (key.length !== 32)
      return { problem: `key ${id} must be 32 bytes in base64 (openssl rand -base64 32)` };
    if (keys.some((k) => k.id === id)) return { problem: `key id ${id} is given twice` };
    keys.push({ id, key });
  }
  return { keys };
}

/** A new DATA_KEYS entry: for a development machine's own file, and for the rotation's instructions. */
export function newDataKeyEntry(id: string): string {
  return `${id}:${randomBytes(32).toString("base64")}`;
}

/**
 * The tests' one data key, the same in every test process: the demo database is seeded once and
 * copied to every test file, and each test app must read what the seed sealed. Never used outside
 * NODE_ENV=test (production requires DATA_KEYS).
 */
export const TEST_DATA_KEYS = `test:${Buffer.alloc(32, "pedaali test data key").toString("base64")}`;

/** The tests' keyring, for code that seals outside an app (the demo seed of the test templates). */
export function testDataKeyring(): DataKeyring {
  const parsed = parseDataKeys(TEST_DATA_KEYS);
  if ("problem" in parsed) throw new Error(parsed.problem);
  return { dataKeys: parsed.keys, jwtSecret: "" };
}
