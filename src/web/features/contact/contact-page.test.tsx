import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n, initI18n } from "../../i18n/i18n.ts";
import { apiError, fakeApi } from "../../test/fake-api.ts";
import { fillIn } from "../../test/fill-in.ts";
import { renderApp } from "../../test/render-app.tsx";

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

/** Queries inside the form only: the footer has contact details and a company section too. */
const inForm = async () =>
  within(await screen.findByRole("form", { name: "Yhteydenottolomake" }, { timeout: 5000 }));

const sent = { status: 201, body: { message: "Thank you!" } };

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  const form = await inForm();
  await fillIn(user, form.getByLabelText(/^Nimi/), "Aino Virtanen");
  await fillIn(user, form.getByLabelText(/^Yritys/), "Virtasen Kala Oy");
  await fillIn(user, form.getByLabelText(/^Sähköpostiosoite/), "Aino.Virtanen@Example.fi");
  await fillIn(user, form.getByLabelText(/^Puhelinnumero/), "40 123 4567");
  await user.selectOptions(form.getByLabelText(/^Aihe/), "EMPLOYER");
  await fillIn(user, form.getByLabelText(/^Viesti/), "Haluaisimme pyöräedun 40 hengelle.");
  await user.click(form.getByRole("checkbox", { name: /Hyväksyn/ }));
}

describe("the contact form (/ota-yhteytta)", () => {
  it("sends the normalised fields with an empty honeypot and shows the success view", async () => {
    const user = userEvent.setup();
    const api = fakeApi({ "POST /api/contact-forms": sent });
    renderApp("/ota-yhteytta", { user: null });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Ota yhteyttä" }, { timeout: 5000 }),
    ).toBeInTheDocument();
    const details = within(document.querySelector('[aria-labelledby="contact-details"]') as HTMLElement);
    expect(details.getByRole("link", { name: "info@pedaali.fi" })).toHaveAttribute(
      "href",
      "mailto:info@pedaali.fi",
    );
    expect(details.getByRole("link", { name: "+358 9 4242 0000" })).toBeInTheDocument();
    expect((await inForm()).getByRole("link", { name: "Lue tietosuojaseloste" })).toHaveAttribute(
      "href",
      "/tietosuojaseloste",
    );
    await fillForm(user);
    await user.click(screen.getByRole("button", { name: "Lähetä viesti" }));
    expect(await screen.findByText("Kiitos viestistäsi!")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/contact-forms")[0]?.body).toEqual({
      name: "Aino Virtanen",
      company: "Virtasen Kala Oy",
      email: "aino.virtanen@example.fi",
      phoneNumber: "0401234567",
      topic: "EMPLOYER",
      message: "Haluaisimme pyöräedun 40 hengelle.",
      consent: true,
      website: "",
      language: "fi",
    });
  });

  it("checks the fields as the server does and sends nothing until they pass", async () => {
    const user = userEvent.setup();
    const api = fakeApi({ "POST /api/contact-forms": sent });
    renderApp("/ota-yhteytta", { user: null });
    const form = await inForm();
    await fillIn(user, form.getByLabelText(/^Sähköpostiosoite/), "aino..virtanen@example.fi");
    await fillIn(user, form.getByLabelText(/^Puhelinnumero/), "12345");
    await fillIn(user, form.getByLabelText(/^Viesti/), "Lyhyt");
    await user.click(screen.getByRole("button", { name: "Lähetä viesti" }));
    expect(await screen.findByText("Tämä tieto on pakollinen")).toBeInTheDocument();
    expect(screen.getByText("Tarkista sähköpostiosoite")).toBeInTheDocument();
    expect(screen.getByText("Valitse aihe", { selector: ".mantine-InputWrapper-error" })).toBeInTheDocument();
    expect(screen.getByText("Kirjoita vähintään 10 merkkiä")).toBeInTheDocument();
    expect(screen.getByText(/Hyväksy tietojesi käsittely/)).toBeInTheDocument();
    expect(form.getByLabelText(/^Puhelinnumero/)).toHaveAttribute("aria-invalid", "true");
    expect(api.calls).toHaveLength(0);
  });

  it("marks the fields the server refuses and keeps the values", async () => {
    const user = userEvent.setup();
    fakeApi({
      "POST /api/contact-forms": apiError(400, "VALIDATION_ERROR", "Request validation failed", {
        details: [{ field: "body.email", message: "Invalid email" }],
      }),
    });
    renderApp("/ota-yhteytta", { user: null });
    await fillForm(user);
    await user.click(screen.getByRole("button", { name: "Lähetä viesti" }));
    const form = await inForm();
    await waitFor(() =>
      expect(form.getByLabelText(/^Sähköpostiosoite/)).toHaveAttribute("aria-invalid", "true"),
    );
    expect(form.getByText("Tarkista tämä tieto")).toBeInTheDocument();
    expect(form.getByLabelText(/^Nimi/)).toHaveValue("Aino Virtanen");
    expect(form.getByLabelText(/^Viesti/)).toHaveValue("Haluaisimme pyöräedun 40 hengelle.");
    expect(form.getByRole("checkbox", { name: /Hyväksyn/ })).toBeChecked();
    expect(screen.queryByText("Kiitos viestistäsi!")).not.toBeInTheDocument();
  });

  it("keeps the honeypot away from people: hidden, out of the tab order, no autofill", async () => {
    fakeApi({});
    renderApp("/ota-yhteytta", { user: null });
    await inForm();
    const trap = document.querySelector<HTMLInputElement>('input[name="website"]');
    expect(trap).not.toBeNull();
    expect(trap).toHaveAttribute("tabindex", "-1");
    expect(trap).toHaveAttribute("autocomplete", "off");
    expect(trap?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole("textbox", { name: /Jätä tämä kenttä tyhjäksi/ })).not.toBeInTheDocument();
  });

  it("an empty required field says it is required, a malformed one keeps the format error", async () => {
    const user = userEvent.setup();
    const api = fakeApi({});
    renderApp("/ota-yhteytta", { user: null });
    const form = await inForm();
    await user.click(screen.getByRole("button", { name: "Lähetä viesti" }));
    expect(await form.findByText("Sähköpostiosoite on pakollinen")).toBeInTheDocument();
    expect(form.queryByText("Tarkista sähköpostiosoite")).not.toBeInTheDocument();
    // The phone number is optional: empty is fine, and never "unsupported format".
    expect(form.queryByText("Puhelinnumeron muotoa ei tueta")).not.toBeInTheDocument();
    expect(form.getByLabelText(/^Puhelinnumero/)).not.toHaveAttribute("aria-invalid", "true");
    // An empty message is missing, not too short.
    expect(form.queryByText("Kirjoita vähintään 10 merkkiä")).not.toBeInTheDocument();
    expect(form.getAllByText("Tämä tieto on pakollinen")).toHaveLength(2);

    await fillIn(user, form.getByLabelText(/^Sähköpostiosoite/), "aino@");
    await fillIn(user, form.getByLabelText(/^Puhelinnumero/), "12");
    await user.click(screen.getByRole("button", { name: "Lähetä viesti" }));
    expect(await form.findByText("Tarkista sähköpostiosoite")).toBeInTheDocument();
    expect(form.getByText("Puhelinnumeron muotoa ei tueta")).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it("shows the form in English", async () => {
    await i18n.changeLanguage("en");
    fakeApi({});
    renderApp("/en/ota-yhteytta", { user: null });
    expect(await screen.findByRole("heading", { level: 1, name: "Contact us" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send message" })).toBeInTheDocument();
  });
});
