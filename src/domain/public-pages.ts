import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "./locale.ts";
import { buildPath, ROUTES, type RouteId } from "./routes.ts";

/**
 * The public pages that search engines are invited to: the landing pages, the calculator's frame and the
 * information and legal pages. The build renders them to HTML (ADR 010). Finnish lives at the route's own
 * path, English and Swedish under the docs/product.md "Screens" `/{lang}` prefix.
 */
const INDEXED_ROUTE_IDS = [
  "home",
  "calculator",
  "forEmployers",
  "forEmployees",
  "forBikeStores",
  "faq",
  "companyInfo",
  "media",
  "announcement",
  "privacyPolicy",
  "accessibilityStatement",
  "disclaimer",
] as const satisfies readonly RouteId[];

/**
 * Every page the build renders to HTML: the indexed pages and the login, the app's usual first page, which
 * is not for search engines. Other pages built around a form (password recovery, contact) are not
 * rendered ahead: a form shown before the page's code has taken it over would drop what was typed or
 * submit natively. The login's page holds both until it is live (ADR 023, "The login").
 */
const PRERENDERED_ROUTE_IDS = [...INDEXED_ROUTE_IDS, "login"] as const;

/**
 * Stands for the site's address in the prerendered pages' canonical and hreflang links: the build does
 * not know where the app will run, so the server puts PUBLIC_URL in its place when it serves a page.
 */
export const ORIGIN_PLACEHOLDER = "https://public-url.pedaali.invalid";

export type PrerenderedRouteId = (typeof PRERENDERED_ROUTE_IDS)[number];

/** The path of a public page in a language: Finnish without a prefix, the others under /en and /sv. */
export function publicPagePath(id: SitemapRouteId | PrerenderedRouteId, lang: Language): string {
  return buildPath(id, {}, lang === DEFAULT_LANGUAGE ? null : lang);
}

/** The pages of the sitemap: the indexed ones and the contact page (served as the app shell). */
const SITEMAP_ROUTE_IDS = [...INDEXED_ROUTE_IDS, "contact"] as const;
type SitemapRouteId = (typeof SITEMAP_ROUTE_IDS)[number];

export type PublicPage = { id: PrerenderedRouteId; lang: Language; path: string };

/** Every prerendered page in every language. */
export function publicPages(): PublicPage[] {
  return PRERENDERED_ROUTE_IDS.flatMap((id) =>
    LANGUAGES.map((lang) => ({ id, lang, path: publicPagePath(id, lang) })),
  );
}

/** The hreflang alternates of a page: each language's address, and x-default on the Finnish one. */
export function pageAlternates(
  id: SitemapRouteId | PrerenderedRouteId,
  origin: string,
): { hreflang: Language | "x-default"; href: string }[] {
  return [
    ...LANGUAGES.map((lang) => ({ hreflang: lang, href: origin + publicPagePath(id, lang) })),
    { hreflang: "x-default" as const, href: origin + publicPagePath(id, DEFAULT_LANGUAGE) },
  ];
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** sitemap.xml: the public pages in the three languages, each with its hreflang alternates. */
export function sitemapXml(origin: string): string {
  const urls = SITEMAP_ROUTE_IDS.flatMap((id) =>
    LANGUAGES.map((lang) => {
      const links = pageAlternates(id, origin)
        .map(
          (alt) =>
            `    <xhtml:link rel="alternate" hreflang="${alt.hreflang}" href="${escapeXml(alt.href)}"/>`,
        )
        .join("\n");
      return `  <url>\n    <loc>${escapeXml(origin + publicPagePath(id, lang))}</loc>\n${links}\n  </url>`;
    }),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/**
 * robots.txt: everything public may be crawled; the API, the logged-in areas and the personal token
 * links (join, reset, the bike store's links) may not, with and without a language prefix. A rule is a
 * prefix to a crawler, so each closed path is closed as itself (`$`) and below it (`/`): a bare
 * `/tyonantaja` would also close the employers' landing page `/tyonantajalle`.
 */
export function robotsTxt(origin: string): string {
  const closed = ROUTES.filter((route) => route.access.kind !== "public" || route.path.includes("/:")).map(
    (route) => route.path.split("/:")[0] as string,
  );
  const paths = [...new Set(closed)].flatMap((path) => [path, ...LANGUAGES.map((lang) => `/${lang}${path}`)]);
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    ...paths.flatMap((path) => [`Disallow: ${path}$`, `Disallow: ${path}/`]),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
