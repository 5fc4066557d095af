import { screen } from "@testing-library/react";
import { matchRoutes } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { LANGUAGES } from "../../domain/enums.ts";
import { ROUTES } from "../../domain/routes.ts";
import { ensurePageTexts, i18n, initI18n } from "../i18n/i18n.ts";
import { apiError, fakeApi } from "../test/fake-api.ts";
import { renderApp } from "../test/render-app.tsx";
import { sessionUser } from "../test/session-user.ts";
import { appRoutes, ROUTE_PAGES } from "./routes.tsx";

beforeAll(async () => {
  await initI18n("fi");
  // The first import of the lazy pages' chunk is slow on a busy machine; pay it before the timed finds.
  await Promise.all([import("./lazy-pages.ts"), ensurePageTexts("fi")]);
}, 60_000);

afterEach(() => {
  vi.unstubAllGlobals();
});

beforeEach(async () => {
  window.localStorage.clear();
  await i18n.changeLanguage("fi");
});

/** A concrete path for a route pattern: `:token` becomes a sample value. */
function samplePath(pattern: string): string {
  return pattern.replace(/:[^/]+/g, "abc123");
}

describe("the router", () => {
  it("renders the home page with one h1, the description, landmarks and links to the public pages", async () => {
    renderApp("/");
    const headings = await screen.findAllByRole("heading", { level: 1 });
    expect(headings.map((h) => h.textContent)).toEqual([
      "Työsuhdepyörät henkilöstölle – me hoidamme sopimukset ja palkanvaihdon",
    ]);
    expect(screen.getByText("Suomen helpoin polkupyöräetu")).toBeInTheDocument();
    expect(screen.getByRole("banner")).toBeInTheDocument();
    expect(screen.getByRole("main")).toBeInTheDocument();
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Polkupyöräetu työnantajalle" })).toHaveAttribute(
      "href",
      "/tyonantajalle",
    );
    expect(screen.getByRole("link", { name: "Siirry sisältöön" })).toHaveAttribute("href", "#main-content");
    expect(document.title).toBe("Pedaali");
  });

  it("renders a lazy page of its own chunk with its translated title (the store's delivery link)", async () => {
    fakeApi({ "GET /api/store-links/delivery/abc": apiError(404, "STORE_LINK_INVALID", "Invalid link") });
    renderApp("/runkonumero-ja-toimitus/abc");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Runkonumero ja toimitus" }),
    ).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Linkki ei ole enää voimassa" })).toBeInTheDocument();
    expect(document.title).toBe("Runkonumero ja toimitus – Pedaali");
  });

  it("hides header and footer on auth pages (docs/product.md 'Screens') but keeps the main landmark", async () => {
    renderApp("/kirjaudu");
    expect(await screen.findByRole("heading", { level: 1, name: "Kirjaudu sisään" })).toBeInTheDocument();
    expect(screen.queryByRole("banner")).not.toBeInTheDocument();
    expect(screen.queryByRole("contentinfo")).not.toBeInTheDocument();
    expect(screen.getByRole("main")).toBeInTheDocument();
  });

  it("sends any path below /admin to the admin page", async () => {
    renderApp("/admin/yritykset", { user: sessionUser(["SUPER_ADMIN"]) });
    expect(await screen.findByRole("heading", { level: 1, name: "Ylläpito" })).toBeInTheDocument();
  });

  it("switches the language on a /{lang} path", async () => {
    renderApp("/en/liity/abc123");
    expect(await screen.findByRole("heading", { level: 1, name: "Join the service" })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe("en");
  });

  it("shows the not-found page for a path outside the route table", async () => {
    renderApp("/ei-tallaista-sivua");
    expect(await screen.findByRole("heading", { level: 1, name: "Sivua ei löytynyt" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Siirry etusivulle" })).toHaveAttribute("href", "/");
  });

  it("has a page for every route of the table, with and without a language prefix", () => {
    for (const route of ROUTES) {
      for (const prefix of ["", ...LANGUAGES.map((l) => `/${l}`)]) {
        const path = `${prefix}${samplePath(route.path)}`.replace(/(.)\/$/, "$1");
        const matches = matchRoutes(appRoutes(path), path) ?? [];
        expect(matches.at(-1)?.route.handle, path).toEqual({ routeId: route.id });
      }
    }
  });

  it("builds the pages of the page load's language only, and another's on the first navigation to it", async () => {
    const routes = appRoutes("/kirjaudu");
    expect(matchRoutes(routes, "/sv/kirjaudu")?.at(-1)?.route.id).toBe("notFound");
    expect(matchRoutes(appRoutes("/en/kirjaudu"), "/sv/kirjaudu")?.at(-1)?.route.id).toBe("notFound");
    const { router } = renderApp("/kirjaudu");
    expect(await screen.findByRole("heading", { level: 1, name: "Kirjaudu sisään" })).toBeInTheDocument();
    await router.navigate("/sv/liity/abc123");
    expect(router.state.matches.at(-1)?.route.id).toBe("sv:join");
    expect(await screen.findByRole("heading", { level: 1, name: "Gå med i tjänsten" })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe("sv");
    // Once added, the copy stays: back and forth do not add it again.
    await router.navigate("/kirjaudu");
    await router.navigate("/sv/kirjaudu");
    expect(router.routes[0]?.children?.[0]?.children?.filter((r) => r.id === "lang:sv")).toHaveLength(1);
  });

  it("loads admin and employer pages through imports of their own, not the shared placeholder's", () => {
    // Separate dynamic imports become separate chunks; tests/e2e checks the network side.
    expect(ROUTE_PAGES.admin).not.toBe(ROUTE_PAGES.login);
    expect(ROUTE_PAGES.employer).not.toBe(ROUTE_PAGES.login);
    expect(ROUTE_PAGES.reporting).toBe(ROUTE_PAGES.employer);
  });
});
