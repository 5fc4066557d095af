import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ANNOUNCEMENT_BANNER_DISMISSAL_MS } from "../../domain/constants.ts";
import { ensurePageTexts, i18n, initI18n } from "../i18n/i18n.ts";
import { checkHealth } from "../lib/connection.ts";
import {
  ANNOUNCEMENT_DISMISSED_KEY,
  COOKIE_CONSENT_KEY,
  isAnnouncementDismissed,
} from "../lib/shell-storage.ts";
import { renderApp } from "../test/render-app.tsx";
import { sessionUser } from "../test/session-user.ts";
import { AnnouncementBanner, BackToTop, CookieConsentBanner } from "./shell-extras.tsx";

beforeAll(async () => {
  await initI18n("fi");
  await Promise.all([import("./lazy-pages.ts"), ensurePageTexts("fi")]);
}, 60_000);

beforeEach(async () => {
  window.localStorage.clear();
  await i18n.changeLanguage("fi");
});

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // Leave the connection flag healthy for the next test.
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response("{}", { status: 200 })),
  );
  await checkHealth();
  vi.unstubAllGlobals();
});

function renderInRouter(element: React.ReactNode) {
  const router = createMemoryRouter([{ path: "*", element }], { initialEntries: ["/"] });
  return render(<RouterProvider router={router} />);
}

describe("the announcement banner (docs/product.md 'Constants': dismissal lasts 24 h)", () => {
  it("links to /tiedote-pyoraedusta and stays dismissed for exactly 24 hours", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = new Date("2026-03-01T10:00:00Z").getTime();
    vi.setSystemTime(start);
    const first = renderInRouter(<AnnouncementBanner lang={null} />);
    const banner = screen.getByRole("complementary", { name: "Tiedote" });
    expect(within(banner).getByRole("link", { name: "Lue tiedote" })).toHaveAttribute(
      "href",
      "/tiedote-pyoraedusta",
    );
    fireEvent.click(within(banner).getByRole("button", { name: "Sulje tiedote" }));
    expect(screen.queryByRole("complementary", { name: "Tiedote" })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(ANNOUNCEMENT_DISMISSED_KEY)).toBe(String(start));
    first.unmount();

    vi.setSystemTime(start + ANNOUNCEMENT_BANNER_DISMISSAL_MS - 1);
    expect(isAnnouncementDismissed()).toBe(true);
    const again = renderInRouter(<AnnouncementBanner lang={null} />);
    expect(screen.queryByRole("complementary", { name: "Tiedote" })).not.toBeInTheDocument();
    again.unmount();

    vi.setSystemTime(start + ANNOUNCEMENT_BANNER_DISMISSAL_MS);
    expect(isAnnouncementDismissed()).toBe(false);
    renderInRouter(<AnnouncementBanner lang="en" />);
    expect(screen.getByRole("link", { name: "Lue tiedote" })).toHaveAttribute(
      "href",
      "/en/tiedote-pyoraedusta",
    );
  });

  it("ignores a broken stored value", () => {
    window.localStorage.setItem(ANNOUNCEMENT_DISMISSED_KEY, "yesterday");
    expect(isAnnouncementDismissed()).toBe(false);
  });
});

describe("the cookie consent", () => {
  it.each([
    ["Hyväksy evästeet", "accepted"],
    ["Hylkää evästeet", "rejected"],
  ])("%s stores %s and the banner stays away", (button, stored) => {
    const first = renderInRouter(<CookieConsentBanner lang={null} />);
    const banner = screen.getByRole("complementary", { name: "Evästeet" });
    expect(within(banner).getByRole("link", { name: "Lue lisää evästeistä" })).toHaveAttribute(
      "href",
      "/tietosuojaseloste#cookie",
    );
    fireEvent.click(within(banner).getByRole("button", { name: button }));
    expect(screen.queryByRole("complementary", { name: "Evästeet" })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(COOKIE_CONSENT_KEY)).toBe(stored);
    first.unmount();
    renderInRouter(<CookieConsentBanner lang={null} />);
    expect(screen.queryByRole("complementary", { name: "Evästeet" })).not.toBeInTheDocument();
  });
});

describe("back to top (docs/product.md 'Constants': after 400 px)", () => {
  it("appears past 400 px of scrolling", () => {
    renderInRouter(<BackToTop />);
    expect(screen.queryByRole("button", { name: "Takaisin ylös" })).not.toBeInTheDocument();
    act(() => {
      window.scrollY = 400;
      window.dispatchEvent(new Event("scroll"));
    });
    expect(screen.queryByRole("button", { name: "Takaisin ylös" })).not.toBeInTheDocument();
    act(() => {
      window.scrollY = 401;
      window.dispatchEvent(new Event("scroll"));
    });
    expect(screen.getByRole("button", { name: "Takaisin ylös" })).toBeInTheDocument();
    act(() => {
      window.scrollY = 0;
      window.dispatchEvent(new Event("scroll"));
    });
  });
});

