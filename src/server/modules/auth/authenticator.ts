import { randomBytes } from "node:crypto";
import { and, count, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import type {
  TAuthenticatorSetup,
  TAuthenticatorStatus,
  TRecoveryCodes,
} from "../../../contract/authenticator.ts";
import {
  AUTHENTICATOR_DIGITS,
  AUTHENTICATOR_ISSUER,
  AUTHENTICATOR_PERIOD_SECONDS,
  AUTHENTICATOR_WINDOW,
  RECOVERY_CODE_COUNT,
  recoveryCodeFromBytes,
  type SecondFactorAnswer,
} from "../../../domain/authenticator.ts";
import type { AppContext } from "../../context.ts";
import {
  type DataKeyring,
  fieldHash,
  fieldHashes,
  openField,
  readableField,
  sealField,
} from "../../data-keys.ts";
import type { Db } from "../../db/client.ts";
import { recordEvent } from "../../db/event-log.ts";
import { lockRows } from "../../db/lock-order.ts";
import { platformSettings, recoveryCodes, userAuthenticators } from "../../db/schema/index.ts";
import { type Tx, write } from "../../db/transaction.ts";
import type { SecondFactorChange } from "../../messaging/second-factor-mails.ts";
import { HASHED_PURPOSES, SEALED_PURPOSES } from "../../sealed-fields.ts";
import { queueMessage } from "../notifications/outbox.ts";
import { authenticatorInUse, noSetupToConfirm, notInUse, wrongCode } from "./errors.ts";
import { createReauthentication } from "./reauthentication.ts";

/**
 * The staff's authenticator app and recovery codes (src/domain/authenticator.ts): setting them up and
 * removing them from the own details page, and judging a login's answer. The app's secret is stored
 * sealed under the data keys, and a recovery code only as a keyed hash under them (src/server/data-keys.ts):
 * replacing JWT_SECRET leaves both in use; a data key that leaves DATA_KEYS before the rekey job has
 * rewritten its rows ends them, and their owners log in with the code by SMS and set the app up again.
 */

const SECRET_KEY_INFO = SEALED_PURPOSES.authenticatorSecret;
const RECOVERY_KEY_INFO = HASHED_PURPOSES.recoveryCode;

export function encryptSecret(ring: DataKeyring, base32: string): string {
  return sealField(ring, SECRET_KEY_INFO, base32);
}

export function decryptSecret(ring: DataKeyring, stored: string): string {
  return openField(ring, SECRET_KEY_INFO, stored);
}

/** The secret, or null when no data key reads it (its key has left DATA_KEYS). */
export function readableSecret(ring: DataKeyring, stored: string): string | null {
  return readableField(ring, SECRET_KEY_INFO, stored);
}

/** A recovery code's stored form: keyed by the data key and bound to its owner, so rows cannot be moved. */
export function recoveryCodeHash(ring: DataKeyring, userId: string, bareCode: string): string {
  return fieldHash(ring, RECOVERY_KEY_INFO, `${userId}:${bareCode}`);
}

/** The code's hash under every data key that may have stored it. */
function recoveryCodeHashes(ring: DataKeyring, userId: string, bareCode: string): string[] {
  return fieldHashes(ring, RECOVERY_KEY_INFO, `${userId}:${bareCode}`);
}

function totpOf(base32: string, label: string): TOTP {
  return new TOTP({
    issuer: AUTHENTICATOR_ISSUER,
    label,
    algorithm: "SHA1",
    digits: AUTHENTICATOR_DIGITS,
    period: AUTHENTICATOR_PERIOD_SECONDS,
    secret: Secret.fromBase32(base32),
  });
}

/**
 * The 30-second step of a code the app shows now (within the window), or null. The caller takes it only
 * when it is later than the last step taken, so a code seen over a shoulder cannot be used again.
 */
export function codeStep(base32: string, code: string, now: Date): number | null {
  const delta = totpOf(base32, "").validate({
    token: code,
    timestamp: now.getTime(),
    window: AUTHENTICATOR_WINDOW,
  });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / AUTHENTICATOR_PERIOD_SECONDS) + delta;
}

/**
 * The owner hears of every change to how their login is confirmed, at the account's own address, once
 * it is made: whoever else made it is then found out.
 */
