import { QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import type { TOpenPayables, TPayoutBatchDetails } from "../../../../contract/store-payouts.ts";
import { formatHelsinkiDate, toHelsinkiDateString } from "../../../../domain/dates.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { apiError, type FakeRoute, fakeApi } from "../../../test/fake-api.ts";
import { renderUi } from "../../../test/render-ui.tsx";
import { setUpScreenTests } from "../../../test/screen-tests.ts";
import { PayoutsTab } from "./payouts-tab.tsx";

setUpScreenTests();

const BATCH_ID = "ba7c0000-0000-4000-8000-000000000001";
const KALLIO = "b5b5b5b5-b5b5-4b5b-8b5b-b5b5b5b5b5b1";
const TURKU = "b5b5b5b5-b5b5-4b5b-8b5b-b5b5b5b5b5b2";
const DIGEST = "d".repeat(64);
const HARRI = { userId: "11111111-1111-4111-8111-111111111111", name: "Harri Helpdesk" };
const EMPTY_PAGE = {
  items: [],
  page: 1,
  limit: 10,
  total: 0,
  totalPages: 0,
  hasNext: false,
  hasPrevious: false,
};

const sums = (netCents: number) => ({ grossCents: netCents, commissionCents: 0, netCents });

/** 1 593,63 € + VAT 406,37 €: 5 % of the price without VAT kept, 79,68 €. */
const COMMISSIONED = {
  grossCents: 200_000,
  vatCents: 40_637,
  commissionBase: "VAT_EXCLUDED",
  commissionBaseCents: 159_363,
  commissionPercent: 5,
  commissionCents: 7_968,
  netCents: 192_032,
} as const;
const BATCH_SUMS = { grossCents: 350_000, commissionCents: 7_968, netCents: 342_032 };

const OPEN: TOpenPayables = {
  stores: [
    {
      bikeStoreId: KALLIO,
      storeName: "Kallion Pyöräpaja",
      businessId: "3011223-0",
      iban: "FI17 5700 0020 0447 18",
      payableCount: 2,
      oldestAt: "2026-11-02T10:00:00.000Z",
      ...sums(350_000),
    },
    {
      bikeStoreId: TURKU,
      storeName: "Turun Polkupyörä",
      businessId: "3150321-7",
      iban: null,
      payableCount: 1,
      oldestAt: "2026-11-05T10:00:00.000Z",
      ...sums(120_000),
    },
  ],
  total: { payableCount: 3, ...sums(470_000) },
  payableNow: { payableCount: 2, ...sums(350_000) },
};

const batch = (overrides: Partial<TPayoutBatchDetails> = {}): TPayoutBatchDetails => ({
  id: BATCH_ID,
  batchNumber: 1007,
  status: "CREATED",
  bikeStoreId: KALLIO,
  storeCount: 1,
  payableCount: 2,
  ...BATCH_SUMS,
  createdBy: HARRI,
  createdAt: "2026-11-20T10:00:00.000Z",
  approvedBy: null,
  approvedAt: null,
  executionDate: null,
  paidBy: null,
  paidDate: null,
  stores: [
    {
      bikeStoreId: KALLIO,
      storeName: "Kallion Pyöräpaja",
      businessId: "3011223-0",
      iban: "FI17 5700 0020 0447 18",
      bic: "OKOYFIHH",
      ...BATCH_SUMS,
      payables: [
        {
          id: "9a000000-0000-4000-8000-000000000001",
          orderId: "0a0a0a0a-0a0a-4a0a-8a0a-0a0a0a0a0a01",
          orderNumber: 10_042,
          invoiceNumber: "KP-1",
          ...COMMISSIONED,
        },
        {
          id: "9a000000-0000-4000-8000-000000000002",
          orderId: "0a0a0a0a-0a0a-4a0a-8a0a-0a0a0a0a0a02",
          orderNumber: 10_043,
          invoiceNumber: "KP-2",
          ...sums(150_000),
          vatCents: 30_478,
          commissionBase: "VAT_EXCLUDED",
          commissionBaseCents: 119_522,
          commissionPercent: null,
        },
      ],
    },
  ],
  approvalDigest: DIGEST,
  accountChanges: [],
  allowedActions: [],
  ...overrides,
});

function api(extra: Record<string, FakeRoute> = {}) {
  return fakeApi({
    "GET /api/store-payouts/open": { status: 200, body: OPEN },
    "GET /api/store-payouts/batches?page=1&limit=10": { status: 200, body: EMPTY_PAGE },
    ...extra,
  });
}

function renderTab(path = "/admin/tilitykset") {
  const user = userEvent.setup({ delay: null });
  const view = renderUi(
    <QueryClientProvider client={createQueryClient()}>
      <Routes>
        <Route path="/admin/*" element={<PayoutsTab />} />
      </Routes>
    </QueryClientProvider>,
    { path },
  );
  return { user, ...view };
}

describe("Tilitykset: the open payables", () => {
  it("sums each store's open payables, marks a store without a bank account, and offers a batch only where it can be paid", async () => {
    api();
    renderTab();
    const table = await screen.findByRole("table", { name: "Avoimet tilitettävät" });
    const kallio = (await within(table).findByText("Kallion Pyöräpaja")).closest("tr") as HTMLElement;
    expect(within(kallio).getByText("FI17 5700 0020 0447 18")).toBeInTheDocument();
    expect(within(kallio).getAllByText(/3\s500,00\s€/)).toHaveLength(2);
    expect(
      within(kallio).getByRole("button", { name: "Tee tilityserä: Kallion Pyöräpaja" }),
    ).toBeInTheDocument();
    const turku = within(table).getByText("Turun Polkupyörä").closest("tr") as HTMLElement;
    expect(within(turku).getByText("Tilinumero puuttuu")).toBeInTheDocument();
    expect(within(turku).queryByRole("button")).not.toBeInTheDocument();
    expect(screen.getByText(/Tilityseriä ei vielä ole/)).toBeInTheDocument();
  });

  it("makes one store's batch after asking, then opens the batch's page", async () => {
    const replies = api({ "POST /api/store-payouts/batches": { status: 201, body: batch() } });
    const { user, router } = renderTab();
    await user.click(await screen.findByRole("button", { name: "Tee tilityserä: Kallion Pyöräpaja" }));
    const dialog = await screen.findByRole("dialog", {
      name: "Tehdäänkö tilityserä liikkeelle Kallion Pyöräpaja?",
    });
    expect(within(dialog).getByText(/Toinen käsittelijä hyväksyy erän/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Tee tilityserä" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/tilitykset/${BATCH_ID}`));
    expect(replies.callsTo("POST", "/api/store-payouts/batches")[0]?.body).toEqual({ bikeStoreId: KALLIO });
  });

  it("says what to do when nothing is owed", async () => {
    api({
      "GET /api/store-payouts/open": {
        status: 200,
        body: {
          stores: [],
          total: { payableCount: 0, ...sums(0) },
          payableNow: { payableCount: 0, ...sums(0) },
        },
      },
    });
    renderTab();
    expect(await screen.findByText(/Niitä syntyy, kun tilauksen ostolasku täsmäytetään/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Tee tilityserä" })).not.toBeInTheDocument();
  });
});

describe("Tilitykset: one batch", () => {
  const path = `/admin/tilitykset/${BATCH_ID}`;

  it("tells its maker that someone else approves it, and offers no approval", async () => {
    api({ [`GET /api/store-payouts/batches/${BATCH_ID}`]: { status: 200, body: batch() } });
    renderTab(path);
    expect(await screen.findByRole("heading", { name: "Tilityserä 1007" })).toBeInTheDocument();
    expect(screen.getByText("Odottaa hyväksyntää")).toBeInTheDocument();
    expect(screen.getByText(/tekijä ei voi hyväksyä sitä itse/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Hyväksy erä" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Lataa maksuaineisto (pain.001)" })).not.toBeInTheDocument();
    const stores = screen.getByRole("table", { name: "Liikkeet ja tilaukset" });
    expect(within(stores).getByRole("link", { name: "10042" })).toHaveAttribute(
      "href",
      "/admin/hakemukset/tilaus/0a0a0a0a-0a0a-4a0a-8a0a-0a0a0a0a0a01",
    );
  });

  it("shows the approver each order's commission with the price it is taken of: the price without VAT", async () => {
    api({ [`GET /api/store-payouts/batches/${BATCH_ID}`]: { status: 200, body: batch() } });
    renderTab(path);
    const orders = await screen.findByRole("table", { name: "Erän tilaukset" });
    const commissioned = within(orders).getByRole("link", { name: "10042" }).closest("tr") as HTMLElement;
    expect(within(commissioned).getByText("KP-1")).toBeInTheDocument();
    expect(within(commissioned).getByText(/2\s000,00\s€/)).toBeInTheDocument();
    expect(within(commissioned).getByText(/79,68\s€/)).toBeInTheDocument();
    expect(
      within(commissioned).getByText(/^5\s%\ssummasta 1\s593,63\s€ \(veroton hinta\)$/),
    ).toBeInTheDocument();
    expect(within(commissioned).getByText(/1\s920,32\s€/)).toBeInTheDocument();
    const none = within(orders).getByRole("link", { name: "10043" }).closest("tr") as HTMLElement;
    expect(within(none).queryByText(/hinta\)/)).not.toBeInTheDocument();
  });

  it("lets a second person approve with the bank's payment day, and shows the refusal in the dialog", async () => {
    const today = toHelsinkiDateString(new Date());
    const replies = api({
      [`GET /api/store-payouts/batches/${BATCH_ID}`]: {
        status: 200,
        body: batch({ allowedActions: ["APPROVE"] }),
      },
      [`POST /api/store-payouts/batches/${BATCH_ID}/approve`]: apiError(
        409,
        "PAYOUT_SAME_APPROVER",
        "Four eyes",
      ),
    });
    const { user } = renderTab(path);
    await user.click(await screen.findByRole("button", { name: "Hyväksy erä" }));
    const dialog = await screen.findByRole("dialog", { name: "Hyväksytäänkö tilityserä 1007?" });
    expect(within(dialog).getByLabelText(/Maksupäivä/)).toHaveValue(formatHelsinkiDate(today));
    await user.click(within(dialog).getByRole("button", { name: "Hyväksy erä" }));
    expect(
      await within(dialog).findByText("Tilityserän hyväksyy joku muu kuin sen tekijä."),
    ).toBeInTheDocument();
    const [approval] = replies.callsTo("POST", `/api/store-payouts/batches/${BATCH_ID}/approve`);
    expect(approval?.body).toEqual({ executionDate: today, approvalDigest: DIGEST });
    expect(approval?.headers.get("Idempotency-Key")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("warns of a store's changed account, and on a changed batch says so and reads it again", async () => {
    const changedAt = "2026-03-02T08:15:00.000Z";
    const replies = api({
      [`GET /api/store-payouts/batches/${BATCH_ID}`]: {
        status: 200,
        body: batch({
          allowedActions: ["APPROVE"],
          accountChanges: [
            { bikeStoreId: KALLIO, storeName: "Kallion Pyöräpaja", changedAt, changedBy: "STORE" },
          ],
        }),
      },
      [`POST /api/store-payouts/batches/${BATCH_ID}/approve`]: apiError(
        409,
        "PAYOUT_BATCH_CHANGED",
        "Changed",
      ),
    });
    const { user } = renderTab(path);
    const warning = await screen.findByRole("alert");
    expect(warning).toHaveTextContent("Kallion Pyöräpaja");
    expect(warning).toHaveTextContent("tilinumero");
    await user.click(await screen.findByRole("button", { name: "Hyväksy erä" }));
    const dialog = await screen.findByRole("dialog", { name: "Hyväksytäänkö tilityserä 1007?" });
    await user.click(within(dialog).getByRole("button", { name: "Hyväksy erä" }));
    expect(await within(dialog).findByText(/Tilityserä on muuttunut/)).toBeInTheDocument();
    await waitFor(() =>
      expect(replies.callsTo("GET", `/api/store-payouts/batches/${BATCH_ID}`).length).toBeGreaterThan(1),
    );
  });

  it("gives an approved batch's bank file and reconciliation by their addresses, and marks it paid", async () => {
    const approved = batch({
      status: "APPROVED",
      approvedBy: { userId: "22222222-2222-4222-8222-222222222222", name: "Aino Admin" },
      approvedAt: "2026-11-21T08:00:00.000Z",
      executionDate: "2026-11-23",
      allowedActions: ["DOWNLOAD_FILE", "MARK_PAID"],
    });
    const replies = api({
      [`GET /api/store-payouts/batches/${BATCH_ID}`]: { status: 200, body: approved },
      [`POST /api/store-payouts/batches/${BATCH_ID}/paid`]: {
        status: 200,
        body: { ...approved, status: "PAID" },
      },
    });
    const { user } = renderTab(path);
    expect(await screen.findByRole("link", { name: "Lataa maksuaineisto (pain.001)" })).toHaveAttribute(
      "href",
      `/api/store-payouts/batches/${BATCH_ID}/pain001`,
    );
    expect(screen.getByRole("link", { name: "Lataa täsmäytys (CSV)" })).toHaveAttribute(
      "href",
      `/api/store-payouts/reconciliation?batchId=${BATCH_ID}&language=fi`,
    );
    expect(screen.getByText(/Aino Admin/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Merkitse maksetuksi" }));
    const dialog = await screen.findByRole("dialog", { name: "Merkitäänkö tilityserä 1007 maksetuksi?" });
    await user.click(within(dialog).getByRole("button", { name: "Merkitse maksetuksi" }));
    await waitFor(() =>
      expect(replies.callsTo("POST", `/api/store-payouts/batches/${BATCH_ID}/paid`)).toHaveLength(1),
    );
  });

  it("sends the action's Idempotency-Key, and the same one again when it retries a call whose answer was lost", async () => {
    const approved = batch({
      status: "APPROVED",
      approvedBy: { userId: "22222222-2222-4222-8222-222222222222", name: "Aino Admin" },
      approvedAt: "2026-11-21T08:00:00.000Z",
      executionDate: "2026-11-23",
      allowedActions: ["DOWNLOAD_FILE", "MARK_PAID"],
    });
    let tries = 0;
    const replies = api({
      [`GET /api/store-payouts/batches/${BATCH_ID}`]: { status: 200, body: approved },
      [`POST /api/store-payouts/batches/${BATCH_ID}/paid`]: () =>
        ++tries === 1
          ? apiError(503, "SERVICE_UNAVAILABLE", "Try again")
          : { status: 200, body: { ...approved, status: "PAID" } },
    });
    const { user } = renderTab(path);
    await user.click(await screen.findByRole("button", { name: "Merkitse maksetuksi" }));
    const dialog = await screen.findByRole("dialog", { name: "Merkitäänkö tilityserä 1007 maksetuksi?" });
    await user.click(within(dialog).getByRole("button", { name: "Merkitse maksetuksi" }));
    await waitFor(() =>
      expect(replies.callsTo("POST", `/api/store-payouts/batches/${BATCH_ID}/paid`)).toHaveLength(1),
    );
    // The server failed: the person presses again, and the same action goes with the same key.
    await user.click(await within(dialog).findByRole("button", { name: "Merkitse maksetuksi" }));
    await waitFor(() =>
      expect(replies.callsTo("POST", `/api/store-payouts/batches/${BATCH_ID}/paid`)).toHaveLength(2),
    );
    const keys = replies
      .callsTo("POST", `/api/store-payouts/batches/${BATCH_ID}/paid`)
      .map((call) => call.headers.get("Idempotency-Key"));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it("discards a batch not yet approved after asking, and goes back to the payouts", async () => {
    const replies = api({
      [`GET /api/store-payouts/batches/${BATCH_ID}`]: {
        status: 200,
        body: batch({ allowedActions: ["DISCARD"] }),
      },
      [`DELETE /api/store-payouts/batches/${BATCH_ID}`]: {
        status: 200,
        body: { message: "Payout batch discarded" },
      },
    });
    const { user } = renderTab(path);
    await user.click(await screen.findByRole("button", { name: "Hylkää erä" }));
    const dialog = await screen.findByRole("dialog", { name: "Hylätäänkö tilityserä 1007?" });
    expect(within(dialog).queryByLabelText(/Maksupäivä/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Hylkää erä" }));
    await waitFor(() =>
      expect(replies.callsTo("DELETE", `/api/store-payouts/batches/${BATCH_ID}`)).toHaveLength(1),
    );
    // Back on the payouts, where the batch's orders are open again.
    expect(await screen.findByRole("table", { name: "Avoimet tilitettävät" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Tilityserä 1007" })).not.toBeInTheDocument();
  });
});
