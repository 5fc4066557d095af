import { eq } from "drizzle-orm";
import { PASSWORD_RESET_SECONDS } from "../../../domain/auth-rules.ts";
import type { Db } from "../../db/client.ts";
import { passwordResetTokens } from "../../db/schema/index.ts";
import { randomToken, sha256 } from "./tokens.ts";

/**
 * A single-use link token for setting a password (reset, or first password). Only its hash is stored;
 * a new token replaces the user's unused ones, so only the newest mail works.
 */
export async function createPasswordToken(db: Db, userId: string): Promise<string> {
  const token = randomToken();
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  await db.insert(passwordResetTokens).values({
    userId,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + PASSWORD_RESET_SECONDS * 1000),
  });
  return token;
}
