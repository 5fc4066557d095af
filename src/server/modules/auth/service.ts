import { and, eq, gt, isNull, sql } from "drizzle-orm";
import {
  LOGIN_MESSAGES,
  type TLoginRequest,
  type TTwoFactorRequired,
  type TVerifyPasskeyRequest,
  type TVerifyRequest,
} from "../../../contract/auth.ts";
import {
  LOGIN_FAILURE_WINDOW_SECONDS,
  LOGIN_FAILURES_PER_EMAIL,
  LOGIN_FAILURES_PER_IP,
  maskPhoneNumber,
  requiresTwoFactor,
  TWO_FACTOR_CODE_SECONDS,
  TWO_FACTOR_FAILURE_WINDOW_SECONDS,
  TWO_FACTOR_FAILURES_PER_ACCOUNT,
  TWO_FACTOR_MAX_ATTEMPTS,
} from "../../../domain/auth-rules.ts";
import { readSecondFactorAnswer } from "../../../domain/authenticator.ts";
import { rolesOf } from "../../../domain/roles.ts";
import { isValidEmail, normalizeEmail } from "../../../domain/validation/email.ts";
import { normalizePhoneNumber } from "../../../domain/validation/phone.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { lockRows } from "../../db/lock-order.ts";
import { twoFactorChallenges, users } from "../../db/schema/index.ts";
import { inTransaction, type Tx } from "../../db/transaction.ts";
import { AppError } from "../../errors.ts";
import { twoFactorCodeSms } from "../../messaging/account-mails.ts";
import { ensurePasswordLoginAllowed } from "../identification/single-sign-on.ts";
import { queueMessage, sendRecordedCode } from "../notifications/outbox.ts";
import {
  unsupportedPhoneNumber,
  userDeactivated,
  verificationExpired,
  verificationFailed,
} from "../system-users/errors.ts";
import { acceptsAnswer, logsInWithAuthenticator, recoveryCodesLeft, tellOwner } from "./authenticator.ts";
import { FailureLimiter } from "./failure-limiter.ts";
import { lastLoginOf, tellOfNewDevice } from "./new-device.ts";
import { acceptsPasskey, passkeyLoginOptions } from "./passkeys.ts";
import { queuePasswordLinkUnlessRecent } from "./password-tokens.ts";
import { decoyPasswordHash, verifyPassword } from "./passwords.ts";
import { createSession, type IssuedSession, type SessionMeta } from "./sessions.ts";
import { equalHashes, hashCode, randomSixDigitCode, randomToken, sha256 } from "./tokens.ts";

/**
 * The login flow of docs/product.md "States" and docs/architecture.md: password, then for admins and employer-side users a
 * 6-digit code by SMS bound to the browser by a challenge cookie. Unknown e-mails and wrong passwords
 * answer alike, in the same time; repeated failures per e-mail and per address answer 429, and so do
 * too many wrong codes per account, whose owner is then warned by mail.
 */

export type LoginOutcome =
  | { kind: "session"; session: IssuedSession }
  | { kind: "twoFactor"; body: TTwoFactorRequired; challengeToken: string };

/** Who is logging in from where: the session row keeps it, and lockouts count per address. */
type RequestInfo = SessionMeta & { ipAddress: string };

/** The owner of an account whose two-factor step was locked, as the warning mail needs them. */
type LockedAccount = { id: string; email: string; language: string; firstName: string | null };

const fail = (status: number, code: ConstructorParameters<typeof AppError>[1], message: string) =>
  new AppError(status, code, message);
const wrongCredentials = () => fail(401, "INVALID_CREDENTIALS", LOGIN_MESSAGES.wrongCredentials);

