import { type ReactNode, StrictMode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes, type RouteObject } from "react-router";
import type { Language } from "../domain/locale.ts";
import { App } from "./app/app.tsx";
import { appRoutes } from "./app/routes.tsx";
import { detectLanguage, initI18n, setLanguage } from "./i18n/i18n.ts";
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

/** Runs once the page is hydrated, after every component's own effects (texts subscribed). */
function AfterHydration({ run, children }: { run: () => void; children: ReactNode }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the hydration itself.
  useEffect(run, []);
  return children;
}

/**
 * Takes over a prerendered public page (ADR 010): renders it in the language it was rendered in, so it
 * matches the HTML, then switches to the visitor's stored language when that differs (an unprefixed
 * path is rendered in Finnish). False when it was not hydrated after all.
 */
export async function hydratePrerendered(root: HTMLElement, pageLanguage: Language): Promise<boolean> {
  // The address the HTML was served for: a script may have moved it on before this code even ran.
  const navigation = performance.getEntriesByType("navigation")[0];
  const renderedPath = navigation ? new URL(navigation.name).pathname : window.location.pathname;
  // Read before initI18n, which remembers the language it starts in.
  const wanted = detectLanguage(renderedPath);
  await initI18n(pageLanguage);
  const routes = appRoutes();
  await loadLazyMatches(routes);
  // The address has moved on (history.pushState by a script): the HTML is no longer
  // that page's, so the app renders afresh (main.tsx) in the visitor's language.
  if (window.location.pathname !== renderedPath) {
    if (wanted !== pageLanguage) await setLanguage(wanted);
    return false;
  }
  const router = createBrowserRouter(routes);
  const switchLanguage = () => {
    if (wanted !== pageLanguage) void setLanguage(wanted);
  };
  hydrateRoot(
    root,
    <AfterHydration run={switchLanguage}>
      <StrictMode>
        <App router={router} queryClient={createQueryClient()} />
      </StrictMode>
    </AfterHydration>,
  );
  return true;
}
