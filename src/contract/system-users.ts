import { z } from "zod";
import { LANGUAGES } from "../domain/enums.ts";
import { isValidEmail } from "../domain/validation/email.ts";
import { zPage, zPageQuery } from "./common.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zSingleLineText } from "./text.ts";

/**
 * System users (docs/data-model.md "System user", docs/api-surface.md "Auth and users") and the max-price calls.
 *
 * - GET /api/system-users — query below; 200 the list envelope of `zSystemUserItem`.
 * - GET /api/system-users/{userId} — 200 `zSystemUserDetails` (system-users.read; a user outside the
 *   caller's companies is 404, as in the list).
 * - POST /api/system-users — `zCreateSystemUser`; 201 `{ user }` (the client shows
 *   'Palvelin palautti virheellisen vastauksen.' when `user` is missing). 409 EMAIL_TAKEN.
 * - PUT /api/system-users/{userId} — `{ workEmail, csrfToken }`; 200 the updated item (409 EMAIL_TAKEN).
 *   One's own e-mail: `{ workEmail, csrfToken, currentPassword }`; 202 `zContactChangeStarted`, and the
 *   e-mail changes when the link mailed to the new address is used (POST …/email-change/confirm).
 * - PATCH /api/system-users/{userId}/phone — `{ phoneNumber }`; 200 the updated item;
 *   400 UNSUPPORTED_PHONE_NUMBER 'Unsupported phone number format'. One's own number: with
 *   `currentPassword`; 202 `zContactChangeStarted`, then POST …/phone-change/confirm `{ code }`.
 *   A manager's `{ phoneNumber: "" }` on another user resets their two-factor phone: the
 *   number and its verification are cleared, the user is told by mail, and their next login asks for a
 *   number (400 PHONE_NUMBER_REQUIRED with requiresPhoneNumber). One's own "" is 400.
 * - A wrong current password: 403 REAUTHENTICATION_FAILED; too many: 429.
 * - PATCH /api/system-users/{userId}/deactivated — `{ deactivated }`; 200 the updated item.
 * - GET /api/companies/{companyId}/max-price and GET /api/beneficiary-employee/{id}/max-price —
 *   200 `{ maxPrice }`: euros with two decimals, null = no limit.
 */

/** A query flag sent as the text `true` or `false`. */
export const zBooleanString = lazy(() => z.enum(["true", "false"]).transform((value) => value === "true"));

/** A trimmed, lower-cased e-mail address that passes the docs/product.md "Field rules" rule. */
export const zEmailAddress = lazy(() =>
  z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .refine((value) => isValidEmail(value), "Invalid email"),
);

/** A search field: trimmed; empty means no filter, so a form can always send it. */
const zFilterText = lazy(() => zSingleLineText({ max: 100 }).optional());

export const zSystemUsersQuery = lazy(() =>
  zPageQuery.extend({
    /** Sent by the list screen (docs/api-surface.md); the answer is the same paged list either way. */
    isForList: zBooleanString.optional(),
    firstName: zFilterText,
    lastName: zFilterText,
    /** Matches the work (login) or the personal e-mail. */
    email: zFilterText,
    phoneNumber: zFilterText,
    /** Users whose home company this is or who hold a role in it; must be one of the caller's companies. */
    companyId: z.uuid().optional(),
  }),
);
export type TSystemUsersQuery = z.infer<typeof zSystemUsersQuery>;

export const zSystemUserItem = lazy(() =>
  z.object({
    userId: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    /** The login e-mail. */
    workEmail: z.string(),
    personalEmail: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    /** Home company; null for the admin tier. */
    companyId: z.uuid().nullable(),
    companyName: z.string().nullable(),
    /** Role names, without duplicates; for an employer-side caller only the roles held in their companies. */
    roles: z.array(z.string()),
    deactivated: z.boolean(),
    lastLoginAt: z.iso.datetime().nullable(),
  }),
);
export type TSystemUserItem = z.infer<typeof zSystemUserItem>;

/** One user (the Käyttäjät user page): the list item and the role assignments with their companies. */
export const zSystemUserDetails = lazy(() =>
  zSystemUserItem.extend({
    /** Global assignments have companyId null; an employer-side caller sees only those in their companies. */
    userRoles: z.array(
      z.object({
        roleId: z.uuid(),
        roleName: z.string(),
        companyId: z.uuid().nullable(),
        companyName: z.string().nullable(),
      }),
    ),
  }),
);
export type TSystemUserDetails = z.infer<typeof zSystemUserDetails>;

