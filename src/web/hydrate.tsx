import { type ReactNode, StrictMode, startTransition, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes, type RouteObject } from "react-router";
import type { Language } from "../domain/locale.ts";
import { App } from "./app/app.tsx";
import { appRoutes } from "./app/routes.tsx";
import { detectLanguage, initI18n } from "./i18n/i18n.ts";
import { createQueryClient } from "./lib/query-client.ts";

/**
 * The page's lazy route code, loaded before the router starts: a router that still has a lazy route to
 * load shows its loader first, which is not what the prerendered HTML shows (React Router's advice).
 */
async function loadLazyMatches(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

/**
 * Marks the root `data-hydrated` once React has committed the page: until then its buttons are the
 * HTML's and do nothing, so whatever must wait for a live page (the browser tests) waits for this.
 */
function MarkHydrated({ root, children }: { root: HTMLElement; children: ReactNode }) {
  useEffect(() => root.setAttribute("data-hydrated", ""), [root]);
  return children;
}

/**
 * Takes over a prerendered public page (ADR 010). False when the page is not the visitor's after all,
 * and main.tsx renders the app afresh as on any other path: a returning visitor whose stored language is
 * not the page's (an unprefixed path is rendered in Finnish), or an address that a script moved on
 * (history.pushState) while the page's code loaded.
 */
export async function hydratePrerendered(root: HTMLElement, pageLanguage: Language): Promise<boolean> {
  const renderedPath = window.location.pathname;
  if (detectLanguage(renderedPath) !== pageLanguage) return false;
  await initI18n(pageLanguage);
  const routes = appRoutes();
  await loadLazyMatches(routes);
  if (window.location.pathname !== renderedPath) return false;
  // As a transition, hydration is done in slices that yield to the browser: the page is on screen
  // already, and a slow phone keeps scrolling and answering taps instead of freezing while it hydrates.
  // A tap on a part not yet hydrated is replayed once that part is.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <MarkHydrated root={root}>
          <App router={createBrowserRouter(routes)} queryClient={createQueryClient()} />
        </MarkHydrated>
      </StrictMode>,
    );
  });
  return true;
}
