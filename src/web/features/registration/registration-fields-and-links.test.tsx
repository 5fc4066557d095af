import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n, initI18n } from "../../i18n/i18n.ts";
import { apiError, type FakeReply, fakeApi } from "../../test/fake-api.ts";
import { fillIn } from "../../test/fill-in.ts";
import { renderApp } from "../../test/render-app.tsx";

/**
 * Defects a first-time user met on the registration pages: empty required fields said their format was wrong,
 * and a registration link that no longer works needs a page that says what happened and what next.
 */

const TOKEN = "k".repeat(43);
const DEMO_OY = "11111111-1111-4111-8111-111111111111";

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

const companyLink: FakeReply = {
  status: 200,
  body: { valid: true, kind: "company", name: "Demo Oy", companies: [{ id: DEMO_OY, name: "Demo Oy" }] },
};

/** The error text under a field (Mantine links it with aria-describedby). */
function errorOf(field: HTMLElement): string {
  const ids = (field.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
  return ids
    .map((id) => document.getElementById(id))
    .filter((el) => el?.className.includes("error"))
    .map((el) => el?.textContent ?? "")
    .join(" ");
}

describe("empty required fields say they are required", () => {
  it("on /liity/{token}: e-mail, phone and password", async () => {
    const user = userEvent.setup();
    const api = fakeApi({ [`GET /api/register-link/${TOKEN}`]: companyLink });
    renderApp(`/liity/${TOKEN}`, { user: null });
    await user.click(await screen.findByRole("button", { name: "Liity palveluun" }));
    expect(await screen.findByText("Sähköpostiosoite on pakollinen")).toBeInTheDocument();
    expect(errorOf(screen.getByLabelText(/^Työsähköposti/))).toBe("Sähköpostiosoite on pakollinen");
    expect(errorOf(screen.getByLabelText(/^Matkapuhelinnumero/))).toBe("Matkapuhelinnumero on pakollinen");
    expect(errorOf(screen.getByLabelText(/^Salasana/))).toBe("Salasana on pakollinen");
    expect(errorOf(screen.getByLabelText(/^Etunimi/))).toBe("Tämä tieto on pakollinen");
    expect(screen.queryByText("Tarkista sähköpostiosoite")).not.toBeInTheDocument();
    expect(screen.queryByText("Puhelinnumeron muotoa ei tueta")).not.toBeInTheDocument();
    expect(screen.queryByText("Salasana ei täytä vaatimuksia")).not.toBeInTheDocument();

    // Filled but malformed: the format errors stay.
    await fillIn(user, screen.getByLabelText(/^Työsähköposti/), "jussi@");
    await fillIn(user, screen.getByLabelText(/^Matkapuhelinnumero/), "12");
    await fillIn(user, screen.getByLabelText(/^Salasana/), "lyhyt");
    await user.click(screen.getByRole("button", { name: "Liity palveluun" }));
    expect(await screen.findByText("Tarkista sähköpostiosoite")).toBeInTheDocument();
    expect(screen.getByText("Puhelinnumeron muotoa ei tueta")).toBeInTheDocument();
    expect(screen.getByText("Salasana ei täytä vaatimuksia")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/register/employee")).toEqual([]);
  });

  it("on /register: e-mail, phone, business ID and postal code", async () => {
    const user = userEvent.setup();
    const api = fakeApi({});
    renderApp("/register", { user: null });
    await user.click(await screen.findByRole("button", { name: "Lähetä rekisteröityminen" }));
    expect(await screen.findByText("Sähköpostiosoite on pakollinen")).toBeInTheDocument();
    expect(errorOf(screen.getByLabelText(/^Työsähköposti/))).toBe("Sähköpostiosoite on pakollinen");
    expect(errorOf(screen.getByLabelText(/^Matkapuhelinnumero/))).toBe("Matkapuhelinnumero on pakollinen");
    expect(errorOf(screen.getByLabelText(/^Y-tunnus/))).toBe("Tämä tieto on pakollinen");
    expect(errorOf(screen.getByLabelText(/^Postinumero/))).toBe("Tämä tieto on pakollinen");
    for (const formatError of [
      "Tarkista sähköpostiosoite",
      "Puhelinnumeron muotoa ei tueta",
      "Tarkista Y-tunnus",
      "Postinumerossa on 5 numeroa",
    ]) {
      expect(screen.queryByText(formatError), formatError).not.toBeInTheDocument();
    }

    await fillIn(user, screen.getByLabelText(/^Työsähköposti/), "paula@pyora");
    await fillIn(user, screen.getByLabelText(/^Matkapuhelinnumero/), "12");
    await fillIn(user, screen.getByLabelText(/^Y-tunnus/), "1234567-8");
    await fillIn(user, screen.getByLabelText(/^Postinumero/), "001");
    await user.click(screen.getByRole("button", { name: "Lähetä rekisteröityminen" }));
    expect(await screen.findByText("Tarkista sähköpostiosoite")).toBeInTheDocument();
    expect(screen.getByText("Puhelinnumeron muotoa ei tueta")).toBeInTheDocument();
    expect(screen.getByText("Tarkista Y-tunnus")).toBeInTheDocument();
    expect(screen.getByText("Postinumerossa on 5 numeroa")).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it("in English and Swedish too", async () => {
    const user = userEvent.setup();
    fakeApi({ [`GET /api/register-link/${TOKEN}`]: companyLink });
    await i18n.changeLanguage("sv");
    renderApp(`/sv/liity/${TOKEN}`, { user: null });
    await user.click(await screen.findByRole("button", { name: "Anslut dig till tjänsten" }));
    expect(await screen.findByText("E-postadressen är obligatorisk")).toBeInTheDocument();
    expect(screen.getByText("Mobilnumret är obligatoriskt")).toBeInTheDocument();
    expect(screen.getByText("Lösenordet är obligatoriskt")).toBeInTheDocument();
  });
});

describe("a registration link that does not work gets a friendly page with the way forward", () => {
  it.each([
    [
      "expired, revoked or unknown (valid false)",
      TOKEN,
      { status: 200, body: { valid: false, kind: null, name: null, companies: [] } },
    ],
    ["malformed (400)", "short", apiError(400, "VALIDATION_ERROR", "Invalid input")],
  ] as [string, string, FakeReply][])("%s", async (_, token, reply) => {
    fakeApi({ [`GET /api/register-link/${token}`]: reply });
    renderApp(`/liity/${token}`, { user: null });
    const heading = await screen.findByRole("heading", {
      level: 2,
      name: "Rekisteröintilinkki ei ole voimassa",
    });
    const notice = within(heading.closest("section") as HTMLElement);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.queryByText(/400|Jokin meni vikaan/)).not.toBeInTheDocument();
    expect(notice.getByText(/vanhentunut, työnantajasi on poistanut sen käytöstä/)).toBeInTheDocument();
    expect(notice.getByText(/Pyydä työnantajaltasi uusi rekisteröintilinkki/)).toBeInTheDocument();
    expect(notice.getByRole("link", { name: "Kirjaudu sisään" })).toHaveAttribute("href", "/kirjaudu");
    expect(notice.getByRole("link", { name: "Ota yhteyttä asiakaspalveluun" })).toHaveAttribute(
      "href",
      "/ota-yhteytta",
    );
    expect(screen.queryByRole("button", { name: "Liity palveluun" })).not.toBeInTheDocument();
  });

  it("also when the link dies between opening the page and sending the form", async () => {
    const user = userEvent.setup();
    fakeApi({
      [`GET /api/register-link/${TOKEN}`]: companyLink,
      "POST /api/register/employee": apiError(400, "REGISTRATION_LINK_INVALID", "The link is invalid"),
    });
    renderApp(`/liity/${TOKEN}`, { user: null });
    await fillIn(user, await screen.findByLabelText(/^Etunimi/), "Jussi");
    await fillIn(user, screen.getByLabelText(/^Sukunimi/), "Liittyjä");
    await fillIn(user, screen.getByLabelText(/^Työsähköposti/), "jussi@demo.test");
    await fillIn(user, screen.getByLabelText(/^Matkapuhelinnumero/), "040 555 0188");
    await fillIn(user, screen.getByLabelText(/^Salasana/), "Aurinkoinen pyöräretki");
    await user.click(screen.getByRole("button", { name: "Liity palveluun" }));
    expect(
      await screen.findByRole("heading", { level: 2, name: "Rekisteröintilinkki ei ole voimassa" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ota yhteyttä asiakaspalveluun" })).toBeInTheDocument();
  });
});
