// The public entry (ADR 023): hydrates a prerendered public page with React DOM and Mantine only. The
// router, i18next and TanStack Query stay in the app's entry (main.tsx); the public build gives the
// components small stand-ins for them (src/web/public, vite.config.ts's publicEntryModules).
// The same base styles as the app's entry (see main.tsx).
import "@mantine/core/styles/baseline.layer.css";
import "@mantine/core/styles/default-css-variables.layer.css";
import "@mantine/core/styles/global.layer.css";
import "./app/global.css";
// Before any lazy chunk makes the contract's schemas (see the module).
import "./app/zod-without-eval.ts";

import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { MarkLive } from "./lib/mark-live.tsx";
import { hasSessionCookie } from "./lib/session.ts";
import { detectLanguage } from "./public/i18n.ts";
import { type PageData, readPageData } from "./public/page-data.ts";
import { PAGE_CODE, PublicPageTree } from "./public/page-tree.tsx";
import { followBrowserAddress } from "./public/react-router.tsx";
import { setPageTexts } from "./public/texts.ts";

/**
 * The page is not this visitor's after all (the HTML is an anonymous visitor's, in the page's language):
 * the app's entry renders it afresh, as it renders every page that is not prerendered. Its stylesheets
 * go before the page's own rules (scripts/prerender.mjs writes them in), so the cascade stays as it was.
 */
function handToApp(root: HTMLElement, app: PageData["app"]): void {
  delete root.dataset.prerendered;
  const first = document.head.querySelector("style[data-page-styles]");
  for (const href of app.styles) {
    if (document.head.querySelector(`link[rel="stylesheet"][href="${href}"]`)) continue;
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.crossOrigin = "";
    link.href = href;
    document.head.insertBefore(link, first);
  }
  void import(/* @vite-ignore */ app.script);
}

async function start(): Promise<void> {
  const root = document.getElementById("root");
  const data = readPageData();
  if (!root || !data) return;
  // A logged-in visitor's header is their own menu, and an unprefixed page shows the stored language.
  if (hasSessionCookie() || detectLanguage(window.location.pathname) !== data.lang) {
    handToApp(root, data.app);
    return;
  }
  // The address moved on to another page before this ran: that page loads instead.
  if (!followBrowserAddress()) return;
  setPageTexts(data.lang, data.texts);
  const Page = await PAGE_CODE[data.route]();
  // As a transition, hydration is done in slices that yield to the browser (ADR 010).
  startTransition(() => {
    hydrateRoot(
      root,
      <MarkLive root={root}>
        <PublicPageTree Page={Page} />
      </MarkLive>,
    );
  });
}

void start();
