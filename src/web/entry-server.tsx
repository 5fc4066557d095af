/**
 * The build's renderer of the public pages (ADR 010): the same route tree and providers as main.tsx,
 * rendered to HTML by React for each page of src/domain/public-pages.ts in each language, so a visitor
 * sees the page before any JavaScript has run; main.tsx then hydrates it. Run by scripts/prerender.mjs
 * from the SSR bundle (vite build --ssr); never shipped to the browser.
 */
import { ColorSchemeScript } from "@mantine/core";
import type { ResourceKey } from "i18next";
import { StrictMode } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { initReactI18next } from "react-i18next";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { ANNOUNCEMENT_BANNER_DISMISSAL_MS } from "../domain/constants.ts";
import { DEFAULT_LANGUAGE, DEFAULT_THEME, LANGUAGES, type Language } from "../domain/locale.ts";
import { ORIGIN_PLACEHOLDER, type PublicPage, pageAlternates, publicPages } from "../domain/public-pages.ts";
import { AppProviders, COLOR_SCHEME_STORAGE_KEY } from "./app/providers.tsx";
import { appRoutes } from "./app/routes.tsx";
import fi from "./i18n/fi.json";
import { i18n } from "./i18n/i18n.ts";
import { type PageHead, PageHeadContext } from "./lib/page-title.ts";
import { createQueryClient } from "./lib/query-client.ts";
import { ANNOUNCEMENT_DISMISSED_KEY, COOKIE_CONSENT_KEY } from "./lib/shell-storage.ts";

/** The shell's, the pages' and the content's texts of a language; their sections never overlap. */
type Texts = Record<string, ResourceKey>;

const SHELL_TEXTS: Record<Language, () => Promise<{ default: Texts }>> = {
  fi: async () => ({ default: fi }),
  en: () => import("./i18n/en.json"),
  sv: () => import("./i18n/sv.json"),
};

async function textsOf(lang: Language): Promise<Texts> {
  const [shell, pages, content] = await Promise.all([
    SHELL_TEXTS[lang](),
    import(`./i18n/pages/${lang}.json`),
    import(`./i18n/content/${lang}.json`),
  ]);
  return { ...shell.default, ...pages.default, ...content.default };
}

