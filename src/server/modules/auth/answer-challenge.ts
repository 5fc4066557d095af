import { and, eq, gt, isNull } from "drizzle-orm";
import { LOGIN_MESSAGES } from "../../../contract/auth.ts";
import {
  LOGIN_FAILURES_PER_EMAIL,
  LOGIN_FAILURES_PER_IP,
  TWO_FACTOR_FAILURE_WINDOW_SECONDS,
  TWO_FACTOR_FAILURES_PER_ACCOUNT,
  TWO_FACTOR_MAX_ATTEMPTS,
} from "../../../domain/auth-rules.ts";
import { normalizeEmail } from "../../../domain/validation/email.ts";
import type { AppContext } from "../../context.ts";
import { lockRows } from "../../db/lock-order.ts";
import { twoFactorChallenges, users } from "../../db/schema/index.ts";
import { inTransaction, type Tx } from "../../db/transaction.ts";
import { AppError } from "../../errors.ts";
import { queueMessage } from "../notifications/outbox.ts";
import { userDeactivated, verificationExpired, verificationFailed } from "../system-users/errors.ts";
import { recoveryCodesLeft, tellOwner } from "./authenticator.ts";
import { tooManyLoginTries } from "./errors.ts";
import { FailureLimiter } from "./failure-limiter.ts";
import type { LockedAccount, LoginShared, RequestInfo } from "./login-shared.ts";
import type { IssuedSession } from "./sessions.ts";
import { sha256 } from "./tokens.ts";

/** What a second-step answer is judged: wrong, right, or right as a recovery code (its owner is told). */
export type Judge = (
  tx: Tx,
  challenge: typeof twoFactorChallenges.$inferSelect,
) => Promise<"wrong" | "right" | "recovery">;

