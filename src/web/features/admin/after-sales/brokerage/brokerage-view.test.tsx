import { QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import type { TBikeBrokerage, TBikeBrokerageDetails } from "../../../../../contract/bike-brokerage.ts";
import { ToastHost } from "../../../../components/toast-host.tsx";
import { createQueryClient } from "../../../../lib/query-client.ts";
import { apiError } from "../../../../test/fake-api.ts";
import { fillIn } from "../../../../test/fill-in.ts";
import { renderUi } from "../../../../test/render-ui.tsx";
import { setUpScreenTests } from "../../../../test/screen-tests.ts";
import { HelpdeskTab } from "../../orders/helpdesk-tab.tsx";
import { api, listItem } from "../../orders/test-kit.tsx";

setUpScreenTests();

const BIKE_ID = "bbbbbbbb-bbbb-4bbb-8bbb-000000000001";
const ORDER_ID = "0a0a0a0a-0a0a-4a0a-8a0a-0a0a0a0a0a01";
const INQUIRY_ID = "1a1a1a1a-1a1a-4a1a-8a1a-1a1a1a1a1a01";
const LIST_URL = "/api/bike-brokerage?page=1&limit=20";
const DETAIL_PATH = `/admin/hakemukset/valitys/${BIKE_ID}`;
const GET_BIKE = `GET /api/bike-brokerage/${BIKE_ID}`;
const PUT_BIKE = `PUT /api/bike-brokerage/${BIKE_ID}`;

const bike = (overrides: Partial<TBikeBrokerage> = {}): TBikeBrokerage => ({
  bikeBrokerageId: BIKE_ID,
  orderId: ORDER_ID,
  orderNumber: 10042,
  bikeRedemptionId: null,
  companyName: "Demo Oy",
  brand: "Tunturi",
  model: "eGo 500 Urban",
  modelYear: 2022,
  frameSize: "M",
  description: "Huollettu.",
  askingPriceCents: 132_900,
  city: "Espoo",
  adminNote: null,
  status: "PENDING",
  stage: "WAITING",
  listed: false,
  listedAt: null,
  soldAt: null,
  openInquiryCount: 1,
  createdAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-20T10:00:00.000Z",
  ...overrides,
});

const details = (overrides: Partial<TBikeBrokerageDetails> = {}): TBikeBrokerageDetails => ({
  ...bike(),
  suggestion: {
    priceCents: 132_900,
    packagePriceCents: 289_000,
    leaseStartDate: "2023-11-01",
    months: 36,
    residualValueCents: 14_450,
  },
  inquiryCount: 1,
  inquiries: [
    {
      inquiryId: INQUIRY_ID,
      bikeBrokerageId: BIKE_ID,
      name: "Aino Koivula",
      email: "aino.koivula@demo.test",
      phoneNumber: "0401234567",
      message: "Voiko pyörää koeajaa?",
      handled: false,
      handledAt: null,
      createdAt: "2026-11-21T09:00:00.000Z",
    },
  ],
  events: [
    {
      id: "ee000000-0000-4000-8000-000000000001",
      type: "BIKE_BROKERAGE_LISTED",
      action: null,
      actorName: "Hanna Helpdesk",
      createdAt: "2026-11-20T10:00:00.000Z",
    },
  ],
  ...overrides,
});

const page = (items: TBikeBrokerage[]) => ({
  items,
  page: 1,
  limit: 20,
  total: items.length,
  totalPages: 1,
  hasNext: false,
  hasPrevious: false,
});
/** The Hakemukset tab at `path`, with the toasts the actions say their success in. */
function renderTab(path: string) {
  const user = userEvent.setup({ delay: null });
  const view = renderUi(
    <QueryClientProvider client={createQueryClient()}>
      <Routes>
        <Route path="/admin/*" element={<HelpdeskTab />} />
      </Routes>
      <ToastHost />
    </QueryClientProvider>,
    { path },
  );
  return { user, ...view };
}

const saved = (b: TBikeBrokerage) => ({
  status: 200,
  body: { message: "Bike brokerage updated successfully", bikeBrokerage: b },
});

describe("Hakemukset → Pyörävälitys", () => {
  it("lists the bikes with their stage, price and unanswered inquiries, and filters by stage", async () => {
    const replies = api({
      [`GET ${LIST_URL}`]: { status: 200, body: page([bike({ stage: "FOR_SALE", listed: true })]) },
      [`GET ${LIST_URL}&status=PENDING&listed=false`]: { status: 200, body: page([]) },
    });
    const { user } = renderTab("/admin/hakemukset/valitys");
    const table = await screen.findByRole("table", { name: "Pyörävälitys" });
    const row = await within(table).findByRole("row", { name: /Tunturi eGo 500 Urban \(2022\)/ });
    expect(within(row).getByRole("link", { name: "Tunturi eGo 500 Urban (2022)" })).toHaveAttribute(
      "href",
      DETAIL_PATH,
    );
    expect(row).toHaveTextContent("Tilaus 10042 · Demo Oy");
    expect(row).toHaveTextContent("Myynnissä");
    expect(row).toHaveTextContent(/1\s329,00\s€/);

    await user.selectOptions(screen.getByLabelText("Tila"), "WAITING");
    await waitFor(() =>
      expect(replies.callsTo("GET", `${LIST_URL}&status=PENDING&listed=false`)).toHaveLength(1),
    );
    expect(await screen.findByText(/Hakua vastaavia pyöriä ei ole/)).toBeInTheDocument();
  });

  it("adds a bike by hand: says at the fields what is missing, then posts it and opens its page", async () => {
    let added = false;
    const replies = api({
      [`GET ${LIST_URL}`]: { status: 200, body: page([]) },
      "POST /api/bike-brokerage": () => {
        added = true;
        return {
          status: 201,
          body: { message: "Bike brokerage created successfully", bikeBrokerage: bike() },
        };
      },
      [GET_BIKE]: () => ({ status: added ? 200 : 404, body: details() }),
    });
    const { user, router } = renderTab("/admin/hakemukset/valitys");
    await user.click(await screen.findByRole("button", { name: "Lisää pyörä" }));
    const dialog = await screen.findByRole("dialog", { name: "Lisää pyörä välitykseen" });
    await user.click(within(dialog).getByRole("radio", { name: "Käsin" }));
    await user.click(within(dialog).getByRole("button", { name: "Lisää pyörä" }));
    expect(await within(dialog).findAllByText("Tämä tieto on pakollinen")).toHaveLength(3);
    expect(within(dialog).getByLabelText(/^Merkki/)).toHaveAttribute("aria-invalid", "true");

    await fillIn(user, within(dialog).getByLabelText(/^Merkki/), "Helkama");
    await fillIn(user, within(dialog).getByLabelText(/^Malli/), "Jopo 24");
    await fillIn(user, within(dialog).getByLabelText(/^Vuosimalli/), "2021");
    await fillIn(user, within(dialog).getByLabelText(/^Hintapyyntö/), "240");
    await fillIn(user, within(dialog).getByLabelText(/^Paikkakunta/), "Tampere");
    await user.click(within(dialog).getByLabelText(/^Näytä heti välityssivulla/));
    await user.click(within(dialog).getByRole("button", { name: "Lisää pyörä" }));
    await waitFor(() => expect(replies.callsTo("POST", "/api/bike-brokerage")).toHaveLength(1));
    expect(replies.callsTo("POST", "/api/bike-brokerage")[0]?.body).toEqual({
      brand: "Helkama",
      model: "Jopo 24",
      modelYear: 2021,
      frameSize: null,
      city: "Tampere",
      description: null,
      adminNote: null,
      askingPriceCents: 24_000,
      listed: true,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(DETAIL_PATH));
    expect(await screen.findByText("Pyörä lisätty välitykseen")).toBeInTheDocument();
  }, 30_000);

  it("adds an order's bike found by its number, the price left to the suggestion", async () => {
    const replies = api({
      [`GET ${LIST_URL}`]: { status: 200, body: page([]) },
      "GET /api/orders/all?search=10042&page=1&limit=1": {
        status: 200,
        body: {
          ...page([]),
          items: [listItem({ orderNumber: 10042, orderStatus: "ACTIVE_LEASING" })],
          total: 1,
        },
      },
      "POST /api/bike-brokerage": apiError(409, "CONFLICT", "The order's bike is already in the brokerage"),
    });
    const { user } = renderTab("/admin/hakemukset/valitys");
    await user.click(await screen.findByRole("button", { name: "Lisää pyörä" }));
    const dialog = await screen.findByRole("dialog", { name: "Lisää pyörä välitykseen" });
    await fillIn(user, within(dialog).getByLabelText(/^Tilausnumero/), "10042");
    await user.click(within(dialog).getByRole("button", { name: "Hae tilaus" }));
    expect(await within(dialog).findByText("Aino Virtanen (Kallion Kahvila Oy)")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Lisää pyörä" }));
    await waitFor(() => expect(replies.callsTo("POST", "/api/bike-brokerage")).toHaveLength(1));
    expect(replies.callsTo("POST", "/api/bike-brokerage")[0]?.body).toEqual({
      orderId: ORDER_ID,
      city: null,
      listed: false,
    });
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Tilauksen pyörä on jo välityksessä");
  }, 30_000);
});

describe("a brokerage bike's page", () => {
  it("shows the bike, its suggested price, its inquiries and events, and lists it", async () => {
    let listed = false;
    const replies = api({
      [GET_BIKE]: () => ({
        status: 200,
        body: details(
          listed ? { stage: "FOR_SALE", listed: true, listedAt: "2026-11-22T10:00:00.000Z" } : {},
        ),
      }),
      [PUT_BIKE]: () => {
        listed = true;
        return saved(bike({ stage: "FOR_SALE", listed: true }));
      },
    });
    const { user } = renderTab(DETAIL_PATH);
    expect(await screen.findByRole("heading", { name: "Tunturi eGo 500 Urban (2022)" })).toBeInTheDocument();
    expect(screen.getByText("Odottaa tarkastusta")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Tilaus 10042 · Demo Oy" })).toHaveAttribute(
      "href",
      `/admin/hakemukset/tilaus/${ORDER_ID}`,
    );
    expect(screen.getByText(/Ehdotus 1\s329,00\s€: paketin hinta 2\s890,00\s€/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Hintapyyntö/)).toHaveValue("1329,00");
    const inquiries = screen.getByRole("table", { name: "Ostokyselyt" });
    expect(within(inquiries).getByText("Voiko pyörää koeajaa?")).toBeInTheDocument();
    expect(
      within(screen.getByRole("region", { name: "Tapahtumat" })).getByText(/Hanna Helpdesk/),
    ).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Näytä välityssivulla" }));
    await waitFor(() => expect(replies.callsTo("PUT", `/api/bike-brokerage/${BIKE_ID}`)).toHaveLength(1));
    expect(replies.callsTo("PUT", `/api/bike-brokerage/${BIKE_ID}`)[0]?.body).toEqual({ listed: true });
    expect(await screen.findByText("Pyörä näkyy nyt välityssivulla")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Piilota välityssivulta" })).toBeInTheDocument();
  });

  it("marks a bike sold after asking", async () => {
    const replies = api({
      [GET_BIKE]: { status: 200, body: details({ stage: "FOR_SALE", listed: true }) },
      [PUT_BIKE]: saved(bike({ status: "COMPLETED", stage: "SOLD" })),
    });
    const { user } = renderTab(DETAIL_PATH);
    await user.click(await screen.findByRole("button", { name: "Merkitse myydyksi" }));
    const dialog = await screen.findByRole("dialog", {
      name: "Merkitäänkö Tunturi eGo 500 Urban (2022) myydyksi?",
    });
    expect(replies.callsTo("PUT", `/api/bike-brokerage/${BIKE_ID}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Merkitse myydyksi" }));
    await waitFor(() => expect(replies.callsTo("PUT", `/api/bike-brokerage/${BIKE_ID}`)).toHaveLength(1));
    expect(replies.callsTo("PUT", `/api/bike-brokerage/${BIKE_ID}`)[0]?.body).toEqual({
      status: "COMPLETED",
    });
    expect(await screen.findByText("Pyörä merkitty myydyksi")).toBeInTheDocument();
  });

  it("says why a bike someone asked about cannot be deleted", async () => {
    const replies = api({
      [GET_BIKE]: { status: 200, body: details() },
      [`DELETE /api/bike-brokerage/${BIKE_ID}`]: apiError(
        409,
        "BROKERAGE_IN_USE",
        "1 inquiries name the bike",
      ),
    });
    const { user } = renderTab(DETAIL_PATH);
    await user.click(await screen.findByRole("button", { name: "Poista pyörä" }));
    const dialog = await screen.findByRole("dialog", { name: "Poistetaanko Tunturi eGo 500 Urban (2022)?" });
    await user.click(within(dialog).getByRole("button", { name: "Poista pyörä" }));
    await waitFor(() => expect(replies.callsTo("DELETE", `/api/bike-brokerage/${BIKE_ID}`)).toHaveLength(1));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Välityksessä olevaa pyörää, jota on kysytty, ei voi poistaa.",
    );
  });

  it("marks an inquiry handled", async () => {
    const replies = api({
      [GET_BIKE]: { status: 200, body: details() },
      [`PUT /api/bike-brokerage/inquiries/${INQUIRY_ID}`]: {
        status: 200,
        body: { ...details().inquiries[0], handled: true, handledAt: "2026-11-22T10:00:00.000Z" },
      },
    });
    const { user } = renderTab(DETAIL_PATH);
    await user.click(await screen.findByRole("button", { name: "Merkitse käsitellyksi: Aino Koivula" }));
    await waitFor(() =>
      expect(replies.callsTo("PUT", `/api/bike-brokerage/inquiries/${INQUIRY_ID}`)[0]?.body).toEqual({
        handled: true,
      }),
    );
    expect(await screen.findByText("Kysely merkitty käsitellyksi")).toBeInTheDocument();
  });

  it("says when the bike is gone", async () => {
    api({ [GET_BIKE]: apiError(404, "NOT_FOUND", "Bike brokerage not found") });
    renderTab(DETAIL_PATH);
    expect(await screen.findByRole("alert")).toHaveTextContent("Pyörää ei löytynyt.");
  });
});
