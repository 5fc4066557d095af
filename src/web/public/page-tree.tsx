// The home page first: its stylesheets go before the shell's, in the app entry's cascade order.
import "../features/home/home-page.tsx";

import { type ComponentType, StrictMode, useState } from "react";
import type { PrerenderedRouteId } from "../../domain/public-pages.ts";
import { AppLayout } from "../app/app-layout.tsx";
import { AppProviders } from "../app/providers.tsx";
import { HomePage } from "../features/home/home-page.tsx";
import { nextTask } from "../lib/next-task.ts";
import { createQueryClient } from "../lib/query-client.ts";
import { OutletProvider } from "./react-router.tsx";

/**
 * Each prerendered page's code in the public entry (ADR 023): home in the entry itself, so it paints and
 * hydrates without a second round trip; the calculator (its engine included), the login and the
 * information pages each in a chunk of their own, loaded by their page only.
 */
export const PAGE_CODE: Record<PrerenderedRouteId, () => Promise<ComponentType>> = {
  home: async () => HomePage,
  calculator: calculatorPage,
  forEmployers: () => informationPage("forEmployers"),
  forEmployees: () => informationPage("forEmployees"),
  forBikeStores: () => informationPage("forBikeStores"),
  faq: () => informationPage("faq"),
  companyInfo: () => informationPage("companyInfo"),
  media: () => informationPage("media"),
  announcement: () => informationPage("announcement"),
  privacyPolicy: () => informationPage("privacyPolicy"),
  accessibilityStatement: () => informationPage("accessibilityStatement"),
  disclaimer: () => informationPage("disclaimer"),
  login: loginPage,
};

/**
 * A page's code in three parts, the browser free between them: Zod (in a file of its own, vite.config.ts),
 * the page's schemas, then the page with its fields. Run as one, they were one long task on a phone
 * (about 140 ms of a mid-range phone's work) before the page could be taken over. The calculator's and
 * the login's code load so.
 */
async function inParts<T>(schemas: () => Promise<unknown>, page: () => Promise<T>): Promise<T> {
  await import("./zod-file.ts");
  await nextTask();
  await schemas();
  await nextTask();
  return page();
}

function calculatorPage(): Promise<ComponentType> {
  return inParts(
    () => import("./calculator-schemas.ts"),
    () => import("./calculator-page.ts"),
  ).then((m) => m.CalculatorPage);
}

function loginPage(): Promise<ComponentType> {
  return inParts(
    () => import("./login-schemas.ts"),
    () => import("./login-page.ts"),
  ).then((m) => m.LoginPage);
}

async function informationPage(id: PrerenderedRouteId): Promise<ComponentType> {
  const { PUBLIC_PAGES } = await import("./information-pages.ts");
  const page = PUBLIC_PAGES[id];
  if (!page) throw new Error(`public entry: no page for ${id}`);
  return page;
}

/**
 * A prerendered page as the build renders it (entry-server.tsx) and the public entry hydrates it
 * (public-main.tsx): the app's providers and layout around the page, without a router. Both render this
 * one tree, so the HTML and the first client render are the same by construction.
 */
export function PublicPageTree({ Page }: { Page: ComponentType }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <OutletProvider page={<Page />}>
          <AppLayout />
        </OutletProvider>
      </AppProviders>
    </StrictMode>
  );
}
