import { useTranslation } from "react-i18next";
import { Outlet, ScrollRestoration, useLocation } from "react-router";
import { AppFooter } from "./app-footer.tsx";
import { AppHeader } from "./app-header.tsx";
import classes from "./app-layout.module.css";
import { routeMeta } from "./route-meta.ts";
import { RouterProgress } from "./router-progress.tsx";

/**
 * The shell around every page: progress bar, skip link, header, `<main>`, footer. SPEC §2 hides header and
 * footer on auth, maintenance and admin pages; unknown paths (404) keep them so the visitor can find a way on.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const showChrome = routeMeta(pathname)?.showChrome ?? true;
  return (
    <>
      <a href="#main-content" className={classes.skipLink}>
        {t("common.skipToContent")}
      </a>
      {showChrome && <AppHeader />}
      <main id="main-content" tabIndex={-1} className={classes.main}>
        {/* Fixed to the top of the window; inside <main> (not a portal) so no content sits outside a landmark. */}
        <RouterProgress />
        <Outlet />
      </main>
      {showChrome && <AppFooter />}
      <ScrollRestoration />
    </>
  );
}
