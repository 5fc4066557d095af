import { useTranslation } from "react-i18next";
import { firstViewOf } from "../lib/first-view.ts";
import classes from "./page-loader.module.css";

/**
 * Shown in the main area while a lazy page's code arrives on a first visit. A CSS spinner rather than
 * Mantine's Loader, which would add to the anonymous entry chunk. `route`: it stands for a page whose
 * code or user is still on its way (the component tests wait for those to arrive before a test ends).
 */
export function PageLoader({ label, route = false }: { label?: string; route?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={classes.wrap} role="status" data-route-loader={route ? "" : undefined}>
      <span className={classes.spinner} aria-hidden="true" />
      <span className={classes.label}>{label ?? t("common.loadingPage")}</span>
    </div>
  );
}

/**
 * The loader of a page on its way: its code, its texts or the user its guard asks for. On the page the
 * browser loaded, the page's head that came in its HTML stays above it (lib/first-view.ts), so what the
 * page is stays on screen until the page itself replaces it.
 */
export function RouteLoader() {
  const head = firstViewOf(window.location.pathname);
  return (
    <>
      {head && <div ref={(slot) => void slot?.replaceChildren(head)} />}
      <PageLoader route />
    </>
  );
}