/** The login's second step, shared by every kind of answer (code-step.ts, passkey-step.ts). */
export function createAnswerChallenge(ctx: AppContext, shared: LoginShared) {
  const { db } = ctx.database;
  const { limiter, codeFailures, accountKey, keys } = shared;

  /** Accounts whose owner was warned of a lockout in the window: one warning, however the codes are paced. */
  const lockoutWarnings = new FailureLimiter(
    ctx.counters.window("code-lockout-warnings", TWO_FACTOR_FAILURE_WINDOW_SECONDS * 1000),
  );

  async function ensureNotLockedOut(email: string, ip: string): Promise<void> {
    const k = keys(email, ip);
    if (
      (await limiter.isLockedOut(k.email, LOGIN_FAILURES_PER_EMAIL)) ||
      (await limiter.isLockedOut(k.ip, LOGIN_FAILURES_PER_IP))
    ) {
      throw tooManyLoginTries();
    }
  }

  async function recordFailure(email: string, ip: string): Promise<void> {
    const k = keys(email, ip);
    await limiter.recordFailure(k.email);
    await limiter.recordFailure(k.ip);
  }

  /** Tells the owner of an account whose code step just locked that someone has their password. */
  async function warnOfCodeLockout(user: LockedAccount) {
    // Marked and counted in one step, so parallel requests (on any instance) cannot both send it.
    if ((await lockoutWarnings.recordFailure(accountKey(user.id))) > 1) return;
    await queueMessage(db, {
      userId: user.id,
      event: "TWO_FACTOR_LOCKED",
      channel: "EMAIL",
      recipient: user.email,
      language: user.language,
      params: { name: user.firstName },
    });
  }

  /** A recovery code logged in: its owner hears of it, and how many are left. */
  async function tellOfRecoveryCode(user: LockedAccount) {
    const left = await recoveryCodesLeft(db, user.id);
    await tellOwner(ctx, user, { kind: "RECOVERY_CODE_USED", left });
  }

  /**
   * The second step of a login, whatever answers it: the challenge of the browser's cookie, counted
   * and limited alike for every kind of answer, then the session. `judge` says whether the answer is
   * right for the challenge (and a recovery code, whose owner is then told).
   */
  return async function answerChallenge(
    rawEmail: string,
    challengeToken: string | undefined,
    info: RequestInfo,
    judge: Judge,
  ): Promise<IssuedSession> {
    const email = normalizeEmail(rawEmail);
    await ensureNotLockedOut(email, info.ipAddress);
    const expired = () => verificationExpired(LOGIN_MESSAGES.codeExpired);
    if (!challengeToken) throw expired();
    const liveChallenge = and(
      eq(twoFactorChallenges.challengeTokenHash, sha256(challengeToken)),
      isNull(twoFactorChallenges.consumedAt),
      gt(twoFactorChallenges.expiresAt, new Date()),
    );
    /** The account whose code step the current wrong code locked: its owner is warned. */
    let lockedNow: LockedAccount | undefined;
    /** The owner of the account a recovery code just logged in to: told, with the codes left. */
    let recoveredBy: LockedAccount | undefined;

    // Every try is counted against the account before its code is judged, and only below the limit
    // (a right code then clears the count), so tries made in parallel, on several challenges or
    // instances, cannot all slip under the limit, and the count never passes it. Counted outside the
    // transaction below, which holds the embedded database's only connection.
    const [owner] = await db
      .select({ userId: twoFactorChallenges.userId })
      .from(twoFactorChallenges)
      .where(liveChallenge);
    let tries = 0;
    if (owner) {
      const taken = await codeFailures.takeTry(accountKey(owner.userId), TWO_FACTOR_FAILURES_PER_ACCOUNT);
      if (taken === null) throw tooManyLoginTries();
      tries = taken;
    }

    // Wrong codes must be counted even though the attempt fails, so the transaction returns the
    // failure instead of throwing it (a throw would roll the count back).
    const result = await inTransaction(db, async (tx): Promise<IssuedSession | AppError> => {
      const [challenge] = await lockRows(
        tx,
        "twoFactorChallenge",
        tx.select().from(twoFactorChallenges).where(liveChallenge).for("update"),
      );
      const user = challenge
        ? await tx.query.users.findFirst({
            where: eq(users.id, challenge.userId),
            with: { systemUser: { columns: { firstName: true } } },
          })
        : undefined;
      if (!challenge || !user || normalizeEmail(user.email) !== email) return expired();
      if (challenge.attempts >= TWO_FACTOR_MAX_ATTEMPTS) return expired();
      if (user.deactivated) return userDeactivated(LOGIN_MESSAGES.deactivated);

      const verdict = await judge(tx, challenge);
      if (verdict === "recovery") recoveredBy = { ...user, firstName: user.systemUser?.firstName ?? null };
      if (verdict === "wrong") {
        if (tries >= TWO_FACTOR_FAILURES_PER_ACCOUNT) {
          lockedNow = { ...user, firstName: user.systemUser?.firstName ?? null };
        }
        const attempts = challenge.attempts + 1;
        await tx
          .update(twoFactorChallenges)
          .set({ attempts })
          .where(eq(twoFactorChallenges.id, challenge.id));
        // The fifth wrong code ends the challenge: the user logs in again for a new one.
        return attempts >= TWO_FACTOR_MAX_ATTEMPTS ? expired() : verificationFailed(LOGIN_MESSAGES.codeWrong);
      }

      await tx
        .update(twoFactorChallenges)
        .set({ consumedAt: new Date() })
        .where(eq(twoFactorChallenges.id, challenge.id));
      if (
        challenge.phoneNumber !== null &&
        (user.phoneNumber !== challenge.phoneNumber || !user.phoneVerifiedAt)
      ) {
        // The first code sent to a number the user typed in proves the number: keep it.
        await tx
          .update(users)
          .set({ phoneNumber: challenge.phoneNumber, phoneVerifiedAt: new Date() })
          .where(eq(users.id, user.id));
      }
      return shared.finishLogin(tx, user.id, info);
    });
    if (result instanceof AppError) {
      if (result.code === "VERIFICATION_FAILED" || result.code === "VERIFICATION_EXPIRED") {
        await recordFailure(email, info.ipAddress);
      }
      if (lockedNow) await warnOfCodeLockout(lockedNow);
      throw result;
    }
    // The right code: whoever typed it is the owner, who starts again with a clean count.
    if (owner) await codeFailures.reset(accountKey(owner.userId));
    await limiter.reset(keys(email, info.ipAddress).email);
    if (recoveredBy) await tellOfRecoveryCode(recoveredBy);
    return result;
  };
}

export type AnswerChallenge = ReturnType<typeof createAnswerChallenge>;
