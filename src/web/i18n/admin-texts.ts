import type { ResourceKey } from "i18next";
import type { Language } from "../../domain/enums.ts";
import { addAreaTextLoader, currentLanguage, ensurePageTexts, i18n } from "./i18n.ts";

/**
 * The admin area's texts: one file per area and language (`admin/<area>.<lng>.json`), loaded only with
 * the admin area (this module is in its chunk), so no other page downloads them. Their top-level
 * sections never overlap with the other catalogues (locales.test.ts).
 */
const ADMIN_FILES = import.meta.glob<{ default: ResourceKey }>("./admin/*.json");
const loaded = new Map<Language, Promise<void>>();

/** Loads the admin texts of a language (the current one by default); from then on a language switch loads them too. */
export function ensureAdminTexts(lng: Language = currentLanguage()): Promise<void> {
  if (loaded.size === 0) addAreaTextLoader(ensureAdminTexts);
  let loading = loaded.get(lng);
  if (!loading) {
    loading = (async () => {
      await ensurePageTexts(lng);
      const files = Object.entries(ADMIN_FILES).filter(([path]) => path.endsWith(`.${lng}.json`));
      const modules = await Promise.all(files.map(([, load]) => load()));
      for (const { default: texts } of modules) i18n.addResourceBundle(lng, "translation", texts, true, true);
    })();
    loading.catch(() => loaded.delete(lng));
    loaded.set(lng, loading);
  }
  return loading;
}
