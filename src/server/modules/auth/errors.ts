import { LOGIN_MESSAGES } from "../../../contract/auth.ts";
import { AppError } from "../../errors.ts";
import { verificationFailed } from "../system-users/errors.ts";

/**
 * The login's answers (password-step.ts, answer-challenge.ts): one factory for its many codes. Unknown
 * e-mails and wrong passwords answer alike.
 */
const fail = (status: number, code: ConstructorParameters<typeof AppError>[1], message: string) =>
  new AppError(status, code, message);

/** 400: the e-mail or the password left empty. */
export const loginFieldsMissing = () => fail(400, "BAD_REQUEST", LOGIN_MESSAGES.missing);

/** 400: what was typed as the e-mail is not one. */
export const loginEmailInvalid = () => fail(400, "BAD_REQUEST", LOGIN_MESSAGES.invalidEmail);

/** 401: an unknown e-mail or a wrong password, the same answer for both. */
export const wrongCredentials = () => fail(401, "INVALID_CREDENTIALS", LOGIN_MESSAGES.wrongCredentials);

/** 429: too many failed passwords or codes for the e-mail, the address or the account. */
export const tooManyLoginTries = () => fail(429, "TOO_MANY_REQUESTS", LOGIN_MESSAGES.tooMany);

/** 400: the account has no password yet; a link to set one went out by mail. */
export const noPasswordSet = () => fail(400, "NO_PASSWORD_SET", LOGIN_MESSAGES.noPasswordSet);

/** 400: the code goes by SMS and no number is on file: the login form asks for one. */
export const phoneNumberRequired = () =>
  new AppError(400, "PHONE_NUMBER_REQUIRED", LOGIN_MESSAGES.phoneRequired, undefined, {
    requiresPhoneNumber: true,
  });

/** The errors of a staff user's authenticator app (authenticator.ts). */

/** 409: an app is in use already; its owner removes it before setting up another. */
export const authenticatorInUse = () =>
  new AppError(409, "AUTHENTICATOR_IN_USE", "An authenticator app is already in use: remove it first");

/** 409: a first code sent before any setup was started (or after it was confirmed). */
export const noSetupToConfirm = () =>
  new AppError(409, "AUTHENTICATOR_NOT_STARTED", "Start setting up the authenticator app first");

/** 409: something that needs an authenticator app in use, asked for without one. */
export const authenticatorNotInUse = (message = "No authenticator app is in use") =>
  new AppError(409, "AUTHENTICATOR_NOT_IN_USE", message);

/** 409: new recovery codes or removal asked for without an app in use. */
export const notInUse = () => authenticatorNotInUse();

/** 400: the first code is not one the app shows now. */
export const wrongCode = () => verificationFailed("The code is not correct. Check the app and try again.");

/** 409: a passkey comes beside an authenticator app in use, whose recovery codes are the way back. */
export const appFirst = () =>
  authenticatorNotInUse("Set up an authenticator app first: passkeys come beside it");

/** 409: a passkey sent without options asked for in the last 5 minutes. */
export const passkeyNotStarted = () =>
  new AppError(409, "PASSKEY_NOT_STARTED", "Start adding the passkey again: its request has expired");

/** 400: the browser's answer is not a passkey made from our options for this site. */
export const passkeyRefused = () => verificationFailed("The passkey could not be checked. Try again.");