export async function tellOwner(
  ctx: AppContext,
  user: { id: string; email: string; language: string; firstName: string | null },
  change: SecondFactorChange,
): Promise<void> {
  // Rendered when sent (auth/mails.ts secondFactorChangedMail), with this deployment's link.
  await queueMessage(ctx.database.db, {
    userId: user.id,
    event: "SECOND_FACTOR_CHANGED",
    channel: "EMAIL",
    recipient: user.email,
    language: user.language,
    params: { name: user.firstName, change },
  });
}

/** An admin or helpdesk user: the routes' guard lets no one else in. */
type StaffUser = { id: string; email: string; language: string; firstName: string };

/** Whether the user logs in with an authenticator app: set up and confirmed. */
export async function hasAuthenticator(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: userAuthenticators.userId })
    .from(userAuthenticators)
    .where(and(eq(userAuthenticators.userId, userId), isNotNull(userAuthenticators.confirmedAt)));
  return row !== undefined;
}

/**
 * Whether the login asks the user for their app's code: it is in use and a data key reads its secret.
 * One whose key has left DATA_KEYS cannot give a code the server could check, so its owner gets the
 * code by SMS instead, and sets the app up again.
 */
export async function logsInWithAuthenticator(db: Db, ring: DataKeyring, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ secretEncrypted: userAuthenticators.secretEncrypted })
    .from(userAuthenticators)
    .where(and(eq(userAuthenticators.userId, userId), isNotNull(userAuthenticators.confirmedAt)));
  return row !== undefined && readableSecret(ring, row.secretEncrypted) !== null;
}

/**
 * Whether a staff user must set up an authenticator app before anything else: the platform requires
 * one (platform_settings) and theirs is not in use. Read with the session user (session-user.ts).
 */
export async function mustSetUpAuthenticator(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({
      required: sql<boolean>`${platformSettings.staffAuthenticatorRequired} and not exists (
        select 1 from ${userAuthenticators}
        where ${userAuthenticators.userId} = ${userId} and ${userAuthenticators.confirmedAt} is not null)`,
    })
    .from(platformSettings)
    .where(eq(platformSettings.id, 1));
  return row?.required === true;
}

/** The recovery codes of a user not used yet. */
export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/**
 * Whether a login's answer is right for the user's authenticator: a code of the app at a step after the
 * last one taken (which it then records), or an unused recovery code (which it then marks used). In the
 * login's transaction, with the authenticator's row locked, so two tries at once cannot both use a code.
 */
export async function acceptsAnswer(
  tx: Tx,
  ring: DataKeyring,
  userId: string,
  answer: SecondFactorAnswer,
  now: Date,
): Promise<boolean> {
  const [authenticator] = await lockRows(
    tx,
    "userAuthenticator",
    tx
      .select()
      .from(userAuthenticators)
      .where(and(eq(userAuthenticators.userId, userId), isNotNull(userAuthenticators.confirmedAt)))
      .for("update"),
  );
  if (!authenticator) return false;
  if (answer.kind === "recovery") {
    const [used] = await tx
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          inArray(recoveryCodes.codeHash, recoveryCodeHashes(ring, userId, answer.code)),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    return used !== undefined;
  }
  const secret = readableSecret(ring, authenticator.secretEncrypted);
  const step = secret === null ? null : codeStep(secret, answer.code, now);
  if (step === null || (authenticator.lastUsedStep !== null && step <= authenticator.lastUsedStep))
    return false;
  await tx
    .update(userAuthenticators)
    .set({ lastUsedStep: step })
    .where(eq(userAuthenticators.userId, userId));
  return true;
}

