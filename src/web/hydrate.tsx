import { type ReactNode, useEffect } from "react";
import { matchRoutes, type RouteObject } from "react-router";
import type { Language } from "../domain/locale.ts";
import { appRoutes } from "./app/routes.tsx";
import { detectLanguage, initI18n } from "./i18n/i18n.ts";
import { hasSessionCookie } from "./lib/session.ts";

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
export function MarkHydrated({ root, children }: { root: HTMLElement; children: ReactNode }) {
  useEffect(() => root.setAttribute("data-hydrated", ""), [root]);
  return children;
}

/**
 * Readies a prerendered public page to be taken over (ADR 010): its texts and its route code, so the
 * first render is the HTML already on screen. Null when the page is not the visitor's after all, and
 * main.tsx renders the app afresh as on any other path: a logged-in visitor (the HTML is an anonymous
 * visitor's: the header offers the login, not their menu), a returning visitor whose stored language is
 * not the page's (an unprefixed path is rendered in Finnish), or an address that a script moved on
 * (history.pushState) while the page's code loaded.
 */
export async function prerenderedPageRoutes(pageLanguage: Language): Promise<RouteObject[] | null> {
  if (hasSessionCookie()) return null;
  const renderedPath = window.location.pathname;
  if (detectLanguage(renderedPath) !== pageLanguage) return null;
  await initI18n(pageLanguage);
  const routes = appRoutes();
  await loadLazyMatches(routes);
  return window.location.pathname === renderedPath ? routes : null;
}
