import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { TStoreHandover } from "../../../contract/handovers.ts";
import type { TStoreDetails, TStoreInvoice, TStoreOrder } from "../../../contract/store-accounts.ts";
import { ToastHost } from "../../components/toast-host.tsx";
import { apiError, fakeApi } from "../../test/fake-api.ts";
import { fillIn } from "../../test/fill-in.ts";
import { ok, renderScreen, setUpStoreLinkTests } from "../store-links/test-support.tsx";
import type { TStoreOrderListItem } from "./store-account-api.ts";
import { StoreAccountPage } from "./store-account-page.tsx";
import { StoreOrderDrawer } from "./store-order-drawer.tsx";

setUpStoreLinkTests();

const ORDER_ID = "0b9f1f5e-3f3a-4d6e-9a53-7f1d2b6c8e01";
const STORE_ID = "5a1e2f3c-4b5d-4e6f-8a7b-9c0d1e2f3a4b";
const LIST = "/api/store/orders?page=1&limit=20";

function listItem(overrides: Partial<TStoreOrderListItem> = {}): TStoreOrderListItem {
  return {
    orderId: ORDER_ID,
    orderNumber: 10042,
    orderStatus: "PENDING",
    bikeStoreId: STORE_ID,
    storeName: "Vauhti Espoo",
    customerName: "Maija Meikäläinen",
    companyName: "Demo Oy",
    deliveryMethod: "PICKUP",
    totalPriceCents: null,
    deliveryDate: null,
    nextStep: "PACKAGE",
    cancellationRequested: false,
    createdAt: "2026-03-01T10:00:00.000Z",
    ...overrides,
  };
}

function order(overrides: Partial<TStoreOrder> = {}): TStoreOrder {
  return {
    ...listItem(),
    previousStatus: null,
    deliveryAddress: null,
    maxPriceCents: 300_000,
    customerComment: "Koko M",
    bikeStoreOrderNumber: null,
    items: [],
    frameSerialNumber: null,
    orderDate: "2026-03-01",
    packageEditable: true,
    deliveryEditable: false,
    invoiceEditable: false,
    invoice: null,
    waitingOn: "BIKE_STORE",
    statusSince: "2026-03-01T10:00:00.000Z",
    events: [],
    ...overrides,
  };
}

const page = (items: TStoreOrderListItem[]) => ({
  items,
  page: 1,
  limit: 20,
  total: items.length,
  totalPages: items.length ? 1 : 0,
  hasNext: false,
  hasPrevious: false,
});

const details: TStoreDetails = {
  bikeStoreId: STORE_ID,
  storeName: "Vauhti Espoo",
  businessId: "3309876-1",
  email: "espoo@vauhti.test",
  contactPersonName: null,
  contactPersonEmail: null,
  phoneNumber: null,
  streetAddress: null,
  postalCode: null,
  city: null,
  iban: null,
  bic: null,
  language: "fi",
  updatedAt: "2026-03-01T10:00:00.000Z",
  stores: [{ bikeStoreId: STORE_ID, storeName: "Vauhti Espoo" }],
};

/** The saves of the store's details (their address names the store chosen). */
const detailsSaves = (api: ReturnType<typeof fakeApi>) =>
  api.calls.filter((c) => c.method === "PUT" && c.url.startsWith("/api/store/details"));

