import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { headerNavigation } from "../../domain/access.ts";
import { buildPath } from "../../domain/routes.ts";
import { AppLink } from "../components/app-link.tsx";
import { ColorSchemeToggle } from "../components/color-scheme-toggle.tsx";
import controls from "../components/controls.module.css";
import { BikeIcon } from "../components/icons.tsx";
import { LanguageMenu } from "../components/language-menu.tsx";
import { ensurePageTexts } from "../i18n/i18n.ts";
import { hasSessionCookie, useSession } from "../lib/session.ts";
import { BurgerMenu, DesktopNav } from "./header-nav.tsx";
import { routeMeta } from "./route-meta.ts";
import classes from "./shell.module.css";

// Only logged-in users see the notification bell and the user menu, so their code and texts stay out of
// the anonymous download (in the one chunk of lazy pages, see lazy-pages.ts): one lazy component for both.
const HeaderUserActions = lazy(() =>
  Promise.all([import("./lazy-pages.ts"), ensurePageTexts()]).then(([m]) => ({
    default: m.HeaderUserActions,
  })),
);

/**
 * The header of docs/product.md "Screens": product name, the navigation of the visitor's role (a burger menu on phones),
 * then the notification bell (employer admin only) and the user menu (or a login link), language menu
 * and theme switch. A deactivated user's menu is empty (headerNavigation), and /deactivated shows no
 * login link.
 */
export function AppHeader() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { status, user, accessUser } = useSession();
  const meta = routeMeta(pathname);
  const lang = meta?.lang ?? null;
  // Without the session cookie nobody is logged in, so the anonymous menu needs no wait (no flash).
  const anonymous = !user && ((status !== "loading" && status !== "idle") || !hasSessionCookie());
  // docs/product.md "Screens": a deactivated user sees the header with an empty menu, also on /deactivated itself.
  const entries = meta?.id !== "deactivated" && (user || anonymous) ? headerNavigation(accessUser) : [];
  const showLogin = anonymous && meta?.id !== "deactivated" && meta?.id !== "login";
  return (
    <header className={classes.header}>
      <div className={`${controls.container} ${classes.headerRow}`}>
        <AppLink
          to={buildPath("home", {}, lang)}
          className={classes.brand}
          aria-label={`Pedaali – ${t("nav.home")}`}
        >
          <span className={classes.brandMark}>
            <BikeIcon size={26} />
          </span>
          Pedaali
        </AppLink>
        <DesktopNav entries={entries} lang={lang} />
        <div className={classes.headerActions}>
          {user && (
            <Suspense fallback={null}>
              <HeaderUserActions user={user} />
            </Suspense>
          )}
          {showLogin && (
            <AppLink to={buildPath("login", {}, lang)} className={controls.control}>
              {t("nav.login")}
            </AppLink>
          )}
          <LanguageMenu />
          <ColorSchemeToggle />
          <BurgerMenu entries={entries} lang={lang} />
        </div>
      </div>
    </header>
  );
}
