import { type Language, languageOfPath } from "./locale.ts";
import { ADMIN_ROLES, type RoleName } from "./roles.ts";

/**
 * The route table of docs/product.md "Screens" with the access rules of docs/product.md "States" and "Roles". The web router, the route
 * guards and the server's index.html fallback all read this one table.
 */

export type RouteAccess =
  | { kind: "public" }
  /** Any logged-in user who is not deactivated. */
  | { kind: "authenticated" }
  /** A logged-in user holding at least one of the roles. */
  | { kind: "roles"; roles: readonly RoleName[] };

/** docs/product.md "Screens" layout rules key off these kinds: no header on auth, maintenance and admin pages. */
export type RouteLayout = "default" | "auth" | "maintenance" | "admin";

export type RouteDef = {
  id: string;
  /** Path pattern with `:param` segments. */
  path: string;
  access: RouteAccess;
  layout: RouteLayout;
  /** docs/product.md "Screens": paths containing /laskuri, /bikeBrokerageService or /kayttaja use a full page load. */
  fullPageLoad?: boolean;
};

const PUBLIC: RouteAccess = { kind: "public" };
const LOGGED_IN: RouteAccess = { kind: "authenticated" };
const roles = (...r: RoleName[]): RouteAccess => ({ kind: "roles", roles: r });

export const ROUTES = [
  { id: "home", path: "/", access: PUBLIC, layout: "default" },
  { id: "login", path: "/kirjaudu", access: PUBLIC, layout: "auth" },
  { id: "register", path: "/register", access: PUBLIC, layout: "auth" },
  { id: "logout", path: "/kirjaudu-ulos", access: PUBLIC, layout: "auth" },
  { id: "passwordRecovery", path: "/salasanan-palauttaminen", access: PUBLIC, layout: "auth" },
  { id: "passwordRecoveryAlias", path: "/palauta-salasana", access: PUBLIC, layout: "auth" },
  { id: "join", path: "/liity/:token", access: PUBLIC, layout: "auth" },
  /** The link mailed to a joiner whose address is in the company's domains: confirming it accepts them. */
  { id: "joinConfirm", path: "/vahvista-liittyminen/:token", access: PUBLIC, layout: "auth" },
  { id: "passwordReset", path: "/reset/:token", access: PUBLIC, layout: "auth" },
  /** The link mailed to a new login e-mail to confirm one's own change; public, so it works in any browser. */
  { id: "emailChangeConfirm", path: "/vahvista-sahkoposti/:token", access: PUBLIC, layout: "auth" },
  {
    id: "serialNumberAndDelivery",
    path: "/runkonumero-ja-toimitus/:token",
    access: PUBLIC,
    layout: "default",
  },
  /**
   * A mail's unsubscribe link: shows which kind of notification stops being mailed and asks to confirm
   * (the mail client's one-click POST goes to the API); public, as a mail is read anywhere.
   */
  { id: "unsubscribe", path: "/ilmoitusten-lopettaminen/:token", access: PUBLIC, layout: "auth" },
  /** The package link mailed to the bike store when an order starts. */
  { id: "storePackage", path: "/pyoraliike/paketti/:token", access: PUBLIC, layout: "default" },
  { id: "maintenance", path: "/huoltokatkos", access: PUBLIC, layout: "maintenance" },
  { id: "deactivated", path: "/deactivated", access: PUBLIC, layout: "default" },
  { id: "noRights", path: "/ei-oikeuksia", access: PUBLIC, layout: "default" },
  {
    id: "employer",
    path: "/tyonantaja",
    access: roles("EMPLOYER_ADMIN", "EMPLOYER_EDITOR", "EMPLOYER_GROUP_ADMIN"),
    layout: "default",
  },
  {
    id: "companySettings",
    path: "/yritys-asetukset",
    access: roles("EMPLOYER_ADMIN", "EMPLOYER_GROUP_ADMIN"),
    layout: "default",
  },
  {
    id: "reporting",
    path: "/raportointi",
    access: roles("EMPLOYER_REPORTING", "EMPLOYER_ADMIN", "EMPLOYER_GROUP_ADMIN"),
    layout: "default",
  },
  { id: "admin", path: "/admin", access: roles(...ADMIN_ROLES), layout: "admin" },
  /** A bike store user's orders and store details (the token links above stay for stores without one). */
  { id: "bikeStore", path: "/pyoraliike", access: roles("BIKE_STORE"), layout: "default" },
  { id: "myBike", path: "/mybike", access: roles("BIKE_BENEFICIARY"), layout: "default" },
  { id: "ownDetails", path: "/kayttaja", access: LOGGED_IN, layout: "default", fullPageLoad: true },
  { id: "companyInfo", path: "/yritystiedot", access: PUBLIC, layout: "default" },
  { id: "privacyPolicy", path: "/tietosuojaseloste", access: PUBLIC, layout: "default" },
  { id: "accessibilityStatement", path: "/saavutettavuusseloste", access: PUBLIC, layout: "default" },
  { id: "disclaimer", path: "/vastuuvapauslauseke", access: PUBLIC, layout: "default" },
  { id: "forEmployers", path: "/tyonantajalle", access: PUBLIC, layout: "default" },
  { id: "contact", path: "/ota-yhteytta", access: PUBLIC, layout: "default" },
  { id: "media", path: "/medialle", access: PUBLIC, layout: "default" },
  { id: "forEmployees", path: "/tyontekijalle", access: PUBLIC, layout: "default" },
  { id: "calculator", path: "/laskuri", access: PUBLIC, layout: "default", fullPageLoad: true },
  { id: "forBikeStores", path: "/pyoraliikkeelle", access: PUBLIC, layout: "default" },
  { id: "faq", path: "/usein-kysytyt-kysymykset", access: PUBLIC, layout: "default" },
  { id: "announcement", path: "/tiedote-pyoraedusta", access: PUBLIC, layout: "default" },
  {
    id: "bikeBrokerage",
    path: "/bikeBrokerageService",
    access: LOGGED_IN,
    layout: "default",
    fullPageLoad: true,
  },
] as const satisfies readonly RouteDef[];

