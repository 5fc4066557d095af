import { QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { THelpdeskSearchResult } from "../../../../contract/admin.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { fakeApi } from "../../../test/fake-api.ts";
import { fillIn } from "../../../test/fill-in.ts";
import { loadTexts, renderUi } from "../../../test/render-ui.tsx";
import { HelpdeskSearch } from "./helpdesk-search.tsx";

beforeAll(async () => {
  await loadTexts("fi");
  // Mantine's combobox scrolls the selected option into view; jsdom has no scrollIntoView.
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const COMPANY_ID = "cccccccc-cccc-4ccc-8ccc-ccccccccccc1";
const USER_ID = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbb1";

const RESULT: THelpdeskSearchResult = {
  companies: [{ id: COMPANY_ID, name: "Demo Oy", businessId: "2980005-2" }],
  users: [{ userId: USER_ID, name: "Maija Meikäläinen", email: "maija@demo.test", companyName: "Demo Oy" }],
  orders: [
    {
      orderId: "dddddddd-dddd-4ddd-8ddd-ddddddddddd1",
      orderNumber: 1042,
      orderStatus: "PROCESSED",
      employeeName: "Matti Demo",
      companyId: COMPANY_ID,
      companyName: "Demo Oy",
    },
  ],
};

function renderSearch() {
  const user = userEvent.setup({ delay: null });
  const view = renderUi(
    <QueryClientProvider client={createQueryClient()}>
      <Routes>
        <Route path="/admin/*" element={<HelpdeskSearch />} />
      </Routes>
    </QueryClientProvider>,
    { path: "/admin" },
  );
  return { user, ...view };
}

describe("the helpdesk search", () => {
  it("asks once the typing stops, groups the hits and opens the chosen one with the arrow keys and Enter", async () => {
    const replies = fakeApi({ "GET /api/admin/search?q=demo": { status: 200, body: RESULT } });
    const { user, router } = renderSearch();
    const field = screen.getByRole("combobox", { name: "Hae yrityksiä, käyttäjiä ja tilauksia" });
    await fillIn(user, field, "demo");

    expect(await screen.findByText("Maija Meikäläinen")).toBeInTheDocument();
    // Debounced: one call for the whole word, none for "d", "de" or "dem".
    expect(replies.calls.map((call) => call.url)).toEqual(["/api/admin/search?q=demo"]);
    expect(screen.getByText("Yritykset")).toBeInTheDocument();
    expect(screen.getByText("Käyttäjät")).toBeInTheDocument();
    expect(screen.getByText("Tilaukset")).toBeInTheDocument();
    expect(screen.getByText("Tilaus 1042")).toBeInTheDocument();
    expect(screen.getByText("Käsitelty")).toBeInTheDocument();
    expect(screen.getByText("Matti Demo · Demo Oy")).toBeInTheDocument();

    // The first hit (the company) is ready; one step down is the user.
    await user.keyboard("{ArrowDown}{Enter}");
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/kayttajat/${USER_ID}`));
    expect(field).toHaveValue("");
  });

  it("opens an order's page, says when nothing is found, and closes with Escape", async () => {
    fakeApi({
      "GET /api/admin/search?q=1042": { status: 200, body: { ...RESULT, companies: [], users: [] } },
      "GET /api/admin/search?q=zz": { status: 200, body: { companies: [], users: [], orders: [] } },
    });
    const { user, router } = renderSearch();
    const field = screen.getByRole("combobox", { name: "Hae yrityksiä, käyttäjiä ja tilauksia" });
    await fillIn(user, field, "zz");
    expect(await screen.findByText(/Ei tuloksia haulla ”zz”/)).toBeVisible();
    await user.keyboard("{Escape}");
    // The closed list leaves the page (the theme's Combobox default).
    await waitFor(() => expect(screen.queryByText(/Ei tuloksia/)).not.toBeInTheDocument());

    await user.clear(field);
    await fillIn(user, field, "1042");
    await user.click(await screen.findByText("Tilaus 1042"));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        "/admin/hakemukset/tilaus/dddddddd-dddd-4ddd-8ddd-ddddddddddd1",
      ),
    );
  });
});
