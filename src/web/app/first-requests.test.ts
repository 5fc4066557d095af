import { QueryClient } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import { createElement } from "react";
import { createMemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { accessUserOf, checkRouteAccess } from "../../domain/access.ts";
import { CSRF_COOKIE } from "../../domain/constants.ts";
import { DEFAULT_ROLE_PERMISSIONS, type Permission } from "../../domain/permissions.ts";
import type { RoleName } from "../../domain/roles.ts";
import type { RouteId } from "../../domain/routes.ts";
import { NEWS_PAGE_PERMISSION } from "../../domain/whats-new.ts";
import { ensurePageTexts, initI18n } from "../i18n/i18n.ts";
import { apiFetch, fetchAhead, pendingAhead } from "../lib/api-client.ts";
import { createQueryClient } from "../lib/query-client.ts";
import { SESSION_QUERY_KEY, type SessionUser } from "../lib/session.ts";
import { fakeApi } from "../test/fake-api.ts";
import { sessionUser } from "../test/session-user.ts";
import { App } from "./app.tsx";
import { FIRST_REQUESTS, firstRequests } from "./first-requests.ts";
import type { FirstData } from "./route-guard.tsx";
import { appRoutes, askFirstRequests, preloadRoute } from "./routes.tsx";
import { asksOf } from "./user-asks.ts";

beforeAll(async () => {
  await initI18n("fi");
  await ensurePageTexts("fi");
}, 60_000);

afterEach(() => {
  vi.unstubAllGlobals();
  // biome-ignore lint/suspicious/noDocumentCookie: tests set and clear the CSRF cookie directly.
  document.cookie = `${CSRF_COOKIE}=; max-age=0`;
});

const PAGES: [RouteId, string, () => Promise<FirstData>][] = [
  [
    "employer",
    "/tyonantaja",
    () => import("../features/employer/employer-page.tsx").then((m) => m.employerFirstData),
  ],
  ["admin", "/admin", () => import("../features/admin/admin-page.tsx").then((m) => m.adminFirstData)],
  ["myBike", "/mybike", () => import("../features/mybike/my-bike-page.tsx").then((m) => m.myBikeFirstData)],
  [
    "bikeStore",
    "/pyoraliike",
    () => import("../features/store-links/store-link-pages.ts").then((m) => m.storeAccountFirstData),
  ],
];

/**
 * The demo seed's users (src/server/db/seed/demo-data.ts DEMO_USERS; src/web may not import it), one of
 * each role and the deactivated, with the permissions the seed gives their roles; and the helpdesk before
 * it has set up its authenticator app, whom the server answers nothing else meanwhile.
 */
const DEMO: [string, SessionUser][] = [
  ["admin@pedaali.test", demoUser("SUPER_ADMIN")],
  ["helpdesk@pedaali.test", demoUser("INTERNAL_ADMIN")],
  ["helpdesk@pedaali.test, authenticator not set up", demoUser("INTERNAL_ADMIN", false, true)],
  ["employer.admin@demo.test", demoUser("EMPLOYER_ADMIN")],
  ["employer.editor@demo.test", demoUser("EMPLOYER_EDITOR")],
  ["group.admin@demo.test", demoUser("EMPLOYER_GROUP_ADMIN")],
  ["reporting@demo.test", demoUser("EMPLOYER_REPORTING")],
  ["employee@demo.test", demoUser("BIKE_BENEFICIARY")],
  ["myyja@vauhti.test", demoUser("BIKE_STORE")],
  ["deactivated@demo.test", demoUser("BIKE_BENEFICIARY", true)],
];

function demoUser(role: RoleName, deactivated = false, secondFactorSetupRequired = false): SessionUser {
  return sessionUser([role], {
    permissions: [...DEFAULT_ROLE_PERMISSIONS[role]],
    deactivated,
    secondFactorSetupRequired,
  });
}

/** What a user's visit to the page asks ahead: what the guard and main.tsx start. */
function preloaded(routeId: RouteId, pathname: string, user: SessionUser): string[] {
  const asks = asksOf(routeId, user);
  return asks ? firstRequests(routeId, pathname, "", asks) : [];
}

/**
 * What the server asks of a caller for each call asked ahead (the routes' preValidation in
 * src/server/modules: employees, notifications, orders, account, whats-new, user-payments, calculator,
 * contact-forms, store-accounts; tests/security holds the whole matrix): a permission, or only a logged-in
 * user (null). `setup`: answered also to a user who must first set up their authenticator app.
 */
const SERVER_GUARD: Record<string, { permission: Permission | null; setup?: true }> = {
  "/api/beneficiary-employee/employeesOptimizedList": { permission: "employees.read" },
  "/api/notifications/unread-count": { permission: "notifications.read", setup: true },
  "/api/orders/my": { permission: "own-order.manage" },
  "/api/orders/my/benefit": { permission: "own-order.manage" },
  "/api/account/invitations": { permission: null },
  "/api/whats-new/myBike": { permission: NEWS_PAGE_PERMISSION.myBike },
  "/api/user-payment": { permission: "own-order.manage" },
  "/api/calculator/my-terms": { permission: null },
  "/api/bike-stores/minimal": { permission: "bike-stores.read" },
  "/api/orders/all": { permission: "orders.read" },
  "/api/orders/list-data": { permission: "orders.read" },
  "/api/tasks": { permission: "orders.process" },
  "/api/companies": { permission: "companies.read" },
  "/api/contact-forms/unchecked-count": { permission: "contact-forms.manage" },
  "/api/store/orders": { permission: "store-orders.read" },
  "/api/whats-new/storeOrders": { permission: NEWS_PAGE_PERMISSION.storeOrders },
};

/**
 * The GETs a page makes after its first screen is drawn, each for a reason of its own; any other call
 * its first screen makes is a second round trip after the first data, and its answer renders the page
 * again in the task of its first paint.
 */
const AFTER_FIRST_SCREEN: Partial<Record<RouteId, string[]>> = {
  // The benefit section stands below the first screen and is rendered after it is drawn; its net cost
  // reads every municipality's rates then.
  myBike: ["/api/calculator/parameters"],
};

/** A role each page lets in. */
const ROLE_OF: Partial<Record<RouteId, RoleName>> = {
  employer: "EMPLOYER_ADMIN",
  admin: "INTERNAL_ADMIN",
  myBike: "BIKE_BENEFICIARY",
  bikeStore: "BIKE_STORE",
};

describe("the first requests of the signed-in pages", () => {
  it.each(PAGES)(
    "are the calls %s's first data makes at %s, for a user the page lets in",
    async (routeId, pathname, load) => {
      const firstData = await load();
      const api = fakeApi({});
      const queryClient = new QueryClient();
      const user = sessionUser([ROLE_OF[routeId] as RoleName]);
      queryClient.setQueryData(SESSION_QUERY_KEY, user);
      await firstData(routeId, new URLSearchParams(), pathname, queryClient);
      const asked = api.calls.filter((c) => c.method === "GET").map((c) => c.url);
      const started = firstRequests(routeId, pathname, "", { page: true, bell: false });
      expect(started.length).toBeGreaterThan(0);
      expect([...started].sort()).toEqual([...asked].sort());
    },
    60_000,
  );

  it("are the page's own none at an address with a tab or a filter, or below /admin", () => {
    const asks = { page: true, bell: false };
    expect(firstRequests("employer", "/tyonantaja", "?valilehti=lisaa", asks)).toEqual([]);
    expect(firstRequests("admin", "/admin/yritykset", "", asks)).toEqual([]);
    expect(firstRequests("admin", "/en/admin", "", asks)).not.toEqual([]);
    expect(firstRequests("ownDetails", "/omat-tiedot", "", asks)).toEqual([]);
    // The bell is the header's, on any address of a page that shows it.
    expect(firstRequests("employer", "/tyonantaja", "?valilehti=lisaa", { page: true, bell: true })).toEqual([
      "/api/notifications/unread-count",
    ]);
  });

  it.each(DEMO)("are asked of the server only as %s may, on every signed-in page", (_who, user) => {
    const held = new Set<string>(user.permissions);
    for (const [routeId, pathname] of PAGES) {
      for (const url of preloaded(routeId, pathname, user)) {
        const guard = SERVER_GUARD[url.split("?")[0] as string];
        expect(guard, `the server's guard of ${url}`).toBeDefined();
        if (guard?.permission) expect(held, `${url} on ${pathname}`).toContain(guard.permission);
        if (user.secondFactorSetupRequired) expect(guard?.setup, `${url} before the setup`).toBe(true);
      }
    }
  });

  it("cover every call a page asks ahead in the server's guards above", () => {
    const all = [
      ...Object.values(FIRST_REQUESTS).flatMap((list) => list.split(" ")),
      "notifications/unread-count",
    ];
    for (const path of all) expect(Object.keys(SERVER_GUARD)).toContain(`/api/${path.split("?")[0]}`);
  });

  /** A page load as main.tsx makes it, for a logged-in user whose answer is here. */
  async function loadPage(pathname: string, user: SessionUser): Promise<QueryClient> {
    // biome-ignore lint/suspicious/noDocumentCookie: tests set and clear the CSRF cookie directly.
    document.cookie = `${CSRF_COOKIE}=test`;
    const queryClient = createQueryClient();
    queryClient.setQueryData(SESSION_QUERY_KEY, user);
    // On a page load the calls are on their way long before the page's code (and the header's) arrive.
    await askFirstRequests(queryClient, pathname, "");
    await preloadRoute(pathname);
    const router = createMemoryRouter(appRoutes(pathname), { initialEntries: [pathname] });
    render(createElement(App, { router, queryClient, env: "test" }));
    return queryClient;
  }

  // The page itself, its header and its guard, rendered for each demo user: every call asked ahead is
  // taken by the page's or the header's own call (none is left over), so none was asked that the page
  // would not ask for that user (the unread count of a user without the bell was answered 403).
  const visits = DEMO.flatMap(([who, user]) =>
    PAGES.map(([routeId, pathname]) => [who, pathname, routeId, user] as const),
  );
  it.each(visits)(
    "are those that %s's visit to %s asks itself",
    async (_who, pathname, routeId, user) => {
      const api = fakeApi({ "GET /api/health-check": { status: 200, body: { status: "ok" } } });
      const queryClient = await loadPage(pathname, user);
      const expected = preloaded(routeId, pathname, user);
      if (checkRouteAccess(routeId, accessUserOf(user)) === "allow" && !user.secondFactorSetupRequired) {
        // The page is let in: its own calls, and the bell's where the header shows it, start ahead.
        expect(expected).toEqual(
          expect.arrayContaining(firstRequests(routeId, pathname, "", { page: true, bell: false })),
        );
        // The page's chunk is slow to import the first time on a busy machine.
        await screen.findByRole("heading", { level: 1 }, { timeout: 40_000 });
        // Nor does its first screen ask anything else once it is drawn.
        await waitFor(() => expect(queryClient.isFetching()).toBe(0));
        const later = AFTER_FIRST_SCREEN[routeId] ?? [];
        const asked = api.calls.filter((c) => c.method === "GET").map((c) => c.url);
        expect(asked.filter((url) => !expected.includes(url) && !later.includes(url))).toEqual([]);
      } else {
        expect(expected.filter((url) => !url.includes("notifications"))).toEqual([]);
      }
      await waitFor(() => {
        const asked = api.calls.filter((c) => c.method === "GET").map((c) => c.url);
        expect(asked).toEqual(expect.arrayContaining(expected));
        expect(pendingAhead()).toEqual([]);
      });
    },
    60_000,
  );
});

describe("a GET started ahead", () => {
  it("answers the page's own call once, without asking again", async () => {
    const api = fakeApi({ "GET /api/orders/my": { status: 200, body: { items: [] } } });
    fetchAhead("/api/orders/my");
    expect(await apiFetch("/api/orders/my")).toEqual({ items: [] });
    expect(api.calls).toHaveLength(1);
    await apiFetch("/api/orders/my");
    expect(api.calls).toHaveLength(2);
  });

  it("is forgotten after any change, so no answer from before it is shown", async () => {
    const api = fakeApi({
      "GET /api/orders/my": { status: 200, body: { items: [] } },
      "POST /api/whats-new/myBike/seen": { status: 204 },
    });
    fetchAhead("/api/orders/my");
    await apiFetch("/api/whats-new/myBike/seen", { method: "POST", body: {} });
    await apiFetch("/api/orders/my");
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      "GET /api/orders/my",
      "POST /api/whats-new/myBike/seen",
      "GET /api/orders/my",
    ]);
  });
});
