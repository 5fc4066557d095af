/**
 * The build's renderer of the public pages (ADR 010, 023): the public entry's tree (public/page-tree.tsx),
 * rendered to HTML by React for each page of src/domain/public-pages.ts in each language, so a visitor
 * sees the page before any JavaScript has run; public-main.tsx then hydrates it with the texts this
 * writes into the page. Built with the public entry's stand-ins for the router, i18next and TanStack
 * Query (vite.config.ts), run by scripts/prerender.mjs from the SSR bundle; never shipped to the browser.
 */
import { ColorSchemeScript, Container, MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { ANNOUNCEMENT_BANNER_DISMISSAL_MS, FIRST_VIEW_ID } from "../domain/constants.ts";
import { DEFAULT_LANGUAGE, DEFAULT_THEME, LANGUAGES, type Language } from "../domain/locale.ts";
import {
  ORIGIN_PLACEHOLDER,
  type PrerenderedRouteId,
  type PublicPage,
  pageAlternates,
  publicPages,
} from "../domain/public-pages.ts";
import { buildPath } from "../domain/routes.ts";
import { COLOR_SCHEME_STORAGE_KEY } from "./app/providers.tsx";
import { theme } from "./app/theme.ts";
import { PageHeading } from "./components/page-template.tsx";
import { AdminFirstView } from "./features/admin/admin-first-view.tsx";
import enShell from "./i18n/en.json";
import fiShell from "./i18n/fi.json";
import { LANGUAGE_STORAGE_KEY } from "./i18n/i18n.ts";
import svShell from "./i18n/sv.json";
import { FIRST_VIEW_HEADS, type FirstViewRouteId } from "./lib/first-view.ts";
import { type PageHead, PageHeadContext } from "./lib/page-title.ts";
import { createQueryClient } from "./lib/query-client.ts";
import { ANNOUNCEMENT_DISMISSED_KEY, COOKIE_CONSENT_KEY } from "./lib/shell-storage.ts";
import { type PageData, pageDataElement } from "./public/page-data.ts";
import { PAGE_CODE, PublicPageTree } from "./public/page-tree.tsx";
import { setPageLocation } from "./public/react-router.tsx";
import { askedKeys, setPageTexts, type Texts, t } from "./public/texts.ts";

const SHELL_TEXTS: Record<Language, Texts> = { fi: fiShell, en: enShell, sv: svShell };

/** The shell's, the pages' and the content's texts of a language; their sections never overlap. */
async function textsOf(lang: Language): Promise<Texts> {
  const [pages, content] = await Promise.all([
    import(`./i18n/pages/${lang}.json`) as Promise<{ default: Texts }>,
    import(`./i18n/content/${lang}.json`) as Promise<{ default: Texts }>,
  ]);
  return { ...SHELL_TEXTS[lang], ...pages.default, ...content.default };
}

/**
 * Sections a page shows only once it is live, which its HTML therefore never asks for: the calculator's
 * form appears with the published parameters it fetches; the login's steps after the password, its
 * field checks and every error its calls may answer (login-messages.ts shows any code's `errors.*` text)
 * appear as the visitor logs in.
 */
const LIVE_SECTIONS: Partial<Record<PrerenderedRouteId, string[]>> = {
  calculator: ["calculator", "ds", "forms", "municipalityPicker", "taxLine", "maxPriceWarning"],
  login: ["login", "loginErrors", "errors", "forms"],
};

/**
 * The texts a page carries (ADR 023): the shell's (header, footer, banners, toasts: some appear only
 * after a click or a stored answer), the page's live sections, and every section its render asked for;
 * of the long information texts (`content`), only the page's own part.
 */
function pageTexts(all: Texts, page: PublicPage, asked: string[]): Texts {
  const texts: Texts = {};
  const take = (path: string[]) => {
    let from: Texts | string | undefined = all;
    let to = texts;
    for (const [i, part] of path.entries()) {
      if (from === undefined || typeof from === "string") return;
      from = from[part];
      if (from === undefined) return;
      if (i === path.length - 1 || typeof from === "string") {
        to[part] = from;
        return;
      }
      const next: Texts | string = to[part] ?? {};
      if (typeof next === "string") return;
      to[part] = next;
      to = next;
    }
  };
  for (const section of Object.keys(SHELL_TEXTS[page.lang])) if (section !== "home") take([section]);
  for (const section of LIVE_SECTIONS[page.id] ?? []) take([section]);
  for (const key of asked) {
    const parts = key.split(".");
    take(parts[0] === "content" ? parts.slice(0, 2) : parts.slice(0, 1));
  }
  return texts;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** The page's markup inside #root, what it said about itself (title, lead) and the texts it carries. */
async function renderBody(
  page: PublicPage,
  all: Texts,
): Promise<{ body: string; head: PageHead; texts: Texts }> {
  setPageTexts(page.lang, all, (key) => {
    throw new Error(`prerender: ${page.path} asks for ${key}, which has no text`);
  });
  setPageLocation(new URL(`http://prerender.invalid${page.path}`));
  const Page = await PAGE_CODE[page.id]();
  const head: PageHead = {};
  const body = renderToString(
    <PageHeadContext value={head}>
      <PublicPageTree Page={Page} />
    </PageHeadContext>,
  );
  return { body, head, texts: pageTexts(all, page, askedKeys()) };
}

/**
 * The head of a page: its title, description, canonical address and hreflang alternates (the origin is
 * the placeholder the server swaps for PUBLIC_URL).
 */
function headTags(page: PublicPage, head: PageHead): string {
  const title = head.title ?? "Pedaali";
  const description = head.description ?? t("common.productDescription");
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
 * A form of the page submitted before its code has taken it over (the login's e-mail and password,
 * typed quickly on a slow phone) would be sent by the browser itself: the page reloaded without what
 * was typed or its `?next`. A submit no code handled (none prevented it) while the root is not yet
 * `data-live` is held instead, the form's place among the page's forms noted on the root, and
 * lib/mark-live.tsx's MarkLive submits it once the page is live. A page handed to the app's
 * entry (no `data-prerendered`) is the app's: its forms handle their own submits.
 */
const heldSubmitScript = (): string =>
  `addEventListener("submit",function(e){var r=document.getElementById("root");` +
  `if(e.defaultPrevented||!r||!r.hasAttribute("data-prerendered")||r.hasAttribute("data-live"))return;` +
  `e.preventDefault();r.setAttribute("data-held-submit",String([].indexOf.call(r.querySelectorAll("form"),e.target)))});`;

/**
 * What the prerendered pages run in their head before the first paint: the stored color scheme and the
 * stored answers; and from then on, the hold on a submit before the page is live. The build adds the
 * public entry's start (scripts/prerender.mjs) and writes it into each page; the server's CSP for the
 * page allows exactly that script by its hash (plugins/prerendered-pages.ts).
 */
export const pageHeadScript = (): string =>
  `${colorSchemeScript()}\n${storedAnswersScript()}\n${heldSubmitScript()}\n`;

/**
 * The page's language on <html>, as the app's texts will choose it (i18n/i18n.ts): the address's
 * `/{lang}` first, then the stored choice, else Finnish. The head of a signed-in page in the HTML shows
 * in that language (renderFirstViews), before the app's code has run.
 */
const languageScript = (): string =>
  `try{var l=location.pathname.split("/")[1],k=${JSON.stringify(LANGUAGES)};` +
  `if(k.indexOf(l)<0)l=window.localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)});` +
  `if(k.indexOf(l)>=0)document.documentElement.lang=l}catch(e){}`;

/**
 * What the app's shell (index.html, every page that is not prerendered) runs in its head: the stored
 * color scheme and the page's language, so the frame it shows until the app's code has run
 * (app/boot-frame.css) is already in the visitor's scheme and language. The server's CSP for the shell
 * allows it by its hash (plugins/spa.ts).
 */
export const appShellHeadScript = (): string => `${colorSchemeScript()}\n${languageScript()}\n`;

/** The page's one script as an element of its head; a source that could end the element early fails. */
function inlineScript(source: string): string {
  if (/<\/script|<!--/i.test(source))
    throw new Error("prerender: the head script would end its element early");
  return `<script>${source}</script>`;
}

/** `html` with `pattern` replaced once by `by`; fails loudly when the built index.html has changed shape. */
function replace(html: string, pattern: RegExp, by: string): string {
  if (!pattern.test(html)) throw new Error(`prerender: index.html has no ${pattern}`);
  return html.replace(pattern, () => by);
}

/** Written into the head before anything else, so it has run before the first paint. */
const withHeadScript = (html: string, source: string): string =>
  replace(html, /<meta charset="UTF-8" \/>/, `<meta charset="UTF-8" />\n    ${inlineScript(source)}`);

/**
 * The built index.html, the app's shell, with its head script (appShellHeadScript) written in, and after
 * it `start`, which starts the app's entry (scripts/prerender.mjs).
 */
export const fillAppShell = (template: string, start: string): string =>
  withHeadScript(template, `${appShellHeadScript()}${start}`);

/**
 * Fills the built index.html with one page, its head script `headScript` written into it; fails loudly
 * when the template has changed shape.
 */
function fillTemplate(
  template: string,
  headScript: string,
  page: PublicPage,
  rendered: { body: string; head: PageHead; data: PageData },
): string {
  const { body, head, data } = rendered;
  let html = template;
  // Mantine's SSR html attributes: light until the script below says otherwise.
  html = replace(
    html,
    /<html lang="fi">/,
    `<html lang="${page.lang}" data-mantine-color-scheme="${DEFAULT_THEME}">`,
  );
  // Written into the page, so it has run before the first paint without a request of its own; before
  // the stylesheets, so it never waits for them.
  html = withHeadScript(html, headScript);
  html = replace(html, /<meta name="description"[^>]*>\s*/, "");
  html = replace(html, /<title>[^<]*<\/title>/, headTags(page, head));
  html = replace(
    html,
    // The root and the app's frame in it (index.html), on one line: the page takes the frame's place.
    /<div id="root">.*$/m,
    `<div id="root" data-prerendered="${page.lang}">${body}</div>\n    ${pageDataElement(data)}`,
  );
  return html;
}

export type PrerenderedFile = { page: PublicPage; html: string };

/**
 * Every public page in every language, as HTML built on the shell `template` (dist/web/index.html), each
 * with `headScript` (pageHeadScript and the entry's start) in its head and naming `app`, the app's entry,
 * for a visitor the page is not for (public-main.tsx).
 */
export async function prerenderPages(
  template: string,
  headScript: string,
  app: PageData["app"],
): Promise<PrerenderedFile[]> {
  const texts = Object.fromEntries(
    await Promise.all(LANGUAGES.map(async (lang) => [lang, await textsOf(lang)] as const)),
  ) as Record<Language, Texts>;
  const files: PrerenderedFile[] = [];
  // One at a time: the pages share the one store of texts and address, which each render sets.
  for (const page of publicPages()) {
    const { body, head, texts: carried } = await renderBody(page, texts[page.lang]);
    const data: PageData = { route: page.id, lang: page.lang, texts: carried, app };
    files.push({ page, html: fillTemplate(template, headScript, page, { body, head, data }) });
  }
  return files;
}

/** Every area catalogue of texts (i18n/<area>/<name>.<lang>.json), for the signed-in pages' heads. */
const AREA_TEXTS = import.meta.glob<Texts>("./i18n/*/*.json", { eager: true, import: "default" });

/** The text of `key` in `lang`: the shell's, else the area catalogue's that has it. */
function textOf(lang: Language, key: string): string {
  const catalogues = [
    SHELL_TEXTS[lang],
    ...Object.entries(AREA_TEXTS)
      .filter(([file]) => file.endsWith(`.${lang}.json`))
      .map(([, texts]) => texts),
  ];
  for (const catalogue of catalogues) {
    let at: Texts | string | undefined = catalogue;
    for (const part of key.split(".")) at = typeof at === "object" ? at[part] : undefined;
    if (typeof at === "string") return at;
  }
  throw new Error(`prerender: a signed-in page's head asks for ${key}, which has no text in ${lang}`);
}

/**
 * Only the variant in <html>'s language shows (the shell's head script sets it, the app keeps it). The
 * rule comes first in the head itself, so that it holds from the moment the HTML is read, before the
 * stylesheet has arrived, for screen readers too; and it goes wherever the page loader moves the head.
 */
const ONE_LANGUAGE_RULE = `<style>${LANGUAGES.map(
  (lang) => `html:not([lang="${lang}"]) .first-view-head[lang="${lang}"]`,
).join(",")}{display:none}</style>`;

/** Mantine's provider for markup that the app's own stylesheet styles: no style element of its own. */
function StaticMantine({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme={DEFAULT_THEME}
      withCssVariables={false}
      withGlobalClasses={false}
    >
      {children}
    </MantineProvider>
  );
}

/** Every variant in <html>'s language only (ONE_LANGUAGE_RULE), under the id the app takes it by. */
function firstViewOfVariants(variants: (lang: Language) => string, attributes = ""): string {
  const each = LANGUAGES.map(
    (lang) => `<div lang="${lang}" class="first-view-head"${attributes}>${variants(lang)}</div>`,
  );
  return `<div id="${FIRST_VIEW_ID}">${ONE_LANGUAGE_RULE}${each.join("")}</div>`;
}

/**
 * /admin's first view (features/admin/admin-first-view.tsx) in a language: the language's texts
 * (textsOf) and the area catalogues', the language's own address, and ids of its own, so that the three
 * variants and the app's page never share one.
 */
function renderAdminFirstView(lang: Language, texts: Texts): string {
  const areas = Object.entries(AREA_TEXTS)
    .filter(([file]) => file.endsWith(`.${lang}.json`))
    .map(([, texts]) => texts);
  setPageTexts(lang, Object.assign({}, texts, ...areas), (key) => {
    throw new Error(`prerender: /admin's first view asks for ${key}, which has no text in ${lang}`);
  });
  setPageLocation(
    new URL(`http://prerender.invalid${buildPath("admin", {}, lang === DEFAULT_LANGUAGE ? null : lang)}`),
  );
  return renderToStaticMarkup(
    <QueryClientProvider client={createQueryClient()}>
      <StaticMantine>
        <AdminFirstView />
      </StaticMantine>
    </QueryClientProvider>,
    { identifierPrefix: `first-view-${lang}-` },
  );
}

/**
 * The first view of each signed-in page of lib/first-view.ts, in every language, which the server writes
 * into the page's HTML for a user the page is for: the head of the pages in the default layout
 * (PageTemplate's container and heading), and the admin area's frame down to the order queue's heading.
 * The admin's is inert: its search, tabs and buttons do nothing until the area's code has come.
 */
export async function renderFirstViews(): Promise<Record<FirstViewRouteId, string>> {
  const heads = Object.entries(FIRST_VIEW_HEADS) as [
    Exclude<FirstViewRouteId, "admin">,
    { title: string; description: string },
  ][];
  const texts = Object.fromEntries(
    await Promise.all(LANGUAGES.map(async (lang) => [lang, await textsOf(lang)])),
  ) as Record<Language, Texts>;
  return {
    ...Object.fromEntries(
      heads.map(([id, head]) => [
        id,
        firstViewOfVariants((lang) =>
          renderToStaticMarkup(
            <StaticMantine>
              <Container size="lg" py="xl">
                <PageHeading title={textOf(lang, head.title)} description={textOf(lang, head.description)} />
              </Container>
            </StaticMantine>,
          ),
        ),
      ]),
    ),
    admin: firstViewOfVariants((lang) => renderAdminFirstView(lang, texts[lang]), " inert"),
  } as Record<FirstViewRouteId, string>;
}
