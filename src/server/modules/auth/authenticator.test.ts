import fc from "fast-check";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { codeStep, decryptSecret, encryptSecret, readableSecret, recoveryCodeHash } from "./authenticator.ts";

const SERVER_SECRET = "a server secret of at least thirty-two characters";
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
        const stored = encryptSecret(SERVER_SECRET, secret);
        expect(stored).not.toContain(secret);
        expect(decryptSecret(SERVER_SECRET, stored)).toBe(secret);
        // A fresh IV each time: the same secret is stored differently twice.
        expect(encryptSecret(SERVER_SECRET, secret)).not.toBe(stored);
      }),
      { numRuns: 50 },
    );
  });

  it("cannot be read with another server secret, nor once a byte of it is changed", () => {
    const stored = encryptSecret(SERVER_SECRET, "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");
    expect(readableSecret("another server secret of thirty-two characters", stored)).toBeNull();
    const [version, iv, tag, ciphertext] = stored.split(".") as [string, string, string, string];
    const flipped = Buffer.from(ciphertext, "base64url");
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(
      readableSecret(SERVER_SECRET, [version, iv, tag, flipped.toString("base64url")].join(".")),
    ).toBeNull();
    expect(readableSecret(SERVER_SECRET, "v2.a.b.c")).toBeNull();
    expect(readableSecret(SERVER_SECRET, stored)).toBe("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");
  });
});

describe("recoveryCodeHash", () => {
  it("binds a code to its owner and to the server's key", () => {
    const hash = recoveryCodeHash(SERVER_SECRET, "user-1", "ABCDEFGH");
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(recoveryCodeHash(SERVER_SECRET, "user-1", "ABCDEFGH")).toBe(hash);
    expect(recoveryCodeHash(SERVER_SECRET, "user-2", "ABCDEFGH")).not.toBe(hash);
    expect(recoveryCodeHash("another server secret of thirty-two characters", "user-1", "ABCDEFGH")).not.toBe(
      hash,
    );
  });
});
