import { CompactEncrypt, compactDecrypt, importJWK, type JWK } from "jose";
import { describe, expect, it } from "vitest";
import { generateKeySet, platformKeysOf } from "./platform-keys.ts";

const PRIVATE_MEMBERS = ["d", "p", "q", "dp", "dq", "qi"];

describe("the platform's OpenID Connect keys", () => {
  it("publishes only the public halves, each with its kid and use", async () => {
    const set = await generateKeySet();
    const keys = await platformKeysOf(set);
    expect(keys.publicJwks.keys.map((k) => [k.kid, k.use])).toEqual(set.keys.map((k) => [k.kid, k.use]));
    for (const key of keys.publicJwks.keys) {
      for (const member of PRIVATE_MEMBERS) expect(key).not.toHaveProperty(member);
    }
    expect(keys.signing.kid).toBe(set.keys.find((k) => k.use === "sig")?.kid);
  });

  it("signs with the newest key and still opens what was encrypted to the one it replaces", async () => {
    const old = await generateKeySet();
    const fresh = await generateKeySet();
    // A rotation: the new keys first, the old ones kept while the brokers' caches turn over.
    const keys = await platformKeysOf({ keys: [...fresh.keys, ...old.keys] });
    expect(keys.signing.kid).toBe(fresh.keys[0]?.kid);
    expect(keys.decryption.map((k) => k.kid)).toEqual([fresh.keys[1]?.kid, old.keys[1]?.kid]);
    expect(keys.publicJwks.keys).toHaveLength(4);

    const oldEnc = old.keys[1] as JWK;
    const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...oldPublic } = oldEnc;
    const jwe = await new CompactEncrypt(new TextEncoder().encode("sent before the rotation"))
      .setProtectedHeader({ alg: "RSA-OAEP", enc: "A256GCM", kid: oldEnc.kid })
      .encrypt(await importJWK(oldPublic, "RSA-OAEP"));
    const key = keys.decryption.find((k) => k.kid === oldEnc.kid);
    const { plaintext } = await compactDecrypt(jwe, key?.key as CryptoKey);
    expect(new TextDecoder().decode(plaintext)).toBe("sent before the rotation");
  });

  it("refuses a set without a signing or an encryption key", async () => {
    const set = await generateKeySet();
    const sig = set.keys.filter((k) => k.use === "sig");
    await expect(platformKeysOf({ keys: [...sig, ...sig] })).rejects.toThrow(/use enc/);
    await expect(platformKeysOf({ keys: [] })).rejects.toThrow();
  });
});
