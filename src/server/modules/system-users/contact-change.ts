import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { TContactChangeStarted, TEmailChangeConfirmed } from "../../../contract/system-users.ts";
import {
  CONTACT_CHANGE_REQUEST_WINDOW_SECONDS,
  CONTACT_CHANGE_REQUESTS_PER_USER,
  type ContactChangeKind,
  EMAIL_CHANGE_SECONDS,
  PHONE_CHANGE_CODE_SECONDS,
  PHONE_CHANGE_MAX_ATTEMPTS,
} from "../../../domain/contact-change.ts";
import { buildPath } from "../../../domain/routes.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/postgres-errors.ts";
import { contactChangeRequests, systemUsers, users } from "../../db/schema/index.ts";
import { inTransaction } from "../../db/transaction.ts";
import { AppError, notFound } from "../../errors.ts";
import {
  contactChangedMail,
  contactChangeRequestedMail,
  emailChangeConfirmMail,
  emailChangeInUseMail,
  phoneChangeCodeSms,
} from "../../messaging/contact-change-mails.ts";
import { FailureLimiter } from "../auth/failure-limiter.ts";
import { createReauthentication } from "../auth/reauthentication.ts";
import { equalHashes, hashCode, randomSixDigitCode, randomToken, sha256 } from "../auth/tokens.ts";
import {
  changeLinkInvalid,
  currentPasswordRequired,
  emailTaken,
  tooManyContactChanges,
  userDeactivated,
  verificationExpired,
  verificationFailed,
} from "./errors.ts";
import { emailOwnerId } from "./queries.ts";

/**
 * A user's own change of their login e-mail or phone number. A stolen session
 * must not be enough to move the account's login or second factor elsewhere, and the e-mail field
 * must not tell who else has an account:
 * - the current password re-authenticates the request (wrong ones are counted per user, then 429);
 * - nothing is stored until the new address or number proves itself: a single-use link mailed to the
 *   new address, or a 6-digit code sent by SMS to the new number;
 * - the current address is told when a change is asked for and again when it takes effect;
 * - the answer is the same whether or not another account uses the new address: that mailbox gets a
 *   mail saying the address is in use instead of a link, so only its owner learns it.
 */

type Log = Pick<FastifyBaseLogger, "error">;