export const zSystemUsersPage = lazy(() => zPage(zSystemUserItem));
export type TSystemUsersPage = z.infer<typeof zSystemUsersPage>;

export const zCreateSystemUser = lazy(() =>
  z.object({
    firstName: zSingleLineText({ min: 1, max: 100 }),
    lastName: zSingleLineText({ min: 1, max: 100 }),
    workEmail: zEmailAddress,
    /** Empty string or null: none. */
    personalEmail: z.union([zEmailAddress, z.literal(""), z.null()]).optional(),
    /** Normalised by the docs/product.md "Field rules" rule; empty string or null: none. */
    phoneNumber: z.string().max(40).nullable().optional(),
    /** Required for every role but the admin tier (SUPER_ADMIN, INTERNAL_ADMIN), which is global. */
    companyId: z.uuid().nullable().optional(),
    /** A role name, e.g. EMPLOYER_ADMIN or BIKE_BENEFICIARY. */
    role: zSingleLineText({ min: 1, max: 64 }),
    language: z.enum(LANGUAGES).optional(),
  }),
);
export type TCreateSystemUser = z.infer<typeof zCreateSystemUser>;

/** 201: the created user, in `user` (docs/product.md "Field rules": creation must return a user object). */
export const zCreateSystemUserResponse = lazy(() => z.object({ user: zSystemUserItem }));

export const zUserIdParams = lazy(() => z.object({ userId: z.uuid() }));

/**
 * The current password that re-authenticates a change of one's own login e-mail or phone, so that a
 * stolen session cannot take the account over. Not trimmed: spaces belong to a password. Managers changing someone else leave it out.
 */
const zCurrentPassword = lazy(() => z.string().max(1024).optional());

/** PUT /api/system-users/{userId}: the body repeats the CSRF token of the x-csrf-token header (docs/api-surface.md). */
export const zUpdateWorkEmail = lazy(() =>
  z.object({
    workEmail: zEmailAddress,
    csrfToken: z.string().min(1).max(200),
    /** Required when the user changes their own e-mail. */
    currentPassword: zCurrentPassword,
  }),
);
export type TUpdateWorkEmail = z.infer<typeof zUpdateWorkEmail>;

export const zUpdatePhone = lazy(() =>
  z.object({
    phoneNumber: z.string().max(40),
    /** Required when the user changes their own number. */
    currentPassword: zCurrentPassword,
  }),
);
export type TUpdatePhone = z.infer<typeof zUpdatePhone>;

/**
 * HTTP 202 of a self-service change: nothing is stored yet. E-mail: a link went to `sentTo` (the same
 * answer whether or not another account uses the address); phone: a 6-digit code went to `sentTo`.
 */
export const zContactChangeStarted = lazy(() =>
  z.object({
    confirmationSent: z.literal(true),
    /** The new address or number (normalised) the confirmation went to. */
    sentTo: z.string(),
    /** Seconds the link or the code is valid. */
    expiresInSeconds: z.int(),
  }),
);
export type TContactChangeStarted = z.infer<typeof zContactChangeStarted>;

/** POST /api/system-users/email-change/confirm: the token of the link mailed to the new address. */
const zConfirmEmailChange = lazy(() =>
  z.object({
    token: z
      .string()
      .min(20)
      .max(200)
      .regex(/^[A-Za-z0-9_-]+$/, "Invalid token"),
  }),
);

/** 200 of the e-mail confirmation: the login e-mail now in use. */
export const zEmailChangeConfirmed = lazy(() => z.object({ workEmail: z.string() }));
export type TEmailChangeConfirmed = z.infer<typeof zEmailChangeConfirmed>;

/** POST /api/system-users/phone-change/confirm: the code sent by SMS to the new number. */
export const zConfirmPhoneChange = lazy(() =>
  z.object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, "The code has 6 digits"),
  }),
);

const zUpdateDeactivated = lazy(() => z.object({ deactivated: z.boolean() }));
export type TUpdateDeactivated = z.infer<typeof zUpdateDeactivated>;

const zCompanyIdParams = lazy(() => z.object({ companyId: z.uuid() }));
const zIdParams = lazy(() => z.object({ id: z.uuid() }));

/** `{ maxPrice }` in euros with two decimals (4500 = 4 500,00 €); null when there is no limit. */
export const zMaxPriceResponse = lazy(() => z.object({ maxPrice: z.number().nullable() }));
export type TMaxPriceResponse = z.infer<typeof zMaxPriceResponse>;

