import { ADMIN_ROLES, EMPLOYER_MANAGER_ROLES, hasAnyRole, isRoleName, type RoleName } from "./roles.ts";
import { getRoute, matchRoute, type RouteDef, type RouteId } from "./routes.ts";

/**
 * Who may open which page (docs/product.md "Screens" access redirects, docs/product.md "States" redirect after login, docs/product.md "Roles" route roles) and what
 * the header shows. The route guards of the web app and the server's redirects both ask this module.
 */

/** The logged-in user as access sees them; null is an anonymous visitor. */
export type AccessUser = { roles: readonly RoleName[]; deactivated: boolean };

export type AccessDecision = "allow" | "login" | "noRights" | "deactivated";

/**
 * The user of the API's answer (GET /api/user) as access sees them: the roles it knows, and whether the
 * account is deactivated. The web's guards and the server's signed-in pages both read the user so.
 */
export function accessUserOf(
  user: { roles: readonly string[]; deactivated: boolean } | null,
): AccessUser | null {
  if (!user) return null;
  return { roles: user.roles.filter(isRoleName), deactivated: user.deactivated };
}

/**
 * docs/product.md "States" home after login. A user with several roles lands on the most powerful side first: admin, then
 * the employer pages, then reporting, then the bike store's /pyoraliike, then /mybike (which is also where a user without roles ends up).
 */
export function homePathFor(roles: readonly RoleName[]): string {
  if (hasAnyRole(roles, ADMIN_ROLES)) return getRoute("admin").path;
  if (hasAnyRole(roles, EMPLOYER_MANAGER_ROLES)) return getRoute("employer").path;
  if (roles.includes("EMPLOYER_REPORTING")) return getRoute("reporting").path;
  if (roles.includes("BIKE_STORE")) return getRoute("bikeStore").path;
  return getRoute("myBike").path;
}

/**
 * Public pages are open to everyone, deactivated users included (they still see the footer's pages and
 * /deactivated). Any other page sends an anonymous visitor to log in and a deactivated user to
 * /deactivated (so /kayttaja is hidden from them); a role page needs one of its roles.
 */
export function checkRouteAccess(route: RouteDef | RouteId, user: AccessUser | null): AccessDecision {
  const { access } = typeof route === "string" ? getRoute(route) : route;
  if (access.kind === "public") return "allow";
  if (!user) return "login";
  if (user.deactivated) return "deactivated";
  if (access.kind === "authenticated") return "allow";
  return hasAnyRole(user.roles, access.roles) ? "allow" : "noRights";
}

/** The same check for a pathname; null when the path is none of ours (the app shows its not-found page). */
export function checkPathAccess(pathname: string, user: AccessUser | null): AccessDecision | null {
  const match = matchRoute(pathname);
  return match ? checkRouteAccess(match.route, user) : null;
}

const REDIRECT_ROUTE: Record<Exclude<AccessDecision, "allow">, RouteId> = {
  login: "login",
  noRights: "noRights",
  deactivated: "deactivated",
};

/** Where a refused visitor goes: /kirjaudu, /ei-oikeuksia or /deactivated; null when allowed. */
export function redirectPathFor(decision: AccessDecision): string | null {
  return decision === "allow" ? null : getRoute(REDIRECT_ROUTE[decision]).path;
}

export type HeaderNavEntry =
  | { kind: "link"; routeId: RouteId }
  | { kind: "group"; groupId: "customerService"; routeIds: readonly RouteId[] };

const link = (routeId: RouteId): HeaderNavEntry => ({ kind: "link", routeId });

const ANONYMOUS_NAVIGATION: readonly HeaderNavEntry[] = [
  link("forEmployers"),
  link("forEmployees"),
  link("forBikeStores"),
  // The calculator and the contact form are what a first-time visitor looks for; the footer alone hid them.
  link("calculator"),
  { kind: "group", groupId: "customerService", routeIds: ["contact", "companyInfo", "faq"] },
];

/** Employer-side links in header order; each shows only to a user the route lets in. */
const EMPLOYER_SIDE_ROUTES: readonly RouteId[] = ["employer", "companySettings", "reporting"];
const EVERY_USER_ROUTES: readonly RouteId[] = ["calculator", "bikeBrokerage"];

/**
 * docs/product.md "Screens" header navigation. Anonymous visitors get the info pages, /laskuri and the customer-service
 * group with /ota-yhteytta; admins get only /admin (even when
 * they also hold employer roles); employer-side users get the employer pages their roles open; every
 * logged-in user then gets /laskuri and /bikeBrokerageService. A deactivated user gets an empty menu.
 */
export function headerNavigation(user: AccessUser | null): HeaderNavEntry[] {
  if (!user) return [...ANONYMOUS_NAVIGATION];
  if (user.deactivated) return [];
  const own = hasAnyRole(user.roles, ADMIN_ROLES)
    ? (["admin"] as const)
    : EMPLOYER_SIDE_ROUTES.filter((id) => checkRouteAccess(id, user) === "allow");
  return [...own, ...EVERY_USER_ROUTES].map(link);
}