export type RouteId = (typeof ROUTES)[number]["id"];

export type RouteMatch = {
  route: RouteDef;
  params: Record<string, string>;
  /** Set when the path carried a `/{lang}` prefix (docs/product.md "Screens": /{lang}/liity/{token}). */
  lang: Language | null;
};

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    // A malformed escape (e.g. "%E0%A4%A") is not a path of ours; answering "no match" keeps it a 404.
    return null;
  }
}

function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split("/").filter(Boolean);
  const got = pathname.split("/").filter(Boolean);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of want.entries()) {
    const actual = got[i] as string;
    if (segment.startsWith(":")) {
      const decoded = decodeSegment(actual);
      if (decoded === null) return null;
      params[segment.slice(1)] = decoded;
    } else if (segment !== actual) return null;
  }
  return params;
}

const ROUTES_BY_ID = new Map<string, RouteDef>(ROUTES.map((route) => [route.id, route]));

export function getRoute(id: RouteId): RouteDef {
  return ROUTES_BY_ID.get(id) as RouteDef;
}

/**
 * The href of a route with its params filled in (encoded), optionally under a language prefix, so that
 * links, redirects and Playwright all navigate from this one table.
 */
export function buildPath(
  id: RouteId,
  params: Record<string, string> = {},
  lang: Language | null = null,
): string {
  const path = getRoute(id)
    .path.split("/")
    .map((segment) => {
      if (!segment.startsWith(":")) return segment;
      const value = params[segment.slice(1)];
      if (value === undefined) throw new Error(`Missing route param ${segment} for ${id}`);
      return encodeURIComponent(value);
    })
    .join("/");
  if (!lang) return path;
  return path === "/" ? `/${lang}` : `/${lang}${path}`;
}

/** Finds the route of a pathname, with or without a `/fi|/en|/sv` prefix; admin sub-paths match /admin. */
export function matchRoute(pathname: string): RouteMatch | null {
  const clean = pathname.split(/[?#]/)[0]?.replace(/\/+$/, "") || "/";
  const lang = languageOfPath(clean);
  const rest = lang ? clean.slice(lang.length + 1) || "/" : clean;
  for (const route of ROUTES as readonly RouteDef[]) {
    const params = matchPattern(route.path, rest);
    if (params) return { route, params, lang };
  }
  if (rest === "/admin" || rest.startsWith("/admin/")) {
    return { route: getRoute("admin"), params: {}, lang };
  }
  return null;
}

/** Every path under /admin is an admin path (docs/product.md "Screens" layout rules). */
export function isAdminPath(pathname: string): boolean {
  return matchRoute(pathname)?.route.layout === "admin";
}
