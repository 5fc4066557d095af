import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiError, fakeApi } from "../../../test/fake-api.ts";
import { setUpScreenTests } from "../../../test/screen-tests.ts";
import { COMMON, details, id, item, page, renderTab } from "./test-support.tsx";

setUpScreenTests();

describe("the Käyttäjät tab: the users list and the create form", () => {
  it("sends the filters and the page to the API and keeps them in the address", async () => {
    const user = userEvent.setup({ delay: null });
    // Two rows stand for a first page of 20: the pager follows the total.
    const many = [item(1), item(2)];
    const api = fakeApi({
      ...COMMON,
      "GET /api/system-users?isForList=true&page=1&limit=20": page(many, 25),
      "GET /api/system-users?isForList=true&page=1&limit=20&firstName=Aino": page(many, 25),
      "GET /api/system-users?isForList=true&page=2&limit=20&firstName=Aino": page([item(21)], 25, 2),
    });
    const { router } = renderTab("/admin/kayttajat");
    const row = await screen.findByRole("row", { name: /Virtanen 1\b/ });
    expect(within(row).getByText("aino1@demo.test")).toBeInTheDocument();
    expect(within(row).getByText("Työnantajan pääkäyttäjä")).toBeInTheDocument();
    expect(within(row).getByText("Käytössä")).toBeInTheDocument();
    expect(within(row).getByText("20.11.2026 12:15")).toBeInTheDocument();

    await user.click(screen.getByLabelText("Etunimi"));
    await user.paste("Aino");
    await waitFor(() =>
      expect(
        api.callsTo("GET", "/api/system-users?isForList=true&page=1&limit=20&firstName=Aino"),
      ).toHaveLength(1),
    );
    await user.click(screen.getByRole("button", { name: "Seuraava sivu" }));
    expect(await screen.findByText(/Virtanen 21/)).toBeInTheDocument();
    expect(router.state.location.search).toBe("?firstName=Aino&page=2");

    await user.click(screen.getByRole("link", { name: "Aino Virtanen 21" }));
    expect(router.state.location.pathname).toBe(`/admin/kayttajat/${id(21)}`);
  });

  it("checks the create form, shows a taken e-mail at its field and opens the new user", async () => {
    const user = userEvent.setup({ delay: null });
    let taken = true;
    const api = fakeApi({
      ...COMMON,
      "GET /api/system-users?isForList=true&page=1&limit=20": page([]),
      "POST /api/system-users": () =>
        taken
          ? apiError(409, "EMAIL_TAKEN", "A user with this e-mail already exists")
          : { status: 201, body: { user: item(9, { roles: ["INTERNAL_ADMIN"], companyId: null }) } },
      [`GET /api/system-users/${id(9)}`]: { status: 200, body: details({ ...item(9), userRoles: [] }) },
    });
    const { router } = renderTab("/admin/kayttajat");
    expect(await screen.findByText(/Käyttäjiä ei ole vielä/)).toBeInTheDocument();
    await user.click(screen.getAllByRole("button", { name: "Lisää käyttäjä" })[0] as HTMLElement);
    const dialog = within(await screen.findByRole("dialog", { name: "Lisää käyttäjä" }));
    await user.selectOptions(dialog.getByLabelText(/^Rooli/), "EMPLOYER_ADMIN");
    await user.click(dialog.getByRole("button", { name: "Lisää käyttäjä" }));
    expect(await dialog.findByRole("heading", { name: /Korjattavat tiedot/ })).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Etunimi/)).toHaveAccessibleDescription("Tämä tieto on pakollinen");
    expect(dialog.getAllByText(/Valitse yritys: muut kuin ylläpidon roolit/).length).toBeGreaterThan(0);
    expect(api.callsTo("POST", "/api/system-users")).toHaveLength(0);

    await user.click(dialog.getByLabelText(/^Etunimi/));
    await user.paste("Aino");
    await user.click(dialog.getByLabelText(/^Sukunimi/));
    await user.paste("Virtanen");
    await user.click(dialog.getByLabelText(/^Työsähköposti/));
    await user.paste("Aino@Pedaali.test");
    await user.selectOptions(dialog.getByLabelText(/^Rooli/), "INTERNAL_ADMIN");
    expect(dialog.getByRole("combobox", { name: /^Yritys/ })).toBeDisabled();
    await user.click(dialog.getByRole("button", { name: "Lisää käyttäjä" }));
    const email = dialog.getByLabelText(/^Työsähköposti/);
    await waitFor(() => expect(email).toHaveAttribute("aria-invalid", "true"));
    expect(
      dialog.getAllByText("Sähköpostiosoite on jo käytössä toisella käyttäjätilillä.").length,
    ).toBeGreaterThan(0);
    expect(api.callsTo("POST", "/api/system-users")[0]?.body).toEqual({
      firstName: "Aino",
      lastName: "Virtanen",
      workEmail: "aino@pedaali.test",
      personalEmail: null,
      phoneNumber: null,
      role: "INTERNAL_ADMIN",
      companyId: null,
      language: "fi",
    });

    taken = false;
    await user.click(dialog.getByRole("button", { name: "Lisää käyttäjä" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/kayttajat/${id(9)}`));
  });

  it("says when the user does not exist and leads back to the list", async () => {
    fakeApi({ ...COMMON, [`GET /api/system-users/${id(404)}`]: apiError(404, "NOT_FOUND", "Not found") });
    renderTab(`/admin/kayttajat/${id(404)}`);
    expect(await screen.findByText(/Käyttäjää ei löytynyt/)).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: "Takaisin käyttäjiin" })[0]).toHaveAttribute(
      "href",
      "/admin/kayttajat",
    );
  });
});
