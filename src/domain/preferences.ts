/**
 * The limits of a user's preference document (docs/api-surface.md /api/user-preferences). It is read with every
 * session, so an unbounded one slows every request of its user and grows the database at will: a patch and the merged document hold at most 50 keys and 8 KB of JSON.
 */

export const MAX_PREFERENCE_KEYS = 50;
export const MAX_PREFERENCES_BYTES = 8192;
export const MAX_PREFERENCE_TEXT_LENGTH = 1000;
/** A letter, then letters, digits, `_`, `.` or `-`: room for names like `table.density`, nothing else. */
export const PREFERENCE_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;

export const PREFERENCES_LIMIT_MESSAGE = `Preferences may hold at most ${MAX_PREFERENCE_KEYS} keys and ${MAX_PREFERENCES_BYTES} bytes`;

export type PreferenceValue = string | number | boolean | null;

/** The stored document with a patch applied key by key; a null in the patch removes the key. */
export function mergePreferences(
  stored: Readonly<Record<string, unknown>>,
  patch: Readonly<Record<string, PreferenceValue | undefined>>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else if (value !== undefined) merged[key] = value;
  }
  return merged;
}

/** Whether a document stays within the key count and the serialized size (UTF-8 bytes of its JSON). */
export function preferencesWithinLimits(document: Readonly<Record<string, unknown>>): boolean {
  return (
    Object.keys(document).length <= MAX_PREFERENCE_KEYS &&
    new TextEncoder().encode(JSON.stringify(document)).length <= MAX_PREFERENCES_BYTES
  );
}
