import type { QueryClient } from "@tanstack/react-query";
import type { ComponentType } from "react";
import type { RouteObject } from "react-router";
import { LANGUAGES, type Language } from "../../domain/locale.ts";
import { matchRoute, ROUTES, type RouteDef, type RouteId } from "../../domain/routes.ts";
import { PageLoader } from "../components/page-loader.tsx";
import { HomePage } from "../features/home/home-page.tsx";
import type { InformationPageId } from "../features/public/public-pages.ts";
import { ensurePageTexts } from "../i18n/i18n.ts";
import type { RouteHandle } from "../lib/route-id.ts";
import { hasSessionCookie, sessionQueryOptions } from "../lib/session.ts";
import { AppLayout } from "./app-layout.tsx";
import { LanguageScope } from "./language-scope.tsx";
import { NotFoundPage } from "./not-found-page.tsx";
import { RouteErrorPage } from "./route-error-page.tsx";
import { type FirstData, fetchFirstRequests, guardedPage, type PageImport } from "./route-guard.tsx";

/**
 * A page's module, with Mantine's component styles (lib/mantine-styles.ts) that every page renders with:
 * each page is a chunk of its own, so a visitor downloads the code of the pages they open and no other.
 */
function pageModule<M>(load: () => Promise<M>): () => Promise<M> {
  return () => Promise.all([load(), import("../lib/mantine-styles.ts")]).then(([module]) => module);
}

const employerModule = pageModule(() => import("../features/employer/employer-page.tsx"));
const adminModule = pageModule(() => import("../features/admin/admin-page.tsx"));
const myBikeModule = pageModule(() => import("../features/mybike/my-bike-page.tsx"));
/** The bike store's link pages and its own account: one chunk, with their own texts (features/store-links). */
const storeLinksModule = pageModule(() =>
  import("../features/store-links/store-link-pages.ts").then(async (m) => {
    await m.storeLinkTextsReady();
    return m;
  }),
);
const publicPagesModule = pageModule(() => import("../features/public/public-pages.ts"));

/** A page of its own module. */
function pageOf<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): PageImport {
  const module = pageModule(load);
  return () => module().then(pick);
}

const adminArea: PageImport = () =>
  adminModule().then(async (m) => {
    await m.adminTextsReady();
    return m.AdminPage;
  });
const calculatorPage = pageOf(
  () => import("../features/calculator/calculator-page.tsx"),
  (m) => m.CalculatorPage,
);
const employerArea: PageImport = () =>
  employerModule().then(async (m) => {
    await m.employerTextsReady();
    return m.EmployerPage;
  });
const myBikePage: PageImport = () =>
  myBikeModule().then(async (m) => {
    await m.myBikeTextsReady();
    return m.MyBikePage;
  });
