import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n, initI18n } from "../../i18n/i18n.ts";
import { apiError, fakeApi } from "../../test/fake-api.ts";
import { fillIn } from "../../test/fill-in.ts";
import { renderApp } from "../../test/render-app.tsx";

const TOKEN = "j".repeat(43);
const DEMO_OY = "11111111-1111-4111-8111-111111111111";
const LOGISTIIKKA = "44444444-4444-4444-8444-444444444444";

beforeAll(async () => {
  await initI18n("fi");
});

beforeEach(async () => {
  window.localStorage.clear();
  await i18n.changeLanguage("fi");
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage("fi");
});

const companyLink = {
  status: 200,
  body: { valid: true, kind: "company", name: "Demo Oy", companies: [{ id: DEMO_OY, name: "Demo Oy" }] },
};

async function fillJoinForm(user: ReturnType<typeof userEvent.setup>) {
  await fillIn(user, await screen.findByLabelText(/^Etunimi/), "Jussi");
  await fillIn(user, screen.getByLabelText(/^Sukunimi/), "Liittyjä");
  await fillIn(user, screen.getByLabelText(/^Työsähköposti/), "Jussi.Liittyja@Demo.test");
  await fillIn(user, screen.getByLabelText(/^Matkapuhelinnumero/), "40 555 0188");
  await fillIn(user, screen.getByLabelText(/^Salasana/), "Aurinkoinen pyöräretki");
}

describe("joining by a registration link (/liity/{token})", () => {
  it("sends the employee's details with the normalised phone and shows the confirmation", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      [`GET /api/register-link/${TOKEN}`]: companyLink,
      "POST /api/register/employee": { status: 201, body: { message: "Registration received." } },
    });
    renderApp(`/liity/${TOKEN}`, { user: null });
    expect(await screen.findByText(/Liityt yrityksen Demo Oy polkupyöräetuun/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Työnantaja/)).not.toBeInTheDocument();
    await fillJoinForm(user);
    await user.click(screen.getByRole("button", { name: "Liity palveluun" }));
    expect(await screen.findByText("Kiitos, rekisteröityminen on vastaanotettu")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/register/employee")[0]?.body).toEqual({
      token: TOKEN,
      firstName: "Jussi",
      lastName: "Liittyjä",
      email: "jussi.liittyja@demo.test",
      phoneNumber: "0405550188",
      password: "Aurinkoinen pyöräretki",
      language: "fi",
    });
  });

  it("tells a person the employer had added already to set their password from the mail, without waiting", async () => {
    const user = userEvent.setup();
    fakeApi({
      [`GET /api/register-link/${TOKEN}`]: companyLink,
      "POST /api/register/employee": {
        status: 201,
        body: { message: "Your employer has added you already", alreadyAdded: true },
      },
    });
    renderApp(`/liity/${TOKEN}`, { user: null });
    await fillJoinForm(user);
    await user.click(screen.getByRole("button", { name: "Liity palveluun" }));
    expect(await screen.findByText("Työnantajasi on jo lisännyt sinut")).toBeInTheDocument();
    expect(screen.getByText(/Lähetimme sähköpostiisi linkin, jolla asetat salasanan/)).toBeInTheDocument();
    expect(screen.queryByText("Kiitos, rekisteröityminen on vastaanotettu")).not.toBeInTheDocument();
  });

  it("asks for the company of a group link", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      [`GET /api/register-link/${TOKEN}`]: {
        status: 200,
        body: {
          valid: true,
          kind: "groupCompany",
          name: "Demo-konserni",
          companies: [
            { id: DEMO_OY, name: "Demo Oy" },
            { id: LOGISTIIKKA, name: "Demo Logistiikka Oy" },
          ],
        },
      },
      "POST /api/register/employee": { status: 201, body: { message: "Registration received." } },
    });
    renderApp(`/liity/${TOKEN}`, { user: null });
    expect(await screen.findByText(/konsernin Demo-konserni/)).toBeInTheDocument();
    await fillJoinForm(user);
    await user.click(screen.getByRole("button", { name: "Liity palveluun" }));
    expect(await screen.findByText("Valitse yritys, jossa työskentelet")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/register/employee")).toEqual([]);
    await user.selectOptions(screen.getByLabelText(/^Työnantaja/), "Demo Logistiikka Oy");
    await user.click(screen.getByRole("button", { name: "Liity palveluun" }));
    expect(await screen.findByText("Kiitos, rekisteröityminen on vastaanotettu")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/register/employee")[0]?.body).toMatchObject({ companyId: LOGISTIIKKA });
  });

  it("checks the phone and the password rules before sending", async () => {
    const user = userEvent.setup();
    const api = fakeApi({ [`GET /api/register-link/${TOKEN}`]: companyLink });
    renderApp(`/liity/${TOKEN}`, { user: null });
    await fillIn(user, await screen.findByLabelText(/^Matkapuhelinnumero/), "12");
    await fillIn(user, screen.getByLabelText(/^Salasana/), "lyhyt");
    await user.click(screen.getByRole("button", { name: "Liity palveluun" }));
    expect(await screen.findByText("Puhelinnumeron muotoa ei tueta")).toBeInTheDocument();
    expect(screen.getByText("Salasana ei täytä vaatimuksia")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/register/employee")).toEqual([]);
  });

  it("puts a taken e-mail on its field and keeps what was typed", async () => {
    const user = userEvent.setup();
    fakeApi({
      [`GET /api/register-link/${TOKEN}`]: companyLink,
      "POST /api/register/employee": apiError(409, "EMAIL_TAKEN", "The e-mail is already in use"),
    });
    renderApp(`/liity/${TOKEN}`, { user: null });
    await fillJoinForm(user);
    await user.click(screen.getByRole("button", { name: "Liity palveluun" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Sähköpostiosoite on jo käytössä toisella käyttäjätilillä.",
    );
    expect(screen.getByLabelText(/^Työsähköposti/)).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText(/^Etunimi/)).toHaveValue("Jussi");
  });

  it("moves a failed submit to the first field in error", async () => {
    const user = userEvent.setup();
    const api = fakeApi({ [`GET /api/register-link/${TOKEN}`]: companyLink });
    renderApp(`/liity/${TOKEN}`, { user: null });
    await fillIn(user, await screen.findByLabelText(/^Etunimi/), "Jussi");
    await user.click(screen.getByRole("button", { name: "Liity palveluun" }));
    expect(screen.getByLabelText(/^Sukunimi/)).toHaveFocus();
    expect(screen.getByLabelText(/^Sukunimi/)).toHaveAccessibleDescription(/Tämä tieto on pakollinen/);
    expect(api.callsTo("POST", "/api/register/employee")).toEqual([]);
  });

  it("says the server's refusal of a field at that field and moves there", async () => {
    const user = userEvent.setup();
    fakeApi({
      [`GET /api/register-link/${TOKEN}`]: companyLink,
      "POST /api/register/employee": apiError(400, "VALIDATION_ERROR", "Request validation failed", {
        details: [
          {
            field: "body.lastName",
            message: "Too big",
            issue: { code: "too_big", origin: "string", maximum: 100 },
          },
        ],
      }),
    });
    renderApp(`/liity/${TOKEN}`, { user: null });
    await fillJoinForm(user);
    await user.click(screen.getByRole("button", { name: "Liity palveluun" }));
    const lastName = screen.getByLabelText(/^Sukunimi/);
    await waitFor(() => expect(lastName).toHaveAccessibleDescription(/Enintään 100 merkkiä/));
    expect(lastName).toHaveFocus();
  });

  it("says when the link no longer works", async () => {
    fakeApi({
      [`GET /api/register-link/${TOKEN}`]: {
        status: 200,
        body: { valid: false, kind: null, name: null, companies: [] },
      },
    });
    renderApp(`/liity/${TOKEN}`, { user: null });
    expect(await screen.findByText("Rekisteröintilinkki ei ole voimassa")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Liity palveluun" })).not.toBeInTheDocument();
  });

  it("speaks the language of a /{lang}/liity link", async () => {
    fakeApi({ [`GET /api/register-link/${TOKEN}`]: companyLink });
    renderApp(`/sv/liity/${TOKEN}`, { user: null });
    expect(await screen.findByText(/Du ansluter dig till cykelförmånen hos Demo Oy/)).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: /^Språk/ })).toHaveValue("sv");
  });
});

