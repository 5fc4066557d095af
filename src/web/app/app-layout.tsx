import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { type Location, Outlet, ScrollRestoration, useLocation } from "react-router";
import { ErrorNotice } from "../components/error-notice.tsx";
import { startHealthChecks, useConnected, useOnline } from "../lib/connection.ts";
import { useSession } from "../lib/session.ts";
import { AppFooter } from "./app-footer.tsx";
import { AppHeader } from "./app-header.tsx";
import classes from "./app-layout.module.css";
import { routeMeta } from "./route-meta.ts";
import { RouterProgress } from "./router-progress.tsx";
import shell from "./shell.module.css";
import { AnnouncementBanner, BackToTop, CookieConsentBanner, NotConnectedBanner } from "./shell-extras.tsx";
import { shellVisibility } from "./shell-visibility.ts";

/**
 * The shell around every page: progress bar, skip link, banners, header, `<main>`, footer, cookie consent
 * and back-to-top, each shown by the docs/product.md "Screens" layout rules of shellVisibility. Unknown paths (404) keep
 * the chrome so the visitor can find a way on.
 */
/**
 * The first page a tab loads has the key "default" whatever its path, so every address typed into the
 * address bar would share one saved scroll position and open scrolled where the last one was left. Keyed
 * by path there, a reload still comes back to its place and a new page opens at its top.
 */
function scrollKey(location: Location): string {
  return location.key === "default" ? location.pathname : location.key;
}

export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const meta = routeMeta(pathname);
  const { user } = useSession();
  const online = useOnline();
  const connected = useConnected();
  useEffect(() => startHealthChecks(), []);
  const show = shellVisibility({
    layout: meta?.layout ?? null,
    // The deactivated page is where a deactivated account lands (its login answers 403 without a session).
    deactivated: user?.deactivated === true || meta?.id === "deactivated",
    offline: !online,
  });
  const lang = meta?.lang ?? null;
  return (
    <>
      <a href="#main-content" className={classes.skipLink}>
        {t("common.skipToContent")}
      </a>
      {/* In the page's flow above everything else, so it covers nothing until it is answered. */}
      {show.cookieConsent && <CookieConsentBanner lang={lang} />}
      {!connected && online && <NotConnectedBanner />}
      {show.announcement && <AnnouncementBanner lang={lang} />}
      {show.header && <AppHeader />}
      <main id="main-content" tabIndex={-1} className={show.header ? classes.main : classes.fullWidth}>
        {/* Fixed to the top of the window; inside <main> so no content sits outside a landmark. */}
        <RouterProgress />
        {show.offlinePage ? <ErrorNotice text={t("shell.offlineText")} /> : <Outlet />}
      </main>
      {show.footer && <AppFooter lang={lang} />}
      {show.backToTop && (
        <div className={shell.dock}>
          <BackToTop />
        </div>
      )}
      <ScrollRestoration getKey={scrollKey} />
    </>
  );
}
