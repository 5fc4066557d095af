import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { LEASE_TERMS } from "../../../domain/calculator/test-fixtures.ts";
import {
  PUBLISHED_MUNICIPAL_RATES,
  TAX_YEAR_2025,
  TAX_YEAR_2026,
} from "../../../domain/tax/published-tax-years.ts";
import { COLOR_SCHEME_STORAGE_KEY } from "../../app/providers.tsx";
import { i18n, initI18n } from "../../i18n/i18n.ts";
import { apiError, fakeApi } from "../../test/fake-api.ts";
import { fillIn } from "../../test/fill-in.ts";
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
    await fillIn(user, personal.getByLabelText(/^Sukunimi/), "Virtanen");
    await fillIn(user, personal.getByLabelText(/^Henkilökohtainen sähköposti/), "Maija@Koti.test");
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
    await fillIn(user, personal.getByLabelText(/^Etunimi/), "Maikki");
    await user.click(personal.getByRole("button", { name: "Tallenna henkilötiedot" }));
    expect(await personal.findByRole("alert")).toHaveTextContent(
      "Palvelimella tapahtui virhe. Yritä myöhemmin uudelleen",
    );
    expect(personal.getByLabelText(/^Etunimi/)).toHaveValue("Maikki");
  });

  it("moves a failed save to the first field in error", async () => {
    const user = userEvent.setup();
    const api = fakeApi({});
    renderApp("/kayttaja", { user: me });
    const personal = await section("Henkilötiedot");
    await user.clear(personal.getByLabelText(/^Etunimi/));
    await fillIn(user, personal.getByLabelText(/^Henkilökohtainen sähköposti/), "ei-osoite");
    await user.click(personal.getByRole("button", { name: "Tallenna henkilötiedot" }));
    expect(personal.getByLabelText(/^Etunimi/)).toHaveFocus();
    expect(personal.getByLabelText(/^Etunimi/)).toHaveAccessibleDescription(/Tämä tieto on pakollinen/);
    expect(api.callsTo("PATCH", "/api/user")).toEqual([]);
  });

  it("says the server's refusal of a field at that field and moves there", async () => {
    const user = userEvent.setup();
    fakeApi({
      "PATCH /api/user": apiError(400, "VALIDATION_ERROR", "Request validation failed", {
        details: [
          {
            field: "body.lastName",
            message: "Too big",
            issue: { code: "too_big", origin: "string", maximum: 100 },
          },
        ],
      }),
    });
    renderApp("/kayttaja", { user: me });
    const personal = await section("Henkilötiedot");
    await user.click(personal.getByRole("button", { name: "Tallenna henkilötiedot" }));
    const lastName = personal.getByLabelText(/^Sukunimi/);
    await waitFor(() => expect(lastName).toHaveAccessibleDescription(/Enintään 100 merkkiä/));
    expect(lastName).toHaveFocus();
  });

  it("says a name's limit as it is typed past it, keeping all of it", async () => {
    const user = userEvent.setup();
    fakeApi({});
    renderApp("/kayttaja", { user: me });
    const personal = await section("Henkilötiedot");
    const lastName = personal.getByLabelText(/^Sukunimi/);
    await user.clear(lastName);
    await user.click(lastName);
    await user.paste("V".repeat(120));
    expect(lastName).toHaveValue("V".repeat(120));
    expect(lastName).toHaveAccessibleDescription(/Enintään 100 merkkiä/);
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
    await fillIn(user, input, "Maija.Uusi@demo.test");
    await user.click(work.getByRole("button", { name: "Tallenna työsähköposti" }));
    expect(await work.findByText("Tämä tieto on pakollinen")).toBeInTheDocument();
    expect(api.callsTo("PUT", `/api/system-users/${me.id}`)).toEqual([]);
    await fillIn(user, work.getByLabelText(/^Nykyinen salasana/), "Salasana1!");
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
    await fillIn(user, input, "toinen@demo.test");
    await fillIn(user, work.getByLabelText(/^Nykyinen salasana/), "Salasana1!");
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

  it("normalises the phone (docs/product.md 'Field rules'), asks the password, and stores it with the code sent to it", async () => {
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
    await fillIn(user, input, "123");
    await user.click(phone.getByRole("button", { name: "Tallenna puhelinnumero" }));
    expect(await phone.findByText("Puhelinnumeron muotoa ei tueta")).toBeInTheDocument();
    expect(api.callsTo("PATCH", `/api/system-users/${me.id}/phone`)).toEqual([]);

    await user.clear(input);
    await fillIn(user, input, "50 123 4567");
    await fillIn(user, phone.getByLabelText(/^Nykyinen salasana/), "Salasana1!");
    await user.click(phone.getByRole("button", { name: "Tallenna puhelinnumero" }));
    expect(await phone.findByRole("status")).toHaveTextContent(
      "Vahvistuskoodi lähetettiin numeroon 0501234567",
    );
    expect(api.callsTo("PATCH", `/api/system-users/${me.id}/phone`)[0]?.body).toEqual({
      phoneNumber: "0501234567",
      currentPassword: "Salasana1!",
    });
    await fillIn(user, phone.getByLabelText(/^Vahvistuskoodi/), "123456");
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
    await fillIn(user, input, "0401234567");
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

describe("the municipality and church on the own details", () => {
  const parameters = {
    today: "2026-11-22",
    taxYears: [TAX_YEAR_2025, TAX_YEAR_2026],
    municipalities: [...PUBLISHED_MUNICIPAL_RATES],
    leaseTerms: LEASE_TERMS,
    unconfirmed: [],
  };

  beforeAll(() => {
    // Mantine's combobox scrolls the selected option into view; jsdom has no scrollIntoView.
    if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
  });

  it("saves the municipality found by its Swedish name and the church with PUT /api/user/municipality", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      "GET /api/calculator/parameters": { status: 200, body: parameters },
      "PUT /api/user/municipality": (body) => ({ status: 200, body: { ...me, ...(body as object) } }),
    });
    renderApp("/kayttaja", { user: me });
    const part = await section("Kotikunta ja kirkko");
    const municipality = await part.findByRole("combobox", { name: "Kotikunta" });
    const save = part.getByRole("button", { name: "Tallenna kotikunta ja kirkko" });
    await fillIn(user, municipality, "vanda");
    await user.click(await screen.findByRole("option", { name: /^Vantaa – 6,4\s%/ }));
    await user.click(part.getByRole("combobox", { name: "Kirkko" }));
    await user.click(await screen.findByRole("option", { name: /^Evankelis-luterilainen kirkko – 1\s%$/ }));
    await user.click(save);
    expect(await part.findByText("Tiedot tallennettu.")).toBeInTheDocument();
    expect(api.callsTo("PUT", "/api/user/municipality")[0]?.body).toEqual({
      municipalityCode: "092",
      church: "EVANGELICAL_LUTHERAN",
    });
  });

  it("says so when the server does not know the municipality, keeping the choice", async () => {
    const user = userEvent.setup();
    fakeApi({
      "GET /api/calculator/parameters": { status: 200, body: parameters },
      "PUT /api/user/municipality": apiError(
        400,
        "UNKNOWN_MUNICIPALITY",
        "No municipality has the code 092",
        {
          details: [{ field: "body.municipalityCode", message: "No municipality has the code 092" }],
        },
      ),
    });
    renderApp("/kayttaja", { user: { ...me, municipalityCode: "091", church: "NONE" } });
    const part = await section("Kotikunta ja kirkko");
    const municipality = await part.findByRole("combobox", { name: "Kotikunta" });
    expect(municipality).toHaveValue("Helsinki – 5,3\u00a0%");
    await user.click(municipality);
    await user.clear(municipality);
    await fillIn(user, municipality, "Vantaa");
    await user.click(await screen.findByRole("option", { name: /^Vantaa/ }));
    await user.click(part.getByRole("button", { name: "Tallenna kotikunta ja kirkko" }));
    expect(await part.findByText("Kunnalle ei ole veroprosenttia tälle vuodelle.")).toBeInTheDocument();
    expect(municipality).toHaveValue("Vantaa – 6,4\u00a0%");
  });
});