export function createAuthService(ctx: AppContext) {
  const { db } = ctx.database;
  const { counters } = ctx;
  const limiter = new FailureLimiter(counters.window("login-failures", LOGIN_FAILURE_WINDOW_SECONDS * 1000));

  /**
   * Wrong two-factor codes per account (user id), across challenges, so a guesser cannot spread tries
   * over new challenges. Its own instance, so a flood of distinct e-mails or addresses cannot push an
   * account's count out of the shared map; and unlike the e-mail's count a correct password leaves it
   * alone: only a correct code resets it.
   */
  const codeFailures = new FailureLimiter(
    counters.window("code-failures", TWO_FACTOR_FAILURE_WINDOW_SECONDS * 1000),
  );
  /** Accounts whose owner was warned of a lockout in the window: one warning, however the codes are paced. */
  const lockoutWarnings = new FailureLimiter(
    counters.window("code-lockout-warnings", TWO_FACTOR_FAILURE_WINDOW_SECONDS * 1000),
  );
  const accountKey = (userId: string) => `user:${userId}`;
  const isCodeStepLocked = async (userId: string) =>
    codeFailures.isLockedOut(accountKey(userId), TWO_FACTOR_FAILURES_PER_ACCOUNT);
  const tooMany = () => fail(429, "TOO_MANY_REQUESTS", LOGIN_MESSAGES.tooMany);

  const keys = (email: string, ip: string) => ({ email: `email:${email}`, ip: `ip:${ip}` });

  async function ensureNotLockedOut(email: string, ip: string): Promise<void> {
    const k = keys(email, ip);
    if (
      (await limiter.isLockedOut(k.email, LOGIN_FAILURES_PER_EMAIL)) ||
      (await limiter.isLockedOut(k.ip, LOGIN_FAILURES_PER_IP))
    ) {
      throw tooMany();
    }
  }

  /**
   * A password try is counted against the e-mail and the address before the password is checked, each
   * only below its limit (one atomic step each, across instances), so passwords sent at once cannot all
   * be checked: at either limit the answer is 429 and the try is not counted (the e-mail's try is given
   * back when the address refuses it). The right password clears the e-mail's count and gives the
   * address's try back.
   */
  async function takePasswordTry(email: string, ip: string): Promise<void> {
    const k = keys(email, ip);
    if ((await limiter.takeTry(k.email, LOGIN_FAILURES_PER_EMAIL)) === null) throw tooMany();
    if ((await limiter.takeTry(k.ip, LOGIN_FAILURES_PER_IP)) === null) {
      await limiter.giveBack(k.email);
      throw tooMany();
    }
  }

  async function recordFailure(email: string, ip: string): Promise<void> {
    const k = keys(email, ip);
    await limiter.recordFailure(k.email);
    await limiter.recordFailure(k.ip);
  }

  async function findUserByEmail(email: string) {
    return db.query.users.findFirst({
      where: sql`lower(${users.email}) = ${email}`,
      with: { systemUser: true, userRoles: { with: { role: true } } },
    });
  }

  /** At most one mail per interval, so nobody floods a mailbox; an earlier link keeps working. */
  async function sendSetPasswordMail(user: {
    id: string;
    email: string;
    language: string;
    firstName?: string;
  }) {
    await queuePasswordLinkUnlessRecent(db, user);
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

  async function startTwoFactor(
    user: { id: string; email: string; language: string },
    phoneNumber: string,
  ): Promise<LoginOutcome> {
    const code = randomSixDigitCode();
    const challengeToken = randomToken();
    // The challenge id is part of the code's hash, so it is made here rather than by the database.
    const challengeId = crypto.randomUUID();
    await db.insert(twoFactorChallenges).values({
      id: challengeId,
      userId: user.id,
      challengeTokenHash: sha256(challengeToken),
      codeHash: hashCode(ctx.config.jwtSecret, challengeId, code),
      phoneNumber,
      expiresAt: new Date(Date.now() + TWO_FACTOR_CODE_SECONDS * 1000),
    });
    const sms = twoFactorCodeSms(user.language, { code });
    // The person waits for the code on screen: sent at once, and recorded in the outbox without it.
    await sendRecordedCode(
      db,
      {
        userId: user.id,
        event: "LOGIN_CODE",
        channel: "SMS",
        recipient: phoneNumber,
        language: user.language,
        template: sms.template,
      },
      () => ctx.messaging.sendSms({ to: phoneNumber, ...sms }),
    );
    return {
      kind: "twoFactor",
      challengeToken,
      body: {
        requiresTwoFactor: true,
        method: "SMS",
        email: user.email,
        phoneNumberHint: maskPhoneNumber(phoneNumber),
        expiresInSeconds: TWO_FACTOR_CODE_SECONDS,
        ...(ctx.config.devOutbox ? { devCode: code } : {}),
      },
    };
  }

  /** A recovery code logged in: its owner hears of it, and how many are left. */
  async function tellOfRecoveryCode(user: LockedAccount) {
    const left = await recoveryCodesLeft(db, user.id);
    await tellOwner(ctx, user, { kind: "RECOVERY_CODE_USED", left });
  }

  /** A challenge answered with the code of the user's authenticator app or a recovery code: nothing is sent. */
  async function startAuthenticatorChallenge(user: { id: string; email: string }): Promise<LoginOutcome> {
    const challengeToken = randomToken();
    // A user with passkeys may answer with one instead: the browser signs this challenge.
    const passkeyOptions = await passkeyLoginOptions(db, ctx.config.publicUrl, user.id);
    await db.insert(twoFactorChallenges).values({
      userId: user.id,
      challengeTokenHash: sha256(challengeToken),
      method: "AUTHENTICATOR",
      passkeyChallenge: typeof passkeyOptions?.challenge === "string" ? passkeyOptions.challenge : null,
      expiresAt: new Date(Date.now() + TWO_FACTOR_CODE_SECONDS * 1000),
    });
    return {
      kind: "twoFactor",
      challengeToken,
      body: {
        requiresTwoFactor: true,
        method: "AUTHENTICATOR",
        email: user.email,
        expiresInSeconds: TWO_FACTOR_CODE_SECONDS,
        ...(passkeyOptions ? { passkeyOptions } : {}),
      },
    };
  }

  /**
   * Whether the answer is right for the challenge: the code sent by SMS, or for an authenticator
   * challenge a code of the app or a recovery code (which acceptsAnswer then uses up).
   */
  async function isRightAnswer(
    tx: Tx,
    challenge: typeof twoFactorChallenges.$inferSelect,
    typed: string,
  ): Promise<boolean> {
    const answer = readSecondFactorAnswer(typed);
    if (answer === null) return false;
    if (challenge.method === "AUTHENTICATOR") {
      return acceptsAnswer(tx, ctx.config, challenge.userId, answer, new Date());
    }
    return (
      answer.kind === "code" &&
      challenge.codeHash !== null &&
      equalHashes(challenge.codeHash, hashCode(ctx.config.jwtSecret, challenge.id, answer.code))
    );
  }

  async function finishLogin(db: Db, userId: string, meta: SessionMeta): Promise<IssuedSession> {
    const previousLoginAt = await lastLoginOf(db, userId);
    await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId));
    const session = await createSession(db, ctx.config.jwtSecret, userId, meta);
    await tellOfNewDevice(db, { userId, familyId: session.familyId, meta, previousLoginAt });
    return session;
  }

  /**
   * The second step of a login, whatever answers it: the challenge of the browser's cookie, counted
   * and limited alike for every kind of answer, then the session. `judge` says whether the answer is
   * right for the challenge (and a recovery code, whose owner is then told).
   */
  async function verifyAnswer(
    rawEmail: string,
    challengeToken: string | undefined,
    info: RequestInfo,
    judge: (
      tx: Tx,
      challenge: typeof twoFactorChallenges.$inferSelect,
    ) => Promise<"wrong" | "right" | "recovery">,
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
      if (taken === null) throw tooMany();
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
      return finishLogin(tx, user.id, info);
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
  }

  return {
    async login(input: TLoginRequest, info: RequestInfo): Promise<LoginOutcome> {
      const rawEmail = input.email?.trim() ?? "";
      if (!rawEmail || !input.password) throw fail(400, "BAD_REQUEST", LOGIN_MESSAGES.missing);
      if (!isValidEmail(rawEmail)) throw fail(400, "BAD_REQUEST", LOGIN_MESSAGES.invalidEmail);
      const email = normalizeEmail(rawEmail);
      await takePasswordTry(email, info.ipAddress);

      const user = await findUserByEmail(email);
      if (!user) {
        await verifyPassword(await decoyPasswordHash(), input.password);
        throw wrongCredentials();
      }
      if (!user.passwordHash) {
        // Paid for and counted like a wrong password, so this answer is no cheaper oracle or mail cannon.
        await verifyPassword(await decoyPasswordHash(), input.password);
        await sendSetPasswordMail({ ...user, firstName: user.systemUser?.firstName });
        throw fail(400, "NO_PASSWORD_SET", LOGIN_MESSAGES.noPasswordSet);
      }
      if (!(await verifyPassword(user.passwordHash, input.password))) throw wrongCredentials();
      // The right password: the e-mail starts again with a clean count, and the address's try was no
      // failure.
      await limiter.reset(keys(email, info.ipAddress).email);
      await limiter.giveBack(keys(email, info.ipAddress).ip);
      // Told only to someone who knows the password.
      if (user.deactivated) throw userDeactivated(LOGIN_MESSAGES.deactivated);
      // A company that logs its users in through its own provider: the password is not the way in.
      await ensurePasswordLoginAllowed(db, user.id);

      if (!requiresTwoFactor(rolesOf(user.userRoles))) {
        return { kind: "session", session: await finishLogin(db, user.id, info) };
      }
      // No new code (nor SMS) for an account whose codes are being guessed.
      if (await isCodeStepLocked(user.id)) throw tooMany();
      // Staff with an authenticator app in use answer with its code, whatever number is on file.
      if (await logsInWithAuthenticator(db, ctx.config, user.id)) {
        return startAuthenticatorChallenge(user);
      }
      let phoneNumber = user.phoneNumber;
      if (!phoneNumber && input.phoneNumber) {
        try {
          phoneNumber = normalizePhoneNumber(input.phoneNumber);
        } catch {
          throw unsupportedPhoneNumber(undefined, { requiresPhoneNumber: true });
        }
      }
      if (!phoneNumber) {
        throw new AppError(400, "PHONE_NUMBER_REQUIRED", LOGIN_MESSAGES.phoneRequired, undefined, {
          requiresPhoneNumber: true,
        });
      }
      return startTwoFactor(user, phoneNumber);
    },

    /** The login's second step answered with a code: sent by SMS, the app's, or a recovery code. */
    verify(input: TVerifyRequest, challengeToken: string | undefined, info: RequestInfo) {
      return verifyAnswer(input.email, challengeToken, info, async (tx, challenge) => {
        if (!(await isRightAnswer(tx, challenge, input.code))) return "wrong";
        const recovery =
          challenge.method === "AUTHENTICATOR" && readSecondFactorAnswer(input.code)?.kind === "recovery";
        return recovery ? "recovery" : "right";
      });
    },

    /** The login's second step answered with one of the user's passkeys, where the challenge offered one. */
    verifyPasskey(input: TVerifyPasskeyRequest, challengeToken: string | undefined, info: RequestInfo) {
      return verifyAnswer(input.email, challengeToken, info, async (tx, challenge) => {
        if (challenge.passkeyChallenge === null) return "wrong";
        const accepted = await acceptsPasskey(
          tx,
          ctx.config.publicUrl,
          challenge.userId,
          challenge.passkeyChallenge,
          input.response,
          new Date(),
        );
        return accepted ? "right" : "wrong";
      });
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
