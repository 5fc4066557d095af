import { ApiError } from "../../lib/api-client.ts";

/**
 * docs/product.md "Errors" "Login" as a pure mapping from a failed login or code check to what the page does: show a
 * translated text, show the server's own message, ask for a phone number, or go to /deactivated.
 * The English texts of the spec are the en translations of the `loginErrors.*` keys.
 */

export type LoginFailure =
  /** 403 'User account is deactivated': the page redirects to /deactivated. */
  | { kind: "deactivated" }
  /**
   * 403 SSO_REQUIRED: the user's company has its users log in only through its own identity provider;
   * the page says so and offers the way there.
   */
  | { kind: "ssoRequired" }
  /** 400 with requiresPhoneNumber (docs/product.md "States"): ask for a number, then log in again with it. */
  | { kind: "phoneRequired"; key: string | null }
  /** A text of ours, by translation key. */
  | { kind: "message"; key: string }
  /** The server's own message, which no key of ours translates ("server message or ..."). */
  | { kind: "server"; text: string };

/**
 * The server messages docs/product.md "Errors" names (LOGIN_MESSAGES of src/contract/auth.ts; login-messages.test.ts keeps
 * them equal). Copied rather than imported: that module's zod schemas would ride along into this chunk.
 */
export const SPEC_LOGIN_MESSAGES = {
  missing: "Email or password is missing",
  invalidEmail: "Invalid email",
  userNotFound: "User not found",
  wrongCredentials: "Password is incorrect",
  deactivated: "User account is deactivated",
} as const;

/** The statuses docs/product.md "Errors" lists for login; any other status, and no answer at all, is retried. */
const LISTED_STATUSES: ReadonlySet<number> = new Set([400, 401, 403, 429, 500]);

/** docs/product.md "Field rules": these server messages are shown as 'Invalid email or password'. */
const INVALID_EMAIL_OR_PASSWORD_MESSAGES: ReadonlySet<string> = new Set([
  SPEC_LOGIN_MESSAGES.missing,
  SPEC_LOGIN_MESSAGES.invalidEmail,
  SPEC_LOGIN_MESSAGES.userNotFound,
]);

/** Codes that say only what the status says; their server message is more specific than our text. */
const GENERIC_CODES: ReadonlySet<string> = new Set([
  "BAD_REQUEST",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "UNDEFINED_ERROR",
]);

/** Whether a code has a text of ours (errors.<CODE>); passed in so the mapping stays pure. */
export type HasErrorText = (code: string) => boolean;

/** docs/product.md "Errors": network errors and non-listed statuses are tried again (3 times, 1 s, doubling). */
export function isRetryableLoginError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || !LISTED_STATUSES.has(error.status);
}

/** "Server message or <fallback>": our translation of its code, else its own words, else the fallback. */
function serverMessage(error: ApiError, fallbackKey: string, hasErrorText: HasErrorText): LoginFailure {
  if (!error.bodyReadable || !error.message) return { kind: "message", key: fallbackKey };
  if (!GENERIC_CODES.has(error.code) && hasErrorText(error.code)) {
    return { kind: "message", key: `errors.${error.code}` };
  }
  return { kind: "server", text: error.message };
}

/**
 * What a failed POST /api/login shows, once the retries of isRetryableLoginError are spent. A retryable
 * failure here means they ran out: 'Server is currently unavailable. Please try again later.'
 */
export function loginFailure(error: unknown, hasErrorText: HasErrorText): LoginFailure {
  if (!(error instanceof ApiError)) return { kind: "message", key: "loginErrors.unknown" };
  if (isRetryableLoginError(error)) return { kind: "message", key: "loginErrors.unavailable" };
  const text = error.bodyReadable ? error.message : "";
  if ((error.status === 400 || error.status === 401) && INVALID_EMAIL_OR_PASSWORD_MESSAGES.has(text)) {
    return { kind: "message", key: "loginErrors.invalidEmailOrPassword" };
  }
  switch (error.status) {
    case 400:
      if (error.requiresPhoneNumber || error.code === "PHONE_NUMBER_REQUIRED") {
        // The first ask needs no error text; a refused number says why.
        return {
          kind: "phoneRequired",
          key: error.code === "UNSUPPORTED_PHONE_NUMBER" ? "errors.UNSUPPORTED_PHONE_NUMBER" : null,
        };
      }
      // docs/product.md "Errors": NO_PASSWORD_SET is passed on as is (in the user's language).
      if (error.code === "NO_PASSWORD_SET") return { kind: "message", key: "errors.NO_PASSWORD_SET" };
      return serverMessage(error, "loginErrors.badRequest", hasErrorText);
    case 401:
      if (text === SPEC_LOGIN_MESSAGES.wrongCredentials || error.code === "INVALID_CREDENTIALS") {
        return { kind: "message", key: "loginErrors.incorrectCredentials" };
      }
      return serverMessage(error, "loginErrors.unauthorized", hasErrorText);
    case 403:
      if (text === SPEC_LOGIN_MESSAGES.deactivated || error.code === "USER_DEACTIVATED") {
        return { kind: "deactivated" };
      }
      if (error.code === "SSO_REQUIRED") return { kind: "ssoRequired" };
      return { kind: "message", key: "loginErrors.accessDenied" };
    case 429:
      return { kind: "message", key: "loginErrors.tooManyRequests" };
    case 500:
      return { kind: "message", key: "loginErrors.authenticationFailed" };
    default:
      return serverMessage(error, "loginErrors.unknown", hasErrorText);
  }
}

/**
 * What a failed POST /api/verify shows (docs/product.md "Errors" two-factor failure): the server's message, or
 * 'Verification failed. Please try again.'. A deactivated account still goes to /deactivated.
 */
export function verifyFailure(error: unknown, hasErrorText: HasErrorText): LoginFailure {
  if (!(error instanceof ApiError)) return { kind: "message", key: "loginErrors.verificationFailed" };
  if (error.status === 403 && error.code === "USER_DEACTIVATED") return { kind: "deactivated" };
  if (error.status === 429) return { kind: "message", key: "loginErrors.tooManyRequests" };
  return serverMessage(error, "loginErrors.verificationFailed", hasErrorText);
}
