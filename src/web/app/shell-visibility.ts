import type { RouteLayout } from "../../domain/routes.ts";

export type ShellInput = {
  /** The route's layout kind; null for a path outside the route table (the 404 page keeps the chrome). */
  layout: RouteLayout | null;
  /** A logged-in user whose account is deactivated. */
  deactivated: boolean;
  /** The browser reports no network (navigator.onLine false). */
  offline: boolean;
};

export type ShellVisibility = {
  /** Header with navigation; pages with it get the 56 px top margin. */
  header: boolean;
  footer: boolean;
  /** The tax-exemption announcement (also subject to its 24 h dismissal). */
  announcement: boolean;
  /** The cookie consent banner (also subject to a stored choice). */
  cookieConsent: boolean;
  backToTop: boolean;
  /** The generic "something went wrong" page replaces the page. */
  offlinePage: boolean;
};

/**
 * docs/product.md "Screens" layout rules in one place. The header is hidden on auth, maintenance and admin pages; footer,
 * cookie banner and back-to-top on the same pages; the announcement on admin paths. A deactivated user sees
 * only the header (its menu empty, see headerNavigation), the page and the footer. Offline, the page is
 * replaced by the generic error page and the banners that lead elsewhere stay away.
 */
export function shellVisibility({ layout, deactivated, offline }: ShellInput): ShellVisibility {
  const chrome = layout === null || layout === "default";
  const extras = !deactivated && !offline;
  return {
    header: chrome,
    footer: chrome,
    announcement: layout !== "admin" && extras,
    cookieConsent: chrome && extras,
    backToTop: chrome && !deactivated,
    offlinePage: offline,
  };
}
