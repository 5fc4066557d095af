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
