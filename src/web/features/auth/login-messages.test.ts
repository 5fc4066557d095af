import { describe, expect, it } from "vitest";
import { LOGIN_MESSAGES } from "../../../contract/auth.ts";
import type { ErrorCode } from "../../../contract/errors.ts";
import en from "../../i18n/pages/en.json";
import fi from "../../i18n/pages/fi.json";
import sv from "../../i18n/pages/sv.json";
import { ApiError } from "../../lib/api-client.ts";
import { isRetryableLoginError, loginFailure, SPEC_LOGIN_MESSAGES, verifyFailure } from "./login-messages.ts";

const known = new Set([
  "NO_PASSWORD_SET",
  "UNSUPPORTED_PHONE_NUMBER",
  "VERIFICATION_FAILED",
  "VERIFICATION_EXPIRED",
  "VALIDATION_ERROR",
  "ORIGIN_NOT_ALLOWED",
]);
const hasErrorText = (code: string) => known.has(code);

function apiError(
  status: number,
  code: ErrorCode,
  message: string,
  extra: { requiresPhoneNumber?: boolean } = {},
) {
  return new ApiError({ status, code, message, bodyReadable: true, ...extra });
}

function unreadable(status: number) {
  return new ApiError({ status, code: "UNDEFINED_ERROR", message: "fallback text", bodyReadable: false });
}

const fail = (error: unknown) => loginFailure(error, hasErrorText);

describe("the docs/product.md 'Errors' login messages in English", () => {
  it("match the server's messages of the contract", () => {
    expect(SPEC_LOGIN_MESSAGES).toMatchObject({
      missing: LOGIN_MESSAGES.missing,
      invalidEmail: LOGIN_MESSAGES.invalidEmail,
      wrongCredentials: LOGIN_MESSAGES.wrongCredentials,
      deactivated: LOGIN_MESSAGES.deactivated,
    });
  });

  it("are the en texts of the loginErrors keys", () => {
    expect(en.loginErrors).toEqual({
      invalidEmailOrPassword: "Invalid email or password",
      badRequest: "Bad request",
      incorrectCredentials: "The e-mail address or password is incorrect. Check them and try again.",
      unauthorized: "Unauthorized",
      accessDenied: "Access denied",
      tooManyRequests: "Too many requests. Please try again later.",
      authenticationFailed: "Authentication failed. Please try again later or contact support.",
      unknown: "Unknown error occurred",
      unavailable: "Server is currently unavailable. Please try again later.",
      verificationFailed: "Verification failed. Please try again.",
    });
  });
});