describe("the shell by route kind (docs/product.md 'Screens' layout rules)", () => {
  it("a public page: header with the anonymous menu, banner, cookie consent and footer", async () => {
    renderApp("/", { user: null });
    const header = await screen.findByRole("banner");
    const nav = within(header).getAllByRole("navigation", { name: "Päävalikko" })[0] as HTMLElement;
    expect(within(nav).getByRole("link", { name: "Työnantajalle" })).toHaveAttribute(
      "href",
      "/tyonantajalle",
    );
    expect(within(nav).getByRole("button", { name: "Asiakaspalvelu" })).toBeInTheDocument();
    expect(screen.getByRole("complementary", { name: "Tiedote" })).toBeInTheDocument();
    expect(screen.getByRole("complementary", { name: "Evästeet" })).toBeInTheDocument();
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();
  });

  it("an auth page: no header, footer or cookie consent, but the announcement", async () => {
    renderApp("/kirjaudu", { user: null });
    expect(await screen.findByRole("heading", { level: 1, name: "Kirjaudu sisään" })).toBeInTheDocument();
    expect(screen.queryByRole("banner")).not.toBeInTheDocument();
    expect(screen.queryByRole("contentinfo")).not.toBeInTheDocument();
    expect(screen.queryByRole("complementary", { name: "Evästeet" })).not.toBeInTheDocument();
    expect(screen.getByRole("complementary", { name: "Tiedote" })).toBeInTheDocument();
  });

  it("an admin page: no header, footer, banner or cookie consent; its own frame with theme and log out", async () => {
    renderApp("/admin", { user: sessionUser(["INTERNAL_ADMIN"]) });
    expect(await screen.findByRole("button", { name: "Kirjaudu ulos" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Vaihda tummaan teemaan" })).toBeInTheDocument();
    expect(screen.queryByRole("contentinfo")).not.toBeInTheDocument();
    expect(screen.queryByRole("complementary", { name: "Tiedote" })).not.toBeInTheDocument();
    expect(screen.queryByRole("complementary", { name: "Evästeet" })).not.toBeInTheDocument();
  });

  it("a deactivated user: header with an empty menu, the page and the footer only", async () => {
    renderApp("/deactivated", { user: sessionUser(["BIKE_BENEFICIARY"], { deactivated: true }) });
    const header = await screen.findByRole("banner");
    expect(within(header).queryByRole("navigation")).not.toBeInTheDocument();
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();
    expect(screen.queryByRole("complementary", { name: "Tiedote" })).not.toBeInTheDocument();
    expect(screen.queryByRole("complementary", { name: "Evästeet" })).not.toBeInTheDocument();
  });

  it("/deactivated, where a deactivated account lands without a session: empty menu, no banners", async () => {
    renderApp("/deactivated", { user: null });
    const header = await screen.findByRole("banner");
    expect(within(header).queryByRole("navigation")).not.toBeInTheDocument();
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();
    expect(screen.queryByRole("complementary", { name: "Tiedote" })).not.toBeInTheDocument();
    expect(screen.queryByRole("complementary", { name: "Evästeet" })).not.toBeInTheDocument();
  });

  it("an employer admin sees the employer pages, the calculator and bike brokerage", async () => {
    renderApp("/", { user: sessionUser(["EMPLOYER_ADMIN"]) });
    const header = await screen.findByRole("banner");
    const nav = within(header).getAllByRole("navigation", { name: "Päävalikko" })[0] as HTMLElement;
    expect(
      within(nav)
        .getAllByRole("link")
        .map((a) => a.getAttribute("href")),
    ).toEqual(["/tyonantaja", "/yritys-asetukset", "/raportointi", "/laskuri", "/bikeBrokerageService"]);
  });

  it("offline: the generic 'something went wrong' page instead of the page", async () => {
    vi.spyOn(window.navigator, "onLine", "get").mockReturnValue(false);
    renderApp("/", { user: null });
    expect(await screen.findByRole("heading", { level: 1, name: "Jokin meni vikaan" })).toBeInTheDocument();
    expect(screen.queryByText("Suomen helpoin polkupyöräetu")).not.toBeInTheDocument();
  });

  it("a failed health check shows the red 'not connected' banner with a refresh link", async () => {
    const fetchMock = vi.fn(async () => new Response("", { status: 503 }));
    vi.stubGlobal("fetch", fetchMock);
    renderApp("/", { user: null });
    await screen.findByRole("banner");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    await act(async () => {
      window.dispatchEvent(new Event("focus"));
    });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Ei yhteyttä palvelimeen.");
    expect(within(alert).getByRole("link", { name: "Päivitä sivu" })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith("/api/health-check", expect.anything());
  });

  it("the burger menu opens with the keyboard and closes on Escape", async () => {
    const user = userEvent.setup();
    renderApp("/", { user: null });
    const burger = await screen.findByRole("button", { name: "Valikko" });
    burger.focus();
    await user.keyboard("{Enter}");
    expect(burger).toHaveAttribute("aria-expanded", "true");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(burger).toHaveAttribute("aria-expanded", "false"));
    expect(burger).toHaveFocus();
  });
});
