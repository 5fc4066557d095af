import fc from "fast-check";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { type DataKeyring, parseDataKeys } from "../../data-keys.ts";
import { codeStep, decryptSecret, encryptSecret, readableSecret, recoveryCodeHash } from "./authenticator.ts";

function ringOf(keys: string): DataKeyring {
  const parsed = parseDataKeys(keys);
  if ("problem" in parsed) throw new Error(parsed.problem);
  return { dataKeys: parsed.keys, jwtSecret: "a server secret of at least thirty-two characters" };
}
const RING = ringOf(`a:${Buffer.alloc(32, 1).toString("base64")}`);
const OTHER_RING = ringOf(`b:${Buffer.alloc(32, 2).toString("base64")}`);
const base32 = fc
  .uint8Array({ minLength: 20, maxLength: 20 })
  .map((bytes) => new Secret({ buffer: bytes.buffer }).base32);
// From 2001 to 2100, in milliseconds.
const moment = fc.integer({ min: 978_307_200_000, max: 4_102_444_800_000 });
const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at });

describe("codeStep", () => {
  it("takes the app's code of the step before, the same step and the step after, and names its step", () => {
    fc.assert(
      fc.property(base32, moment, fc.constantFrom(-1, 0, 1), (secret, at, shift) => {
        const step = Math.floor(at / 30_000) + shift;
        expect(codeStep(secret, codeAt(secret, step * 30_000), new Date(at))).toBe(step);
      }),
    );
  });

  it("refuses a code two steps away, unless that step's code happens to be the same", () => {
    fc.assert(
      fc.property(base32, moment, fc.constantFrom(-2, 2), (secret, at, shift) => {
        const now = Math.floor(at / 30_000);
        const code = codeAt(secret, (now + shift) * 30_000);
        const near = [-1, 0, 1].map((d) => codeAt(secret, (now + d) * 30_000));
        const step = codeStep(secret, code, new Date(at));
        if (near.includes(code)) expect(step).not.toBeNull();
        else expect(step).toBeNull();
      }),
    );
  });
});

describe("the stored secret", () => {
  it("reads back as it was written, and never holds it in the clear", () => {
    fc.assert(
      fc.property(base32, (secret) => {
        const stored = encryptSecret(RING, secret);
        expect(stored).not.toContain(secret);
        expect(decryptSecret(RING, stored)).toBe(secret);
        // A fresh IV each time: the same secret is stored differently twice.
        expect(encryptSecret(RING, secret)).not.toBe(stored);
      }),
      { numRuns: 50 },
    );
  });

  it("cannot be read without its data key, nor once a byte of it is changed", () => {
    const stored = encryptSecret(RING, "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");
    expect(readableSecret(OTHER_RING, stored)).toBeNull();
    const [version, keyId, iv, tag, ciphertext] = stored.split(".") as [
      string,
      string,
      string,
      string,
      string,
    ];
    const flipped = Buffer.from(ciphertext, "base64url");
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(
      readableSecret(RING, [version, keyId, iv, tag, flipped.toString("base64url")].join(".")),
    ).toBeNull();
    expect(readableSecret(RING, "v3.a.b.c.d")).toBeNull();
    expect(readableSecret(RING, stored)).toBe("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");
  });
});

describe("recoveryCodeHash", () => {
  it("binds a code to its owner and to the data key", () => {
    const hash = recoveryCodeHash(RING, "user-1", "ABCDEFGH");
    expect(hash).toMatch(/^a:[0-9a-f]{64}$/);
    expect(recoveryCodeHash(RING, "user-1", "ABCDEFGH")).toBe(hash);
    expect(recoveryCodeHash(RING, "user-2", "ABCDEFGH")).not.toBe(hash);
    expect(recoveryCodeHash(OTHER_RING, "user-1", "ABCDEFGH")).not.toBe(hash);
  });
});
