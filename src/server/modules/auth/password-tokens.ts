import { desc, eq } from "drizzle-orm";
import {
  isPasswordLinkMailDue,
  type PasswordLinkKind,
  passwordLinkSeconds,
} from "../../../domain/auth-rules.ts";
import type { Db } from "../../db/client.ts";
import { passwordResetTokens, users } from "../../db/schema/index.ts";
import { inTransaction } from "../../db/transaction.ts";
import { randomToken, sha256 } from "./tokens.ts";

/**
 * A single-use link token for setting a password (reset, or first password), living as long as its
 * kind allows. Only its hash is stored; a new token replaces the user's unused ones, so only the newest
 * mail works.
 */
export async function createPasswordToken(
  db: Db,
  userId: string,
  kind: PasswordLinkKind,
  now = new Date(),
): Promise<string> {
  const token = randomToken();
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  await db.insert(passwordResetTokens).values({
    userId,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + passwordLinkSeconds(kind) * 1000),
  });
  return token;
}

/**
 * A token for a password link mailed on someone's request (a login to an account without a password,
 * a reset request), or null when a link was made within PASSWORD_LINK_MAIL_INTERVAL_SECONDS: then no
 * mail goes out and the earlier link, still valid, is left alone. The user row is locked so that
 * parallel requests make one token, not two.
 */
async function createPasswordTokenUnlessRecent(db: Db, userId: string): Promise<string | null> {
  return inTransaction(db, async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [newest] = await tx
      .select({ createdAt: passwordResetTokens.createdAt })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, userId))
      .orderBy(desc(passwordResetTokens.createdAt))
      .limit(1);
    if (!isPasswordLinkMailDue(newest?.createdAt ?? null, new Date())) return null;
    return createPasswordToken(tx, userId, "requested");
  });
}

/**
 * Mails a password link made by createPasswordTokenUnlessRecent through `send`; when the mail cannot
 * be sent the token is removed again, so the user's next request is not held back by a link that
 * never arrived. Answers whether a mail went out.
 */
export async function mailPasswordLinkUnlessRecent(
  db: Db,
  userId: string,
  send: (token: string) => Promise<void>,
): Promise<boolean> {
  const token = await createPasswordTokenUnlessRecent(db, userId);
  if (!token) return false;
  try {
    await send(token);
    return true;
  } catch (error) {
    await db.delete(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, sha256(token)));
    throw error;
  }
}
