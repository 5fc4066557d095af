/**
 * The languages (fi default, en, sv) and colour schemes (light default, dark) of docs/product.md "Constants". Apart from
 * enums.ts (which re-exports them) so that the anonymous home page's chunk carries only these.
 */
export const LANGUAGES = ["fi", "en", "sv"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "fi";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The language a path's `/{lang}` prefix names (docs/product.md "Screens", e.g. /en/liity/{token}), if any. */
export function languageOfPath(pathname: string): Language | null {
  const prefix = pathname.split("/")[1];
  return isLanguage(prefix) ? prefix : null;
}

export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = "light";