describe("the bike store's own account", () => {
  it("says what to do next when the store has no orders yet", async () => {
    fakeApi({ [`GET ${LIST}`]: ok(page([])) });
    renderScreen(<StoreAccountPage />);
    expect(await screen.findByText(/Liikkeellä ei ole vielä tilauksia/)).toBeInTheDocument();
  });

  it("lists the store's orders with the next step and opens one with the package form", async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi({
      [`GET ${LIST}`]: ok(page([listItem()])),
      [`GET /api/store/orders/${ORDER_ID}`]: ok(order()),
    });
    renderScreen(<StoreAccountPage />);
    expect(await screen.findByText("Maija Meikäläinen")).toBeInTheDocument();
    expect(screen.getAllByText("Anna pyöräpaketti").length).toBeGreaterThan(0);
    await user.click(screen.getByText("Maija Meikäläinen"));
    const drawer = await screen.findByRole("dialog");
    expect(await within(drawer).findByText("Tilaus 10042")).toBeInTheDocument();
    expect(within(drawer).getByRole("heading", { name: "Pyöräpaketti" })).toBeInTheDocument();
  });

  it("badges an order with something new since the last look, says what in its drawer, and marks the list seen", async () => {
    const user = userEvent.setup({ delay: null });
    const other = "0b9f1f5e-3f3a-4d6e-9a53-7f1d2b6c8e02";
    const readAt = "2026-11-20T10:00:00.000Z";
    const api = fakeApi({
      [`GET ${LIST}`]: ok(
        page([listItem(), listItem({ orderId: other, orderNumber: 10043, customerName: "Ville Virtanen" })]),
      ),
      [`GET /api/store/orders/${ORDER_ID}`]: ok(
        order({ orderStatus: "ACTIVE_LEASING", packageEditable: false }),
      ),
      "GET /api/whats-new/storeOrders": ok({
        since: "2026-11-01T10:00:00.000Z",
        readAt,
        items: [
          {
            eventId: "0b9f1f5e-3f3a-4d6e-9a53-7f1d2b6c8e99",
            orderId: ORDER_ID,
            orderNumber: 10042,
            kind: "DEFECT_REPORTED",
            status: null,
            note: "Takavalo ei pala",
            createdAt: "2026-11-19T09:30:00.000Z",
          },
        ],
      }),
      "POST /api/whats-new/storeOrders/seen": ok({ seenAt: readAt }),
    });
    renderScreen(<StoreAccountPage />);
    const newRow = (await screen.findByText("Maija Meikäläinen")).closest("tr") as HTMLElement;
    expect(await within(newRow).findByText("Uusi")).toBeInTheDocument();
    const otherRow = screen.getByText("Ville Virtanen").closest("tr") as HTMLElement;
    expect(within(otherRow).queryByText("Uusi")).toBeNull();
    await waitFor(() => expect(api.callsTo("POST", "/api/whats-new/storeOrders/seen")).toHaveLength(1));
    expect(api.callsTo("POST", "/api/whats-new/storeOrders/seen")[0]?.body).toEqual({ seenUpTo: readAt });

    await user.click(screen.getByText("Maija Meikäläinen"));
    const drawer = await screen.findByRole("dialog");
    expect(await within(drawer).findByText("Uutta tässä tilauksessa")).toBeInTheDocument();
    expect(
      within(drawer).getByText("Työntekijä ilmoitti viasta pyörässä: Takavalo ei pala"),
    ).toBeInTheDocument();
  });

  it("says in the drawer when its order is gone, and shows it once tried again", async () => {
    const user = userEvent.setup({ delay: null });
    let gone = true;
    fakeApi({
      [`GET ${LIST}`]: ok(page([listItem()])),
      [`GET /api/store/orders/${ORDER_ID}`]: () =>
        gone ? apiError(404, "NOT_FOUND", "Order not found") : { status: 200, body: order() },
    });
    renderScreen(<StoreAccountPage />);
    await user.click(await screen.findByText("Maija Meikäläinen"));
    const drawer = await screen.findByRole("dialog");
    const alert = await within(drawer).findByText("Pyydettyä kohdetta ei löytynyt");
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    gone = false;
    await user.click(within(drawer).getByRole("button", { name: "Yritä uudelleen" }));
    expect(await within(drawer).findByText("Tilaus 10042")).toBeInTheDocument();
  });

  it("says when the store's details did not load, and shows them once tried again", async () => {
    const user = userEvent.setup({ delay: null });
    let failing = true;
    fakeApi({
      "GET /api/store/details": () =>
        failing ? apiError(500, "INTERNAL_ERROR", "Boom") : { status: 200, body: details },
    });
    renderScreen(<StoreAccountPage />, "/pyoraliike?valilehti=tiedot");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Palvelimella tapahtui virhe. Yritä myöhemmin uudelleen",
    );
    failing = false;
    await user.click(screen.getByRole("button", { name: "Yritä uudelleen" }));
    expect(await screen.findByLabelText("Viestien kieli")).toBeInTheDocument();
  });

  it("refuses an IBAN whose check digits are wrong before sending it", async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({ "GET /api/store/details": ok(details) });
    renderScreen(<StoreAccountPage />, "/pyoraliike?valilehti=tiedot");
    const iban = await screen.findByLabelText(/Tilinumero \(IBAN\)/);
    await fillIn(user, iban, "FI22 1234 5600 0007 85");
    await user.click(screen.getByRole("button", { name: "Tallenna tiedot" }));
    expect(await screen.findAllByText(/IBAN/)).not.toHaveLength(0);
    expect(detailsSaves(api)).toHaveLength(0);
  });

  it("sends the language Pedaali writes to the store in, with no password while the account stays", async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({
      "GET /api/store/details": ok(details),
      [`PUT /api/store/details?storeId=${STORE_ID}`]: ok({ ...details, language: "sv" }),
    });
    renderScreen(<StoreAccountPage />, "/pyoraliike?valilehti=tiedot");
    await user.selectOptions(await screen.findByLabelText("Viestien kieli"), "ruotsi");
    expect(screen.queryByLabelText(/Nykyinen salasana/)).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Tallenna tiedot" }));
    await waitFor(() => expect(detailsSaves(api)).toHaveLength(1));
    expect(detailsSaves(api)[0]?.body).toMatchObject({ language: "sv", currentPassword: "" });
  });
});