describe("loginFailure (docs/product.md 'Errors' Login)", () => {
  it("passes 400 NO_PASSWORD_SET on as is", () => {
    expect(fail(apiError(400, "NO_PASSWORD_SET", LOGIN_MESSAGES.noPasswordSet))).toEqual({
      kind: "message",
      key: "errors.NO_PASSWORD_SET",
    });
  });

  it.each([LOGIN_MESSAGES.missing, LOGIN_MESSAGES.invalidEmail, "User not found"])(
    "shows the 400 '%s' as 'Invalid email or password' (docs/product.md 'Field rules')",
    (message) => {
      expect(fail(apiError(400, "BAD_REQUEST", message))).toEqual({
        kind: "message",
        key: "loginErrors.invalidEmailOrPassword",
      });
    },
  );

  it("shows a 401 'User not found' as 'Invalid email or password' too", () => {
    expect(fail(apiError(401, "UNAUTHORIZED", "User not found"))).toEqual({
      kind: "message",
      key: "loginErrors.invalidEmailOrPassword",
    });
  });

  it("asks for a phone number on 400 requiresPhoneNumber, with no error the first time", () => {
    expect(
      fail(
        apiError(400, "PHONE_NUMBER_REQUIRED", LOGIN_MESSAGES.phoneRequired, { requiresPhoneNumber: true }),
      ),
    ).toEqual({ kind: "phoneRequired", key: null });
  });

  it("keeps asking, with the reason, when the number was refused", () => {
    expect(
      fail(
        apiError(400, "UNSUPPORTED_PHONE_NUMBER", "Unsupported phone number format", {
          requiresPhoneNumber: true,
        }),
      ),
    ).toEqual({ kind: "phoneRequired", key: "errors.UNSUPPORTED_PHONE_NUMBER" });
  });

  it("shows another 400 by its translated code, else the server message, else 'Bad request'", () => {
    expect(fail(apiError(400, "VALIDATION_ERROR", "body/email Too long"))).toEqual({
      kind: "message",
      key: "errors.VALIDATION_ERROR",
    });
    expect(fail(apiError(400, "BAD_REQUEST", "Something odd"))).toEqual({
      kind: "server",
      text: "Something odd",
    });
    expect(fail(apiError(400, "SOME_NEW_CODE" as ErrorCode, "A new rule"))).toEqual({
      kind: "server",
      text: "A new rule",
    });
    expect(fail(unreadable(400))).toEqual({ kind: "message", key: "loginErrors.badRequest" });
  });

  it("shows 401 'Password is incorrect' as the translated sentence of a wrong e-mail or password", () => {
    expect(fail(apiError(401, "INVALID_CREDENTIALS", LOGIN_MESSAGES.wrongCredentials))).toEqual({
      kind: "message",
      key: "loginErrors.incorrectCredentials",
    });
  });

  it("shows another 401 as the server message or 'Unauthorized'", () => {
    expect(fail(apiError(401, "UNAUTHORIZED", "Session expired"))).toEqual({
      kind: "server",
      text: "Session expired",
    });
    expect(fail(unreadable(401))).toEqual({ kind: "message", key: "loginErrors.unauthorized" });
  });

  it("redirects on 403 'User account is deactivated'", () => {
    expect(fail(apiError(403, "USER_DEACTIVATED", LOGIN_MESSAGES.deactivated))).toEqual({
      kind: "deactivated",
    });
  });

  it("turns 403 SSO_REQUIRED into the way to the organisation's own login", () => {
    expect(fail(apiError(403, "SSO_REQUIRED", "Single sign-on required"))).toEqual({ kind: "ssoRequired" });
  });

  it("shows another 403 as 'Access denied'", () => {
    expect(fail(apiError(403, "ORIGIN_NOT_ALLOWED", "Cross-origin request refused"))).toEqual({
      kind: "message",
      key: "loginErrors.accessDenied",
    });
    expect(fail(unreadable(403))).toEqual({ kind: "message", key: "loginErrors.accessDenied" });
  });

  it("shows 429 as 'Too many requests. Please try again later.'", () => {
    expect(fail(apiError(429, "TOO_MANY_REQUESTS", "Rate limit exceeded"))).toEqual({
      kind: "message",
      key: "loginErrors.tooManyRequests",
    });
    expect(fail(unreadable(429))).toEqual({ kind: "message", key: "loginErrors.tooManyRequests" });
  });

  it("shows 500 as 'Authentication failed. Please try again later or contact support.'", () => {
    expect(fail(apiError(500, "INTERNAL_ERROR", "Internal server error"))).toEqual({
      kind: "message",
      key: "loginErrors.authenticationFailed",
    });
    expect(fail(unreadable(500))).toEqual({ kind: "message", key: "loginErrors.authenticationFailed" });
  });

  it("shows 'Server is currently unavailable' once the retries of a network error or unlisted status ran out", () => {
    expect(
      fail(new ApiError({ status: 0, code: "UNDEFINED_ERROR", message: "", bodyReadable: false })),
    ).toEqual({ kind: "message", key: "loginErrors.unavailable" });
    for (const status of [404, 502, 503, 504]) {
      expect(fail(unreadable(status)), String(status)).toEqual({
        kind: "message",
        key: "loginErrors.unavailable",
      });
    }
  });

  it("shows 'Unknown error occurred' for anything that is not an API answer", () => {
    expect(fail(new TypeError("x is undefined"))).toEqual({ kind: "message", key: "loginErrors.unknown" });
    expect(fail("weird")).toEqual({ kind: "message", key: "loginErrors.unknown" });
  });
});

describe("isRetryableLoginError (docs/product.md 'Errors')", () => {
  it("retries network errors and the statuses docs/product.md 'Errors' does not list", () => {
    expect(
      isRetryableLoginError(
        new ApiError({ status: 0, code: "UNDEFINED_ERROR", message: "", bodyReadable: false }),
      ),
    ).toBe(true);
    for (const status of [404, 408, 502, 503, 504])
      expect(isRetryableLoginError(unreadable(status))).toBe(true);
  });

  it("does not retry the listed statuses or errors that are not API answers", () => {
    for (const status of [400, 401, 403, 429, 500])
      expect(isRetryableLoginError(unreadable(status))).toBe(false);
    expect(isRetryableLoginError(new Error("bug"))).toBe(false);
  });
});

describe("verifyFailure (docs/product.md 'Errors' two-factor failure)", () => {
  const verify = (error: unknown) => verifyFailure(error, hasErrorText);

  it("shows the server's message in the user's language", () => {
    expect(verify(apiError(400, "VERIFICATION_FAILED", LOGIN_MESSAGES.codeWrong))).toEqual({
      kind: "message",
      key: "errors.VERIFICATION_FAILED",
    });
    expect(verify(apiError(400, "VERIFICATION_EXPIRED", LOGIN_MESSAGES.codeExpired))).toEqual({
      kind: "message",
      key: "errors.VERIFICATION_EXPIRED",
    });
    expect(verify(apiError(400, "BAD_REQUEST", "Code rejected"))).toEqual({
      kind: "server",
      text: "Code rejected",
    });
  });

  it("falls back to 'Verification failed. Please try again.'", () => {
    expect(verify(unreadable(502))).toEqual({ kind: "message", key: "loginErrors.verificationFailed" });
    expect(verify(new Error("x"))).toEqual({ kind: "message", key: "loginErrors.verificationFailed" });
  });

  it("redirects a deactivated account and says so when rate limited", () => {
    expect(verify(apiError(403, "USER_DEACTIVATED", LOGIN_MESSAGES.deactivated))).toEqual({
      kind: "deactivated",
    });
    expect(verify(apiError(429, "TOO_MANY_REQUESTS", LOGIN_MESSAGES.tooMany))).toEqual({
      kind: "message",
      key: "loginErrors.tooManyRequests",
    });
  });
});

