/**
 * Stands in for i18n/i18n.ts in the public entry's build (ADR 023): the page's language is the one its
 * HTML was rendered in, its texts are embedded in it (texts.ts), and choosing another language is a
 * page load, since the page carries its own language's texts only.
 */
import { DEFAULT_LANGUAGE, isLanguage, type Language, languageOfPath } from "../../domain/locale.ts";
import { hasText, pageLanguage, t } from "./texts.ts";

export const LANGUAGE_STORAGE_KEY = "pedaali-language";

export { isLanguage };

function storedLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** As the app's: the `/{lang}` prefix wins over the stored choice, which wins over Finnish. */
export function detectLanguage(pathname: string): Language {
  const prefix = languageOfPath(pathname);
  if (prefix) return prefix;
  const stored = storedLanguage();
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

export function currentLanguage(): Language {
  return pageLanguage();
}

/** The part of i18next's instance the public components read. */
export const i18n = {
  t,
  /** Whether the page carries a text for the key (the login asks before showing an error's own text). */
  exists: hasText,
  get language(): Language {
    return pageLanguage();
  },
  get resolvedLanguage(): Language {
    return pageLanguage();
  },
};

/** The texts are in the page already. */
export function ensurePageTexts(): Promise<void> {
  return Promise.resolve();
}

export function addAreaTextLoader(): void {}

/**
 * Remembers the choice, as the app does, and goes to the page in that language. On a `/{lang}` path the
 * language menu then swaps the prefix itself; an unprefixed path ("the visitor's own language", rendered
 * in Finnish) goes to the chosen language's own prerendered page, which loads as fast as this one did,
 * instead of waiting for the app's entry to render it afresh.
 */
export async function setLanguage(lng: Language): Promise<void> {
  if (lng === pageLanguage()) return;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // Storage can be disabled (privacy modes): the prefixed address still carries the choice.
  }
  const { pathname, search, hash } = window.location;
  if (languageOfPath(pathname)) return;
  window.location.assign(`/${lng}${pathname === "/" ? "" : pathname}${search}${hash}`);
}
