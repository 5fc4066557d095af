import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { apiError } from "../../../test/fake-api.ts";
import { fillIn } from "../../../test/fill-in.ts";
import { loadTexts } from "../../../test/render-ui.tsx";
import {
  api,
  FIRST_PAGE,
  FIRST_PAGE_URL,
  listItem,
  ORDER_ID,
  ORDER_ID_2,
  page,
  renderTab,
} from "./test-kit.tsx";

beforeAll(async () => {
  await loadTexts("fi");
  // mantine-datatable scrolls its viewport to the top on a page change; jsdom has no Element.scrollTo.
  if (!Element.prototype.scrollTo) Element.prototype.scrollTo = () => {};
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the helpdesk's order queue (Hakemukset)", () => {
  it("opens first at /admin with what waits for the helpdesk, the orders, and the applications a click away", async () => {
    api({ [FIRST_PAGE]: page([listItem()]) });
    const { router } = renderTab();
    const table = await screen.findByRole("table", { name: "Tilausjono" });
    const row = (await within(table).findByText("Aino Virtanen")).closest("tr") as HTMLElement;
    expect(within(row).getByRole("link", { name: "1042" })).toHaveAttribute(
      "href",
      `/admin/hakemukset/tilaus/${ORDER_ID}`,
    );
    expect(within(row).getByText("Kallion Kahvila Oy")).toBeInTheDocument();
    expect(within(row).getByText("Kallion Pyörä")).toBeInTheDocument();
    expect(within(row).getByText("Vahvistettu")).toBeInTheDocument();
    expect(within(row).getByText(/Asiakaspalvelu/)).toBeInTheDocument();
    // The exact Finnish time of "since when" is there for screen readers and as the time's title.
    expect(within(row).getByText(/22\.11\.2026 10:00/)).toBeInTheDocument();
    expect(row.querySelector("time")).toHaveAttribute("title", "22.11.2026 10:00");
    expect(within(row).getByText(/2\s?499,00\s€/)).toBeInTheDocument();

    // The summary strip links into the filtered queue and to the applications.
    const tasks = screen.getByRole("navigation", { name: "Odottaa asiakaspalvelua" });
    expect(within(tasks).getByRole("link", { name: /Vahvistettu: 2/ })).toHaveAttribute(
      "href",
      "/admin/hakemukset?status=CONFIRMED",
    );
    // The employees' answers to the helpdesk's questions lead to the orders waiting for them.
    expect(within(tasks).getByRole("link", { name: /Asiakkaiden vastaukset: 1/ })).toHaveAttribute(
      "href",
      "/admin/hakemukset?status=WAITING_FOR_CUSTOMER_COMMENT",
    );
    expect(within(tasks).getByRole("link", { name: /Yrityshakemukset: 3/ })).toHaveAttribute(
      "href",
      "/admin/hakemukset/yrityshakemukset",
    );
    // The status filter counts from /list-data.
    expect(screen.getByRole("option", { name: "Vahvistettu (2)" })).toBeInTheDocument();
    expect(screen.getByRole("option", { name: "Kaikki tilat (7)" })).toBeInTheDocument();

    // The applications switch shows how many wait.
    expect(screen.getByText("3")).toBeInTheDocument();
    router.navigate("/admin/hakemukset/yrityshakemukset");
    await waitFor(() => expect(screen.queryByRole("table", { name: "Tilausjono" })).not.toBeInTheDocument());
  });

  it("keeps the subset, status, search and company in the address and asks the API with them", async () => {
    const replies = api({
      [FIRST_PAGE]: page([listItem()]),
      [`${FIRST_PAGE}&status=PENDING`]: page([]),
      [`${FIRST_PAGE}&status=PENDING&search=Aino`]: page([listItem({ orderStatus: "PENDING" })]),
      "GET /api/orders/all?page=1&limit=20&statusGroup=FROM_PROCESSED&search=Aino": page([]),
    });
    const { user, router } = renderTab();
    await screen.findByText("Aino Virtanen");

    await user.selectOptions(screen.getByLabelText("Tila"), "PENDING");
    await waitFor(() => expect(router.state.location.search).toBe("?status=PENDING"));
    expect(await screen.findByText(/Mikään tilaus ei vastaa valintoja/)).toBeInTheDocument();

    await fillIn(user, screen.getByLabelText("Haku"), "  Aino ");
    await waitFor(() => expect(router.state.location.search).toBe("?status=PENDING&search=Aino"));
    expect(await screen.findByText("Aino Virtanen")).toBeInTheDocument();
    expect(replies.callsTo("GET", `${FIRST_PAGE_URL}&status=PENDING&search=Aino`)).toHaveLength(1);

    // Another subset drops a status that may not be in it.
    await user.click(screen.getByText("Käsitellystä alkaen"));
    await waitFor(() => expect(router.state.location.search).toBe("?search=Aino&group=FROM_PROCESSED"));
    await waitFor(() =>
      expect(
        replies.callsTo("GET", "/api/orders/all?page=1&limit=20&statusGroup=FROM_PROCESSED&search=Aino"),
      ).toHaveLength(1),
    );
    expect(screen.getByRole("option", { name: "Verkkokauppatilaus (1)" })).toBeInTheDocument();
  });

  it("reads the filters from a shared link, company included", async () => {
    const replies = api({
      [`${FIRST_PAGE}&status=CONFIRMED&companyId=cccccccc-cccc-4ccc-8ccc-ccccccccccc1`]: page([listItem()]),
      "GET /api/orders/list-data?companyId=cccccccc-cccc-4ccc-8ccc-ccccccccccc1": {
        status: 200,
        body: { statusCounts: [{ status: "CONFIRMED", count: 1 }], total: 1 },
      },
    });
    renderTab("/admin/hakemukset?status=CONFIRMED&companyId=cccccccc-cccc-4ccc-8ccc-ccccccccccc1");
    expect(await screen.findByText("Aino Virtanen")).toBeInTheDocument();
    expect(await screen.findByRole("option", { name: "Vahvistettu (1)" })).toBeInTheDocument();
    expect(replies.calls.some((call) => call.url.startsWith("/api/orders/list-data?companyId="))).toBe(true);
  });

  it("moves selected orders in bulk to a safe status and shows each order's result, a refusal by its code", async () => {
    const replies = api({
      [FIRST_PAGE]: page([listItem(), listItem({ orderId: ORDER_ID_2, orderNumber: 1043 })]),
      "POST /api/orders/bulk-status": {
        status: 200,
        body: {
          results: [
            { orderId: ORDER_ID, ok: true },
            { orderId: ORDER_ID_2, ok: false, code: "ORDER_TRANSITION_NOT_ALLOWED" },
          ],
        },
      },
    });
    const { user } = renderTab();
    await user.click(await screen.findByRole("checkbox", { name: "Valitse tilaus 1042" }));
    await user.click(screen.getByRole("checkbox", { name: "Valitse tilaus 1043" }));
    expect(screen.getByText("Valittuna 2 tilausta")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Siirrä valitut…" }));

    const dialog = await screen.findByRole("dialog", { name: "Siirrä valitut tilaukset" });
    // Only the safe moves are offered.
    expect(
      within(dialog)
        .getAllByRole("option")
        .map((option) => option.getAttribute("value")),
    ).toEqual(["CASE_X", "WAITING_FOR_CUSTOMER_COMMENT"]);
    await user.selectOptions(within(dialog).getByLabelText("Uusi tila"), "WAITING_FOR_CUSTOMER_COMMENT");
    await user.click(within(dialog).getByRole("button", { name: /Siirrä 2 tilausta/ }));

    expect(await within(dialog).findByText("Siirretty: 1. Ei siirretty: 1.")).toBeInTheDocument();
    expect(within(dialog).getByText(/Tilaus 1042: siirretty/)).toBeInTheDocument();
    expect(
      within(dialog).getByText(/Tilaus 1043: ei siirretty – Tilauksen tila on muuttunut/),
    ).toBeInTheDocument();
    expect(replies.callsTo("POST", "/api/orders/bulk-status")[0]?.body).toEqual({
      orderIds: [ORDER_ID, ORDER_ID_2],
      to: "WAITING_FOR_CUSTOMER_COMMENT",
    });
    // The selection is cleared once the move is done.
    expect(screen.queryByText("Valittuna 2 tilausta")).not.toBeInTheDocument();
  });

  it("shows a refused bulk request by its translated code in the dialog", async () => {
    api({
      [FIRST_PAGE]: page([listItem()]),
      "POST /api/orders/bulk-status": apiError(409, "ORDER_TRANSITION_NOT_ALLOWED", "Not allowed"),
    });
    const { user } = renderTab();
    await screen.findByText("Aino Virtanen");
    await user.click(screen.getByRole("checkbox", { name: "Valitse sivun tilaukset" }));
    await user.click(screen.getByRole("button", { name: "Siirrä valitut…" }));
    const dialog = await screen.findByRole("dialog", { name: "Siirrä valitut tilaukset" });
    await user.click(within(dialog).getByRole("button", { name: /Siirrä 1 tilausta/ }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(/Tilauksen tila on muuttunut/);
  });
});
