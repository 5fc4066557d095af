import type { Language } from "../../domain/locale.ts";
import type { PrerenderedRouteId } from "../../domain/public-pages.ts";
import type { Texts } from "./texts.ts";

/**
 * What the build writes into a prerendered page for the public entry (ADR 023), as JSON in a
 * `<script type="application/json">` that the browser never runs (the CSP allows no inline script): the
 * page's route and language, its texts, and the app's entry for a visitor the page is not for.
 */
export type PageData = {
  route: PrerenderedRouteId;
  lang: Language;
  texts: Texts;
  /** The app's entry script and stylesheets, for a logged-in visitor or another stored language. */
  app: { script: string; styles: string[] };
};

const PAGE_DATA_ID = "page-data";

/** The page's data as a script element; `<` is escaped so no text can close the element. */
export function pageDataElement(data: PageData): string {
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return `<script type="application/json" id="${PAGE_DATA_ID}">${json}</script>`;
}

export function readPageData(): PageData | null {
  const element = document.getElementById(PAGE_DATA_ID);
  return element?.textContent ? (JSON.parse(element.textContent) as PageData) : null;
}
