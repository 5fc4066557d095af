import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n, initI18n } from "../../i18n/i18n.ts";
import { fakeApi } from "../../test/fake-api.ts";
import { fillIn } from "../../test/fill-in.ts";
import { renderApp } from "../../test/render-app.tsx";

/**
 * On a phone, a failed submit of /register left focus on the button while the invalid fields
 * were off-screen. The error summary at the top of the form now takes focus and links to the fields.
 */

beforeAll(async () => {
  await initI18n("fi");
});

beforeEach(async () => {
  window.localStorage.clear();
  await i18n.changeLanguage("fi");
});

afterEach(() => {
  vi.unstubAllGlobals();
});

// The first test loads the lazy page chunk, which takes long on a busy two-core machine.
describe("/register after a failed submit", { timeout: 60_000 }, () => {
  it("moves focus to the error summary, which lists the invalid fields in page order", async () => {
    const user = userEvent.setup();
    const api = fakeApi({});
    renderApp("/register", { user: null });
    await user.click(await screen.findByLabelText(/^Yrityksen nimi/));
    await user.paste("Kallion Kahvipaahtimo Oy");
    await user.click(screen.getByRole("button", { name: "Lähetä rekisteröityminen" }));

    const heading = await screen.findByRole("heading", { level: 2, name: /^Korjattavat tiedot/ });
    await waitFor(() => expect(heading).toHaveFocus());
    const summary = screen.getByRole("region", { name: heading.textContent ?? "" });
    const links = within(summary).getAllByRole("link");
    const labels = links.map((link) => link.textContent?.split(":")[0]);
    // The filled-in company name is not listed; the rest follow the form from top to bottom.
    expect(labels).toEqual([
      "Y-tunnus",
      "Katuosoite",
      "Postinumero",
      "Postitoimipaikka",
      "Etunimi",
      "Sukunimi",
      "Työsähköposti",
      "Matkapuhelinnumero",
      "Hyväksyn palvelun käyttöehdot ja tietosuojaselosteen",
    ]);
    expect(heading).toHaveTextContent(String(links.length));
    // Each link says what is wrong, as the field itself does.
    const email = screen.getByLabelText(/^Työsähköposti/);
    const emailLink = within(summary).getByRole("link", { name: /^Työsähköposti:/ });
    expect(email).toHaveAccessibleDescription(new RegExp(emailLink.textContent?.split(": ")[1] ?? "-"));
    expect(api.calls).toEqual([]);
  });

  it("takes the user to a field from its link", async () => {
    const user = userEvent.setup();
    fakeApi({});
    renderApp("/register", { user: null });
    await user.click(await screen.findByRole("button", { name: "Lähetä rekisteröityminen" }));
    const summary = await screen.findByRole("region", { name: /^Korjattavat tiedot/ });
    await user.click(within(summary).getByRole("link", { name: /^Matkapuhelinnumero:/ }));
    expect(screen.getByLabelText(/^Matkapuhelinnumero/)).toHaveFocus();
  });

  it("drops a corrected field from the summary", async () => {
    const user = userEvent.setup();
    fakeApi({});
    renderApp("/register", { user: null });
    await user.click(await screen.findByRole("button", { name: "Lähetä rekisteröityminen" }));
    const summary = await screen.findByRole("region", { name: /^Korjattavat tiedot/ });
    expect(within(summary).getByRole("link", { name: /^Postitoimipaikka:/ })).toBeInTheDocument();
    await fillIn(user, screen.getByLabelText(/^Postitoimipaikka/), "Espoo");
    await waitFor(() =>
      expect(within(summary).queryByRole("link", { name: /^Postitoimipaikka:/ })).not.toBeInTheDocument(),
    );
  });

  it("lists a mistyped e-invoice address and operator ID, saying what they are", async () => {
    const user = userEvent.setup();
    const api = fakeApi({});
    renderApp("/register", { user: null });
    await user.click(await screen.findByLabelText(/^Verkkolaskuosoite/));
    await user.paste("003729800053");
    await user.click(screen.getByLabelText(/^Välittäjätunnus/));
    await user.paste("Apix");
    await user.click(screen.getByRole("button", { name: "Lähetä rekisteröityminen" }));
    const summary = await screen.findByRole("region", { name: /^Korjattavat tiedot/ });
    expect(
      within(summary).getByRole("link", { name: /^Verkkolaskuosoite: Verkkolaskuosoite on OVT-tunnus/ }),
    ).toBeInTheDocument();
    expect(within(summary).getByRole("link", { name: /^Välittäjätunnus: .*BIC-tunnus/ })).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });
});
