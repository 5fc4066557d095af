import { QueryClientProvider } from "@tanstack/react-query";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import type { TOrderInvoice } from "../../../../contract/invoices.ts";
import type { TOrderListItem } from "../../../../contract/orders.ts";
import type { OrderStatus } from "../../../../domain/enums.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { type FakeRoute, fakeApi } from "../../../test/fake-api.ts";
import { renderUi } from "../../../test/render-ui.tsx";
import { HelpdeskTab } from "./helpdesk-tab.tsx";
import type { TAdminOrder } from "./orders-api.ts";

/** Test data and rendering of the Hakemukset tab's order screens. */

export const ORDER_ID = "0a0a0a0a-0a0a-4a0a-8a0a-0a0a0a0a0a01";
export const ORDER_ID_2 = "0a0a0a0a-0a0a-4a0a-8a0a-0a0a0a0a0a02";
export const COMPANY_ID = "cccccccc-cccc-4ccc-8ccc-ccccccccccc1";
export const AGREEMENT_ID = "a9a9a9a9-a9a9-4a9a-8a9a-a9a9a9a9a9a1";
export const INVOICE_ID = "1e1e1e1e-1e1e-4e1e-8e1e-1e1e1e1e1e11";

export const listItem = (overrides: Partial<TOrderListItem> = {}): TOrderListItem => ({
  orderId: ORDER_ID,
  orderNumber: 1042,
  orderStatus: "CONFIRMED",
  previousStatus: null,
  isOnlineOrder: false,
  isOrderConfirmed: true,
  bikeStore: { bikeStoreId: "b5b5b5b5-b5b5-4b5b-8b5b-b5b5b5b5b5b1", storeName: "Kallion Pyörä" },
  bikeStoreOrderNumber: null,
  orderPaidDate: null,
  company: { companyId: COMPANY_ID, name: "Kallion Kahvila Oy" },
  employee: {
    beneficiaryEmployeeId: "e1e1e1e1-e1e1-4e1e-8e1e-e1e1e1e1e1e1",
    name: "Aino Virtanen",
    email: "aino@kallionkahvila.fi",
  },
  deliveryMethod: "PICKUP",
  totalPriceCents: 249_900,
  monthlyPaymentCents: 6_512,
  leaseTimeMonths: 36,
  cancellationOpen: false,
  createdAt: "2026-11-20T10:15:00.000Z",
  updatedAt: "2026-11-22T08:00:00.000Z",
  ...overrides,
});

/** The helpdesk's moves by name from a main-line status before the lease: pause, cancel, special case. */
export const PAUSE_OR_CANCEL: OrderStatus[] = ["WAITING_FOR_CUSTOMER_COMMENT", "CANCELLED", "CASE_X"];