/** Types a field's whole value as one paste: a form this long typed key by key outlasts the test's time on a busy machine. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

describe("an employer's sign-up (/register)", () => {
  it("checks the business ID and the consent, then sends the company and its first admin", async () => {
    const user = userEvent.setup();
    const api = fakeApi({ "POST /api/register/company": { status: 201, body: { message: "Thank you!" } } });
    renderApp("/register", { user: null });
    await fill(user, await screen.findByLabelText(/^Yrityksen nimi/), "Pyörä Oy");
    await fill(user, screen.getByLabelText(/^Y-tunnus/), "1234567-8");
    await fill(user, screen.getByLabelText(/^Katuosoite/), "Testikatu 1");
    await fill(user, screen.getByLabelText(/^Postinumero/), "00100");
    await fill(user, screen.getByLabelText(/^Postitoimipaikka/), "Helsinki");
    await fill(user, screen.getByLabelText(/^Henkilöstön määrä/), "25");
    await fill(user, screen.getByLabelText(/^Etunimi/), "Paula");
    await fill(user, screen.getByLabelText(/^Sukunimi/), "Pääkäyttäjä");
    await fill(user, screen.getByLabelText(/^Työsähköposti/), "paula@pyora.test");
    await fill(user, screen.getByLabelText(/^Matkapuhelinnumero/), "050 123 4567");
    await user.click(screen.getByRole("button", { name: "Lähetä rekisteröityminen" }));
    expect(await screen.findByText("Tarkista Y-tunnus")).toBeInTheDocument();
    expect(screen.getByText("Hyväksy käyttöehdot ja tietosuojaseloste jatkaaksesi")).toBeInTheDocument();
    expect(api.calls).toEqual([]);

    await user.clear(screen.getByLabelText(/^Y-tunnus/));
    await fill(user, screen.getByLabelText(/^Y-tunnus/), "3401234-1");
    await user.click(screen.getByLabelText(/Hyväksyn palvelun käyttöehdot/));
    await user.click(screen.getByRole("button", { name: "Lähetä rekisteröityminen" }));
    expect(await screen.findByText("Kiitos rekisteröitymisestä!")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/register/company")[0]?.body).toEqual({
      company: {
        name: "Pyörä Oy",
        businessId: "3401234-1",
        streetAddress: "Testikatu 1",
        postalCode: "00100",
        city: "Helsinki",
        employeeCount: 25,
      },
      admin: {
        firstName: "Paula",
        lastName: "Pääkäyttäjä",
        email: "paula@pyora.test",
        phoneNumber: "0501234567",
      },
      language: "fi",
      consent: true,
    });
  });
});
