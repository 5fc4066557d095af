// Mantine's base only: the shell renders no Mantine component. The lazy chunks bring the components'
// styles (lib/mantine-styles.ts), and pages that need dates or data tables import theirs.
import "@mantine/core/styles/baseline.layer.css";
import "@mantine/core/styles/default-css-variables.layer.css";
import "@mantine/core/styles/global.layer.css";
import "./app/global.css";
// Before any lazy chunk makes the contract's schemas (see the module).
import "./app/zod-without-eval.ts";

import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { App } from "./app/app.tsx";
import { appRoutes, preloadRoute } from "./app/routes.tsx";
import { MarkHydrated, prerenderedPageRoutes } from "./hydrate.tsx";
import { initI18n, isLanguage } from "./i18n/i18n.ts";
import { createQueryClient } from "./lib/query-client.ts";
import { hasSessionCookie, sessionQueryOptions } from "./lib/session.ts";

async function start(): Promise<void> {
  const root = document.getElementById("root");
  if (!root) return;
  const queryClient = createQueryClient();
  // Someone logged in: the user, and a signed-in page's code, start now, side by side, and its first data
  // once the user's answer says which calls are theirs, not one after the other once the shell has
  // rendered (routes.tsx preloadRoute).
  if (hasSessionCookie()) void queryClient.prefetchQuery(sessionQueryOptions);
  // A public page the build rendered ahead (ADR 010): take it over instead of painting it again.
  const prerendered = root.dataset.prerendered;
  const prerenderedRoutes = isLanguage(prerendered) ? await prerenderedPageRoutes(prerendered) : null;
  // Texts first, so the first paint is already in the visitor's language.
  if (!prerenderedRoutes) await initI18n();
  // After the texts' language is known: the page's own texts load with its code.
  void preloadRoute(queryClient, window.location.pathname, window.location.search);
  // Hydration data (none: no route loads any) tells the router the page is already on screen, so it
  // leaves the scroll where the visitor has put it meanwhile instead of sending the page to its top. A
  // reload's place and an address's #anchor are the browser's own to restore on an HTML page.
  const router = createBrowserRouter(
    prerenderedRoutes ?? appRoutes(),
    prerenderedRoutes ? { hydrationData: {} } : {},
  );
  const app = (
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>
  );
  if (!prerenderedRoutes) {
    // The HTML on screen is replaced, not taken over: the root is no longer a prerendered page.
    delete root.dataset.prerendered;
    createRoot(root).render(app);
    return;
  }
  // As a transition, hydration is done in slices that yield to the browser: the page is on screen
  // already, and a slow phone keeps scrolling and answering taps instead of freezing while it hydrates.
  // A tap once hydration has begun is replayed when its part is hydrated; a tap before the code has
  // run does nothing (the browser tests wait for MarkHydrated's mark).
  startTransition(() => {
    hydrateRoot(root, <MarkHydrated root={root}>{app}</MarkHydrated>);
  });
}

void start();