/** The bike brokerage's page: a chunk of its own, with its own texts (features/brokerage). */
const bikeBrokeragePage = pageOf(
  () =>
    import("../features/brokerage/brokerage-page.tsx").then(async (m) => {
      await m.brokerageTextsReady();
      return m;
    }),
  (m) => m.BrokeragePage,
);
const storePackagePage: PageImport = () => storeLinksModule().then((m) => m.StorePackagePage);
const storeDeliveryPage: PageImport = () => storeLinksModule().then((m) => m.StoreDeliveryPage);
/** /pyoraliike, a store user's own account: in the same chunk as the link pages, whose forms it reuses. */
const storeAccountPage: PageImport = () => storeLinksModule().then((m) => m.StoreAccountPage);
const loginPage = pageOf(
  () => import("../features/auth/login-page.tsx"),
  (m) => m.LoginPage,
);
const logoutPage = pageOf(
  () => import("../features/auth/logout-page.tsx"),
  (m) => m.LogoutPage,
);
const deactivatedPage = pageOf(
  () => import("../features/auth/deactivated-page.tsx"),
  (m) => m.DeactivatedPage,
);
const noRightsPage = pageOf(
  () => import("../features/auth/no-rights-page.tsx"),
  (m) => m.NoRightsPage,
);
const passwordRecoveryPage = pageOf(
  () => import("../features/password/password-recovery-page.tsx"),
  (m) => m.PasswordRecoveryPage,
);
const passwordResetPage = pageOf(
  () => import("../features/password/password-reset-page.tsx"),
  (m) => m.PasswordResetPage,
);
const emailChangeConfirmPage = pageOf(
  () => import("../features/account/email-change-confirm-page.tsx"),
  (m) => m.EmailChangeConfirmPage,
);
const joinPage = pageOf(
  () => import("../features/registration/join-page.tsx"),
  (m) => m.JoinPage,
);
const joinConfirmPage = pageOf(
  () => import("../features/registration/join-confirm-page.tsx"),
  (m) => m.JoinConfirmPage,
);
const registerPage = pageOf(
  () => import("../features/registration/register-page.tsx"),
  (m) => m.RegisterPage,
);
const ownDetailsPage = pageOf(
  () => import("../features/account/own-details-page.tsx"),
  (m) => m.OwnDetailsPage,
);
const unsubscribePage = pageOf(
  () => import("../features/account/unsubscribe-page.tsx"),
  (m) => m.UnsubscribePage,
);
const contactPage = pageOf(
  () => import("../features/contact/contact-page.tsx"),
  (m) => m.ContactPage,
);
/** A public information page (features/public/public-pages.ts). */
const publicPage =
  (id: InformationPageId): PageImport =>
  () =>
    publicPagesModule().then((m) => m.PUBLIC_PAGES[id]);

/**
 * The code of each page of SPEC §2, loaded on first visit. Every entry is its own dynamic import so the
 * anonymous visitor's download never includes admin or employer code (DESIGN.md §3), an employer's none
 * of the helpdesk's, and nobody's a page they do not open; the Record type makes a route without a page
 * a type error.
 */
export const ROUTE_PAGES: Record<Exclude<RouteId, "home">, PageImport> = {
  login: loginPage,
  register: registerPage,
  logout: logoutPage,
  passwordRecovery: passwordRecoveryPage,
  passwordRecoveryAlias: passwordRecoveryPage,
  join: joinPage,
  joinConfirm: joinConfirmPage,
  passwordReset: passwordResetPage,
  emailChangeConfirm: emailChangeConfirmPage,
  unsubscribe: unsubscribePage,
  serialNumberAndDelivery: storeDeliveryPage,
  storePackage: storePackagePage,
  maintenance: publicPage("maintenance"),
  deactivated: deactivatedPage,
  noRights: noRightsPage,
  employer: employerArea,
  companySettings: employerArea,
  reporting: employerArea,
  admin: adminArea,
  bikeStore: storeAccountPage,
  myBike: myBikePage,
  ownDetails: ownDetailsPage,
  companyInfo: publicPage("companyInfo"),
  privacyPolicy: publicPage("privacyPolicy"),
  accessibilityStatement: publicPage("accessibilityStatement"),
  disclaimer: publicPage("disclaimer"),
  forEmployers: publicPage("forEmployers"),
  contact: contactPage,
  media: publicPage("media"),
  forEmployees: publicPage("forEmployees"),
  calculator: calculatorPage,
  forBikeStores: publicPage("forBikeStores"),
  faq: publicPage("faq"),
  announcement: publicPage("announcement"),
  bikeBrokerage: bikeBrokeragePage,
};

/** Router path relative to its parent; /admin owns every path below it (SPEC §2 "any admin path"). */
function relativePath(route: RouteDef): string {
  const path = route.path.slice(1);
  return route.id === "admin" ? `${path}/*` : path;
}

/**
 * The first data of the signed-in pages that open on a list or a summary: read by the page's own queries
 * before it replaces the loader (route-guard.tsx FirstData), from the page's own chunk.
 */
const FIRST_DATA: Partial<Record<RouteId, () => Promise<FirstData>>> = {
  employer: () => employerModule().then((m) => m.employerFirstData),
  admin: () => adminModule().then((m) => m.adminFirstData),
  myBike: () => myBikeModule().then((m) => m.myBikeFirstData),
  bikeStore: () => storeLinksModule().then((m) => m.storeAccountFirstData),
};

