import { createHmac, hkdfSync } from "node:crypto";

/**
 * Keys derived from the server's secret (JWT_SECRET) with HKDF, one per purpose named by `info`, for
 * what may end when JWT_SECRET is replaced: codes and links that live minutes or weeks (pickup codes,
 * unsubscribe links). What must outlive it is kept under the data keys (src/server/data-keys.ts).
 */

export function derivedKey(serverSecret: string, info: string): Buffer {
  return Buffer.from(hkdfSync("sha256", serverSecret, "", info, 32));
}

/** A value's keyed hash (hex): equal values give equal hashes, and nobody without the key can test one. */
export function keyedHash(serverSecret: string, info: string, value: string): string {
  return createHmac("sha256", derivedKey(serverSecret, info)).update(value).digest("hex");
}
