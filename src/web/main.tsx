// Mantine's base only: the shell renders no Mantine component. The lazy chunks bring the components'
// styles (lib/mantine-styles.ts), and pages that need dates or data tables import theirs.
import "@mantine/core/styles/baseline.layer.css";
import "@mantine/core/styles/default-css-variables.layer.css";
import "@mantine/core/styles/global.layer.css";
import "./app/global.css";
// Before any lazy chunk makes the contract's schemas (see the module).
import "./app/zod-without-eval.ts";

import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { App } from "./app/app.tsx";
import { appRoutes } from "./app/routes.tsx";
import { hydratePrerendered } from "./hydrate.tsx";
import { initI18n, isLanguage } from "./i18n/i18n.ts";
import { createQueryClient } from "./lib/query-client.ts";

async function start(): Promise<void> {
  const root = document.getElementById("root");
  if (!root) return;
  // A public page the build rendered ahead (ADR 010): take it over instead of painting it again.
  const prerendered = root.dataset.prerendered;
  if (isLanguage(prerendered) && (await hydratePrerendered(root, prerendered))) return;
  // Texts first, so the first paint is already in the visitor's language.
  await initI18n();
  const router = createBrowserRouter(appRoutes());
  createRoot(root).render(
    <StrictMode>
      <App router={router} queryClient={createQueryClient()} />
    </StrictMode>,
  );
}

void start();