const ORDER = `/api/store/orders/${ORDER_ID}`;
const INVOICE_ID = "7c2d9e4f-1a3b-4c5d-8e6f-0a1b2c3d4e5f";

/** The order once Pedaali has ordered the bike: its package given, waiting for the store's invoice. */
const invoiceable = (overrides: Partial<TStoreOrder> = {}) =>
  order({
    orderStatus: "WAITING_FOR_INVOICE_MATCH",
    nextStep: "INVOICE",
    totalPriceCents: 250_000,
    items: [
      {
        itemType: "BIKE",
        name: "Tunturi eSport 500",
        brand: "Tunturi",
        model: "eSport 500",
        modelYear: 2026,
        frameSize: "M",
        color: null,
        quantity: 1,
        unitPriceCents: 250_000,
        discountCents: 0,
      },
    ],
    packageEditable: false,
    invoiceEditable: true,
    waitingOn: "BIKE_STORE",
    ...overrides,
  });

const sentInvoice = (overrides: Partial<TStoreInvoice> = {}): TStoreInvoice => ({
  invoiceId: INVOICE_ID,
  invoiceNumber: "VE-2026-118",
  issueDate: "2026-03-10",
  dueDate: "2026-03-24",
  amountCents: 199_203,
  vatCents: 50_797,
  totalCents: 250_000,
  status: "RECEIVED",
  sentFromAccount: true,
  ...overrides,
});

/** The handover has nothing to do yet: the order waits for its invoice first. */
const noHandover: TStoreHandover = {
  orderId: ORDER_ID,
  orderNumber: 10042,
  kind: "IN_STORE",
  customerName: "Maija Meikäläinen",
  frameSerialNumber: null,
  packageAccessories: [],
  canRecord: false,
  photos: [],
  handover: null,
};

function renderDrawer() {
  return renderScreen(
    <>
      <StoreOrderDrawer orderId={ORDER_ID} onClose={() => {}} />
      <ToastHost />
    </>,
  );
}

