import type { QueryClient } from "@tanstack/react-query";
import type { PatchRoutesOnNavigationFunction, RouteObject } from "react-router";
import { type Language, languageOfPath } from "../../domain/locale.ts";
import { matchRoute, ROUTES, type RouteDef, type RouteId } from "../../domain/routes.ts";
import { RouteLoader } from "../components/page-loader.tsx";
import type { RouteHandle } from "../components/placeholder-page.tsx";
import { HomePage } from "../features/home/home-page.tsx";
import { ensureContentTexts, ensurePageTexts } from "../i18n/i18n.ts";
import { nextTask } from "../lib/next-task.ts";
import { hasSessionCookie, sessionQueryOptions } from "../lib/session.ts";
import { AppLayout } from "./app-layout.tsx";
import { LanguageScope } from "./language-scope.tsx";
import { NotFoundPage } from "./not-found-page.tsx";
import { RouteErrorPage } from "./route-error-page.tsx";
import { type FirstData, fetchFirstRequests, guardedPage, type PageImport } from "./route-guard.tsx";

// One chunk for the pages that share the shell's libraries (see lazy-pages.ts for the bundler bug).
const pages = () => import("./lazy-pages.ts");
// One import each (their dependency lists weigh in the entry): the page and its first data share it.
const employerModule = () => import("../features/employer/employer-page.tsx");
const adminModule = () => import("../features/admin/admin-page.tsx");
const myBikeModule = () => import("../features/mybike/my-bike-page.tsx");
/**
 * An area's texts (i18n/<area>-texts.ts, a small chunk of its own) are asked for beside the area's code,
 * not from it: a phone downloads them while the code comes, instead of after the code has run.
 */
const adminTexts = () => import("../i18n/admin-texts.ts").then((m) => m.ensureAdminTexts());
const employerTexts = () => import("../i18n/employer-texts.ts").then((m) => m.ensureEmployerTexts());
const myBikeTexts = () => import("../i18n/mybike-texts.ts").then((m) => m.ensureMyBikeTexts());
const storeLinkTexts = () => import("../i18n/store-links-texts.ts").then((m) => m.ensureStoreLinkTexts());
const brokerageTexts = () => import("../i18n/brokerage-texts.ts").then((m) => m.ensureBrokerageTexts());
const adminArea: PageImport = () => Promise.all([adminModule(), adminTexts()]).then(([m]) => m.AdminPage);
const calculatorPage: PageImport = () =>
  import("../features/calculator/calculator-page.tsx").then((m) => m.CalculatorPage);
const employerArea: PageImport = () =>
  Promise.all([employerModule(), employerTexts()]).then(([m]) => m.EmployerPage);
const myBikePage: PageImport = () => Promise.all([myBikeModule(), myBikeTexts()]).then(([m]) => m.MyBikePage);
/** The bike store's link pages: one chunk of their own, with their own texts (features/store-links). */
const storeLinkPages = () =>
  Promise.all([import("../features/store-links/store-link-pages.ts"), storeLinkTexts()]).then(([m]) => m);
/** The bike brokerage's page: a chunk of its own, with its own texts (features/brokerage). */
const bikeBrokeragePage: PageImport = () =>
  Promise.all([import("../features/brokerage/brokerage-page.tsx"), brokerageTexts()]).then(
    ([m]) => m.BrokeragePage,
  );
const storePackagePage: PageImport = () => storeLinkPages().then((m) => m.StorePackagePage);
const storeDeliveryPage: PageImport = () => storeLinkPages().then((m) => m.StoreDeliveryPage);
/** /pyoraliike, a store user's own account: in the same chunk as the link pages, whose forms it reuses. */
const storeAccountPage: PageImport = () => storeLinkPages().then((m) => m.StoreAccountPage);
const loginPage: PageImport = () => pages().then((m) => m.LoginPage);
const logoutPage: PageImport = () => pages().then((m) => m.LogoutPage);
const deactivatedPage: PageImport = () => pages().then((m) => m.DeactivatedPage);
const noRightsPage: PageImport = () => pages().then((m) => m.NoRightsPage);
const passwordRecoveryPage: PageImport = () => pages().then((m) => m.PasswordRecoveryPage);
const passwordResetPage: PageImport = () => pages().then((m) => m.PasswordResetPage);
const emailChangeConfirmPage: PageImport = () => pages().then((m) => m.EmailChangeConfirmPage);
const joinPage: PageImport = () => pages().then((m) => m.JoinPage);
const joinConfirmPage: PageImport = () => pages().then((m) => m.JoinConfirmPage);
const registerPage: PageImport = () => pages().then((m) => m.RegisterPage);
const ownDetailsPage: PageImport = () => pages().then((m) => m.OwnDetailsPage);
const unsubscribePage: PageImport = () => pages().then((m) => m.UnsubscribePage);
const contactPage: PageImport = () => pages().then((m) => m.ContactPage);
/**
 * A public information page when it is built (features/public/public-pages.ts), else the placeholder;
 * with its long texts, which no other page loads.
 */
