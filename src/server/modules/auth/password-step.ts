import { sql } from "drizzle-orm";
import { LOGIN_MESSAGES, type TLoginRequest } from "../../../contract/auth.ts";
import {
  LOGIN_FAILURES_PER_EMAIL,
  LOGIN_FAILURES_PER_IP,
  maskPhoneNumber,
  requiresTwoFactor,
  TWO_FACTOR_CODE_SECONDS,
} from "../../../domain/auth-rules.ts";
import { rolesOf } from "../../../domain/roles.ts";
import { isValidEmail, normalizeEmail } from "../../../domain/validation/email.ts";
import { normalizePhoneNumber } from "../../../domain/validation/phone.ts";
import type { AppContext } from "../../context.ts";
import { twoFactorChallenges, users } from "../../db/schema/index.ts";
import { twoFactorCodeSms } from "../../messaging/account-mails.ts";
import { ensurePasswordLoginAllowed } from "../identification/single-sign-on.ts";
import { sendRecordedCode } from "../notifications/outbox.ts";
import { unsupportedPhoneNumber, userDeactivated } from "../system-users/errors.ts";
import { logsInWithAuthenticator } from "./authenticator.ts";
import {
  loginEmailInvalid,
  loginFieldsMissing,
  noPasswordSet,
  phoneNumberRequired,
  tooManyLoginTries,
  wrongCredentials,
} from "./errors.ts";
import type { LoginOutcome, LoginShared, RequestInfo } from "./login-shared.ts";
import { passkeyLoginOptions } from "./passkeys.ts";
import { queuePasswordLinkUnlessRecent } from "./password-tokens.ts";
import { decoyPasswordHash, verifyPassword } from "./passwords.ts";
import { hashCode, randomSixDigitCode, randomToken, sha256 } from "./tokens.ts";

/**
 * The login's first step: the e-mail and password, then the session, or for admins and employer-side
 * users the start of the second factor (a code by SMS, or the authenticator app's).
 */
export function createPasswordStep(ctx: AppContext, shared: LoginShared) {
  const { db } = ctx.database;
  const { limiter, keys } = shared;

  /**
   * A password try is counted against the e-mail and the address before the password is checked, each
   * only below its limit (one atomic step each, across instances), so passwords sent at once cannot all
   * be checked: at either limit the answer is 429 and the try is not counted (the e-mail's try is given
   * back when the address refuses it). The right password clears the e-mail's count and gives the
   * address's try back.
   */
  async function takePasswordTry(email: string, ip: string): Promise<void> {
    const k = keys(email, ip);
    if ((await limiter.takeTry(k.email, LOGIN_FAILURES_PER_EMAIL)) === null) throw tooManyLoginTries();
    if ((await limiter.takeTry(k.ip, LOGIN_FAILURES_PER_IP)) === null) {
      await limiter.giveBack(k.email);
      throw tooManyLoginTries();
    }
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

  return {
    async login(input: TLoginRequest, info: RequestInfo): Promise<LoginOutcome> {
      const rawEmail = input.email?.trim() ?? "";
      if (!rawEmail || !input.password) throw loginFieldsMissing();
      if (!isValidEmail(rawEmail)) throw loginEmailInvalid();
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
        throw noPasswordSet();
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
        return { kind: "session", session: await shared.finishLogin(db, user.id, info) };
      }
      // No new code (nor SMS) for an account whose codes are being guessed.
      if (await shared.isCodeStepLocked(user.id)) throw tooManyLoginTries();
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
      if (!phoneNumber) throw phoneNumberRequired();
      return startTwoFactor(user, phoneNumber);
    },
  };
}
