import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { TNotificationPreferences } from "../../../contract/notification-preferences.ts";
import { i18n, initI18n } from "../../i18n/i18n.ts";
import { apiError, fakeApi } from "../../test/fake-api.ts";
import { renderApp } from "../../test/render-app.tsx";
import { sessionUser } from "../../test/session-user.ts";

const me = sessionUser(["BIKE_BENEFICIARY"]);
const URL = "/api/account/notification-preferences";

const stored: TNotificationPreferences = {
  items: [
    { kind: "ORDER_STEPS", choice: "MAIL", essential: false },
    { kind: "REMINDERS", choice: "DIGEST", essential: false },
    { kind: "SECURITY", choice: "MAIL", essential: true },
  ],
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

async function notificationsSection() {
  // The page is a lazy chunk: the first test to render it waits for it to load.
  return within(await screen.findByRole("region", { name: "Ilmoitukset" }, { timeout: 40_000 }));
}

describe("the notification choices on /kayttaja", () => {
  it("shows each kind's choice, the essential one locked with why, and saves the changed ones", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      [`GET ${URL}`]: () => ({ status: 200, body: stored }),
      [`PUT ${URL}`]: (body) => ({
        status: 200,
        body: {
          items: stored.items.map((item) => ({
            ...item,
            choice:
              (body as { preferences: { kind: string; choice: string }[] }).preferences.find(
                (p) => p.kind === item.kind,
              )?.choice ?? item.choice,
          })),
        },
      }),
    });
    renderApp("/kayttaja", { user: me });
    const section = await notificationsSection();
    const steps = within(await section.findByRole("radiogroup", { name: /Tilauksen vaiheet/ }));
    expect(steps.getByRole("radio", { name: "Sähköposti heti" })).toBeChecked();
    const reminders = within(section.getByRole("radiogroup", { name: /Muistutukset/ }));
    expect(reminders.getByRole("radio", { name: "Päivittäinen kooste" })).toBeChecked();

    const security = within(section.getByRole("radiogroup", { name: /Kirjautuminen ja tietoturva/ }));
    expect(security.getByRole("radio", { name: "Sähköposti heti" })).toBeChecked();
    expect(security.getByRole("radio", { name: "Vain palvelussa" })).toBeDisabled();
    expect(section.getByText(/laki tai sopimus edellyttää/)).toBeInTheDocument();

    await user.click(steps.getByRole("radio", { name: "Vain palvelussa" }));
    await user.click(section.getByRole("button", { name: "Tallenna valinnat" }));
    expect(await section.findByText("Tiedot tallennettu.")).toBeInTheDocument();
    const [call] = api.callsTo("PUT", URL);
    expect(call?.body).toEqual({
      preferences: [
        { kind: "ORDER_STEPS", choice: "INBOX_ONLY" },
        { kind: "REMINDERS", choice: "DIGEST" },
      ],
    });
    expect(call?.headers.get("x-csrf-token")).toBe("csrf-123");
  }, 60_000);

  it("names the kind whose choice the server refused", async () => {
    const user = userEvent.setup();
    fakeApi({
      [`GET ${URL}`]: () => ({ status: 200, body: stored }),
      [`PUT ${URL}`]: apiError(400, "VALIDATION_ERROR", "Invalid request", {
        details: [{ field: "body.preferences.1.choice", message: "Invalid option" }],
      }),
    });
    renderApp("/kayttaja", { user: me });
    const section = await notificationsSection();
    const steps = within(await section.findByRole("radiogroup", { name: /Tilauksen vaiheet/ }));
    await user.click(steps.getByRole("radio", { name: "Päivittäinen kooste" }));
    await user.click(section.getByRole("button", { name: "Tallenna valinnat" }));
    expect(await section.findByText(/Valintaa ”Muistutukset” ei voi tallentaa/)).toBeInTheDocument();
  }, 60_000);
});
