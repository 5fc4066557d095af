import { useLayoutEffect } from "react";
import { Outlet } from "react-router";
import type { Language } from "../../domain/enums.ts";
import { currentLanguage, setLanguage } from "../i18n/i18n.ts";

/**
 * The `/{lang}/...` routes (docs/product.md "Screens", e.g. /en/liity/{token}): entering one switches the language. The first
 * page load already starts in that language (i18n.ts reads the prefix); this covers client navigations.
 */
export function LanguageScope({ lang }: { lang: Language }) {
  useLayoutEffect(() => {
    if (currentLanguage() !== lang) void setLanguage(lang);
  }, [lang]);
  return <Outlet />;
}
