import { DEFAULT_LANGUAGE, type Language } from "../../domain/locale.ts";

/**
 * The texts of a prerendered public page (ADR 023): the build embeds the page's own part of the
 * catalogues (i18n/*.json, the same keys and texts as the app's) in its HTML, and the public entry's
 * components read them through `t`, in place of i18next. Only what the public pages ask of i18next is
 * here: a dotted key, `{{name}}` values and a default value.
 */
export type Texts = { [key: string]: string | Texts };

let language: Language = DEFAULT_LANGUAGE;
let texts: Texts = {};
/** The keys asked for since the last setPageTexts: the prerender embeds their sections. */
const asked = new Set<string>();
/** Where a missing text is said (the browser's console; the prerender throws). */
let onMissing: (key: string) => void = (key) => console.error(`pedaali: no text for ${key}`);

export function setPageTexts(lang: Language, pageTexts: Texts, missing?: (key: string) => void): void {
  language = lang;
  texts = pageTexts;
  asked.clear();
  if (missing) onMissing = missing;
}

export function pageLanguage(): Language {
  return language;
}

/** The keys `t` was asked for since the texts were set. */
export function askedKeys(): string[] {
  return [...asked];
}

function lookup(key: string): string | Texts | undefined {
  let node: string | Texts | undefined = texts;
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return node;
}

/** Whether the page carries a text for the key; not noted as asked, since nothing is shown for it. */
export function hasText(key: string): boolean {
  return typeof lookup(key) === "string";
}

export type TextOptions = { defaultValue?: string } & Record<string, unknown>;

/** The text of `key` with its `{{name}}` values filled in; the default value or the key when there is none. */
export function t(key: string, options?: TextOptions): string {
  asked.add(key);
  const text = lookup(key);
  if (typeof text !== "string") {
    if (options?.defaultValue !== undefined) return options.defaultValue;
    onMissing(key);
    return key;
  }
  if (!options) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in options ? String(options[name]) : whole,
  );
}
