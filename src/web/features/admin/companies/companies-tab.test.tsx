import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiError, fakeApi } from "../../../test/fake-api.ts";
import { setUpScreenTests } from "../../../test/screen-tests.ts";
import { FORM_OPTIONS, listItem, page, renderTab, uuid } from "./test-kit.tsx";

setUpScreenTests();

describe("the Yritykset tab", () => {
  it("pages and searches in the API, keeps the filters in the address and opens a company", async () => {
    const user = userEvent.setup();
    const first = Array.from({ length: 20 }, (_, i) => listItem(i));
    const api = fakeApi({
      ...FORM_OPTIONS,
      "GET /api/companies?page=1&limit=20": page(first, 21),
      "GET /api/companies?page=2&limit=20": page([listItem(20, { name: "Viimeinen Oy" })], 21, 2),
      "GET /api/companies?page=1&limit=20&search=kallio": page([
        listItem(30, {
          name: "Kallion Kahvila Oy",
          groupCompanyName: "Kallio-konserni",
          previousProvider: "Bikelink Oy",
        }),
      ]),
      [`GET /api/companies?page=1&limit=20&search=kallio&groupCompanyId=${uuid(900)}`]: page([]),
      [`GET /api/companies?page=1&limit=20&search=kallio&groupCompanyId=${uuid(900)}&groupCompany=false`]:
        page([]),
    });
    const { router } = renderTab("/admin/yritykset");
    const row = await screen.findByRole("row", { name: /Yritys 0 Oy/ });
    expect(within(row).getByText(/4\s500,00\s€/)).toBeInTheDocument();
    expect(within(row).getByText("Ei konsernia")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Seuraava sivu" }));
    expect(await screen.findByText("Viimeinen Oy")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe("?page=2"));

    await user.click(screen.getByRole("searchbox", { name: "Hae" }));
    await user.paste(" kallio ");
    const found = await screen.findByRole("row", { name: /Kallion Kahvila Oy/ });
    expect(within(found).getByText("Bikelink Oy")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe("?q=kallio"));

    await user.selectOptions(screen.getByRole("combobox", { name: "Konserni" }), uuid(900));
    await user.selectOptions(screen.getByRole("combobox", { name: "Konserniin kuuluminen" }), "standalone");
    expect(await screen.findByText(/Mikään yritys ei vastaa valintoja/)).toBeInTheDocument();
    expect(
      api.callsTo(
        "GET",
        `/api/companies?page=1&limit=20&search=kallio&groupCompanyId=${uuid(900)}&groupCompany=false`,
      ),
    ).toHaveLength(1);
    await waitFor(() =>
      expect(router.state.location.search).toBe(`?q=kallio&group=${uuid(900)}&kind=standalone`),
    );
    await user.click(screen.getByRole("button", { name: "Näytä kaikki" }));
    await user.click(await screen.findByRole("link", { name: "Yritys 3 Oy" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/yritykset/${uuid(103)}`));
  });

  it("says to add a company when there is none, and shows a taken group name at the name field", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      ...FORM_OPTIONS,
      "GET /api/companies?page=1&limit=20": page([]),
      "GET /api/group-companies?page=1&limit=20": page([]),
      "POST /api/group-companies": apiError(409, "GROUP_COMPANY_EXISTS_ERROR", "Group company exists"),
    });
    renderTab("/admin/yritykset");
    expect(await screen.findByText(/Yrityksiä ei ole vielä/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Lisää yritys" })).toHaveAttribute("href", "/admin/lisaa-yritys");

    await user.click(screen.getByRole("radio", { name: "Konsernit" }));
    await user.click((await screen.findAllByRole("button", { name: "Lisää konserni" }))[0] as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: "Uusi konserni" });
    const name = within(dialog).getByRole("textbox", { name: /Konsernin nimi/ });
    await user.click(name);
    await user.paste("Kallio-konserni");
    await user.click(within(dialog).getByRole("button", { name: "Tallenna" }));
    await waitFor(() => expect(name).toHaveAccessibleDescription("Konserni on jo olemassa."));
    expect(api.callsTo("POST", "/api/group-companies")[0]?.body).toEqual({
      name: "Kallio-konserni",
      businessId: null,
    });
  });
});
