import { z } from "zod";
import { LANGUAGES } from "../domain/enums.ts";
import { isValidEmail } from "../domain/validation/email.ts";
import { zPage, zPageQuery } from "./common.ts";

/**
 * System users (SPEC §3 "System user", §7 "Auth and users") and the max-price calls.
 *
 * - GET /api/system-users — query below; 200 the list envelope of `zSystemUserItem`.
 * - POST /api/system-users — `zCreateSystemUser`; 201 `{ user }` (the client shows
 *   'Palvelin palautti virheellisen vastauksen.' when `user` is missing). 409 EMAIL_TAKEN.
 * - PUT /api/system-users/{userId} — `{ workEmail, csrfToken }`; 200 the updated item.
 * - PATCH /api/system-users/{userId}/phone — `{ phoneNumber }`; 200 the updated item;
 *   400 UNSUPPORTED_PHONE_NUMBER 'Unsupported phone number format'.
 * - PATCH /api/system-users/{userId}/deactivated — `{ deactivated }`; 200 the updated item.
 * - GET /api/companies/{companyId}/max-price and GET /api/beneficiary-employee/{id}/max-price —
 *   200 `{ maxPrice }`: euros with two decimals, null = no limit.
 */

/** A query flag sent as the text `true` or `false`. */
export const zBooleanString = z.enum(["true", "false"]).transform((value) => value === "true");

/** A trimmed, lower-cased e-mail address that passes the SPEC §5 rule. */
export const zEmailAddress = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .refine((value) => isValidEmail(value), "Invalid email");

/** A search field: trimmed; empty means no filter, so a form can always send it. */
const zFilterText = z.string().trim().max(100).optional();

export const zSystemUsersQuery = zPageQuery.extend({
  /** Sent by the list screen (SPEC §7); the answer is the same paged list either way. */
  isForList: zBooleanString.optional(),
  firstName: zFilterText,
  lastName: zFilterText,
  /** Matches the work (login) or the personal e-mail. */
  email: zFilterText,
  phoneNumber: zFilterText,
  /** Users whose home company this is or who hold a role in it; must be one of the caller's companies. */
  companyId: z.uuid().optional(),
});
export type TSystemUsersQuery = z.infer<typeof zSystemUsersQuery>;

export const zSystemUserItem = z.object({
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
});
export type TSystemUserItem = z.infer<typeof zSystemUserItem>;

export const zSystemUsersPage = zPage(zSystemUserItem);
export type TSystemUsersPage = z.infer<typeof zSystemUsersPage>;

export const zCreateSystemUser = z.object({
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  workEmail: zEmailAddress,
  /** Empty string or null: none. */
  personalEmail: z.union([zEmailAddress, z.literal(""), z.null()]).optional(),
  /** Normalised by the SPEC §5 rule; empty string or null: none. */
  phoneNumber: z.string().max(40).nullable().optional(),
  /** Required for every role but the admin tier (SUPER_ADMIN, INTERNAL_ADMIN), which is global. */
  companyId: z.uuid().nullable().optional(),
  /** A role name, e.g. EMPLOYER_ADMIN or BIKE_BENEFICIARY. */
  role: z.string().trim().min(1).max(64),
  language: z.enum(LANGUAGES).optional(),
});
export type TCreateSystemUser = z.infer<typeof zCreateSystemUser>;

/** 201: the created user, in `user` (SPEC §5: creation must return a user object). */
export const zCreateSystemUserResponse = z.object({ user: zSystemUserItem });

export const zUserIdParams = z.object({ userId: z.uuid() });

/** PUT /api/system-users/{userId}: the body repeats the CSRF token of the x-csrf-token header (SPEC §7). */
export const zUpdateWorkEmail = z.object({
  workEmail: zEmailAddress,
  csrfToken: z.string().min(1).max(200),
});
export type TUpdateWorkEmail = z.infer<typeof zUpdateWorkEmail>;

export const zUpdatePhone = z.object({ phoneNumber: z.string().max(40) });
export type TUpdatePhone = z.infer<typeof zUpdatePhone>;

export const zUpdateDeactivated = z.object({ deactivated: z.boolean() });
export type TUpdateDeactivated = z.infer<typeof zUpdateDeactivated>;

export const zCompanyIdParams = z.object({ companyId: z.uuid() });
export const zIdParams = z.object({ id: z.uuid() });

/** `{ maxPrice }` in euros with two decimals (4500 = 4 500,00 €); null when there is no limit. */
export const zMaxPriceResponse = z.object({ maxPrice: z.number().nullable() });
export type TMaxPriceResponse = z.infer<typeof zMaxPriceResponse>;
