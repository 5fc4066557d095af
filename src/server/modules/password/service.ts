import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  PASSWORD_RESET_REQUESTED_MESSAGE,
  PASSWORD_SET_MESSAGE,
  type zPasswordResetRequest,
  type zPasswordTokenStatus,
} from "../../../contract/password.ts";
import { isValidEmail, normalizeEmail } from "../../../domain/validation/email.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { lockRows } from "../../db/lock-order.ts";
import { passwordResetTokens, users } from "../../db/schema/index.ts";
import { inTransaction } from "../../db/transaction.ts";
import { queuePasswordLinkUnlessRecent } from "../auth/password-tokens.ts";
import { hashPassword } from "../auth/passwords.ts";
import { revokeAllSessionsOfUser } from "../auth/sessions.ts";
import { sha256 } from "../auth/tokens.ts";
import { queueMessage } from "../notifications/outbox.ts";
import { passwordLinkInvalid } from "./errors.ts";
import { ensureStrongPassword } from "./password-policy.ts";

/**
 * Password recovery and setting a password by link (docs/product.md "Screens" /salasanan-palauttaminen, /reset/{token};
 * docs/architecture.md). A request answers the same, in the same time, whether or not the e-mail belongs to
 * anyone: the look-up, the token and the mail happen after the answer, and their failures are only
 * logged. A link token is random, stored as its sha256, single use and valid for as long as its kind allows
 * (passwordLinkSeconds); using it sets the password, ends every session of the user and mails the
 * account that its password was changed, so an owner who did not do it can act.
 */

type ResetRequest = z.infer<typeof zPasswordResetRequest>;
type TokenStatus = z.infer<typeof zPasswordTokenStatus>;

export function createPasswordService(ctx: AppContext) {
  const { db } = ctx.database;
  /** Mails being prepared after the answer went out; the app waits for them when it closes. */
  const pending = new Set<Promise<void>>();

  /** A token row that still works: unused, unexpired, and its user active. */
  async function findUsableToken(database: Db, token: string, forUpdate: boolean) {
    const query = database
      .select({
        id: passwordResetTokens.id,
        userId: passwordResetTokens.userId,
        email: users.email,
        language: users.language,
        hadPassword: sql<boolean>`${users.passwordHash} is not null`.mapWith(Boolean),
      })
      .from(passwordResetTokens)
      .innerJoin(users, eq(users.id, passwordResetTokens.userId))
      .where(
        and(
          eq(passwordResetTokens.tokenHash, sha256(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
          eq(users.deactivated, false),
        ),
      );
    const [row] = forUpdate
      ? await lockRows(database, "passwordResetToken", query.for("update", { of: passwordResetTokens }))
      : await query;
    return row;
  }

  async function deliver(email: string, onError: (error: unknown) => void): Promise<void> {
    try {
      const user = await db.query.users.findFirst({
        where: sql`lower(${users.email}) = ${email}`,
        with: { systemUser: true },
      });
      // Unknown and deactivated accounts get nothing; the caller cannot tell the difference.
      if (!user || user.deactivated) return;
      // One mail per account per interval: the form cannot flood an inbox or kill the link sent.
      await queuePasswordLinkUnlessRecent(db, user);
    } catch (error) {
      onError(error);
    }
  }

  return {
    /**
     * Starts the mail and answers at once. An address that is not even an e-mail cannot belong to an
     * account, so it is simply not looked up; the answer is still the same.
     */
    requestReset(input: ResetRequest, onError: (error: unknown) => void): { message: string } {
      const email = normalizeEmail(input.email);
      if (isValidEmail(email)) {
        const job = deliver(email, onError).finally(() => pending.delete(job));
        pending.add(job);
      }
      return { message: PASSWORD_RESET_REQUESTED_MESSAGE };
    },

    async tokenStatus(token: string): Promise<TokenStatus> {
      const row = await findUsableToken(db, token, false);
      if (row) return { valid: true, email: row.email, problem: null };
      // Whoever holds the link may learn why it died; never whose it was.
      const [dead] = await db
        .select({ usedAt: passwordResetTokens.usedAt, deactivated: users.deactivated })
        .from(passwordResetTokens)
        .innerJoin(users, eq(users.id, passwordResetTokens.userId))
        .where(eq(passwordResetTokens.tokenHash, sha256(token)));
      const problem = !dead || dead.deactivated ? "UNKNOWN" : dead.usedAt ? "USED" : "EXPIRED";
      return { valid: false, email: null, problem };
    },

    /**
     * A new link for the account a dead link (expired or used) was for, mailed to the account's own
     * address, so the holder of an old link never needs to type or learn the address. Answers at once and
     * the same whether or not a mail goes out; the once-per-interval rule of every password mail holds.
     */
    renewLink(token: string, onError: (error: unknown) => void): { message: string } {
      const job = (async () => {
        const [row] = await db
          .select({ email: users.email })
          .from(passwordResetTokens)
          .innerJoin(users, eq(users.id, passwordResetTokens.userId))
          .where(eq(passwordResetTokens.tokenHash, sha256(token)));
        if (row) await deliver(row.email.toLowerCase(), onError);
      })()
        .catch(onError)
        .finally(() => pending.delete(job));
      pending.add(job);
      return { message: PASSWORD_RESET_REQUESTED_MESSAGE };
    },

    async resetPassword(
      token: string,
      password: string,
      _onMailError: (error: unknown) => void,
    ): Promise<{ message: string }> {
      const found = await findUsableToken(db, token, false);
      if (!found) throw passwordLinkInvalid();
      ensureStrongPassword(password, found.email);
      // argon2 takes a moment: hash before the transaction holds the token row.
      const passwordHash = await hashPassword(password);

      const changedAt = new Date();
      await inTransaction(db, async (tx) => {
        // Checked again under a lock: two tabs posting the same link set the password once.
        const row = await findUsableToken(tx, token, true);
        if (!row) throw passwordLinkInvalid();
        await tx
          .update(users)
          .set({ passwordHash, passwordChangedAt: changedAt })
          .where(eq(users.id, row.userId));
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: changedAt })
          .where(eq(passwordResetTokens.id, row.id));
        await revokeAllSessionsOfUser(tx, row.userId, "PASSWORD_CHANGED");
        // Told with the change: the mail is queued in its transaction and sent after the commit.
        await queueMessage(tx, {
          userId: row.userId,
          event: "PASSWORD_CHANGED",
          channel: "EMAIL",
          recipient: row.email,
          language: row.language,
          params: { changedAt: changedAt.toISOString(), firstPassword: !row.hadPassword },
        });
      });
      return { message: PASSWORD_SET_MESSAGE };
    },

    /** Waits for the mails still being prepared (app close). */
    async drain(): Promise<void> {
      await Promise.allSettled([...pending]);
    },
  };
}