export function createAuthenticatorService(ctx: AppContext) {
  const { db } = ctx.database;
  const ring = ctx.config;
  const reauthentication = createReauthentication(ctx);

  /** Ten new codes in place of every earlier one; only their hashes are kept. */
  async function replaceRecoveryCodes(tx: Tx, userId: string, now: Date): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => recoveryCodeFromBytes(randomBytes(8)));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(
      codes.map((code) => ({
        userId,
        codeHash: recoveryCodeHash(ring, userId, code.replace("-", "")),
        createdAt: now,
      })),
    );
    return codes;
  }

  const userEvent = (userId: string) => ({ entity: { type: "user" as const, id: userId }, companyId: null });

  return {
    async status(user: StaffUser): Promise<TAuthenticatorStatus> {
      const [row] = await db.select().from(userAuthenticators).where(eq(userAuthenticators.userId, user.id));
      return {
        status: !row ? "NONE" : row.confirmedAt ? "ACTIVE" : "PENDING",
        activeSince: row?.confirmedAt?.toISOString() ?? null,
        recoveryCodesLeft: row?.confirmedAt ? await recoveryCodesLeft(db, user.id) : 0,
      };
    },

    /**
     * A new secret for the app, shown once as a QR code and as text. It replaces a setup not yet
     * confirmed; an app already in use is removed first (its owner chooses that), never replaced here.
     */
    async start(user: StaffUser, currentPassword: string | undefined): Promise<TAuthenticatorSetup> {
      await reauthentication.checkUser(user.id, currentPassword);
      if (await hasAuthenticator(db, user.id)) {
        throw authenticatorInUse();
      }
      const base32 = new Secret({ size: 20 }).base32;
      const secretEncrypted = encryptSecret(ring, base32);
      await db
        .insert(userAuthenticators)
        .values({ userId: user.id, secretEncrypted })
        .onConflictDoUpdate({
          target: userAuthenticators.userId,
          set: { secretEncrypted, createdAt: new Date(), lastUsedStep: null },
        });
      const otpauthUri = totpOf(base32, user.email).toString();
      const qrSvg = await QRCode.toString(otpauthUri, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
      return { secret: base32, otpauthUri, qrSvg };
    },

    /** The first code from the app proves it holds the secret: the app is in use, with ten recovery codes. */
    async confirm(user: StaffUser, code: string): Promise<TRecoveryCodes> {
      const answer = await write(db, { actor: { userId: user.id } }, async (w) => {
        const [row] = await lockRows(
          w.tx,
          "userAuthenticator",
          w.tx.select().from(userAuthenticators).where(eq(userAuthenticators.userId, user.id)).for("update"),
        );
        if (!row || row.confirmedAt) throw noSetupToConfirm();
        const step = codeStep(decryptSecret(ring, row.secretEncrypted), code, w.now);
        if (step === null) throw wrongCode();
        await w.tx
          .update(userAuthenticators)
          .set({ confirmedAt: w.now, lastUsedStep: step })
          .where(eq(userAuthenticators.userId, user.id));
        const codes = await replaceRecoveryCodes(w.tx, user.id, w.now);
        await recordEvent(w, { type: "USER_AUTHENTICATOR_ENABLED", ...userEvent(user.id) });
        return { recoveryCodes: codes };
      });
      await tellOwner(ctx, user, { kind: "ENABLED" });
      return answer;
    },

    async renewRecoveryCodes(user: StaffUser, currentPassword: string | undefined): Promise<TRecoveryCodes> {
      await reauthentication.checkUser(user.id, currentPassword);
      const answer = await write(db, { actor: { userId: user.id } }, async (w) => {
        if (!(await hasAuthenticator(w.tx, user.id))) throw notInUse();
        const codes = await replaceRecoveryCodes(w.tx, user.id, w.now);
        await recordEvent(w, { type: "USER_RECOVERY_CODES_RENEWED", ...userEvent(user.id) });
        return { recoveryCodes: codes };
      });
      await tellOwner(ctx, user, { kind: "RECOVERY_CODES_RENEWED" });
      return answer;
    },

    /** Back to the code by SMS: the app's secret and the recovery codes are deleted. */
    async remove(user: StaffUser, currentPassword: string | undefined): Promise<void> {
      await reauthentication.checkUser(user.id, currentPassword);
      await write(db, { actor: { userId: user.id } }, async (w) => {
        const removed = await w.tx
          .delete(userAuthenticators)
          .where(eq(userAuthenticators.userId, user.id))
          .returning({ confirmedAt: userAuthenticators.confirmedAt });
        await w.tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
        if (!removed[0]?.confirmedAt) throw notInUse();
        await recordEvent(w, { type: "USER_AUTHENTICATOR_REMOVED", ...userEvent(user.id) });
      });
      await tellOwner(ctx, user, { kind: "REMOVED" });
    },
  };
}