/**
 * The calls of system users and the max prices. Changing the work e-mail (PUT /api/system-users/{userId})
 * and the phone (PATCH …/phone) answer 200 (a manager's change, applied) or 202 (one's own, waiting for
 * its confirmation) by whose contact it is.
 */
export const systemUsersApi = lazy(() => ({
  list: endpoint({
    method: "GET",
    path: "/system-users",
    summary: "System users, filtered and paged; employer-side callers see the users of their companies",
    query: zSystemUsersQuery,
    response: zSystemUsersPage,
    errors: [400, 401, 403, 404],
  }),
  get: endpoint({
    method: "GET",
    path: "/system-users/:userId",
    summary: "One user with their role assignments; a user outside the caller's companies is 404",
    params: zUserIdParams,
    response: zSystemUserDetails,
    errors: [400, 401, 403, 404],
  }),
  create: endpoint({
    method: "POST",
    path: "/system-users",
    summary: "Create a user with a role; they get a mail to set their password",
    body: zCreateSystemUser,
    status: 201,
    response: zCreateSystemUserResponse,
    errors: [400, 401, 403, 404, 409],
  }),
  updateWorkEmail: endpoint({
    method: "PUT",
    path: "/system-users/:userId",
    summary:
      "Change the work (login) e-mail; the body repeats the CSRF token. A manager's change of someone " +
      "else applies at once (200, 409 EMAIL_TAKEN). One's own needs currentPassword (403 " +
      "REAUTHENTICATION_FAILED, 429 after 5 wrong) and answers 202 whether or not the address is taken: " +
      "nothing changes until the link mailed to the new address is used; the old address is told",
    params: zUserIdParams,
    body: zUpdateWorkEmail,
    response: zSystemUserItem,
    accepted: zContactChangeStarted,
    errors: [400, 401, 403, 404, 409, 429],
  }),
  updatePhone: endpoint({
    method: "PATCH",
    path: "/system-users/:userId/phone",
    summary:
      "Change the phone number (checked by the one phone number rule). A manager's change of someone else applies at once (200; " +
      "the number is unverified). One's own needs currentPassword and answers 202: a 6-digit code goes " +
      "by SMS to the new number and POST /api/system-users/phone-change/confirm stores it",
    params: zUserIdParams,
    body: zUpdatePhone,
    response: zSystemUserItem,
    accepted: zContactChangeStarted,
    errors: [400, 401, 403, 404, 409, 429],
  }),
  confirmEmailChange: endpoint({
    method: "POST",
    path: "/system-users/email-change/confirm",
    summary:
      "Confirm one's own new login e-mail with the token of the link mailed to it (single use, 24 h); " +
      "400 INVALID_TOKEN, 409 EMAIL_TAKEN when another account took the address meanwhile",
    body: zConfirmEmailChange,
    response: zEmailChangeConfirmed,
    errors: [400, 401, 403, 404, 409, 429],
  }),
  confirmPhoneChange: endpoint({
    method: "POST",
    path: "/system-users/phone-change/confirm",
    summary:
      "Confirm one's own new phone number with the code sent to it by SMS (5 minutes, 5 tries); " +
      "400 VERIFICATION_FAILED or VERIFICATION_EXPIRED",
    body: zConfirmPhoneChange,
    response: zSystemUserItem,
    errors: [400, 401, 403, 404, 409, 429],
  }),
  setDeactivated: endpoint({
    method: "PATCH",
    path: "/system-users/:userId/deactivated",
    summary: "Deactivate (ends every session) or activate a user; 409 LAST_SUPER_ADMIN",
    params: zUserIdParams,
    body: zUpdateDeactivated,
    response: zSystemUserItem,
    errors: [400, 401, 403, 404, 409],
  }),
  companyMaxPrice: endpoint({
    method: "GET",
    path: "/companies/:companyId/max-price",
    summary: "The company's max price of a bike package in euros (null = no limit)",
    params: zCompanyIdParams,
    response: zMaxPriceResponse,
    errors: [400, 401, 403, 404],
  }),
  employeeMaxPrice: endpoint({
    method: "GET",
    path: "/beneficiary-employee/:id/max-price",
    summary: "An employee's max price in euros: their own limit, else the company's (null = no limit)",
    params: zIdParams,
    response: zMaxPriceResponse,
    errors: [400, 401, 403, 404],
  }),
}));
