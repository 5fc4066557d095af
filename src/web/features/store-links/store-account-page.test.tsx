import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { TStoreDetails, TStoreOrder } from "../../../contract/store-accounts.ts";
import { fakeApi } from "../../test/fake-api.ts";
import type { TStoreOrderListItem } from "./store-account-api.ts";
import { StoreAccountPage } from "./store-account-page.tsx";
import { ok, renderScreen, setUpStoreLinkTests } from "./test-support.tsx";

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
  updatedAt: "2026-03-01T10:00:00.000Z",
  stores: [{ bikeStoreId: STORE_ID, storeName: "Vauhti Espoo" }],
};

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

  it("refuses an IBAN whose check digits are wrong before sending it", async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({ "GET /api/store/details": ok(details) });
    renderScreen(<StoreAccountPage />, "/pyoraliike?valilehti=tiedot");
    const iban = await screen.findByLabelText(/Tilinumero \(IBAN\)/);
    await user.type(iban, "FI22 1234 5600 0007 85");
    await user.click(screen.getByRole("button", { name: "Tallenna tiedot" }));
    expect(await screen.findAllByText(/IBAN/)).not.toHaveLength(0);
    expect(api.callsTo("PUT", "/api/store/details")).toHaveLength(0);
  });
});
