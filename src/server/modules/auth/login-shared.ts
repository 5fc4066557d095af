import { eq } from "drizzle-orm";
import type { TTwoFactorRequired } from "../../../contract/auth.ts";
import {
  LOGIN_FAILURE_WINDOW_SECONDS,
  TWO_FACTOR_FAILURE_WINDOW_SECONDS,
  TWO_FACTOR_FAILURES_PER_ACCOUNT,
} from "../../../domain/auth-rules.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { FailureLimiter } from "./failure-limiter.ts";
import { lastLoginOf, tellOfNewDevice } from "./new-device.ts";
import { createSession, type IssuedSession, type SessionMeta } from "./sessions.ts";

/** What the steps of a login share: their failure limits and how a login ends in a session. */

export type LoginOutcome =
  | { kind: "session"; session: IssuedSession }
  | { kind: "twoFactor"; body: TTwoFactorRequired; challengeToken: string };

/** Who is logging in from where: the session row keeps it, and lockouts count per address. */
export type RequestInfo = SessionMeta & { ipAddress: string };

/** The owner of an account whose two-factor step was locked, as the warning mail needs them. */
export type LockedAccount = { id: string; email: string; language: string; firstName: string | null };

export function createLoginShared(ctx: AppContext) {
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
  const accountKey = (userId: string) => `user:${userId}`;
  const isCodeStepLocked = async (userId: string) =>
    codeFailures.isLockedOut(accountKey(userId), TWO_FACTOR_FAILURES_PER_ACCOUNT);

  const keys = (email: string, ip: string) => ({ email: `email:${email}`, ip: `ip:${ip}` });

  async function finishLogin(db: Db, userId: string, meta: SessionMeta): Promise<IssuedSession> {
    const previousLoginAt = await lastLoginOf(db, userId);
    await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId));
    const session = await createSession(db, ctx.config.jwtSecret, userId, meta);
    await tellOfNewDevice(db, { userId, familyId: session.familyId, meta, previousLoginAt });
    return session;
  }

  return { limiter, codeFailures, accountKey, isCodeStepLocked, keys, finishLogin };
}

export type LoginShared = ReturnType<typeof createLoginShared>;
