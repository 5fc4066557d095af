import { QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import type { TBikeStore } from "../../../../contract/bike-stores.ts";
import type { TStoreUser } from "../../../../contract/store-accounts.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { apiError, type FakeRoute, fakeApi } from "../../../test/fake-api.ts";
import { fillIn } from "../../../test/fill-in.ts";
import { renderUi } from "../../../test/render-ui.tsx";
import { setUpScreenTests } from "../../../test/screen-tests.ts";
import { PAYOUT_STORE_ID as STORE_ID, storePayouts } from "../../../test/store-payouts.ts";
import { BikeStoresTab } from "./bike-stores-tab.tsx";

setUpScreenTests();

const USERS = `/api/bike-stores/${STORE_ID}/users`;

const STORE: TBikeStore = {
  bikeStoreId: STORE_ID,
  storeName: "Vauhti Espoo",
  bikeStoreGroupId: null,
  bikeStoreGroupName: "Vauhti-pyöräliikkeet",
  businessId: "3309876-1",
  email: "espoo@vauhti.test",
  phoneNumber: null,
  website: null,
  streetAddress: "Piispansilta 9",
  postalCode: "02230",
  city: "Espoo",
  isOnlineStore: false,
  active: true,
  iban: "FI21 1234 5600 0007 85",
  bic: "NDASFIHH",
  commissionPercent: 5,
  language: "fi",
  createdAt: "2026-01-01T10:00:00.000Z",
  updatedAt: "2026-01-01T10:00:00.000Z",
};

const KALLE: TStoreUser = {
  userId: "7e7e7e7e-7e7e-4e7e-8e7e-7e7e7e7e7e01",
  firstName: "Kalle",
  lastName: "Myyjä",
  email: "myyja@vauhti.test",
  phoneNumber: "+358401234567",
  deactivated: false,
  addedAt: "2026-11-02T10:00:00.000Z",
};

const page = (items: TStoreUser[]) => ({
  items,
  page: 1,
  limit: 10,
  total: items.length,
  totalPages: items.length ? 1 : 0,
  hasNext: false,
  hasPrevious: false,
});

function api(extra: Record<string, FakeRoute> = {}) {
  return fakeApi({
    [`GET /api/bike-stores/${STORE_ID}`]: { status: 200, body: STORE },
    [`GET ${USERS}?page=1&limit=10`]: { status: 200, body: page([KALLE]) },
    [`GET /api/bike-stores/${STORE_ID}/payouts?page=1&limit=10`]: { status: 200, body: storePayouts() },
    ...extra,
  });
}

function renderStorePage(path = `/admin/pyoraliikkeet/${STORE_ID}`) {
  const user = userEvent.setup({ delay: null });
  const view = renderUi(
    <QueryClientProvider client={createQueryClient()}>
      <Routes>
        <Route path="/admin/*" element={<BikeStoresTab />} />
      </Routes>
    </QueryClientProvider>,
    { path },
  );
  return { user, router: view.router };
}

describe("the bike stores in the admin area", () => {
  it("lists the stores and opens one's page from its row", async () => {
    api({
      "GET /api/bike-stores?page=1&limit=20": {
        status: 200,
        body: { ...page([]), items: [STORE], limit: 20, total: 1, totalPages: 1 },
      },
    });
    const { user, router } = renderStorePage("/admin/pyoraliikkeet");
    await user.click(await screen.findByRole("link", { name: "Vauhti Espoo" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/pyoraliikkeet/${STORE_ID}`));
    expect(await screen.findByRole("heading", { name: "Vauhti Espoo", level: 2 })).toBeInTheDocument();
  });
});

describe("a bike store's page in the admin area", () => {
  it("shows the store's details, its users and its payouts as the store sees them", async () => {
    api();
    renderStorePage();
    expect(await screen.findByRole("heading", { name: "Vauhti Espoo", level: 2 })).toBeInTheDocument();
    expect(screen.getByText("FI21 1234 5600 0007 85")).toBeInTheDocument();
    const users = await screen.findByRole("table", { name: "Liikkeen käyttäjät" });
    const kalle = within(users).getByText("Kalle Myyjä").closest("tr") as HTMLElement;
    expect(within(kalle).getByText("myyja@vauhti.test")).toBeInTheDocument();
    expect(within(kalle).getByText("02.11.2026")).toBeInTheDocument();
    expect(await screen.findByText(/Vielä maksamatta 1 tilausta/)).toBeInTheDocument();
    expect(screen.getByRole("table", { name: "Maksettavat tilauksittain" })).toBeInTheDocument();
  });

  it("checks the invitation by the contract before sending it, and sends it to the store", async () => {
    const replies = api({
      [`POST ${USERS}`]: { status: 201, body: { user: { ...KALLE, firstName: "Tiina" }, created: true } },
    });
    const { user } = renderStorePage();
    await user.click(await screen.findByRole("button", { name: "Kutsu käyttäjä" }));
    const dialog = await screen.findByRole("dialog", { name: "Kutsu käyttäjä liikkeelle Vauhti Espoo" });
    await user.click(within(dialog).getByRole("button", { name: "Lähetä kutsu" }));
    expect(await within(dialog).findByLabelText(/^Etunimi/)).toHaveAccessibleDescription(/pakollinen/);
    expect(replies.callsTo("POST", USERS)).toHaveLength(0);

    await fillIn(user, within(dialog).getByLabelText(/^Etunimi/), "Tiina");
    await fillIn(user, within(dialog).getByLabelText(/^Sukunimi/), "Tammela");
    await fillIn(user, within(dialog).getByLabelText(/^Työsähköposti/), "tiina@vauhti.test");
    await fillIn(user, within(dialog).getByLabelText(/^Matkapuhelinnumero/), "0401234567");
    await user.click(within(dialog).getByRole("button", { name: "Lähetä kutsu" }));
    await waitFor(() => expect(replies.callsTo("POST", USERS)).toHaveLength(1));
    expect(replies.callsTo("POST", USERS)[0]?.body).toEqual({
      firstName: "Tiina",
      lastName: "Tammela",
      workEmail: "tiina@vauhti.test",
      phoneNumber: "0401234567",
      language: "fi",
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("says at the e-mail field that the person is already the store's user", async () => {
    api({
      [`POST ${USERS}`]: apiError(409, "STORE_USER_EXISTS", "The user is already a user of this store"),
    });
    const { user } = renderStorePage();
    await user.click(await screen.findByRole("button", { name: "Kutsu käyttäjä" }));
    const dialog = await screen.findByRole("dialog");
    await fillIn(user, within(dialog).getByLabelText(/^Etunimi/), "Kalle");
    await fillIn(user, within(dialog).getByLabelText(/^Sukunimi/), "Myyjä");
    await fillIn(user, within(dialog).getByLabelText(/^Työsähköposti/), "myyja@vauhti.test");
    await fillIn(user, within(dialog).getByLabelText(/^Matkapuhelinnumero/), "0401234567");
    await user.click(within(dialog).getByRole("button", { name: "Lähetä kutsu" }));
    const email = within(dialog).getByLabelText(/^Työsähköposti/);
    await waitFor(() => expect(email).toHaveAccessibleDescription(/jo tämän liikkeen käyttäjä/));
  });

  it("removes a user only after asking", async () => {
    const replies = api({
      [`DELETE ${USERS}/${KALLE.userId}`]: { status: 200, body: { message: "Store user removed" } },
    });
    const { user } = renderStorePage();
    await user.click(await screen.findByRole("button", { name: "Poista käyttäjä: Kalle Myyjä" }));
    const dialog = await screen.findByRole("dialog", {
      name: "Poistetaanko Kalle Myyjä liikkeen käyttäjistä?",
    });
    expect(within(dialog).getByText(/liikkeen Vauhti Espoo tilauksia/)).toBeInTheDocument();
    expect(replies.callsTo("DELETE", `${USERS}/${KALLE.userId}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Poista käyttäjä" }));
    await waitFor(() => expect(replies.callsTo("DELETE", `${USERS}/${KALLE.userId}`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});
