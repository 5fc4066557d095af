import { z } from "zod";
import { readSecondFactorAnswer } from "../domain/authenticator.ts";
import { LANGUAGES, THEMES } from "../domain/enums.ts";
import { CHURCHES } from "../domain/tax/tax-year.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zSingleLineText } from "./text.ts";

/**
 * Login, two-factor verification, the session user and logout (docs/product.md "States" Auth, docs/api-surface.md Auth and users,
 * docs/product.md "Errors" Login). Tokens travel as HttpOnly cookies; the bodies carry them too because the spec says so.
 */

/** Strings are not constrained here: the login service answers missing or malformed fields with the spec's own messages. */
export const zLoginRequest = lazy(() =>
  z.object({
    email: z.string().max(320).optional(),
    password: z.string().max(1024).optional(),
    /** Sent on the second try after 400 requiresPhoneNumber: where the code goes, stored once verified. */
    phoneNumber: z.string().max(40).optional(),
  }),
);
export type TLoginRequest = z.infer<typeof zLoginRequest>;

export const zSessionTokens = lazy(() =>
  z.object({
    accessToken: z.string(),
    refreshToken: z.string(),
  }),
);

/**
 * HTTP 202: the password was right, and the second step asks for a code: one sent by SMS now (SMS), or
 * one the user's authenticator app shows, or one of their recovery codes (AUTHENTICATOR, staff only).
 */
export const zTwoFactorRequired = lazy(() =>
  z.object({
    requiresTwoFactor: z.literal(true),
    method: z.enum(["SMS", "AUTHENTICATOR"]),
    email: z.string(),
    /** The number the code went to, masked: +35850•••••10 (SMS only). */
    phoneNumberHint: z.string().optional(),
    /** WebAuthn request options when the user has passkeys (AUTHENTICATOR only): one may answer instead. */
    passkeyOptions: z.record(z.string(), z.unknown()).optional(),
    /** Seconds the code is valid. */
    expiresInSeconds: z.int(),
    /** The code itself, only while the dev outbox is on (never in production), so demo roles can log in without a phone. */
    devCode: z.string().optional(),
  }),
);
export type TTwoFactorRequired = z.infer<typeof zTwoFactorRequired>;

export const zVerifyRequest = lazy(() =>
  z.object({
    email: zSingleLineText({ min: 1, max: 320 }),
    /** The 6-digit code, or for an authenticator challenge also a recovery code (`K7QM-2XPA`). */
    code: z
      .string()
      .max(20)
      .refine((typed) => readSecondFactorAnswer(typed) !== null, "Type the 6-digit code or a recovery code"),
    phoneNumber: z.string().max(40).optional(),
  }),
);
export type TVerifyRequest = z.infer<typeof zVerifyRequest>;

/** POST /api/verify/passkey: the login's second step answered with a passkey (the browser's assertion). */
const zVerifyPasskeyRequest = lazy(() =>
  z.object({
    email: zSingleLineText({ min: 1, max: 320 }),
    response: z.record(z.string(), z.unknown()),
  }),
);
export type TVerifyPasskeyRequest = z.infer<typeof zVerifyPasskeyRequest>;

/** The user of the session (GET /api/user), in the shape of docs/data-model.md plus what the UI shows. */
export const zSessionUser = lazy(() =>
  z.object({
    id: z.uuid(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    personalEmail: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    language: z.enum(LANGUAGES),
    deactivated: z.boolean(),
    /** The home company (the beneficiary's employer); null for admins. */
    companyId: z.uuid().nullable(),
    userRoles: z.array(
      z.object({
        companyId: z.uuid().nullable(),
        role: z.object({
          id: z.uuid(),
          name: z.string(),
          rolePermissions: z.array(z.object({ permission: z.object({ name: z.string() }) })),
        }),
      }),
    ),
    /** Role names derived from userRoles, without duplicates. */
    roles: z.array(z.string()),
    /** Permission names derived from userRoles, without duplicates (docs/product.md "Roles"). */
    permissions: z.array(z.string()),
    /** The companies this user may act in: where they hold a role, and for a group admin the whole group. */
    companies: z.array(z.object({ id: z.uuid(), name: z.string(), groupCompanyId: z.uuid().nullable() })),
    /**
     * An admin or helpdesk user who must set up an authenticator app before going on (the platform
     * requires one and theirs is not in use): every call but their own details answers 403.
     */
    secondFactorSetupRequired: z.boolean(),
    preferences: z.object({ theme: z.enum(THEMES).nullable() }),
    /**
     * The municipality of residence (its code) and church remembered on the own details: the calculator
     * and /mybike start from them. Null until the person chooses.
     */
    municipalityCode: z.string().nullable(),
    church: z.enum(CHURCHES).nullable(),
  }),
);
export type TSessionUser = z.infer<typeof zSessionUser>;

const zLogoutResponse = lazy(() => z.object({ message: z.string() }));

/** Error codes of the login flow, added to ERROR_CODES (src/contract/errors.ts). */
export const LOGIN_MESSAGES = {
  missing: "Email or password is missing",
  invalidEmail: "Invalid email",
  wrongCredentials: "Password is incorrect",
  deactivated: "User account is deactivated",
  phoneRequired: "Phone number is required for two-factor verification",
  noPasswordSet: "No password has been set for this account. We sent a link to set one to your e-mail.",
  tooMany: "Too many requests. Please try again later.",
  codeWrong: "Verification failed. Please check the code and try again.",
  codeExpired: "The verification code has expired. Please log in again.",
} as const;

/** The calls of the session: logging in answers 200 (the session) or 202 (a code was sent). */
export const authApi = lazy(() => ({
  login: endpoint({
    method: "POST",
    path: "/login",
    summary: "Log in with e-mail and password; 202 when a two-factor code was sent",
    body: zLoginRequest,
    response: zSessionTokens,
    accepted: zTwoFactorRequired,
    errors: [400, 401, 403, 429],
  }),
  verify: endpoint({
    method: "POST",
    path: "/verify",
    summary: "Verify the two-factor code sent at login; sets the session cookies",
    body: zVerifyRequest,
    response: zSessionTokens,
    errors: [400, 401, 403, 429],
  }),
  verifyPasskey: endpoint({
    method: "POST",
    path: "/verify/passkey",
    summary: "Answer the login's second step with a passkey instead of a code; sets the session cookies",
    body: zVerifyPasskeyRequest,
    response: zSessionTokens,
    errors: [400, 401, 403, 429],
  }),
  user: endpoint({
    method: "GET",
    path: "/user",
    summary: "The logged-in user with roles, permissions and companies (401 = no user)",
    response: zSessionUser,
    errors: [401],
  }),
  logout: endpoint({
    method: "POST",
    path: "/logout",
    summary: "End the session: revoke its refresh tokens and clear the cookies",
    response: zLogoutResponse,
    errors: [403],
  }),
}));
