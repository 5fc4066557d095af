import { Container, Group } from "@mantine/core";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { buildPath } from "../../domain/routes.ts";
import { AppLink } from "../components/app-link.tsx";
import { ColorSchemeToggle } from "../components/color-scheme-toggle.tsx";
import controls from "../components/controls.module.css";
import { BikeIcon } from "../components/icons.tsx";
import { LanguageMenu } from "../components/language-menu.tsx";
import { ensurePageTexts } from "../i18n/i18n.ts";
import { useSession } from "../lib/session.ts";
import classes from "./app-layout.module.css";
import { routeMeta } from "./route-meta.ts";

// Only logged-in users see the user menu, so its code and texts stay out of the anonymous download
// (in the one chunk of lazy pages, see lazy-pages.ts).
const UserMenu = lazy(() =>
  Promise.all([import("./lazy-pages.ts"), ensurePageTexts()]).then(([m]) => ({ default: m.UserMenu })),
);

/**
 * The header of SPEC §2: product name, then the user menu (or a login link), language menu and theme
 * switch. On /deactivated the menu is empty: no login link for someone whose account is closed.
 */
export function AppHeader() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { status, user } = useSession();
  const meta = routeMeta(pathname);
  const showLogin = !user && status !== "loading" && meta?.id !== "deactivated" && meta?.id !== "login";
  return (
    <header className={classes.header}>
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <AppLink to="/" className={classes.brand} aria-label={`Pedaali – ${t("nav.home")}`}>
            <span className={classes.brandMark}>
              <BikeIcon size={26} />
            </span>
            Pedaali
          </AppLink>
          <Group gap="xs" wrap="nowrap">
            {user && (
              <Suspense fallback={null}>
                <UserMenu user={user} />
              </Suspense>
            )}
            {showLogin && (
              <AppLink to={buildPath("login", {}, meta?.lang ?? null)} className={controls.control}>
                {t("nav.login")}
              </AppLink>
            )}
            <LanguageMenu />
            <ColorSchemeToggle />
          </Group>
        </Group>
      </Container>
    </header>
  );
}
