import { createCipheriv, randomBytes } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type DataKeyring,
  fieldHash,
  fieldHashes,
  isComparableHash,
  isUnderCurrentKey,
  keyIdOf,
  newDataKeyEntry,
  openField,
  parseDataKeys,
  readableField,
  sealField,
  TEST_DATA_KEYS,
} from "./data-keys.ts";
import { derivedKey, keyedHash } from "./server-keys.ts";

const JWT_SECRET = "a server secret of at least thirty-two characters";
const INFO = "pedaali test purpose";

function ring(text: string, jwtSecret = JWT_SECRET): DataKeyring {
  const parsed = parseDataKeys(text);
  if ("problem" in parsed) throw new Error(parsed.problem);
  return { dataKeys: parsed.keys, jwtSecret };
}

const OLD = newDataKeyEntry("k2025");
const NEW = newDataKeyEntry("k2026");

/** A secret as the platform sealed it under JWT_SECRET before the data keys. */
function sealedUnderJwtSecret(jwtSecret: string, info: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", derivedKey(jwtSecret, info), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), ciphertext]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

describe("sealed fields", () => {
  it("read back as written, name their key, and never hold the plaintext", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 200 }), (plaintext) => {
        const keys = ring(OLD);
        const sealed = sealField(keys, INFO, plaintext);
        expect(sealed.startsWith("v2.k2025.")).toBe(true);
        expect(openField(keys, INFO, sealed)).toBe(plaintext);
        expect(sealField(keys, INFO, plaintext)).not.toBe(sealed);
        if (plaintext.length > 3) expect(sealed).not.toContain(plaintext);
      }),
      { numRuns: 100 },
    );
  });

  it("are read under every key in DATA_KEYS and written under the first: a new key first, the old one still reads", () => {
    const before = sealField(ring(OLD), INFO, "JBSWY3DPEHPK3PXP");
    const rotated = ring(`${NEW},${OLD}`);
    expect(openField(rotated, INFO, before)).toBe("JBSWY3DPEHPK3PXP");
    expect(isUnderCurrentKey(rotated, before)).toBe(false);
    const after = sealField(rotated, INFO, "JBSWY3DPEHPK3PXP");
    expect(keyIdOf(after)).toBe("k2026");
    expect(isUnderCurrentKey(rotated, after)).toBe(true);
    // Once the old key has left, what it alone wrote is unreadable, and what was rewritten is not.
    expect(readableField(ring(NEW), INFO, before)).toBeNull();
    expect(readableField(ring(NEW), INFO, after)).toBe("JBSWY3DPEHPK3PXP");
  });

  it("do not depend on JWT_SECRET: replacing it leaves them readable", () => {
    const sealed = sealField(ring(OLD, JWT_SECRET), INFO, "secret");
    expect(openField(ring(OLD, "another server secret of thirty-two characters"), INFO, sealed)).toBe(
      "secret",
    );
  });

  it("sealed under JWT_SECRET before the data keys stay readable while JWT_SECRET is the same", () => {
    const legacy = sealedUnderJwtSecret(JWT_SECRET, INFO, "old secret");
    expect(keyIdOf(legacy)).toBeNull();
    expect(openField(ring(NEW), INFO, legacy)).toBe("old secret");
    expect(
      readableField(ring(NEW, "another server secret of thirty-two characters"), INFO, legacy),
    ).toBeNull();
  });

  it("are unreadable under another purpose, and once a byte is changed", () => {
    const keys = ring(OLD);
    const sealed = sealField(keys, INFO, "secret");
    expect(readableField(keys, "another purpose", sealed)).toBeNull();
    const parts = sealed.split(".");
    const ciphertext = Buffer.from(parts[4] as string, "base64url");
    ciphertext[0] = (ciphertext[0] ?? 0) ^ 1;
    parts[4] = ciphertext.toString("base64url");
    expect(readableField(keys, INFO, parts.join("."))).toBeNull();
    expect(readableField(keys, INFO, "v2.k2025.a.b")).toBeNull();
    expect(readableField(keys, INFO, "plain text")).toBeNull();
  });
});

describe("keyed hashes", () => {
  it("match the value under every key that may have written them, and no other value", () => {
    const oldHash = fieldHash(ring(OLD), INFO, "010190-123A");
    expect(oldHash).toMatch(/^k2025:[0-9a-f]{64}$/);
    const rotated = ring(`${NEW},${OLD}`);
    expect(fieldHashes(rotated, INFO, "010190-123A")).toContain(oldHash);
    expect(fieldHashes(rotated, INFO, "010190-123A")).toContain(fieldHash(rotated, INFO, "010190-123A"));
    expect(fieldHashes(rotated, INFO, "010190-123B")).not.toContain(oldHash);
    // Written under JWT_SECRET before the data keys: a bare hex hash.
    expect(fieldHashes(rotated, INFO, "010190-123A")).toContain(keyedHash(JWT_SECRET, INFO, "010190-123A"));
  });

  it("can be compared while their key is in DATA_KEYS (or when written under JWT_SECRET)", () => {
    const oldHash = fieldHash(ring(OLD), INFO, "x");
    expect(isComparableHash(ring(`${NEW},${OLD}`), oldHash)).toBe(true);
    expect(isComparableHash(ring(NEW), oldHash)).toBe(false);
    expect(isComparableHash(ring(NEW), keyedHash(JWT_SECRET, INFO, "x"))).toBe(true);
  });
});

describe("DATA_KEYS", () => {
  it("takes id:key entries of 32-byte keys, in base64 or base64url, the first one first", () => {
    const key = randomBytes(32);
    const parsed = parseDataKeys(`a:${key.toString("base64")}, b-2:${key.toString("base64url")}`);
    expect("keys" in parsed && parsed.keys.map((k) => k.id)).toEqual(["a", "b-2"]);
    expect("keys" in parsed && parsed.keys[1]?.key.equals(key)).toBe(true);
    expect("keys" in parseDataKeys(TEST_DATA_KEYS)).toBe(true);
  });

  it("refuses a short key, a missing or odd id, and an id given twice, saying which", () => {
    const key = randomBytes(32).toString("base64");
    expect(parseDataKeys(`a:${randomBytes(16).toString("base64")}`)).toEqual({
      problem: "key a must be 32 bytes in base64 (openssl rand -base64 32)",
    });
    expect(parseDataKeys(key)).toHaveProperty("problem");
    expect(parseDataKeys(`a b:${key}`)).toHaveProperty("problem");
    expect(parseDataKeys(`a:${key},a:${key}`)).toEqual({ problem: "key id a is given twice" });
    expect(parseDataKeys("")).toHaveProperty("problem");
  });
});
