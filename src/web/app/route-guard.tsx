import { type ComponentType, lazy, Suspense } from "react";
import { Navigate, useLocation } from "react-router";
import { checkRouteAccess, redirectPathFor } from "../../domain/access.ts";
import { buildPath, type RouteId } from "../../domain/routes.ts";
import { PageLoader } from "../components/page-loader.tsx";
import { ensurePageTexts } from "../i18n/i18n.ts";
import { loginPathFor, useSession } from "../lib/session.ts";
import { routeMeta } from "./route-meta.ts";

export type PageImport = () => Promise<ComponentType>;

/**
 * A page that only some users may open (SPEC §2 access redirects, §6). It waits while the user is
 * loading, then asks src/domain/access.ts: an anonymous visitor goes to /kirjaudu?next=<this page>,
 * a user without the role to /ei-oikeuksia, a deactivated user to /deactivated. The page's own code
 * is downloaded only once the user is let in, so a refused visitor never fetches admin or employer code.
 */
export function guardedPage(routeId: RouteId, load: PageImport): ComponentType {
  const Page = lazy(() =>
    Promise.all([load(), ensurePageTexts()]).then(([Component]) => ({ default: Component })),
  );

  function GuardedPage() {
    const { status, accessUser } = useSession();
    const location = useLocation();
    if (status === "idle" || status === "loading") return <PageLoader />;
    const decision = checkRouteAccess(routeId, accessUser);
    if (decision !== "allow") {
      const lang = routeMeta(location.pathname)?.lang ?? null;
      const to =
        decision === "login"
          ? loginPathFor(`${location.pathname}${location.search}${location.hash}`, lang)
          : `${lang ? `/${lang}` : ""}${redirectPathFor(decision) ?? buildPath("home")}`;
      return <Navigate to={to} replace />;
    }
    return (
      <Suspense fallback={<PageLoader />}>
        <Page />
      </Suspense>
    );
  }
  GuardedPage.displayName = `GuardedPage(${routeId})`;
  return GuardedPage;
}