describe("the store's invoice in its order", () => {
  it("lists an order waiting for the store's invoice with that step, and filters by it", async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({
      [`GET ${LIST}`]: ok(
        page([listItem({ orderStatus: "WAITING_FOR_INVOICE_MATCH", nextStep: "INVOICE" })]),
      ),
      [`GET ${LIST}&step=INVOICE`]: ok(page([])),
    });
    renderScreen(<StoreAccountPage />);
    expect(await screen.findByText("Laskuta pyöräpaketti")).toBeInTheDocument();
    await user.click(screen.getByLabelText("Odottaa liikkeeltä", { selector: "input" }));
    await user.click(await screen.findByRole("option", { name: "Laskuta pyöräpaketti" }));
    await screen.findByText("Hakuehdoilla ei löytynyt tilauksia.");
    expect(api.callsTo("GET", `${LIST}&step=INVOICE`)).toHaveLength(1);
  });

  it("sends the store's invoice number and then shows the invoice that reached Pedaali", async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({
      [`GET ${ORDER}`]: ok(invoiceable()),
      [`GET ${ORDER}/handover`]: ok(noHandover),
      [`POST ${ORDER}/invoice`]: {
        status: 201,
        body: invoiceable({ nextStep: null, invoiceEditable: false, invoice: sentInvoice() }),
      },
    });
    renderDrawer();
    const drawer = await screen.findByRole("dialog");
    expect(await within(drawer).findByRole("heading", { name: "Lasku" })).toBeInTheDocument();
    expect(within(drawer).getByText(/Laskuta pyöräpaketti Pedaalilta/)).toBeInTheDocument();
    await fillIn(user, within(drawer).getByLabelText(/^Laskun numero/), " VE-2026-118 ");
    await user.click(within(drawer).getByRole("button", { name: "Lähetä lasku" }));

    expect(await screen.findByText("Lasku lähetetty Pedaalille.")).toBeInTheDocument();
    expect(api.callsTo("POST", `${ORDER}/invoice`).map((call) => call.body)).toEqual([
      { invoiceNumber: "VE-2026-118" },
    ]);
    expect(await within(drawer).findByText("VE-2026-118")).toBeInTheDocument();
    expect(within(drawer).getByText("24.03.2026")).toBeInTheDocument();
    expect(within(drawer).getByText("Vastaanotettu")).toBeInTheDocument();
    expect(within(drawer).queryByRole("button", { name: "Lähetä lasku" })).not.toBeInTheDocument();
  });

  it("says at the field that the invoice number is missing and sends nothing", async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({
      [`GET ${ORDER}`]: ok(invoiceable()),
      [`GET ${ORDER}/handover`]: ok(noHandover),
    });
    renderDrawer();
    const drawer = await screen.findByRole("dialog");
    await user.click(await within(drawer).findByRole("button", { name: "Lähetä lasku" }));

    const field = within(drawer).getByLabelText(/^Laskun numero/);
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveAccessibleDescription(expect.stringContaining("Tämä tieto on pakollinen"));
    expect(api.callsTo("POST", `${ORDER}/invoice`)).toHaveLength(0);
  });

  it("says what the store's details lack when the server cannot make the invoice", async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi({
      [`GET ${ORDER}`]: ok(invoiceable()),
      [`GET ${ORDER}/handover`]: ok(noHandover),
      [`POST ${ORDER}/invoice`]: apiError(409, "STORE_DETAILS_INCOMPLETE", "Store details incomplete"),
    });
    renderDrawer();
    const drawer = await screen.findByRole("dialog");
    await fillIn(user, await within(drawer).findByLabelText(/^Laskun numero/), "VE-2026-118");
    await user.click(within(drawer).getByRole("button", { name: "Lähetä lasku" }));

    expect(await within(drawer).findByText(/Liikkeen tiedoista puuttuu Y-tunnus/)).toBeInTheDocument();
  });

  it("offers the invoice sent from the account as a Finvoice download", async () => {
    fakeApi({
      [`GET ${ORDER}`]: ok(invoiceable({ nextStep: null, invoiceEditable: false, invoice: sentInvoice() })),
      [`GET ${ORDER}/handover`]: ok(noHandover),
    });
    renderDrawer();
    const drawer = await screen.findByRole("dialog");
    const download = await within(drawer).findByRole("link", { name: "Lataa verkkolasku (Finvoice)" });
    expect(download).toHaveAttribute("href", `/api/store/orders/${ORDER_ID}/invoice/finvoice.xml`);
    expect(within(drawer).queryByLabelText(/^Laskun numero/)).not.toBeInTheDocument();
  });

  it("shows an invoice that reached Pedaali by other means without a download", async () => {
    fakeApi({
      [`GET ${ORDER}`]: ok(
        invoiceable({
          nextStep: null,
          invoiceEditable: false,
          invoice: sentInvoice({ sentFromAccount: false }),
        }),
      ),
      [`GET ${ORDER}/handover`]: ok(noHandover),
    });
    renderDrawer();
    const drawer = await screen.findByRole("dialog");
    expect(await within(drawer).findByText("VE-2026-118")).toBeInTheDocument();
    expect(within(drawer).queryByRole("link", { name: /Finvoice/ })).not.toBeInTheDocument();
  });
});