/** One guard per guarded route, shared by its prefixed and unprefixed paths. */
const guardedPages = new Map<RouteId, ReturnType<typeof guardedPage>>();

function guardedPageFor(id: Exclude<RouteId, "home">): ReturnType<typeof guardedPage> {
  let page = guardedPages.get(id);
  if (!page) {
    // Looked up on each load, so tests can watch which page code was asked for.
    page = guardedPage(id, () => ROUTE_PAGES[id](), FIRST_DATA[id]);
    guardedPages.set(id, page);
  }
  return page;
}

/**
 * A page load straight into a signed-in page, by someone logged in: its code and its texts start at
 * once, beside the user's own call (main.tsx), and its first view's calls as soon as the user's answer
 * says which of them this user's visit makes (user-asks.ts), instead of one after the other once the
 * guard has the user and the page its code. The guard still decides before anything is shown; an
 * anonymous visitor (no session cookie) loads nothing here.
 */
export function preloadRoute(queryClient: QueryClient, pathname: string, search: string): Promise<void> {
  const route = matchRoute(pathname)?.route;
  if (!route || route.access.kind === "public" || !hasSessionCookie()) return Promise.resolve();
  const id = route.id as Exclude<RouteId, "home">;
  // The list of calls first: a small file that should not queue behind the page's many. The calls
  // themselves wait for the user (the answer main.tsx asked for): only those its visit makes are asked.
  const calls = fetchFirstRequests(id, pathname, search, queryClient.fetchQuery(sessionQueryOptions), true);
  void guardedPageFor(id).preload();
  // Settled once the calls are on their way (app/first-requests.test.ts waits for it).
  return calls;
}

function pageRoute(route: RouteDef, lang: Language | null): RouteObject {
  const id = route.id as RouteId;
  const handle: RouteHandle = { routeId: id };
  const routeKey = lang ? `${lang}:${id}` : id;
  // Home is the anonymous landing page: in the entry chunk, so it paints without a second round trip.
  if (id === "home") return { id: routeKey, index: true, handle, Component: HomePage };
  // Pages for some users only: the guard decides first, then loads the page (route-guard.tsx).
  if (route.access.kind !== "public") {
    return { id: routeKey, path: relativePath(route), handle, Component: guardedPageFor(id).Page };
  }
  const load = ROUTE_PAGES[id];
  return {
    id: routeKey,
    path: relativePath(route),
    handle,
    // Shown in <main> on a first load straight into a lazy page; without it React Router warns.
    HydrateFallback: PageLoader,
    lazy: async () => {
      const [Component] = await Promise.all([load(), ensurePageTexts()]);
      return { Component };
    },
  };
}

function pageRoutes(lang: Language | null): RouteObject[] {
  return [
    ...ROUTES.map((route) => pageRoute(route, lang)),
    { id: lang ? `${lang}:notFound` : "notFound", path: "*", Component: NotFoundPage },
  ];
}

/** The route objects of the app, generated from the route table of src/domain/routes.ts. */
export function appRoutes(): RouteObject[] {
  return [
    {
      id: "root",
      Component: AppLayout,
      ErrorBoundary: RouteErrorPage,
      children: [
        {
          id: "pages",
          // Errors of a page render inside the layout, so header and footer stay usable.
          ErrorBoundary: RouteErrorPage,
          children: [
            ...pageRoutes(null),
            // The design reference for developers (docs/design.md); not in SPEC's route table, and the
            // server answers 404 for it in production (server/plugins/spa.ts DEV_PAGES).
            {
              id: "devDesign",
              path: "dev/design",
              HydrateFallback: PageLoader,
              lazy: async () => {
                const [{ DesignPage }] = await Promise.all([
                  import("../features/design/design-page.tsx"),
                  ensurePageTexts(),
                ]);
                return { Component: DesignPage };
              },
            },
            ...LANGUAGES.map(
              (lang): RouteObject => ({
                id: `lang:${lang}`,
                path: lang,
                element: <LanguageScope lang={lang} />,
                children: pageRoutes(lang),
              }),
            ),
          ],
        },
      ],
    },
  ];
}
