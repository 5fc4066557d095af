import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { TOwnSession, TOwnSessions } from "../../../contract/sessions.ts";
import { i18n, initI18n, setLanguage } from "../../i18n/i18n.ts";
import { apiError, fakeApi } from "../../test/fake-api.ts";
import { renderApp } from "../../test/render-app.tsx";
import { sessionUser } from "../../test/session-user.ts";

const me = sessionUser(["BIKE_BENEFICIARY"]);
const URL = "/api/account/sessions";

const here: TOwnSession = {
  id: "7c0e0b0e-0000-4000-8000-000000000001",
  device: "Firefox, Linux",
  place: "10.20.30.x",
  startedAt: "2026-03-01T08:00:00.000Z",
  lastUsedAt: "2026-03-12T12:05:00.000Z",
  current: true,
};
const phone: TOwnSession = {
  id: "7c0e0b0e-0000-4000-8000-000000000002",
  device: "Safari, iOS",
  place: "85.76.12.x",
  startedAt: "2026-02-20T08:00:00.000Z",
  lastUsedAt: "2026-03-10T09:00:00.000Z",
  current: false,
};
const unknown: TOwnSession = {
  id: "7c0e0b0e-0000-4000-8000-000000000003",
  device: null,
  place: null,
  startedAt: "2026-02-01T08:00:00.000Z",
  lastUsedAt: "2026-02-02T09:00:00.000Z",
  current: false,
};

beforeAll(async () => {
  await initI18n("fi");
});

beforeEach(async () => {
  await i18n.changeLanguage("fi");
  // biome-ignore lint/suspicious/noDocumentCookie: the session's CSRF cookie, as the server sets it.
  document.cookie = "csrfToken=csrf-123; path=/";
});

afterEach(async () => {
  vi.unstubAllGlobals();
  // biome-ignore lint/suspicious/noDocumentCookie: clears the fake session.
  document.cookie = "csrfToken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
  await i18n.changeLanguage("fi");
});

async function sessionsSection() {
  // The page is a lazy chunk: the first test to render it waits for it to load.
  return within(await screen.findByRole("region", { name: "Kirjautuneet laitteet" }, { timeout: 40_000 }));
}

describe("the logged-in devices on /kayttaja", () => {
  it("lists the devices with network and last use, marks this one and logs another out", async () => {
    const user = userEvent.setup();
    let stored: TOwnSessions = { items: [here, phone, unknown] };
    const api = fakeApi({
      [`GET ${URL}`]: () => ({ status: 200, body: stored }),
      [`DELETE ${URL}/${phone.id}`]: () => {
        stored = { items: [here, unknown] };
        return { status: 200, body: { ended: 1 } };
      },
    });
    renderApp("/kayttaja", { user: me });
    const section = await sessionsSection();
    expect(await section.findByText("Firefox, Linux")).toBeInTheDocument();
    expect(section.getByText("Tämä laite")).toBeInTheDocument();
    expect(section.getByText("Safari, iOS")).toBeInTheDocument();
    expect(section.getByText("85.76.12.x")).toBeInTheDocument();
    expect(section.getByText("Tuntematon laite")).toBeInTheDocument();
    // This device has no button of its own: logging out is the way out here.
    expect(section.queryByRole("button", { name: "Kirjaa ulos laite Firefox, Linux" })).toBeNull();

    await user.click(section.getByRole("button", { name: "Kirjaa ulos laite Safari, iOS" }));
    expect(await section.findByText("Laite kirjattiin ulos.")).toBeInTheDocument();
    expect(api.callsTo("DELETE", `${URL}/${phone.id}`)).toHaveLength(1);
    expect(api.callsTo("DELETE", `${URL}/${phone.id}`)[0]?.headers.get("x-csrf-token")).toBe("csrf-123");
    await vi.waitFor(() => expect(section.queryByText("Safari, iOS")).toBeNull());
    expect(api.callsTo("DELETE", URL)).toHaveLength(0);
  }, 60_000);

  it("asks before logging out every other device, and does nothing when cancelled", async () => {
    const user = userEvent.setup();
    let stored: TOwnSessions = { items: [here, phone, unknown] };
    const api = fakeApi({
      [`GET ${URL}`]: () => ({ status: 200, body: stored }),
      [`DELETE ${URL}`]: () => {
        stored = { items: [here] };
        return { status: 200, body: { ended: 2 } };
      },
    });
    renderApp("/kayttaja", { user: me });
    const section = await sessionsSection();
    await section.findByText("Safari, iOS");

    await user.click(section.getByRole("button", { name: "Kirjaa ulos kaikki muut laitteet" }));
    let dialog = within(
      await screen.findByRole("dialog", { name: "Kirjataanko kaikki muut laitteet ulos?" }),
    );
    expect(dialog.getByText(/\(2\) päättyvät heti/)).toBeInTheDocument();
    await user.click(dialog.getByRole("button", { name: "Peruuta" }));
    expect(api.callsTo("DELETE", URL)).toHaveLength(0);

    await user.click(section.getByRole("button", { name: "Kirjaa ulos kaikki muut laitteet" }));
    dialog = within(await screen.findByRole("dialog", { name: "Kirjataanko kaikki muut laitteet ulos?" }));
    await user.click(dialog.getByRole("button", { name: "Kirjaa ulos kaikki muut laitteet" }));
    expect(await section.findByText("Muut laitteet kirjattiin ulos.")).toBeInTheDocument();
    expect(api.callsTo("DELETE", URL)).toHaveLength(1);
    expect(await section.findByText("Olet kirjautuneena vain tällä laitteella.")).toBeInTheDocument();
    expect(section.queryByRole("button", { name: "Kirjaa ulos kaikki muut laitteet" })).toBeNull();
  }, 60_000);

  it("says why when a device could not be logged out", async () => {
    const user = userEvent.setup();
    fakeApi({
      [`GET ${URL}`]: () => ({ status: 200, body: { items: [here, phone] } }),
      [`DELETE ${URL}/${phone.id}`]: apiError(429, "TOO_MANY_REQUESTS", "Too many requests"),
    });
    renderApp("/kayttaja", { user: me });
    const section = await sessionsSection();
    await user.click(await section.findByRole("button", { name: "Kirjaa ulos laite Safari, iOS" }));
    expect(await section.findByRole("alert")).toBeInTheDocument();
    expect(section.queryByText("Laite kirjattiin ulos.")).toBeNull();
  }, 60_000);

  it("speaks English and Swedish too", async () => {
    fakeApi({ [`GET ${URL}`]: () => ({ status: 200, body: { items: [here, phone] } }) });
    renderApp("/kayttaja", { user: me });
    await sessionsSection();
    const words = {
      en: { title: "Logged-in devices", here: "This device", all: "Log out all other devices" },
      sv: { title: "Inloggade enheter", here: "Den här enheten", all: "Logga ut alla andra enheter" },
    } as const;
    for (const language of ["en", "sv"] as const) {
      await act(() => setLanguage(language));
      const section = within(await screen.findByRole("region", { name: words[language].title }));
      expect(section.getByText(words[language].here)).toBeInTheDocument();
      expect(section.getByRole("button", { name: words[language].all })).toBeInTheDocument();
    }
  }, 60_000);
});
