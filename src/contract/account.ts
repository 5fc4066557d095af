import { z } from "zod";
import { LANGUAGES, THEMES } from "../domain/enums.ts";

/**
 * The user's own details (/kayttaja): names, personal e-mail and language through PATCH /api/user;
 * the work e-mail through the spec's PUT /api/system-users/{userId} and the phone through
 * PATCH /api/system-users/{userId}/phone; the theme through PUT /api/user-preferences.
 */
export const zOwnDetailsUpdate = z.object({
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  /** Empty string clears it. */
  personalEmail: z.string().trim().max(320),
  language: z.enum(LANGUAGES),
});
export type TOwnDetailsUpdate = z.infer<typeof zOwnDetailsUpdate>;

/** PUT /api/user-preferences { preferences } (SPEC §7): the known keys are typed, others kept as they are. */
export const zUserPreferences = z
  .object({
    theme: z.enum(THEMES).optional(),
    language: z.enum(LANGUAGES).optional(),
  })
  .catchall(z.union([z.string(), z.number(), z.boolean(), z.null()]));
export const zUserPreferencesUpdate = z.object({ preferences: zUserPreferences });
/** GET /api/user-preferences/user/{id} answers `{ data }` (SPEC §7). */
export const zUserPreferencesResponse = z.object({ data: zUserPreferences });

/** GET /api/user-preferences/user/{id}. */
export const zUserPreferencesUserParams = z.object({ id: z.uuid() });
/** GET and PUT /api/user-preferences/token/{token}: the token of a preferences link (e.g. from a mail). */
export const zUserPreferencesTokenParams = z.object({ token: z.string().min(20).max(200) });
