import type { ResourceKey } from "i18next";
import type { Language } from "../../domain/enums.ts";
import { startEachInItsOwnTask } from "../lib/next-task.ts";
import { addAreaTextLoader, addTexts, currentLanguage, ensurePageTexts } from "./i18n.ts";

type TextFiles = Record<string, () => Promise<{ default: ResourceKey }>>;

/**
 * The loader of an area's texts (the admin area, the employer area): one file per part and language
 * (`<area>/<part>.<lng>.json`, found by the area's own `import.meta.glob`, so the files stay in the
 * area's chunk). The loader loads the page texts first, then the area's files of the language; once
 * used, a language switch loads them too.
 */
export function areaTextLoader(files: TextFiles): (lng?: Language) => Promise<void> {
  const loaded = new Map<Language, Promise<void>>();
  const ensure = (lng: Language = currentLanguage()): Promise<void> => {
    if (loaded.size === 0) addAreaTextLoader(ensure);
    let loading = loaded.get(lng);
    if (!loading) {
      loading = (async () => {
        const own = Object.entries(files).filter(([path]) => path.endsWith(`.${lng}.json`));
        // Downloaded beside the page texts, but added after them: i18next loads the shell's texts of a
        // language only while that language has no bundle yet.
        const [modules] = await Promise.all([
          startEachInItsOwnTask(own.map(([, load]) => load)),
          ensurePageTexts(lng),
        ]);
        for (const { default: texts } of modules) addTexts(lng, texts);
      })();
      loading.catch(() => loaded.delete(lng));
      loaded.set(lng, loading);
    }
    return loading;
  };
  return ensure;
}
