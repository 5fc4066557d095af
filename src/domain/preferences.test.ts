import { describe, expect, it } from "vitest";
import {
  MAX_PREFERENCE_KEYS,
  MAX_PREFERENCES_BYTES,
  mergePreferences,
  PREFERENCE_KEY_PATTERN,
  preferencesWithinLimits,
} from "./preferences.ts";

describe("preference documents", () => {
  it("merges key by key; null removes a key and undefined leaves it", () => {
    expect(
      mergePreferences(
        { theme: "dark", pageSize: 20, old: true },
        { pageSize: 50, old: null, keep: undefined },
      ),
    ).toEqual({ theme: "dark", pageSize: 50 });
  });

  it("allows at most 50 keys and 8192 bytes of JSON, counting UTF-8 bytes", () => {
    const keys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 1]));
    expect(preferencesWithinLimits(keys(MAX_PREFERENCE_KEYS))).toBe(true);
    expect(preferencesWithinLimits(keys(MAX_PREFERENCE_KEYS + 1))).toBe(false);
    // {"a":"…"} is 8 bytes around the text.
    expect(preferencesWithinLimits({ a: "x".repeat(MAX_PREFERENCES_BYTES - 8) })).toBe(true);
    expect(preferencesWithinLimits({ a: "x".repeat(MAX_PREFERENCES_BYTES - 7) })).toBe(false);
    expect(preferencesWithinLimits({ a: "ä".repeat(MAX_PREFERENCES_BYTES / 2) })).toBe(false);
  });

  it("names keys with a letter first, then letters, digits, _ . -, up to 64 characters", () => {
    for (const key of ["theme", "table.density", "ui_sidebar-open", `k${"x".repeat(63)}`]) {
      expect(PREFERENCE_KEY_PATTERN.test(key), key).toBe(true);
    }
    for (const key of ["", "_private", "1st", "font size", "__proto__", "ä", `k${"x".repeat(64)}`]) {
      expect(PREFERENCE_KEY_PATTERN.test(key), key).toBe(false);
    }
  });
});
