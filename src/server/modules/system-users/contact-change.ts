import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { TContactChangeStarted, TEmailChangeConfirmed } from "../../../contract/system-users.ts";
import {
  CONTACT_CHANGE_REQUEST_WINDOW_SECONDS,
  CONTACT_CHANGE_REQUESTS_PER_USER,
  type ContactChangeKind,
  EMAIL_CHANGE_SECONDS,
  PHONE_CHANGE_CODE_SECONDS,
  PHONE_CHANGE_MAX_ATTEMPTS,
} from "../../../domain/contact-change.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { lockRows } from "../../db/lock-order.ts";
import { isUniqueViolation } from "../../db/postgres-errors.ts";
import { contactChangeRequests, systemUsers, users } from "../../db/schema/index.ts";
import { inTransaction } from "../../db/transaction.ts";
import { type AppError, notFound } from "../../errors.ts";
import { phoneChangeCodeSms } from "../../messaging/contact-change-mails.ts";
import { FailureLimiter } from "../auth/failure-limiter.ts";
import { createReauthentication } from "../auth/reauthentication.ts";
import { equalHashes, hashCode, randomSixDigitCode, randomToken, sha256 } from "../auth/tokens.ts";
import { queueMessage, sendRecordedCode } from "../notifications/outbox.ts";
import {
  currentPasswordRequired,
  emailTaken,
  linkInvalid,
  tooManyContactChanges,
  userDeactivated,
  verificationExpired,
  verificationFailed,
} from "./errors.ts";
import { CONTACT_CHANGE_EVENT, type ContactChangeMessage } from "./mails.ts";
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
 * The mails are queued in the message outbox with the change (the link's token is minted when its mail
 * is sent, system-users/mails.ts); the phone's code is sent at once, as the person waits for it.
 */

/** The notification table's event of the code that confirms a new phone number. */
const PHONE_CHANGE_CODE_EVENT = "PHONE_CHANGE_CODE";

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

  /**
   * Queues a contact change mail in `tx`: by default to the account's own address, in its language,
   * greeting it by its first name.
   */
  async function queueMail(
    tx: Db,
    user: Account,
    message: ContactChangeMessage,
    recipient: string = user.email,
  ): Promise<void> {
    await queueMessage(tx, {
      userId: user.id,
      event: CONTACT_CHANGE_EVENT,
      channel: "EMAIL",
      recipient,
      language: user.language,
      params: { ...message, name: user.firstName },
    });
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
    ): Promise<TContactChangeStarted> {
      const user = await account(userId);
      await reauthenticate(user, password);
      await inTransaction(db, async (tx) => {
        const ownerId = await emailOwnerId(tx, newEmail, user.id);
        if (ownerId) {
          await queueMail(tx, await account(ownerId, tx), { mail: "EMAIL_IN_USE", newEmail }, newEmail);
        } else {
          // No link matches the request's hash until its mail is sent and the link minted then.
          const requestId = crypto.randomUUID();
          await storeRequest(
            tx,
            {
              id: requestId,
              userId: user.id,
              kind: "EMAIL",
              newValue: newEmail,
              secretHash: sha256(randomToken()),
            },
            EMAIL_CHANGE_SECONDS,
          );
          await queueMail(tx, user, { mail: "CONFIRM_EMAIL", requestId, newEmail }, newEmail);
        }
        await queueMail(tx, user, { mail: "REQUESTED", kind: "EMAIL", newValue: newEmail });
      });
      return { confirmationSent: true, sentTo: newEmail, expiresInSeconds: EMAIL_CHANGE_SECONDS };
    },

    /** Step 2: the link's token applies the change; 409 if another account took the address meanwhile. */
    async confirmEmailChange(token: string): Promise<TEmailChangeConfirmed> {
      try {
        return await inTransaction(db, async (tx) => {
          const [request] = await lockRows(
            tx,
            "contactChangeRequest",
            tx
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
              .for("update"),
          );
          if (!request) throw linkInvalid();
          const user = await account(request.userId, tx);
          if (user.deactivated) throw userDeactivated();
          if (await emailOwnerId(tx, request.newValue, user.id)) throw emailTaken();
          await tx
            .update(contactChangeRequests)
            .set({ consumedAt: new Date() })
            .where(eq(contactChangeRequests.id, request.id));
          await tx.update(users).set({ email: request.newValue }).where(eq(users.id, user.id));
          // `user` was read before the update: its e-mail is the previous one, which is told.
          await queueMail(tx, user, {
            mail: "CHANGED",
            kind: "EMAIL",
            newValue: request.newValue,
            byOther: false,
          });
          return { workEmail: request.newValue };
        });
      } catch (error) {
        // Another account took the address between the check and the update.
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
    },

    /** Step 1 of a phone change: 202 with a code sent by SMS to the new (normalised) number. */
    async startPhoneChange(
      userId: string,
      phoneNumber: string,
      password: string | undefined,
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
      // The person waits for the code on screen: sent at once, and recorded in the outbox without it.
      const sms = phoneChangeCodeSms(user.language, { code });
      await sendRecordedCode(
        db,
        {
          userId: user.id,
          event: PHONE_CHANGE_CODE_EVENT,
          channel: "SMS",
          recipient: phoneNumber,
          language: user.language,
          template: sms.template,
        },
        () => ctx.messaging.sendSms({ to: phoneNumber, ...sms }),
      );
      await queueMail(db, user, { mail: "REQUESTED", kind: "PHONE", newValue: phoneNumber });
      return { confirmationSent: true, sentTo: phoneNumber, expiresInSeconds: PHONE_CHANGE_CODE_SECONDS };
    },

    /** Step 2: the code stores the number, verified; 5 wrong codes end the request. */
    async confirmPhoneChange(userId: string, code: string): Promise<void> {
      // Wrong codes must be counted even though the attempt fails, so the transaction returns the
      // failure instead of throwing it (a throw would roll the count back).
      const refused = await inTransaction(db, async (tx): Promise<AppError | null> => {
        const [request] = await lockRows(
          tx,
          "contactChangeRequest",
          tx
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
            .for("update"),
        );
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
        const user = await account(userId, tx);
        await queueMail(tx, user, {
          mail: "CHANGED",
          kind: "PHONE",
          newValue: request.newValue,
          byOther: false,
        });
        return null;
      });
      if (refused) throw refused;
    },

    /**
     * A change made by a manager, queued in the change's transaction `tx`: the user's (previous) address
     * is told who changed what.
     */
    async notifyChangedByOther(
      tx: Db,
      user: Account,
      change: { kind: ContactChangeKind; newValue: string },
    ): Promise<void> {
      await queueMail(tx, user, { mail: "CHANGED", ...change, byOther: true });
    },
  };
}
