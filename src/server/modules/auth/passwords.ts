import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

/**
 * Passwords are stored as argon2id hashes (the library's default algorithm) with its default cost:
 * 19 MiB memory, 2 passes, 1 lane, the OWASP minimum for argon2id.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** False for a wrong password and for a malformed stored hash alike. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let decoy: Promise<string> | null = null;
/**
 * A hash of a random secret, made once: checking a password against it when an account has no hash
 * (unknown e-mail, no password set) takes as long as a wrong password, and can never succeed.
 */
export function decoyPasswordHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(32).toString("base64url"));
  return decoy;
}
