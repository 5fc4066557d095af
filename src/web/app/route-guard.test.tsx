import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ensurePageTexts, i18n, initI18n } from "../i18n/i18n.ts";
import { renderApp } from "../test/render-app.tsx";
import { sessionUser } from "../test/session-user.ts";
import { ROUTE_PAGES } from "./routes.tsx";

const fetchMock = vi.fn<typeof fetch>();

beforeAll(async () => {
  await initI18n("fi");
  // The first import of the lazy pages' chunk is slow on a busy machine; pay it before the timed finds.
  await Promise.all([import("./lazy-pages.ts"), ensurePageTexts("fi")]);
}, 60_000);

beforeEach(async () => {
  window.localStorage.clear();
  await i18n.changeLanguage("fi");
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
  // biome-ignore lint/suspicious/noDocumentCookie: tests set and clear the CSRF cookie directly.
  document.cookie = "csrfToken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
});

function path(router: ReturnType<typeof renderApp>["router"]) {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}

describe("the route guards (docs/product.md 'Screens' access redirects)", () => {
  it("send an anonymous visitor to /kirjaudu with the wanted page in ?next", async () => {
    const { router } = renderApp("/tyonantaja?tab=add", { user: null });
    expect(await screen.findByRole("heading", { level: 1, name: "Kirjaudu sisään" })).toBeInTheDocument();
    expect(path(router)).toBe("/kirjaudu?next=%2Ftyonantaja%3Ftab%3Dadd");
  });

  it("keep the language prefix on the way to the login page", async () => {
    const { router } = renderApp("/en/mybike", { user: null });
    expect(await screen.findByRole("heading", { level: 1, name: "Log in" })).toBeInTheDocument();
    expect(path(router)).toBe("/en/kirjaudu?next=%2Fen%2Fmybike");
  });

  it("send the wrong role from /admin, /raportointi and /tyonantaja to /ei-oikeuksia without loading the page", async () => {
    const adminPage = vi.spyOn(ROUTE_PAGES, "admin");
    for (const [wanted, roles] of [
      ["/admin", ["EMPLOYER_ADMIN"]],
      ["/raportointi", ["EMPLOYER_EDITOR"]],
      ["/tyonantaja", ["EMPLOYER_REPORTING"]],
      ["/tyonantaja", ["BIKE_BENEFICIARY"]],
    ] as const) {
      const { router, unmount } = renderApp(wanted, { user: sessionUser([...roles]) });
      expect(
        await screen.findByRole("heading", { level: 1, name: "Ei käyttöoikeutta" }),
        `${wanted} ${roles}`,
      ).toBeInTheDocument();
      expect(path(router)).toBe("/ei-oikeuksia");
      unmount();
    }
    expect(adminPage).not.toHaveBeenCalled();
  });

  it("let the right role in", async () => {
    renderApp("/raportointi", { user: sessionUser(["EMPLOYER_REPORTING"]) });
    // The employer and admin areas' code loads on the first visit of the run: on a busy machine that
    // takes longer than Testing Library's usual wait.
    expect(
      await screen.findByRole("heading", { level: 1, name: "Raportointi" }, { timeout: 20_000 }),
    ).toBeInTheDocument();
  });

  it("send a deactivated user to /deactivated, which shows the header with an empty menu and the footer", async () => {
    const user = sessionUser(["BIKE_BENEFICIARY"], { deactivated: true });
    const { router } = renderApp("/kayttaja", { user });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Tili on poistettu käytöstä" }),
    ).toBeInTheDocument();
    expect(path(router)).toBe("/deactivated");
    const header = screen.getByRole("banner");
    expect(within(header).queryByRole("link", { name: "Kirjaudu" })).not.toBeInTheDocument();
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();
    // The page carries the product's contact details (docs/product.md "Who uses it").
    const main = screen.getByRole("main");
    expect(main).toHaveTextContent("info@pedaali.fi");
    expect(main).toHaveTextContent("3401234-1");
    expect(main).toHaveTextContent("003723327487");
  });

  it("wait while the user is loading, then decide", async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: a session cookie makes the app ask GET /api/user.
    document.cookie = "csrfToken=abc; path=/";
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementation(
      (input) =>
        new Promise<Response>((resolve) => {
          if (String(input) === "/api/user") answer = resolve;
        }),
    );
    const { router } = renderApp("/tyonantaja");
    expect(await screen.findByRole("status")).toHaveTextContent("Sivua ladataan");
    // The question is out and unanswered: no redirect while the user is unknown.
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === "/api/user")).toBe(true));
    expect(path(router)).toBe("/tyonantaja");
    expect(screen.queryByRole("heading", { level: 1 })).not.toBeInTheDocument();

    answer(
      new Response(JSON.stringify(sessionUser(["EMPLOYER_EDITOR"])), {
        status: 200,
        headers: { "content-type": "application/json" },
      }),
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Työnantaja" })).toBeInTheDocument();
    expect(path(router)).toBe("/tyonantaja");
  });

  it("treat 401 on GET /api/user as anonymous, without an error toast", async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: a stale session cookie.
    document.cookie = "csrfToken=abc; path=/";
    // A new answer for each call: a Response's body can be read once, and a second read would fail
    // as an error of its own.
    fetchMock.mockImplementation(
      async () =>
        new Response(
          JSON.stringify({ statusCode: 401, code: "UNAUTHORIZED", message: "Authentication required" }),
          { status: 401, headers: { "content-type": "application/json" } },
        ),
    );
    const { router } = renderApp("/mybike");
    expect(await screen.findByRole("heading", { level: 1, name: "Kirjaudu sisään" })).toBeInTheDocument();
    expect(path(router)).toBe("/kirjaudu?next=%2Fmybike");
    expect(screen.queryByText("Virhe")).not.toBeInTheDocument();
  });
});

