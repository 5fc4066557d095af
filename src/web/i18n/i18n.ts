import i18next, { type BackendModule, type ResourceKey } from "i18next";
import { initReactI18next } from "react-i18next";
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGES,
  type Language,
  languageOfPath,
} from "../../domain/locale.ts";
import fi from "./fi.json";

export const LANGUAGE_STORAGE_KEY = "pedaali-language";

/** The one i18next instance of the app (not the global default, so tests and tools can make their own). */
export const i18n = i18next.createInstance();

export { isLanguage };

/**
 * Finnish ships in the entry chunk because most visitors use it; English and Swedish load on demand, so
 * the anonymous home page does not pay for three copies of every text as the catalogues grow.
 */
const LOADERS: Record<Exclude<Language, "fi">, () => Promise<{ default: ResourceKey }>> = {
  en: () => import("./en.json"),
  sv: () => import("./sv.json"),
};

const lazyLocales: BackendModule = {
  type: "backend",
  callbackApi: true,
  init() {},
  // Given as imported: later bundles are added beside it, never into it (addTexts).
  read(language, _namespace, callback) {
    if (language === "fi") return callback(null, fi);
    if (language !== "en" && language !== "sv") return callback(null, {});
    LOADERS[language]().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : String(error), false),
    );
  },
};

function storedLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Storage can be disabled (privacy modes); the language then lasts for the page only.
    return null;
  }
}

/** docs/product.md "Screens" `/{lang}/...` wins over the stored choice, which wins over Finnish. */
function detectLanguage(pathname: string): Language {
  const prefix = languageOfPath(pathname);
  if (prefix) return prefix;
  const stored = storedLanguage();
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

function reflectLanguage(lng: string): void {
  if (!isLanguage(lng)) return;
  document.documentElement.lang = lng;
  // the description of docs/product.md "Who uses it", in the page's language for search engines and link previews.
  const description = i18n.t("common.productDescription", { lng });
  document.querySelector('meta[name="description"]')?.setAttribute("content", description);
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // See storedLanguage.
  }
}

let ready: Promise<typeof i18n> | null = null;

/** Initialises i18n once; resolves when the first language's texts are in, so the first render is translated. */
export function initI18n(lng: Language = detectLanguage(window.location.pathname)): Promise<typeof i18n> {
  ready ??= (async () => {
    i18n.on("languageChanged", reflectLanguage);
    await i18n
      .use(lazyLocales)
      .use(initReactI18next)
      .init({
        lng,
        fallbackLng: DEFAULT_LANGUAGE,
        supportedLngs: [...LANGUAGES],
        load: "currentOnly",
        resources: { fi: { translation: fi } },
        // Finnish is bundled above; the backend fills in the others.
        partialBundledLanguages: true,
        interpolation: { escapeValue: false },
        // Texts are loaded before rendering (main.tsx awaits this), so no Suspense boundary is needed.
        react: { useSuspense: false },
      });
    reflectLanguage(i18n.resolvedLanguage ?? lng);
    return i18n;
  })();
  return ready;
}

/** A catalogue of texts: its file of each language, loaded on demand. */
type Catalogue = Record<Language, () => Promise<{ default: ResourceKey }>>;

/**
 * The texts of the lazily loaded pages (login, registration, own details...) live in `pages/<lng>.json`,
 * so the anonymous home page downloads only the shell's texts above (docs/design.md "Weight" budget). Both files
 * fill the one `translation` namespace; their top-level sections never overlap (locales.test.ts).
 */
const PAGE_LOADERS: Catalogue = {
  fi: () => import("./pages/fi.json"),
  en: () => import("./pages/en.json"),
  sv: () => import("./pages/sv.json"),
};

/**
 * The public information pages' long texts (section `content`): loaded with those pages only
 * (routes.tsx), not with every page; a signed-in page never shows them.
 */
const CONTENT_LOADERS: Catalogue = {
  fi: () => import("./content/fi.json"),
  en: () => import("./content/en.json"),
  sv: () => import("./content/sv.json"),
};

/**
 * Adds a catalogue's sections to a language's texts. The catalogues' top-level sections never overlap
 * (locales.test.ts), so the sections are set side by side: no deep merge and no copy of the catalogue,
 * which on a phone took i18next tens of milliseconds of one task for the page texts alone. The imported
 * catalogue is never written into.
 */
export function addTexts(lng: Language, texts: ResourceKey): void {
  i18n.addResourceBundle(lng, "translation", texts, false, true, { silent: false, skipCopy: true });
}

/** Loads a catalogue of a language into i18n once (again after a failure). */
function catalogueLoader(catalogue: Catalogue): (lng: Language) => Promise<void> {
  const loaded = new Map<Language, Promise<void>>();
  return (lng) => {
    let loading = loaded.get(lng);
    if (!loading) {
      loading = (async () => {
        // Downloaded beside the shell's texts, but added after them: i18next loads the shell's texts
        // of a language only while that language has no bundle yet.
        const [, { default: texts }] = await Promise.all([i18n.loadLanguages(lng), catalogue[lng]()]);
        addTexts(lng, texts);
      })();
      loading.catch(() => loaded.delete(lng));
      loaded.set(lng, loading);
    }
    return loading;
  };
}

const loadPageTexts = catalogueLoader(PAGE_LOADERS);
const loadContentTexts = catalogueLoader(CONTENT_LOADERS);
let pageTextsWanted = false;

/**
 * Loads the page texts of a language (the current one by default) into i18n. Lazy routes await it
 * before they render; once any page asked, a language switch loads them too before switching.
 */
export function ensurePageTexts(lng: Language = currentLanguage()): Promise<void> {
  pageTextsWanted = true;
  return loadPageTexts(lng);
}

/**
 * Loads the public information pages' texts of a language, with the page texts; once asked, a language
 * switch loads them too.
 */
export function ensureContentTexts(lng: Language = currentLanguage()): Promise<void> {
  addAreaTextLoader(loadContentTexts);
  return Promise.all([ensurePageTexts(lng), loadContentTexts(lng)]).then(() => {});
}

/**
 * Areas with texts of their own (the admin area, i18n/admin-texts.ts) register how to load them for a
 * language; a language switch loads them too. Kept here as a hook so their code stays in their chunk.
 */
const areaTextLoaders = new Set<(lng: Language) => Promise<void>>();
export function addAreaTextLoader(load: (lng: Language) => Promise<void>): void {
  areaTextLoaders.add(load);
}

/** Switches the language: loads its texts first, then sets `<html lang>` and remembers the choice. */
export async function setLanguage(lng: Language): Promise<void> {
  if (pageTextsWanted) await ensurePageTexts(lng);
  await Promise.all([...areaTextLoaders].map((load) => load(lng)));
  await i18n.changeLanguage(lng);
}

export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
}