async function initTexts(): Promise<void> {
  const texts = await Promise.all(LANGUAGES.map(textsOf));
  await i18n.use(initReactI18next).init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    resources: Object.fromEntries(LANGUAGES.map((lang, i) => [lang, { translation: texts[i] ?? {} }])),
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** The page's markup inside #root and what it said about itself (title, lead). */
async function renderBody(page: PublicPage): Promise<{ body: string; head: PageHead }> {
  await i18n.changeLanguage(page.lang);
  const handler = createStaticHandler(appRoutes());
  const context = await handler.query(new Request(`http://prerender.invalid${page.path}`));
  if (context instanceof Response) throw new Error(`prerender: ${page.path} answered a redirect`);
  if (context.statusCode !== 200) throw new Error(`prerender: ${page.path} answered ${context.statusCode}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const head: PageHead = {};
  // The same tree as main.tsx (StrictMode, providers, router), so hydration finds what it renders.
  const body = renderToString(
    <PageHeadContext value={head}>
      <StrictMode>
        <AppProviders queryClient={createQueryClient()}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StrictMode>
    </PageHeadContext>,
  );
  return { body, head };
}

/**
 * The head of a page: its title, description, canonical address and hreflang alternates (the origin is
 * the placeholder the server swaps for PUBLIC_URL).
 */
function headTags(page: PublicPage, head: PageHead): string {
  const title = head.title ?? "Pedaali";
  const description = head.description ?? i18n.t("common.productDescription");
  const links = [
    `<link rel="canonical" href="${ORIGIN_PLACEHOLDER}${page.path}" />`,
    ...pageAlternates(page.id, ORIGIN_PLACEHOLDER).map(
      (alt) => `<link rel="alternate" hreflang="${alt.hreflang}" href="${alt.href}" />`,
    ),
  ];
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    ...links,
  ].join("\n    ");
}

/** Mantine's SSR script: sets the stored light/dark scheme on <html> before the first paint. */
function colorSchemeScript(): string {
  const markup = renderToStaticMarkup(
    <ColorSchemeScript defaultColorScheme={DEFAULT_THEME} localStorageKey={COLOR_SCHEME_STORAGE_KEY} />,
  );
  const body = /^<script[^>]*>([\s\S]+)<\/script>$/.exec(markup)?.[1];
  if (!body) throw new Error("prerender: Mantine's ColorSchemeScript is no longer one <script>");
  return body;
}

/**
 * The page is rendered for a first visit, with the cookie consent and the announcement showing. For a
 * visitor who already answered them, this marks <html> before the first paint so that CSS hides them
 * (shell.module.css) instead of the page jumping when the app removes them (shell-storage.ts's rules).
 */
const storedAnswersScript = (): string =>
  `try{var s=window.localStorage,d=document.documentElement,c=s.getItem(${JSON.stringify(COOKIE_CONSENT_KEY)}),` +
  `a=Number(s.getItem(${JSON.stringify(ANNOUNCEMENT_DISMISSED_KEY)}));` +
  `if(c==="accepted"||c==="rejected")d.setAttribute("data-cookie-consent","");` +
  `if(a>0&&Date.now()-a<${ANNOUNCEMENT_BANNER_DISMISSAL_MS})d.setAttribute("data-announcement-dismissed","")}catch(e){}`;

/**
 * What the prerendered pages run in their head before the first paint: the stored color scheme and the
 * stored answers. The build writes it as a file of its own (scripts/prerender.mjs), since the CSP runs
 * no script written into a page.
 */
export const pageHeadScript = (): string => `${colorSchemeScript()}\n${storedAnswersScript()}\n`;

/**
 * Fills the built index.html with one page, its head script loaded from `headScriptSrc`; fails loudly
 * when the template has changed shape.
 */
function fillTemplate(
  template: string,
  headScriptSrc: string,
  page: PublicPage,
  body: string,
  head: PageHead,
): string {
  const replace = (html: string, pattern: RegExp, by: string) => {
    if (!pattern.test(html)) throw new Error(`prerender: index.html has no ${pattern}`);
    return html.replace(pattern, () => by);
  };
  let html = template;
  // Mantine's SSR html attributes: light until the script below says otherwise.
  html = replace(
    html,
    /<html lang="fi">/,
    `<html lang="${page.lang}" data-mantine-color-scheme="${DEFAULT_THEME}">`,
  );
  // A plain (blocking) script, so it has run before the first paint; named before the stylesheets, so
  // it never waits for them.
  html = replace(
    html,
    /<meta charset="UTF-8" \/>/,
    `<meta charset="UTF-8" />\n    <script src="${escapeHtml(headScriptSrc)}"></script>`,
  );
  html = replace(html, /<meta name="description"[^>]*>\s*/, "");
  html = replace(html, /<title>[^<]*<\/title>/, headTags(page, head));
  html = replace(
    html,
    /<div id="root"><\/div>/,
    `<div id="root" data-prerendered="${page.lang}">${body}</div>`,
  );
  return html;
}

export type PrerenderedFile = { page: PublicPage; html: string };

/**
 * Every public page in every language, as HTML built on the shell `template` (dist/web/index.html), each
 * loading `headScriptSrc` (the file of pageHeadScript) in its head.
 */
export async function prerenderPages(template: string, headScriptSrc: string): Promise<PrerenderedFile[]> {
  await initTexts();
  const files: PrerenderedFile[] = [];
  // One at a time: the pages share the one i18n instance, whose language each render sets.
  for (const page of publicPages()) {
    const { body, head } = await renderBody(page);
    files.push({ page, html: fillTemplate(template, headScriptSrc, page, body, head) });
  }
  return files;
}
