import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { type ComponentType, lazy, Suspense } from "react";
import { Navigate, useLocation } from "react-router";
import { checkRouteAccess, redirectPathFor } from "../../domain/access.ts";
import { buildPath, type RouteId } from "../../domain/routes.ts";
import { RouteLoader } from "../components/page-loader.tsx";
import { ensurePageTexts } from "../i18n/i18n.ts";
import { fetchAhead } from "../lib/api-client.ts";
import { loginPathFor, type SessionUser, useSession } from "../lib/session.ts";
import { firstRequests } from "./first-requests.ts";
import { routeMeta } from "./route-meta.ts";
import { asksOf } from "./user-asks.ts";

export type PageImport = () => Promise<ComponentType>;

/** How long a page waits for its first data (FirstData) once its code is here. */
const FIRST_DATA_WAIT_MS = 1500;

/**
 * Reads what a page's first view shows into the app's cache before the page replaces the loader, so that
 * it opens whole instead of growing section by section as its answers arrive (no layout shift). The
 * calls themselves started with the page's code (first-requests.ts), so this mostly waits for answers
 * already on their way. From the page's own chunk (lib/endpoint-client.ts readFirstData).
 */
export type FirstData = (
  routeId: RouteId,
  params: URLSearchParams,
  pathname: string,
  queryClient: QueryClient,
) => Promise<unknown> | undefined;

/**
 * Starts the first view's calls of a signed-in page (first-requests.ts) beside its code: those its user's
 * visit makes (user-asks.ts), so once the user's answer is here. The list is in the app's entry (a few
 * hundred bytes): from a chunk of its own, the calls waited for one more round trip.
 * The header's only on a page load (`pageLoad`): opened from another page, the header is on screen and
 * has asked for itself already.
 */
export function fetchFirstRequests(
  routeId: RouteId,
  pathname: string,
  search: string,
  user: SessionUser | null | Promise<SessionUser | null>,
  pageLoad: boolean,
): Promise<void> {
  return (
    Promise.resolve(user)
      .then((known) => {
        const asks = known && asksOf(routeId, known);
        if (!asks) return;
        const own = { page: asks.page, bell: asks.bell && pageLoad };
        for (const path of firstRequests(routeId, pathname, search, own)) fetchAhead(path);
      })
      // Nothing asked ahead: the page asks for itself.
      .catch(() => {})
  );
}

/**
 * A page that only some users may open (docs/product.md "Screens" access redirects, docs/product.md "Roles"). It waits while the user is
 * loading, then asks src/domain/access.ts: an anonymous visitor goes to /kirjaudu?next=<this page>,
 * a user without the role to /ei-oikeuksia, a deactivated user to /deactivated. The page's own code
 * is asked for by the guard once the user is let in, or at the start of a page load by someone logged
 * in (routes.tsx preloadRoute), so an anonymous visitor never fetches admin or employer code.
 */
export function guardedPage(
  routeId: RouteId,
  load: PageImport,
  firstData?: () => Promise<FirstData>,
): { Page: ComponentType; preload: () => Promise<unknown> } {
  let code: Promise<unknown> | undefined;
  /** Starts the page's code and texts, once; the guard still asks for them itself (see below). */
  const preload = () => {
    code ??= Promise.all([load(), ensurePageTexts(), firstData?.()]).catch(() => {});
    return code;
  };
  let Page: ComponentType | undefined;
  function pageFor(
    queryClient: QueryClient,
    user: SessionUser | null,
    pathname: string,
    search: string,
  ): ComponentType {
    Page ??= lazy(async () => {
      // Opened from another page: the data starts now, with the code, not after it.
      void fetchFirstRequests(routeId, pathname, search, user, false);
      // Asked again, not taken from preload(): the imports are shared, and a failed preload is retried.
      const [Component, , read] = await Promise.all([load(), ensurePageTexts(), firstData?.()]);
      // Not for long, though: a slow answer is better shown by the page's own skeleton than by the loader.
      await Promise.race([
        read?.(routeId, new URLSearchParams(search), pathname, queryClient),
        new Promise((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS)),
      ]);
      return { default: Component };
    });
    return Page;
  }

  function GuardedPage() {
    const { status, user, accessUser } = useSession();
    const location = useLocation();
    const queryClient = useQueryClient();
    if (status === "idle" || status === "loading") return <RouteLoader />;
    const decision = checkRouteAccess(routeId, accessUser);
    if (decision !== "allow") {
      const lang = routeMeta(location.pathname)?.lang ?? null;
      const to =
        decision === "login"
          ? loginPathFor(`${location.pathname}${location.search}${location.hash}`, lang)
          : `${lang ? `/${lang}` : ""}${redirectPathFor(decision) ?? buildPath("home")}`;
      return <Navigate to={to} replace />;
    }
    const Loaded = pageFor(queryClient, user, location.pathname, location.search);
    return (
      <Suspense fallback={<RouteLoader />}>
        <Loaded />
      </Suspense>
    );
  }
  GuardedPage.displayName = `GuardedPage(${routeId})`;
  return { Page: GuardedPage, preload };
}