export const order = (overrides: Partial<TAdminOrder> = {}): TAdminOrder => ({
  ...listItem(),
  deliveryStreetAddress: null,
  deliveryPostalCode: null,
  deliveryCity: null,
  vatPercent: 25.5,
  residualValueCents: null,
  frameSerialNumber: null,
  deliveryDate: null,
  customerComment: "Koko M, musta.",
  customerQuestion: null,
  waitingOn: "HELPDESK",
  statusSince: "2026-11-22T08:00:00.000Z",
  events: [
    {
      id: "ee000000-0000-4000-8000-000000000001",
      type: "ORDER_STATUS_UPDATED",
      from: "NOT_STARTED",
      to: "PENDING",
      by: "user",
      actorName: "Aino Virtanen",
      message: null,
      createdAt: "2026-11-20T10:15:00.000Z",
    },
    {
      id: "ee000000-0000-4000-8000-000000000002",
      type: "ORDER_CONFIRMED",
      from: "ALL_INFO_PROVIDED",
      to: "CONFIRMED",
      by: "system",
      actorName: null,
      message: null,
      createdAt: "2026-11-22T08:00:00.000Z",
    },
  ],
  items: [
    {
      id: "17000000-0000-4000-8000-000000000001",
      itemType: "BIKE",
      name: "Tunturi eC8",
      brand: "Tunturi",
      model: "eC8",
      modelYear: 2026,
      frameSize: "M",
      color: "musta",
      quantity: 1,
      unitPriceCents: 259_900,
      discountCents: 10_000,
      lineTotalCents: 249_900,
    },
  ],
  userPaymentCents: 0,
  employerApprovalRequired: false,
  employerApprovedAt: null,
  agreement: {
    id: AGREEMENT_ID,
    status: "SIGNED",
    leaseTimeMonths: 36,
    monthlyPaymentCents: 6_512,
    commitmentDate: "2026-11-22",
    startDate: null,
    endDate: null,
    leaseEndsOn: null,
    taxRegime: "TAXABLE",
    tax: { kind: "TAXABLE", taxFreeUntil: null, taxableFrom: null },
    signedAt: "2026-11-22T08:00:00.000Z",
    signedDocumentId: null,
  },
  invoices: [],
  afterSales: { cancellation: null, redemption: null, insuranceClaims: [] },
  // What the server answers the helpdesk for a confirmed order with a signed agreement.
  allowedActions: ["REQUEST_CANCELLATION", "SEND_TO_LEASING_COMPANY"],
  allowedMoves: PAUSE_OR_CANCEL,
  signingMethods: ["SMS_CODE"],
  ...overrides,
});

export const invoice = (overrides: Partial<TOrderInvoice> = {}): TOrderInvoice => ({
  id: INVOICE_ID,
  invoiceNumber: "KP-77",
  status: "RECEIVED",
  payerType: "PEDAALI",
  sender: "BIKE_STORE",
  totalCents: 249_900,
  issueDate: "2026-11-25",
  eInvoice: false,
  ...overrides,
});

export const page = (items: TOrderListItem[], total = items.length) => ({
  status: 200,
  body: {
    items,
    page: 1,
    limit: 20,
    total,
    totalPages: Math.ceil(total / 20),
    hasNext: false,
    hasPrevious: false,
  },
});

export const FIRST_PAGE_URL = "/api/orders/all?page=1&limit=20&statusGroup=GENERAL";
export const FIRST_PAGE = `GET ${FIRST_PAGE_URL}`;

/** The calls every view of the tab makes, plus the test's own. */
export function api(extra: Record<string, FakeRoute>) {
  return fakeApi({
    "GET /api/tasks": {
      status: 200,
      body: {
        data: [
          { kind: "ORDER", orderStatus: "CONFIRMED", count: 2, oldestAt: "2026-11-20T10:00:00.000Z" },
          {
            kind: "CUSTOMER_ANSWER",
            orderStatus: "WAITING_FOR_CUSTOMER_COMMENT",
            count: 1,
            oldestAt: "2026-11-21T10:00:00.000Z",
          },
          { kind: "COMPANY_APPLICATION", orderStatus: null, count: 3, oldestAt: "2026-11-19T10:00:00.000Z" },
        ],
      },
    },
    "GET /api/orders/list-data": {
      status: 200,
      body: {
        statusCounts: [
          { status: "CONFIRMED", count: 2 },
          { status: "PENDING", count: 5 },
          { status: "WIX", count: 1 },
        ],
        total: 8,
      },
    },
    "GET /api/companies?names=true&limit=500": {
      status: 200,
      body: {
        items: [{ id: COMPANY_ID, name: "Kallion Kahvila Oy" }],
        page: 1,
        limit: 500,
        total: 1,
        totalPages: 1,
        hasNext: false,
        hasPrevious: false,
      },
    },
    ...extra,
  });
}

export function renderTab(path = "/admin") {
  const user = userEvent.setup({ delay: null });
  const view = renderUi(
    <QueryClientProvider client={createQueryClient()}>
      <Routes>
        <Route path="/admin/*" element={<HelpdeskTab />} />
      </Routes>
    </QueryClientProvider>,
    { path },
  );
  return { user, ...view };
}