/**
 * Every answer POST /api/login and POST /api/verify give (src/server/modules/auth/service.ts and its steps,
 * and before it the body schema, the Origin check and the flood limit of routes.ts, and the error
 * handler's 500) reads as a text of ours in fi, en and sv: never the server's English words, never the
 * generic "something went wrong".
 */
describe("every error of the login and verify endpoints has a specific text", () => {
  type Answer = [status: number, code: ErrorCode, message: string, requiresPhoneNumber?: boolean];
  const LOGIN_ANSWERS: Answer[] = [
    [400, "BAD_REQUEST", LOGIN_MESSAGES.missing],
    [400, "BAD_REQUEST", LOGIN_MESSAGES.invalidEmail],
    [401, "INVALID_CREDENTIALS", LOGIN_MESSAGES.wrongCredentials],
    [400, "NO_PASSWORD_SET", LOGIN_MESSAGES.noPasswordSet],
    [403, "USER_DEACTIVATED", LOGIN_MESSAGES.deactivated],
    [429, "TOO_MANY_REQUESTS", LOGIN_MESSAGES.tooMany],
    [400, "PHONE_NUMBER_REQUIRED", LOGIN_MESSAGES.phoneRequired, true],
    [400, "UNSUPPORTED_PHONE_NUMBER", "Unsupported phone number format", true],
    [400, "VALIDATION_ERROR", "body/email must NOT have more than 320 characters"],
    [403, "ORIGIN_NOT_ALLOWED", "Cross-origin request refused"],
    [429, "TOO_MANY_REQUESTS", "Rate limit exceeded, retry in 1 minute"],
    [500, "INTERNAL_ERROR", "Internal server error"],
  ];
  const VERIFY_ANSWERS: Answer[] = [
    [400, "VERIFICATION_EXPIRED", LOGIN_MESSAGES.codeExpired],
    [400, "VERIFICATION_FAILED", LOGIN_MESSAGES.codeWrong],
    [429, "TOO_MANY_REQUESTS", LOGIN_MESSAGES.tooMany],
    [403, "USER_DEACTIVATED", LOGIN_MESSAGES.deactivated],
    [400, "VALIDATION_ERROR", "body/code The code has 6 digits"],
    [403, "ORIGIN_NOT_ALLOWED", "Cross-origin request refused"],
    [500, "INTERNAL_ERROR", "Internal server error"],
  ];
  const catalogues = { fi, en, sv } as unknown as Record<string, Record<string, Record<string, unknown>>>;
  // The real check of the page: a code has a text when the catalogue has errors.<CODE>.
  const hasText = (code: string) => code in fi.errors;
  const GENERIC = new Set(["errors.UNDEFINED_ERROR", "loginErrors.unknown", "forms.errorTitle"]);

  function expectSpecific(failure: ReturnType<typeof loginFailure>, what: string) {
    expect(failure.kind, what).not.toBe("server");
    const key =
      failure.kind === "message" ? failure.key : failure.kind === "phoneRequired" ? failure.key : null;
    if (key === null) return;
    expect(GENERIC.has(key), `${what} -> ${key}`).toBe(false);
    const [section, name] = key.split(".") as [string, string];
    for (const [lng, catalogue] of Object.entries(catalogues))
      expect(catalogue[section]?.[name], `${what} -> ${key} in ${lng}`).toEqual(expect.any(String));
  }

  it.each(LOGIN_ANSWERS)("login %i %s '%s'", (status, code, message, requiresPhoneNumber) => {
    const error = apiError(status, code, message, { requiresPhoneNumber: requiresPhoneNumber === true });
    expectSpecific(loginFailure(error, hasText), `${status} ${code}`);
  });

  it.each(VERIFY_ANSWERS)("verify %i %s '%s'", (status, code, message) => {
    expectSpecific(verifyFailure(apiError(status, code, message), hasText), `${status} ${code}`);
  });

  it("a wrong password is a sentence a person would write, translated", () => {
    const failure = loginFailure(
      apiError(401, "INVALID_CREDENTIALS", LOGIN_MESSAGES.wrongCredentials),
      hasText,
    );
    expect(failure).toEqual({ kind: "message", key: "loginErrors.incorrectCredentials" });
    expect(fi.loginErrors.incorrectCredentials).not.toBe(en.loginErrors.incorrectCredentials);
    expect(sv.loginErrors.incorrectCredentials).not.toBe(en.loginErrors.incorrectCredentials);
  });
});
