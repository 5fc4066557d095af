import { z } from "zod";
import { LANGUAGES, THEMES } from "../domain/enums.ts";
import {
  MAX_PREFERENCE_KEYS,
  MAX_PREFERENCE_TEXT_LENGTH,
  PREFERENCE_KEY_PATTERN,
  PREFERENCES_LIMIT_MESSAGE,
  preferencesWithinLimits,
} from "../domain/preferences.ts";
import { CHURCHES } from "../domain/tax/tax-year.ts";
import { zSessionUser } from "./auth.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zSingleLineText } from "./text.ts";
import { zMunicipalityCode } from "./values.ts";

/**
 * The user's own details (/kayttaja): names, personal e-mail and language through PATCH /api/user;
 * the municipality of residence and church through PUT /api/user/municipality;
 * the work e-mail through the spec's PUT /api/system-users/{userId} and the phone through
 * PATCH /api/system-users/{userId}/phone; the theme through PUT /api/user-preferences.
 */
export const zOwnDetailsUpdate = lazy(() =>
  z.object({
    firstName: zSingleLineText({ min: 1, max: 100 }),
    lastName: zSingleLineText({ min: 1, max: 100 }),
    /** Empty string clears it. */
    personalEmail: zSingleLineText({ max: 320 }),
    language: z.enum(LANGUAGES),
  }),
);
export type TOwnDetailsUpdate = z.infer<typeof zOwnDetailsUpdate>;

/**
 * PUT /api/user/municipality: the municipality of residence (by its code, one of the year's list; an
 * unknown one answers 400 UNKNOWN_MUNICIPALITY at `municipalityCode`) and the church whose parish tax
 * the person pays, remembered on the own details; null forgets either.
 */
const zOwnMunicipalityUpdate = lazy(() =>
  z.strictObject({
    municipalityCode: zMunicipalityCode.nullable(),
    church: z.enum(CHURCHES).nullable(),
  }),
);
export type TOwnMunicipalityUpdate = z.infer<typeof zOwnMunicipalityUpdate>;

/**
 * A preference document (docs/api-surface.md): the known keys are typed; other keys (PREFERENCE_KEY_PATTERN) hold a
 * line of text, a number or a boolean, so the document stays flat and small (src/domain/preferences.ts).
 */
export const zUserPreferences = lazy(() =>
  z
    .object({
      theme: z.enum(THEMES).optional(),
      language: z.enum(LANGUAGES).optional(),
    })
    .catchall(
      z.union([zSingleLineText({ max: MAX_PREFERENCE_TEXT_LENGTH }), z.number(), z.boolean(), z.null()]),
    )
    .superRefine((document, ctx) => {
      for (const key of Object.keys(document)) {
        if (!PREFERENCE_KEY_PATTERN.test(key)) {
          ctx.addIssue({ code: "custom", path: [key], message: "Invalid preference name" });
        }
      }
    })
    // The key rule for the OpenAPI document, which cannot read the refinement above.
    .meta({ propertyNames: { pattern: PREFERENCE_KEY_PATTERN.source } }),
);

/**
 * PUT /api/user-preferences { preferences }: merged into the stored document key by key; a null
 * removes the key. The patch, and the document after merging (checked by the service), stay within
 * the limits.
 */
const zUserPreferencesUpdate = lazy(() =>
  z.object({
    preferences: zUserPreferences
      .refine(preferencesWithinLimits, PREFERENCES_LIMIT_MESSAGE)
      .meta({ maxProperties: MAX_PREFERENCE_KEYS }),
  }),
);
/** GET /api/user-preferences/user/{id} answers `{ data }` (docs/api-surface.md). */
export const zUserPreferencesResponse = lazy(() => z.object({ data: zUserPreferences }));

/** GET /api/user-preferences/user/{id}. */
const zUserPreferencesUserParams = lazy(() => z.object({ id: z.uuid() }));
/** GET and PUT /api/user-preferences/token/{token}: the token of a preferences link (e.g. from a mail). */
const zUserPreferencesTokenParams = lazy(() => z.object({ token: z.string().min(20).max(200) }));

/** The calls of the own details and of preferences, the caller's own or through a preferences link. */
export const accountApi = lazy(() => ({
  updateOwnDetails: endpoint({
    method: "PATCH",
    path: "/user",
    summary: "Update the own names, personal e-mail and language; answers the session user",
    body: zOwnDetailsUpdate,
    response: zSessionUser,
    errors: [400, 401, 403],
  }),
  updateOwnMunicipality: endpoint({
    method: "PUT",
    path: "/user/municipality",
    summary:
      "Remember the own municipality of residence and church on the own details; answers the session user",
    body: zOwnMunicipalityUpdate,
    response: zSessionUser,
    errors: [400, 401, 403],
  }),
  updateOwnPreferences: endpoint({
    method: "PUT",
    path: "/user-preferences",
    summary: "Merge preferences into the own preference document (a null value removes the key)",
    body: zUserPreferencesUpdate,
    response: zUserPreferencesResponse,
    errors: [400, 401, 403, 413, 429],
  }),
  userPreferences: endpoint({
    method: "GET",
    path: "/user-preferences/user/:id",
    summary: "A user's preferences: one's own, or anyone's for admins with system-users.read",
    params: zUserPreferencesUserParams,
    response: zUserPreferencesResponse,
    errors: [400, 401, 404],
  }),
  tokenPreferences: endpoint({
    method: "GET",
    path: "/user-preferences/token/:token",
    summary: "Preferences reached through the token of a preferences link",
    params: zUserPreferencesTokenParams,
    response: zUserPreferencesResponse,
    errors: [400, 404, 429],
  }),
  updateTokenPreferences: endpoint({
    method: "PUT",
    path: "/user-preferences/token/:token",
    summary: "Merge preferences through the token of a preferences link",
    params: zUserPreferencesTokenParams,
    body: zUserPreferencesUpdate,
    response: zUserPreferencesResponse,
    errors: [400, 403, 404, 413, 429],
  }),
}));
