import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n, initI18n } from "../../i18n/i18n.ts";
import { apiError, fakeApi } from "../../test/fake-api.ts";
import { fillIn } from "../../test/fill-in.ts";
import { renderApp } from "../../test/render-app.tsx";
import { sessionUser } from "../../test/session-user.ts";

/** The own-details page's re-authenticated, confirmed e-mail and phone changes. */

const me = sessionUser(["BIKE_BENEFICIARY"]);

beforeAll(async () => {
  await initI18n("fi");
});

beforeEach(async () => {
  await i18n.changeLanguage("fi");
  // biome-ignore lint/suspicious/noDocumentCookie: the session's CSRF cookie, as the server sets it.
  document.cookie = "csrfToken=csrf-123; path=/";
});

afterEach(() => {
  vi.unstubAllGlobals();
  // biome-ignore lint/suspicious/noDocumentCookie: clears the fake session.
  document.cookie = "csrfToken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
});

const section = (name: string) => within(screen.getByRole("region", { name }));

describe("own details", () => {
  it("shows a wrong current password on its field and keeps the new e-mail", async () => {
    const user = userEvent.setup();
    fakeApi({
      [`PUT /api/system-users/${me.id}`]: apiError(403, "REAUTHENTICATION_FAILED", "Wrong password"),
    });
    renderApp("/kayttaja", { user: me });
    // The page chunk loads lazily; on a busy machine the first render takes a while.
    await screen.findByRole("heading", { level: 1, name: "Omat tiedot" }, { timeout: 15_000 });
    const work = section("Työsähköposti");
    const input = await work.findByLabelText(/^Työsähköposti/);
    await user.clear(input);
    await fillIn(user, input, "uusi@demo.test");
    await fillIn(user, work.getByLabelText(/^Nykyinen salasana/), "väärä");
    await user.click(work.getByRole("button", { name: "Tallenna työsähköposti" }));
    expect(await work.findByText("Nykyinen salasana on väärin.")).toBeInTheDocument();
    expect(work.queryByRole("alert")).toBeNull();
    expect(input).toHaveValue("uusi@demo.test");
  });

  it("a wrong code stays on the code field; an expired one asks for a new code", async () => {
    const user = userEvent.setup();
    let tries = 0;
    const api = fakeApi({
      [`PATCH /api/system-users/${me.id}/phone`]: {
        status: 202,
        body: { confirmationSent: true, sentTo: "0509998877", expiresInSeconds: 300 },
      },
      "POST /api/system-users/phone-change/confirm": () => {
        tries += 1;
        return tries === 1
          ? apiError(400, "VERIFICATION_FAILED", "The code is not correct")
          : apiError(400, "VERIFICATION_EXPIRED", "The code has expired");
      },
    });
    renderApp("/kayttaja", { user: me });
    // The page chunk loads lazily; on a busy machine the first render takes a while.
    await screen.findByRole("heading", { level: 1, name: "Omat tiedot" }, { timeout: 15_000 });
    const phone = section("Puhelinnumero");
    const input = await phone.findByLabelText(/^Matkapuhelinnumero/);
    await user.clear(input);
    await fillIn(user, input, "050 999 8877");
    await fillIn(user, phone.getByLabelText(/^Nykyinen salasana/), "Salasana1!");
    await user.click(phone.getByRole("button", { name: "Tallenna puhelinnumero" }));
    const code = await phone.findByLabelText(/^Vahvistuskoodi/);
    await fillIn(user, code, "111111");
    await user.click(phone.getByRole("button", { name: "Vahvista puhelinnumero" }));
    expect(await phone.findByText(/Tarkista koodi/)).toBeInTheDocument();
    await user.clear(code);
    await fillIn(user, code, "222222");
    await user.click(phone.getByRole("button", { name: "Vahvista puhelinnumero" }));
    expect(await phone.findByRole("alert")).toHaveTextContent("Tallenna puhelinnumero uudelleen");
    expect(api.callsTo("GET", "/api/user")).toEqual([]);
    // Cancel goes back to the number form.
    await user.click(phone.getByRole("button", { name: "Peruuta" }));
    expect(await phone.findByLabelText(/^Matkapuhelinnumero/)).toBeInTheDocument();
  });
});

describe("/vahvista-sahkoposti/{token}", () => {
  it("confirms the new e-mail with the link's token on a click, not on load", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      "POST /api/system-users/email-change/confirm": { status: 200, body: { workEmail: "uusi@demo.test" } },
    });
    renderApp("/vahvista-sahkoposti/abcdefghijklmnopqrstuvwxyz", { user: null });
    const button = await screen.findByRole("button", { name: "Vahvista sähköpostiosoite" });
    expect(api.callsTo("POST", "/api/system-users/email-change/confirm")).toEqual([]);
    await user.click(button);
    expect(await screen.findByRole("status")).toHaveTextContent("uusi@demo.test");
    expect(api.callsTo("POST", "/api/system-users/email-change/confirm")[0]?.body).toEqual({
      token: "abcdefghijklmnopqrstuvwxyz",
    });
  });

  it("says when the link is used or expired", async () => {
    const user = userEvent.setup();
    fakeApi({
      "POST /api/system-users/email-change/confirm": apiError(400, "INVALID_TOKEN", "Invalid"),
    });
    renderApp("/vahvista-sahkoposti/abcdefghijklmnopqrstuvwxyz", { user: null });
    await user.click(await screen.findByRole("button", { name: "Vahvista sähköpostiosoite" }));
    expect(await screen.findByText("Linkki ei ole enää voimassa")).toBeInTheDocument();
  });
});
