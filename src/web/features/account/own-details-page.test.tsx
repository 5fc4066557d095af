import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { COLOR_SCHEME_STORAGE_KEY } from "../../app/providers.tsx";
import { i18n, initI18n } from "../../i18n/i18n.ts";
import { apiError, fakeApi } from "../../test/fake-api.ts";
import { renderApp } from "../../test/render-app.tsx";
import { sessionUser } from "../../test/session-user.ts";

const me = sessionUser(["BIKE_BENEFICIARY"]);

beforeAll(async () => {
  await initI18n("fi");
});

beforeEach(async () => {
  window.localStorage.clear();
  document.documentElement.removeAttribute("data-mantine-color-scheme");
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

/**
 * A section of the page, once it is there: the page is a lazy chunk, so the first test to render it (in
 * whatever order the tests run) waits for it to load.
 */
async function section(name: string) {
  return within(await screen.findByRole("region", { name }));
}

describe("own details (/kayttaja)", () => {
  it("saves names, personal e-mail and language with PATCH /api/user", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      "PATCH /api/user": (body) => ({ status: 200, body: { ...me, ...(body as object) } }),
    });
    renderApp("/kayttaja", { user: me });
    await screen.findByRole("heading", { level: 1, name: "Omat tiedot" });
    const personal = await section("Henkilötiedot");
    expect(personal.getByLabelText(/^Etunimi/)).toHaveValue("Maija");
    await user.clear(personal.getByLabelText(/^Sukunimi/));
    await user.type(personal.getByLabelText(/^Sukunimi/), "Virtanen");
    await user.type(personal.getByLabelText(/^Henkilökohtainen sähköposti/), "Maija@Koti.test");
    await user.click(personal.getByRole("button", { name: "Tallenna henkilötiedot" }));
    expect(await personal.findByText("Tiedot tallennettu.")).toBeInTheDocument();
    const [call] = api.callsTo("PATCH", "/api/user");
    expect(call?.body).toEqual({
      firstName: "Maija",
      lastName: "Virtanen",
      personalEmail: "maija@koti.test",
      language: "fi",
    });
    expect(call?.headers.get("x-csrf-token")).toBe("csrf-123");
  });

  it("switches the pages to a newly saved language", async () => {
    const user = userEvent.setup();
    fakeApi({ "PATCH /api/user": (body) => ({ status: 200, body: { ...me, ...(body as object) } }) });
    renderApp("/kayttaja", { user: me });
    const personal = await section("Henkilötiedot");
    await user.selectOptions(await personal.findByLabelText(/^Asiointikieli/), "English");
    await user.click(personal.getByRole("button", { name: "Tallenna henkilötiedot" }));
    expect(await screen.findByRole("heading", { level: 1, name: "My details" })).toBeInTheDocument();
  });

  it("keeps what was typed when the save fails", async () => {
    const user = userEvent.setup();
    fakeApi({ "PATCH /api/user": apiError(500, "INTERNAL_ERROR", "Internal server error") });
    renderApp("/kayttaja", { user: me });
    const personal = await section("Henkilötiedot");
    await user.clear(await personal.findByLabelText(/^Etunimi/));
    await user.type(personal.getByLabelText(/^Etunimi/), "Maikki");
    await user.click(personal.getByRole("button", { name: "Tallenna henkilötiedot" }));
    expect(await personal.findByRole("alert")).toHaveTextContent(
      "Palvelimella tapahtui virhe. Yritä myöhemmin uudelleen",
    );
    expect(personal.getByLabelText(/^Etunimi/)).toHaveValue("Maikki");
  });

  it("asks the current password for a new work e-mail and says where the link went", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      [`PUT /api/system-users/${me.id}`]: {
        status: 202,
        body: { confirmationSent: true, sentTo: "maija.uusi@demo.test", expiresInSeconds: 86400 },
      },
    });
    renderApp("/kayttaja", { user: me });
    const work = await section("Työsähköposti");
    const input = await work.findByLabelText(/^Työsähköposti/);
    expect(work.queryByLabelText(/^Nykyinen salasana/)).toBeNull();
    await user.clear(input);
    await user.type(input, "Maija.Uusi@demo.test");
    await user.click(work.getByRole("button", { name: "Tallenna työsähköposti" }));
    expect(await work.findByText("Tämä tieto on pakollinen")).toBeInTheDocument();
    expect(api.callsTo("PUT", `/api/system-users/${me.id}`)).toEqual([]);
    await user.type(work.getByLabelText(/^Nykyinen salasana/), "Salasana1!");
    await user.click(work.getByRole("button", { name: "Tallenna työsähköposti" }));
    expect(await work.findByRole("status")).toHaveTextContent(
      "Vahvistuslinkki lähetettiin osoitteeseen maija.uusi@demo.test",
    );
    // The stored e-mail stays until the link is opened.
    expect(input).toHaveValue(me.email);
    const [call] = api.callsTo("PUT", `/api/system-users/${me.id}`);
    expect(call?.body).toEqual({
      workEmail: "maija.uusi@demo.test",
      currentPassword: "Salasana1!",
      csrfToken: "csrf-123",
    });
    expect(call?.headers.get("x-csrf-token")).toBe("csrf-123");
  });

  it("a taken work e-mail shows one message, at the field, and no error box", async () => {
    const user = userEvent.setup();
    fakeApi({
      [`PUT /api/system-users/${me.id}`]: apiError(409, "EMAIL_TAKEN", "The e-mail is already in use"),
    });
    renderApp("/kayttaja", { user: me });
    const work = await section("Työsähköposti");
    const input = await work.findByLabelText(/^Työsähköposti/);
    await user.clear(input);
    await user.type(input, "toinen@demo.test");
    await user.type(work.getByLabelText(/^Nykyinen salasana/), "Salasana1!");
    await user.click(work.getByRole("button", { name: "Tallenna työsähköposti" }));
    const message = "Sähköpostiosoite on jo käytössä toisella käyttäjätilillä.";
    expect(await work.findByText(message)).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(work.getAllByText(message, { exact: false })).toHaveLength(1);
    expect(work.queryByRole("alert")).not.toBeInTheDocument();
    expect(work.queryByText("Jokin meni vikaan")).not.toBeInTheDocument();
    expect(input).toHaveValue("toinen@demo.test");
  });

  it.each([
    [["BIKE_BENEFICIARY"], false],
    [["EMPLOYER_ADMIN"], true],
    [["INTERNAL_ADMIN"], true],
    [["BIKE_BENEFICIARY", "EMPLOYER_REPORTING"], true],
  ] as const)("tells about two-factor codes only to users who get them (%j)", async (roles, told) => {
    fakeApi({});
    renderApp("/kayttaja", { user: sessionUser([...roles]) });
    const phone = await section("Puhelinnumero");
    const codes = "Kaksivaiheisen tunnistautumisen vahvistuskoodit lähetetään tähän numeroon.";
    if (told) {
      expect(phone.getByText(codes)).toBeInTheDocument();
    } else {
      expect(phone.queryByText(/vahvistuskoodi|kaksivaiheinen|tunnistautumisen/i)).not.toBeInTheDocument();
      expect(
        phone.getByText("Matkapuhelinnumerosi, jotta voimme tarvittaessa ottaa sinuun yhteyttä."),
      ).toBeInTheDocument();
    }
  });

  it("normalises the phone (SPEC §5), asks the password, and stores it with the code sent to it", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      [`PATCH /api/system-users/${me.id}/phone`]: {
        status: 202,
        body: { confirmationSent: true, sentTo: "0501234567", expiresInSeconds: 300 },
      },
      "POST /api/system-users/phone-change/confirm": {
        status: 200,
        body: {
          userId: me.id,
          firstName: me.firstName,
          lastName: me.lastName,
          workEmail: me.email,
          personalEmail: null,
          phoneNumber: "0501234567",
          companyId: me.companyId,
          companyName: "Demo Oy",
          roles: me.roles,
          deactivated: false,
          lastLoginAt: null,
        },
      },
      "GET /api/user": { status: 200, body: { ...me, phoneNumber: "0501234567" } },
    });
    renderApp("/kayttaja", { user: me });
    const phone = await section("Puhelinnumero");
    const input = await phone.findByLabelText(/^Matkapuhelinnumero/);
    await user.clear(input);
    await user.type(input, "123");
    await user.click(phone.getByRole("button", { name: "Tallenna puhelinnumero" }));
    expect(await phone.findByText("Puhelinnumeron muotoa ei tueta")).toBeInTheDocument();
    expect(api.callsTo("PATCH", `/api/system-users/${me.id}/phone`)).toEqual([]);

    await user.clear(input);
    await user.type(input, "50 123 4567");
    await user.type(phone.getByLabelText(/^Nykyinen salasana/), "Salasana1!");
    await user.click(phone.getByRole("button", { name: "Tallenna puhelinnumero" }));
    expect(await phone.findByRole("status")).toHaveTextContent(
      "Vahvistuskoodi lähetettiin numeroon 0501234567",
    );
    expect(api.callsTo("PATCH", `/api/system-users/${me.id}/phone`)[0]?.body).toEqual({
      phoneNumber: "0501234567",
      currentPassword: "Salasana1!",
    });
    await user.type(phone.getByLabelText(/^Vahvistuskoodi/), "123456");
    await user.click(phone.getByRole("button", { name: "Vahvista puhelinnumero" }));
    expect(await phone.findByText("Tiedot tallennettu.")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/system-users/phone-change/confirm")[0]?.body).toEqual({
      code: "123456",
    });
    expect(phone.getByLabelText(/^Matkapuhelinnumero/)).toHaveValue("0501234567");
  });

  it("shows the server's refusal of a number on the field", async () => {
    const user = userEvent.setup();
    fakeApi({
      [`PATCH /api/system-users/${me.id}/phone`]: apiError(
        400,
        "UNSUPPORTED_PHONE_NUMBER",
        "Unsupported phone number format",
      ),
    });
    renderApp("/kayttaja", { user: me });
    const phone = await section("Puhelinnumero");
    const input = await phone.findByLabelText(/^Matkapuhelinnumero/);
    await user.clear(input);
    await user.type(input, "0401234567");
    await user.click(phone.getByRole("button", { name: "Tallenna puhelinnumero" }));
    expect(await phone.findByText("Puhelinnumeron muotoa ei tueta")).toBeInTheDocument();
    expect(input).toHaveValue("0401234567");
  });

  it("switches Mantine's scheme and stores the theme with PUT /api/user-preferences", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      "PUT /api/user-preferences": { status: 200, body: { data: { theme: "dark" } } },
      "GET /api/user": { status: 200, body: { ...me, preferences: { theme: "dark" } } },
    });
    renderApp("/kayttaja", { user: me });
    const appearance = await section("Ulkoasu");
    await user.click(await appearance.findByText("Tumma"));
    expect(document.documentElement).toHaveAttribute("data-mantine-color-scheme", "dark");
    expect(window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe("dark");
    expect(await appearance.findByText("Tiedot tallennettu.")).toBeInTheDocument();
    expect(api.callsTo("PUT", "/api/user-preferences")[0]?.body).toEqual({ preferences: { theme: "dark" } });
  });

  it("is hidden from a deactivated user", async () => {
    const { router } = renderApp("/kayttaja", { user: { ...me, deactivated: true } });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Tili on poistettu käytöstä" }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/deactivated");
  });
});