export function createContactChangeService(ctx: AppContext) {
  const { db } = ctx.database;
  const reauthentication = createReauthentication(ctx);
  // Shared by every app instance, like the login limiter (src/server/counters.ts).
  const requests = new FailureLimiter(
    ctx.counters.window("contact-change-requests", CONTACT_CHANGE_REQUEST_WINDOW_SECONDS * 1000),
  );

  async function account(userId: string, from: Db = db) {
    const [row] = await from
      .select({
        id: users.id,
        email: users.email,
        phoneNumber: users.phoneNumber,
        passwordHash: users.passwordHash,
        language: users.language,
        deactivated: users.deactivated,
        firstName: systemUsers.firstName,
      })
      .from(users)
      .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
      .where(eq(users.id, userId));
    if (!row) throw notFound("User");
    return row;
  }
  type Account = Awaited<ReturnType<typeof account>>;

  /**
   * The current password (modules/auth/reauthentication.ts) before anything is sent. A user at the cap
   * on changes asked for is refused before the check; each request that passes takes its place under
   * the cap in one atomic step, so requests sent at once cannot all pass it and send more messages.
   */
  async function reauthenticate(user: Account, password: string | undefined): Promise<void> {
    if (!password) throw currentPasswordRequired();
    const key = `user:${user.id}`;
    if (await requests.isLockedOut(key, CONTACT_CHANGE_REQUESTS_PER_USER)) throw tooManyContactChanges();
    await reauthentication.check(user, password);
    if ((await requests.takeTry(key, CONTACT_CHANGE_REQUESTS_PER_USER)) === null)
      throw tooManyContactChanges();
  }

  /** A notice to the account's own address; its failure must not undo or hide the change itself. */
  async function notify(user: Account, mail: ReturnType<typeof contactChangedMail>, log: Log) {
    try {
      await ctx.messaging.sendMail({ to: user.email, ...mail });
    } catch (error) {
      log.error({ err: error, userId: user.id, template: mail.template }, "contact change notice failed");
    }
  }

  /** Replaces the user's open request of this kind by a new one. */
  async function storeRequest(
    tx: Db,
    values: { id?: string; userId: string; kind: ContactChangeKind; newValue: string; secretHash: string },
    seconds: number,
  ) {
    await tx
      .delete(contactChangeRequests)
      .where(
        and(
          eq(contactChangeRequests.userId, values.userId),
          eq(contactChangeRequests.kind, values.kind),
          isNull(contactChangeRequests.consumedAt),
        ),
      );
    await tx
      .insert(contactChangeRequests)
      .values({ ...values, expiresAt: new Date(Date.now() + seconds * 1000) });
  }

  return {
    /** The user's address, language and first name, for the notices. */
    accountOf: (userId: string) => account(userId),

    /** Step 1 of an e-mail change: 202 with a link to the new address (or the "in use" mail). */
    async startEmailChange(
      userId: string,
      newEmail: string,
      password: string | undefined,
      log: Log,
    ): Promise<TContactChangeStarted> {
      const user = await account(userId);
      await reauthenticate(user, password);
      const ownerId = await emailOwnerId(db, newEmail, user.id);
      if (ownerId) {
        const owner = await account(ownerId);
        await ctx.messaging.sendMail({
          to: newEmail,
          ...emailChangeInUseMail(owner.language, { name: owner.firstName, newEmail }),
        });
      } else {
        const token = randomToken();
        await storeRequest(
          db,
          { userId: user.id, kind: "EMAIL", newValue: newEmail, secretHash: sha256(token) },
          EMAIL_CHANGE_SECONDS,
        );
        const link = `${ctx.config.publicUrl}${buildPath("emailChangeConfirm", { token })}`;
        await ctx.messaging.sendMail({
          to: newEmail,
          ...emailChangeConfirmMail(user.language, {
            name: user.firstName,
            link,
            newEmail,
            validHours: EMAIL_CHANGE_SECONDS / 3600,
          }),
        });
      }
      await notify(
        user,
        contactChangeRequestedMail(user.language, {
          name: user.firstName,
          kind: "EMAIL",
          newValue: newEmail,
        }),
        log,
      );
      return { confirmationSent: true, sentTo: newEmail, expiresInSeconds: EMAIL_CHANGE_SECONDS };
    },

    /** Step 2: the link's token applies the change; 409 if another account took the address meanwhile. */
    async confirmEmailChange(token: string, log: Log): Promise<TEmailChangeConfirmed> {
      let changed: { user: Account; newEmail: string };
      try {
        changed = await inTransaction(db, async (tx) => {
          const [request] = await tx
            .select()
            .from(contactChangeRequests)
            .where(
              and(
                eq(contactChangeRequests.secretHash, sha256(token)),
                eq(contactChangeRequests.kind, "EMAIL"),
                isNull(contactChangeRequests.consumedAt),
                gt(contactChangeRequests.expiresAt, new Date()),
              ),
            )
            .for("update");
          if (!request) throw changeLinkInvalid();
          const user = await account(request.userId, tx);
          if (user.deactivated) throw userDeactivated();
          if (await emailOwnerId(tx, request.newValue, user.id)) throw emailTaken();
          await tx
            .update(contactChangeRequests)
            .set({ consumedAt: new Date() })
            .where(eq(contactChangeRequests.id, request.id));
          await tx.update(users).set({ email: request.newValue }).where(eq(users.id, user.id));
          return { user, newEmail: request.newValue };
        });
      } catch (error) {
        // Another account took the address between the check and the update.
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      // `user` was read before the update: its e-mail is the previous one, which is told.
      await notify(
        changed.user,
        contactChangedMail(changed.user.language, {
          name: changed.user.firstName,
          kind: "EMAIL",
          newValue: changed.newEmail,
          byOther: false,
        }),
        log,
      );
      return { workEmail: changed.newEmail };
    },

    /** Step 1 of a phone change: 202 with a code sent by SMS to the new (normalised) number. */
    async startPhoneChange(
      userId: string,
      phoneNumber: string,
      password: string | undefined,
      log: Log,
    ): Promise<TContactChangeStarted> {
      const user = await account(userId);
      await reauthenticate(user, password);
      const code = randomSixDigitCode();
      // The request id is part of the code's hash, so it is made here rather than by the database.
      const id = crypto.randomUUID();
      await storeRequest(
        db,
        {
          id,
          userId: user.id,
          kind: "PHONE",
          newValue: phoneNumber,
          secretHash: hashCode(ctx.config.jwtSecret, id, code),
        },
        PHONE_CHANGE_CODE_SECONDS,
      );
      await ctx.messaging.sendSms({ to: phoneNumber, ...phoneChangeCodeSms(user.language, { code }) });
      await notify(
        user,
        contactChangeRequestedMail(user.language, {
          name: user.firstName,
          kind: "PHONE",
          newValue: phoneNumber,
        }),
        log,
      );
      return { confirmationSent: true, sentTo: phoneNumber, expiresInSeconds: PHONE_CHANGE_CODE_SECONDS };
    },

    /** Step 2: the code stores the number, verified; 5 wrong codes end the request. */
    async confirmPhoneChange(userId: string, code: string, log: Log): Promise<void> {
      // Wrong codes must be counted even though the attempt fails, so the transaction returns the
      // failure instead of throwing it (a throw would roll the count back).
      const result = await inTransaction(db, async (tx): Promise<AppError | { newValue: string }> => {
        const [request] = await tx
          .select()
          .from(contactChangeRequests)
          .where(
            and(
              eq(contactChangeRequests.userId, userId),
              eq(contactChangeRequests.kind, "PHONE"),
              isNull(contactChangeRequests.consumedAt),
              gt(contactChangeRequests.expiresAt, new Date()),
            ),
          )
          .orderBy(desc(contactChangeRequests.createdAt))
          .limit(1)
          .for("update");
        if (!request || request.attempts >= PHONE_CHANGE_MAX_ATTEMPTS) return verificationExpired();
        if (!equalHashes(request.secretHash, hashCode(ctx.config.jwtSecret, request.id, code))) {
          const attempts = request.attempts + 1;
          await tx
            .update(contactChangeRequests)
            .set({ attempts })
            .where(eq(contactChangeRequests.id, request.id));
          return attempts >= PHONE_CHANGE_MAX_ATTEMPTS ? verificationExpired() : verificationFailed();
        }
        await tx
          .update(contactChangeRequests)
          .set({ consumedAt: new Date() })
          .where(eq(contactChangeRequests.id, request.id));
        // The code reached the number, so the number is verified as the two-factor step would.
        await tx
          .update(users)
          .set({ phoneNumber: request.newValue, phoneVerifiedAt: new Date() })
          .where(eq(users.id, userId));
        return { newValue: request.newValue };
      });
      if (result instanceof AppError) throw result;
      const user = await account(userId);
      await notify(
        user,
        contactChangedMail(user.language, {
          name: user.firstName,
          kind: "PHONE",
          newValue: result.newValue,
          byOther: false,
        }),
        log,
      );
    },

    /** A change made by a manager: the user's (previous) address is told who changed what. */
    async notifyChangedByOther(
      user: Account,
      change: { kind: ContactChangeKind; newValue: string },
      log: Log,
    ): Promise<void> {
      await notify(
        user,
        contactChangedMail(user.language, { name: user.firstName, ...change, byOther: true }),
        log,
      );
    },
  };
}
export type ContactChangeService = ReturnType<typeof createContactChangeService>;
