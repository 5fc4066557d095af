import { and, desc, eq } from "drizzle-orm";
import {
  isPasswordLinkMailDue,
  type PasswordLinkKind,
  passwordLinkSeconds,
} from "../../../domain/auth-rules.ts";
import type { Db } from "../../db/client.ts";
import { lockRows } from "../../db/lock-order.ts";
import { messageOutbox, passwordResetTokens, users } from "../../db/schema/index.ts";
import { inTransaction } from "../../db/transaction.ts";
import { queueMessage } from "../notifications/outbox.ts";
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
 * Queues the password link mail a person asked for (a login to an account without a password, a reset
 * request), unless a link was mailed or made within PASSWORD_LINK_MAIL_INTERVAL_SECONDS: then nothing
 * is queued and the earlier link, still valid, is left alone. The link's token is minted when the mail
 * is sent (password/mails.ts), never kept in the outbox. The user row is locked so that parallel
 * requests queue one mail, not two. Answers whether a mail was queued.
 */
export async function queuePasswordLinkUnlessRecent(
  db: Db,
  user: { id: string; email: string; language: string },
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    await lockRows(
      tx,
      "user",
      tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("no key update"),
    );
    const [newestLink] = await tx
      .select({ createdAt: passwordResetTokens.createdAt })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id))
      .orderBy(desc(passwordResetTokens.createdAt))
      .limit(1);
    const [newestMail] = await tx
      .select({ createdAt: messageOutbox.createdAt })
      .from(messageOutbox)
      .where(and(eq(messageOutbox.userId, user.id), eq(messageOutbox.event, PASSWORD_LINK_EVENT)))
      .orderBy(desc(messageOutbox.createdAt))
      .limit(1);
    const newest = [newestLink?.createdAt, newestMail?.createdAt]
      .filter((at): at is Date => at !== undefined)
      .sort((a, b) => b.getTime() - a.getTime())[0];
    if (!isPasswordLinkMailDue(newest ?? null, new Date())) return false;
    await queueMessage(tx, {
      userId: user.id,
      event: PASSWORD_LINK_EVENT,
      channel: "EMAIL",
      recipient: user.email,
      language: user.language,
    });
    return true;
  });
}

/** The notification table's event of a password link the person asked for. */
const PASSWORD_LINK_EVENT = "PASSWORD_RESET";
