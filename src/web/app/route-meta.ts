import type { Language } from "../../domain/enums.ts";
import { matchRoute, type RouteAccess, type RouteId, type RouteLayout } from "../../domain/routes.ts";

export type RouteMeta = {
  id: RouteId;
  access: RouteAccess;
  layout: RouteLayout;
  params: Record<string, string>;
  /** The `/{lang}` prefix of the path, if any. */
  lang: Language | null;
  /** docs/product.md "Screens": /laskuri, /bikeBrokerageService and /kayttaja are entered with a full page load. */
  fullPageLoad: boolean;
  /** docs/product.md "Screens": no header, footer, cookie banner or back-to-top on auth, maintenance and admin pages. */
  showChrome: boolean;
};

/**
 * What the route table (src/domain/routes.ts) says about a pathname, for the layout and, later, the
 * route guards. Null for paths outside the table (the 404 page).
 */
export function routeMeta(pathname: string): RouteMeta | null {
  const match = matchRoute(pathname);
  if (!match) return null;
  const { route, params, lang } = match;
  return {
    id: route.id as RouteId,
    access: route.access,
    layout: route.layout,
    params,
    lang,
    fullPageLoad: route.fullPageLoad === true,
    showChrome: route.layout === "default",
  };
}
