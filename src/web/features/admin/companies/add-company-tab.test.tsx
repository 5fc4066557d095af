import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiError, fakeApi } from "../../../test/fake-api.ts";
import { setUpScreenTests } from "../../../test/screen-tests.ts";
import { COMPANY_ID, details, FORM_OPTIONS, renderTab, uuid } from "./test-kit.tsx";

setUpScreenTests();

type User = ReturnType<typeof userEvent.setup>;

/** Pastes the text: one change event, not one render per keystroke. */
/** One change event: the big form re-renders once per field, which keeps the test fast on a busy machine. */
function change(field: HTMLElement, value: string) {
  fireEvent.change(field, { target: { value } });
}

async function fill(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

describe("Lisää yritys", () => {
  it("sends the company with euros, a new group, its units and the first admin, then opens its page", async () => {
    const api = fakeApi({
      ...FORM_OPTIONS,
      "POST /api/companies": { status: 201, body: details() },
    });
    const { router } = renderTab("/admin/lisaa-yritys");
    change(await screen.findByRole("textbox", { name: /Yrityksen nimi/ }), "Kallion Kahvila Oy");
    change(screen.getByRole("textbox", { name: /Y-tunnus/ }), "2980005-2");
    fireEvent.click(screen.getByRole("radio", { name: "Uusi konserni" }));
    change(screen.getByRole("textbox", { name: /Uuden konsernin nimi/ }), "Kallio-ryhmä");
    change(screen.getByRole("textbox", { name: /enimmäishinta/ }), "4 500,50");
    await screen.findByRole("option", { name: "Grenkeleasing Oy" });
    change(screen.getByRole("combobox", { name: /Rahoitusyhtiö/ }), uuid(800));
    change(screen.getByRole("combobox", { name: /Aiempi palveluntarjoaja/ }), "Epassi Finland Oy");
    fireEvent.click(screen.getByRole("button", { name: "Lisää toimipiste" }));
    change(screen.getByRole("textbox", { name: "Toimipiste 1" }), "Helsinki");
    fireEvent.click(screen.getByRole("checkbox", { name: /pääkäyttäjä/ }));
    expect(screen.getByText(/saa sähköpostiin linkin/)).toBeInTheDocument();
    change(screen.getByRole("textbox", { name: /Etunimi/ }), "Kaisa");
    change(screen.getByRole("textbox", { name: /Sukunimi/ }), "Kallio");
    change(screen.getByRole("textbox", { name: /Sähköpostiosoite/ }), "kaisa@kallio.fi");
    fireEvent.click(screen.getByRole("button", { name: "Lisää yritys" }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/yritykset/${COMPANY_ID}`));
    expect(await screen.findByText(`Yritys ${details().name} luotiin.`)).toBeInTheDocument();
    const [call] = api.callsTo("POST", "/api/companies");
    expect(call?.body).toMatchObject({
      name: "Kallion Kahvila Oy",
      businessId: "2980005-2",
      newGroupCompanyName: "Kallio-ryhmä",
      maxPrice: 4500.5,
      vatPercent: null,
      paymentMode: "PAYROLL",
      leasingCompanyId: uuid(800),
      previousProvider: "Epassi Finland Oy",
      unitNames: ["Helsinki"],
      admin: { firstName: "Kaisa", lastName: "Kallio", email: "kaisa@kallio.fi", phoneNumber: null },
    });
    expect(call?.body).not.toHaveProperty("groupCompanyId");
  });

  it("checks the business ID as typed, reads a network failure as UNDEFINED_ERROR and a taken group at its field", async () => {
    const user = userEvent.setup();
    let offline = true;
    const api = fakeApi({
      ...FORM_OPTIONS,
      "POST /api/companies": apiError(409, "GROUP_COMPANY_EXISTS_ERROR", "Group company exists"),
    });
    const answer = api.fetchMock.getMockImplementation();
    api.fetchMock.mockImplementation(async (input, init) => {
      if (offline && String(input) === "/api/companies") throw new TypeError("Failed to fetch");
      return (answer as typeof fetch)(input, init);
    });
    renderTab("/admin/lisaa-yritys");
    await fill(user, await screen.findByRole("textbox", { name: /Yrityksen nimi/ }), "Kallion Kahvila Oy");
    const businessId = screen.getByRole("textbox", { name: /Y-tunnus/ });
    await fill(user, businessId, "2980005-3");
    expect(businessId).toHaveAccessibleDescription(/Y-tunnuksen tarkistusnumero ei täsmää/);
    await user.clear(businessId);
    await fill(user, businessId, "2980005-2");
    expect(businessId).not.toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("link", { name: "Siirry hakemuksiin" })).toHaveAttribute(
      "href",
      "/admin/hakemukset/yrityshakemukset",
    );

    await user.click(screen.getByRole("radio", { name: "Uusi konserni" }));
    const group = screen.getByRole("textbox", { name: /Uuden konsernin nimi/ });
    await fill(user, group, "Kallio-konserni");
    await user.click(screen.getByRole("button", { name: "Lisää yritys" }));
    expect(await screen.findByText("Jokin meni vikaan. Yritä myöhemmin uudelleen.")).toBeInTheDocument();

    offline = false;
    await user.click(screen.getByRole("button", { name: "Lisää yritys" }));
    await waitFor(() => expect(group).toHaveAccessibleDescription("Konserni on jo olemassa."));
    const summary = screen.getByRole("region", { name: /Korjattavat tiedot/ });
    expect(
      within(summary).getByRole("link", { name: /Uuden konsernin nimi: Konserni on jo olemassa/ }),
    ).toBeInTheDocument();
    expect(screen.queryByText("Jokin meni vikaan. Yritä myöhemmin uudelleen.")).not.toBeInTheDocument();
  });

  it("says what an e-invoice address and an operator ID are when they are not, and sends them as typed once they are", async () => {
    const api = fakeApi({
      ...FORM_OPTIONS,
      "POST /api/companies": { status: 201, body: details() },
    });
    renderTab("/admin/lisaa-yritys");
    change(await screen.findByRole("textbox", { name: /Yrityksen nimi/ }), "Kallion Kahvila Oy");
    change(screen.getByRole("textbox", { name: /Y-tunnus/ }), "2980005-2");
    const address = screen.getByRole("textbox", { name: /Verkkolaskuosoite/ });
    const operator = screen.getByRole("textbox", { name: /Välittäjätunnus/ });
    expect(address).toHaveAccessibleDescription(/OVT-tunnus .* tai IBAN/);
    // A wrong check digit in the business ID's part, and a BIC one letter short.
    change(address, "003729800053");
    change(operator, "NDEAFIH");
    fireEvent.click(screen.getByRole("button", { name: "Lisää yritys" }));
    await waitFor(() => expect(address).toHaveAccessibleDescription(/Verkkolaskuosoite on OVT-tunnus/));
    expect(operator).toHaveAccessibleDescription(/Välittäjätunnus on OVT-tunnus .* BIC-tunnus/);
    expect(api.callsTo("POST", "/api/companies")).toHaveLength(0);

    change(address, "0037 2980 0052");
    change(operator, "NDEAFIHH");
    fireEvent.click(screen.getByRole("button", { name: "Lisää yritys" }));
    await waitFor(() => expect(api.callsTo("POST", "/api/companies")).toHaveLength(1));
    expect(api.callsTo("POST", "/api/companies")[0]?.body).toMatchObject({
      eInvoiceAddress: "0037 2980 0052",
      eInvoiceOperator: "NDEAFIHH",
    });
  });
});