describe("the header", () => {
  it("offers an anonymous visitor the login page", async () => {
    renderApp("/", { user: null });
    const header = await screen.findByRole("banner");
    expect(within(header).getByRole("link", { name: "Kirjaudu" })).toHaveAttribute("href", "/kirjaudu");
  });

  it("shows a logged-in user's menu: first name, work e-mail, own details, log out", async () => {
    const user = userEvent.setup();
    renderApp("/", { user: sessionUser(["BIKE_BENEFICIARY"]) });
    const trigger = await screen.findByRole("button", { name: "Maija – käyttäjävalikko" });
    expect(trigger).toHaveTextContent("Maija");
    expect(screen.queryByRole("link", { name: "Kirjaudu" })).not.toBeInTheDocument();
    await user.click(trigger);
    expect(trigger).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText("maija.meikalainen@demo.test")).toBeVisible();
    expect(screen.getByRole("link", { name: "Omat tiedot" })).toHaveAttribute("href", "/kayttaja");
    expect(screen.getByRole("button", { name: "Kirjaudu ulos" })).toBeVisible();
  });

  it("logs out from the user menu: POST /api/logout, then a reload at / even when the call fails", async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    const { queryClient } = renderApp("/", { user: sessionUser(["EMPLOYER_ADMIN"]) });
    const clear = vi.spyOn(queryClient, "clear");
    await user.click(await screen.findByRole("button", { name: "Maija – käyttäjävalikko" }));
    await user.click(screen.getByRole("button", { name: "Kirjaudu ulos" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/"));
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/logout");
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe("POST");
    expect(clear).toHaveBeenCalled();
  });

  it("hides own details from a deactivated user's menu", async () => {
    const user = userEvent.setup();
    renderApp("/deactivated", { user: sessionUser(["BIKE_BENEFICIARY"], { deactivated: true }) });
    await user.click(await screen.findByRole("button", { name: "Maija – käyttäjävalikko" }));
    expect(screen.queryByRole("link", { name: "Omat tiedot" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Kirjaudu ulos" })).toBeVisible();
  });
});

describe("/kirjaudu-ulos", () => {
  it("logs out on arrival and reloads at /", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ message: "Logged out" }), {
        status: 200,
        headers: { "content-type": "application/json" },
      }),
    );
    renderApp("/kirjaudu-ulos", { user: sessionUser(["BIKE_BENEFICIARY"]) });
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/"));
    expect(fetchMock.mock.calls.filter(([url]) => url === "/api/logout")).toHaveLength(1);
  });
});
