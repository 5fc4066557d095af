// Mantine's base, and of its components only what a signed-in page's head needs (below): the shell
// renders no Mantine component. The lazy chunks bring the components' styles (lib/mantine-styles.ts), and
// pages that need dates or data tables import theirs.
import "@mantine/core/styles/baseline.layer.css";
import "@mantine/core/styles/default-css-variables.layer.css";
import "@mantine/core/styles/global.layer.css";
import "./app/global.css";
import "./app/boot-frame.css";
// What a signed-in page's first view in its HTML paints with (lib/first-view.ts): the page's own
// container, heading and lead; for /admin the admin frame, its tabs, search field and view switch. The
// page's render that replaces it moves nothing.
import "@mantine/core/styles/Container.layer.css";
import "@mantine/core/styles/Text.layer.css";
import "@mantine/core/styles/Title.layer.css";
import "@mantine/core/styles/Stack.layer.css";
import "@mantine/core/styles/Tabs.layer.css";
import "@mantine/core/styles/Input.layer.css";
import "@mantine/core/styles/SegmentedControl.layer.css";
import "./components/page-heading.css";
import "./components/stacking-segments.css";
import "./app/admin-frame.css";
// Before any lazy chunk makes the contract's schemas (see the module).
import "./app/zod-without-eval.ts";

import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { App } from "./app/app.tsx";
import { appRoutes, askFirstRequests, patchRoutesOnNavigation, preloadRoute } from "./app/routes.tsx";
import { initI18n } from "./i18n/i18n.ts";
import { takeFirstAnswers } from "./lib/api-client.ts";
import { takeFirstView } from "./lib/first-view.ts";
import { MarkLive } from "./lib/mark-live.tsx";
import { nextTask } from "./lib/next-task.ts";
import { createQueryClient } from "./lib/query-client.ts";
import { hasSessionCookie, sessionQueryOptions } from "./lib/session.ts";

/**
 * The app's entry: every page that is not prerendered (the login, the signed-in areas, the forms), and a
 * prerendered one that the public entry hands over (public-main.tsx: a logged-in visitor, another stored
 * language), which is rendered afresh, not hydrated (ADR 023).
 */
async function start(): Promise<void> {
  const root = document.getElementById("root");
  if (!root) return;
  const queryClient = createQueryClient();
  // A signed-in page's HTML carries the user's answer (server plugins/first-answers.ts): taken before
  // anything asks. Someone logged in: the user, and the first view's calls once the user's answer says
  // which are theirs, start now; the page's code and texts once the texts' language is known.
  takeFirstAnswers();
  takeFirstView();
  if (hasSessionCookie()) void queryClient.prefetchQuery(sessionQueryOptions);
  void askFirstRequests(queryClient, window.location.pathname, window.location.search);
  // Each step below in a task of its own, where they and the entry's code were one long task of a
  // phone's main thread: the texts, asking for the page's code, the router, then the first render.
  await nextTask();
  // Texts first, so the first paint is already in the visitor's language.
  await initI18n();
  await nextTask();
  void preloadRoute(window.location.pathname);
  await nextTask();
  const router = createBrowserRouter(appRoutes(window.location.pathname), { patchRoutesOnNavigation });
  await nextTask();
  // The HTML on screen, if any, is replaced, not taken over: the root is no longer a prerendered page.
  delete root.dataset.prerendered;
  const reactRoot = createRoot(root);
  // As a transition, the first render of a signed-in page is cut into slices the browser can answer
  // between, instead of tasks of 36–77 ms each (four times that on a phone's CPU) while the frame shows.
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <MarkLive root={root}>
          <App router={router} queryClient={queryClient} />
        </MarkLive>
      </StrictMode>,
    ),
  );
}

void start();
