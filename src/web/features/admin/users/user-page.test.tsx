import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { i18n } from "../../../i18n/i18n.ts";
import { apiError, fakeApi } from "../../../test/fake-api.ts";
import { fillIn } from "../../../test/fill-in.ts";
import { setUpScreenTests } from "../../../test/screen-tests.ts";
import { COMMON, DEMO, details, id, KALA, renderTab } from "./test-support.tsx";

setUpScreenTests();

describe("the Käyttäjät tab: a user's page", () => {
  it("says an unknown user is not found, under the link back to the list", async () => {
    fakeApi({
      ...COMMON,
      [`GET /api/system-users/${id(1)}`]: apiError(404, "NOT_FOUND", "User not found"),
    });
    renderTab(`/admin/kayttajat/${id(1)}`);
    expect(await screen.findByRole("alert")).toHaveTextContent(/^Käyttäjää ei löytynyt\./);
    expect(screen.getByRole("link", { name: "Takaisin käyttäjiin" })).toBeInTheDocument();
  });

  it("assigns a role in two companies and removes it from one", async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({
      ...COMMON,
      [`GET /api/system-users/${id(1)}`]: { status: 200, body: details() },
      [`POST /api/user-roles/users/${id(1)}/roles/${id(203)}`]: {
        status: 200,
        body: { userId: id(1), roleId: id(203), assignments: [] },
      },
      [`DELETE /api/user-roles/users/${id(1)}/roles/${id(201)}`]: {
        status: 200,
        body: { userId: id(1), roleId: id(201), assignments: [] },
      },
    });
    renderTab(`/admin/kayttajat/${id(1)}`);
    const roles = within(await screen.findByRole("region", { name: "Roolit yrityksittäin" }));
    await user.click(roles.getByRole("button", { name: "Lisää rooli" }));
    const dialog = within(await screen.findByRole("dialog", { name: /Lisää rooli käyttäjälle/ }));
    await user.selectOptions(dialog.getByLabelText(/^Rooli/), id(203));
    await user.click(dialog.getByRole("combobox", { name: /^Yritykset/ }));
    await user.click(await dialog.findByRole("option", { name: "Demo Oy" }));
    await user.click(dialog.getByRole("option", { name: "Virtasen Kala Oy" }));
    await user.click(dialog.getByRole("button", { name: "Lisää rooli" }));
    expect(await screen.findByText("Rooli Työnantajan muokkaaja lisättiin.")).toBeInTheDocument();
    expect(api.callsTo("POST", `/api/user-roles/users/${id(1)}/roles/${id(203)}`)[0]?.body).toEqual({
      companyIds: [DEMO.id, KALA.id],
    });

    await user.click(roles.getByRole("button", { name: "Poista rooli Työnantajan pääkäyttäjä: Demo Oy" }));
    const confirm = within(await screen.findByRole("dialog", { name: /Poistetaanko rooli/ }));
    await user.click(confirm.getByRole("button", { name: "Poista rooli" }));
    expect(
      await screen.findByText("Rooli Työnantajan pääkäyttäjä poistettiin (Demo Oy)."),
    ).toBeInTheDocument();
    expect(api.callsTo("DELETE", `/api/user-roles/users/${id(1)}/roles/${id(201)}`)[0]?.body).toEqual({
      companyId: DEMO.id,
    });
  });

  it("explains why the last super admin cannot be deactivated", async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi({
      ...COMMON,
      [`GET /api/system-users/${id(1)}`]: { status: 200, body: details({ roles: ["SUPER_ADMIN"] }) },
      [`PATCH /api/system-users/${id(1)}/deactivated`]: apiError(
        409,
        "LAST_SUPER_ADMIN",
        "The last active super admin cannot be removed or deactivated",
      ),
    });
    renderTab(`/admin/kayttajat/${id(1)}`);
    const detailsCard = within(await screen.findByRole("region", { name: "Tiedot" }));
    await user.click(detailsCard.getByRole("button", { name: "Poista käytöstä" }));
    const confirm = within(await screen.findByRole("dialog", { name: /Poistetaanko käyttäjä/ }));
    await user.click(confirm.getByRole("button", { name: "Poista käytöstä" }));
    expect(await detailsCard.findByText(i18n.t("errors.LAST_SUPER_ADMIN"))).toBeInTheDocument();
    expect(i18n.t("errors.LAST_SUPER_ADMIN")).toMatch(/pääylläpitäjää/);
  });
  it("changes a user's work e-mail in its dialog: the field's own rule first, the address taken at the field", async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({
      ...COMMON,
      [`GET /api/system-users/${id(1)}`]: { status: 200, body: details() },
      [`PUT /api/system-users/${id(1)}`]: apiError(409, "EMAIL_TAKEN", "Email taken"),
    });
    renderTab(`/admin/kayttajat/${id(1)}`);
    const detailsCard = within(await screen.findByRole("region", { name: "Tiedot" }));
    await user.click(detailsCard.getByRole("button", { name: "Muuta työsähköpostia" }));
    const dialog = within(await screen.findByRole("dialog", { name: /työsähköposti$/ }));
    await user.click(dialog.getByRole("button", { name: "Tallenna" }));
    const field = dialog.getByLabelText(/^Uusi työsähköposti/);
    expect(field).toHaveAccessibleDescription(new RegExp(i18n.t("forms.emailRequired")));
    await fillIn(user, field, "ei-osoite");
    await user.click(dialog.getByRole("button", { name: "Tallenna" }));
    expect(field).toHaveAccessibleDescription(new RegExp(i18n.t("forms.emailInvalid")));
    expect(api.callsTo("PUT", `/api/system-users/${id(1)}`)).toHaveLength(0);

    await user.clear(field);
    await fillIn(user, field, " Uusi@Demo.fi ");
    await user.click(dialog.getByRole("button", { name: "Tallenna" }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(new RegExp(i18n.t("errors.EMAIL_TAKEN"))));
    expect(api.callsTo("PUT", `/api/system-users/${id(1)}`)[0]?.body).toMatchObject({
      workEmail: "uusi@demo.fi",
    });
  });
});
