/**
 * The languages (fi default, en, sv) and colour schemes (light default, dark) of docs/product.md "Constants". Apart from
 * enums.ts (which re-exports them) so that the anonymous home page's chunk carries only these.
 */
export const LANGUAGES = ["fi", "en", "sv"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "fi";

export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = "light";