const publicPage =
  (id: RouteId): PageImport =>
  () =>
    Promise.all([pages(), ensureContentTexts()]).then(([m]) => m.PUBLIC_PAGES[id] ?? m.PlaceholderPage);

/**
 * The code of each page of docs/product.md "Screens", loaded on first visit. Every entry is its own dynamic import so the
 * anonymous visitor's download never includes admin or employer code (docs/architecture.md "Web app"). Replace an entry
 * when its feature is built; the Record type makes a route without a page a type error.
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

/** Router path relative to its parent; /admin owns every path below it (docs/product.md "Screens" "any admin path"). */
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
  bikeStore: () => storeLinkPages().then((m) => m.storeAccountFirstData),
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

/** The signed-in page a page load opens, when someone logged in (a session cookie) loads it; else null. */
function signedInPageLoad(pathname: string): Exclude<RouteId, "home"> | null {
  const route = matchRoute(pathname)?.route;
  if (!route || route.access.kind === "public" || !hasSessionCookie()) return null;
  return route.id as Exclude<RouteId, "home">;
}

/**
 * A page load straight into a signed-in page, by someone logged in: its first view's calls leave as soon
 * as the user's answer says which of them this user's visit makes (user-asks.ts), and the page's HTML
 * carries that answer (server plugins/first-answers.ts), so they leave as the app starts, while its code
 * is still being read; not once the guard has the user and the page its code. An anonymous visitor (no
 * session cookie) asks nothing here. Settled once the calls are on their way.
 */
export function askFirstRequests(queryClient: QueryClient, pathname: string, search: string): Promise<void> {
  const id = signedInPageLoad(pathname);
  if (!id) return Promise.resolve();
  return fetchFirstRequests(id, pathname, search, queryClient.fetchQuery(sessionQueryOptions), true);
}

/**
 * The page's code and its texts, on a page load straight into a signed-in page by someone logged in:
 * started once the texts' language is known, beside its calls (askFirstRequests). The guard still
 * decides before anything is shown; an anonymous visitor loads nothing here. Settled once both the
 * shared chunk and the page's code are asked for.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  const id = signedInPageLoad(pathname);
  if (!id) return;
  // The shared pages' chunk, which every area's code imports, asked for on its own as well: the browser
  // runs it as soon as it is in, in a task of its own, and the area's code after it in another, where
  // the two were one long task of a phone's main thread. The area's code is asked for in a task after
  // the shared chunk's: each download started from script costs a phone's main thread some milliseconds
  // (its imports the browser asks for itself, vite.config.ts modulePreload).
  void pages();
  await nextTask();
  void guardedPageFor(id).preload();
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
    HydrateFallback: RouteLoader,
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

/** The `/{lang}/...` copy of the pages (docs/product.md "Screens", e.g. /en/liity/{token}). */
function languageScope(lang: Language): RouteObject {
  return {
    id: `lang:${lang}`,
    path: lang,
    element: <LanguageScope lang={lang} />,
    children: pageRoutes(lang),
  };
}

/**
 * The route objects of the app, generated from the route table of src/domain/routes.ts, for a page load
 * at `pathname`: the pages without a prefix, and the `/{lang}/...` copy of the language the path names.
 * The other languages' copies come when a navigation first goes to one (patchRoutesOnNavigation): React
 * Router built and matched all four copies on every page load, 100–270 ms of a phone's main thread (CPU
 * four times slower), where one copy takes about 60.
 */
export function appRoutes(pathname: string): RouteObject[] {
  const lang = languageOfPath(pathname);
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
              HydrateFallback: RouteLoader,
              lazy: async () => {
                const [{ DesignPage }] = await Promise.all([
                  import("../features/design/design-page.tsx"),
                  ensurePageTexts(),
                ]);
                return { Component: DesignPage };
              },
            },
            ...(lang ? [languageScope(lang)] : []),
          ],
        },
      ],
    },
  ];
}

/**
 * Adds a language's `/{lang}/...` pages the first time a navigation goes to one (the language menu, a
 * link): until then such a path matches only the not-found page without a prefix. React Router asks on
 * every navigation that matches a path parameter; any other is answered at once.
 */
export const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = ({ path, matches, patch }) => {
  const lang = languageOfPath(path);
  if (lang && !matches.some((match) => match.route.id === `lang:${lang}`))
    patch("pages", [languageScope(lang)]);
};
