import { QueryClientProvider } from "@tanstack/react-query";
import { beforeAll } from "vitest";
import type { TCalculatorMyTerms } from "../../../contract/calculator.ts";
import { LEASE_TERMS } from "../../../domain/calculator/test-fixtures.ts";
import { ToastHost } from "../../components/toast-host.tsx";
import { ensureMyBikeTexts } from "../../i18n/mybike-texts.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { SESSION_QUERY_KEY } from "../../lib/session.ts";
import type { FakeReply } from "../../test/fake-api.ts";
import { renderUi } from "../../test/render-ui.tsx";
import { setUpScreenTests } from "../../test/screen-tests.ts";
import { sessionUser } from "../../test/session-user.ts";
import { MyBikePage } from "./my-bike-page.tsx";
import type { TMyBenefit, TMyOrder, TOrderOffer } from "./mybike-api.ts";

/** What the tests of /mybike share: the texts, an employee's orders as the API answers them, the page. */

export function setUpMyBikeTests() {
  setUpScreenTests();
  beforeAll(() => ensureMyBikeTexts("fi"));
}

export const uuid = (n: number) => `dddddddd-dddd-4ddd-8ddd-${String(n).padStart(12, "0")}`;
const STORE = uuid(500);
export const ORDER_ID = uuid(1);

export const BENEFIT: TMyBenefit = {
  maxPriceCents: 300_000,
  policy: {
    minLeaseTimeMonths: 12,
    maxLeaseTimeMonths: 48,
    requiresEmployerApproval: true,
    accessoriesAllowed: true,
    maintenanceIncluded: false,
    insuranceRequired: true,
    policyText: null,
  },
  companyName: "Demo Oy",
  canOrder: true,
  cannotOrderReason: null,
};

export function order(overrides: Partial<TMyOrder> = {}): TMyOrder {
  return {
    orderId: ORDER_ID,
    orderNumber: 1042,
    orderStatus: "PENDING",
    previousStatus: null,
    isOnlineOrder: false,
    isOrderConfirmed: false,
    bikeStore: { bikeStoreId: STORE, storeName: "Kallion Pyörä" },
    bikeStoreOrderNumber: null,
    orderPaidDate: null,
    company: { companyId: uuid(900), name: "Demo Oy" },
    employee: { beneficiaryEmployeeId: uuid(901), name: "Maija Meikäläinen", email: "maija@demo.test" },
    deliveryMethod: "PICKUP",
    totalPriceCents: 0,
    monthlyPaymentCents: null,
    leaseTimeMonths: null,
    cancellationOpen: false,
    createdAt: "2026-03-02T08:00:00.000Z",
    updatedAt: "2026-03-02T08:00:00.000Z",
    deliveryStreetAddress: null,
    deliveryPostalCode: null,
    deliveryCity: null,
    vatPercent: null,
    residualValueCents: null,
    frameSerialNumber: null,
    deliveryDate: null,
    customerComment: null,
    customerQuestion: null,
    waitingOn: "BIKE_STORE",
    statusSince: "2026-03-02T08:00:00.000Z",
    events: [
      {
        id: uuid(300),
        type: "ORDER_STATUS_UPDATED",
        from: "NOT_STARTED",
        to: "PENDING",
        by: "user",
        actorName: null,
        message: null,
        createdAt: "2026-03-02T08:00:00.000Z",
      },
    ],
    items: [],
    userPaymentCents: 0,
    employerApprovalRequired: false,
    employerApprovedAt: null,
    agreement: null,
    invoices: [],
    afterSales: { cancellation: null, redemption: null, insuranceClaims: [] },
    allowedActions: [],
    allowedMoves: [],
    signingMethods: ["SMS_CODE"],
    ...overrides,
  };
}

/** A PACKAGE_PROVIDED order: a bike above the max price and a helmet. */
export function packageOrder(overrides: Partial<TMyOrder> = {}): TMyOrder {
  return order({
    orderStatus: "PACKAGE_PROVIDED",
    waitingOn: "EMPLOYEE",
    totalPriceCents: 342_000,
    items: [
      {
        id: uuid(401),
        itemType: "BIKE",
        name: "Sähköpyörä",
        brand: "Helkama",
        model: "E3",
        modelYear: 2026,
        frameSize: "M",
        color: null,
        quantity: 1,
        unitPriceCents: 339_000,
        discountCents: 9_000,
        lineTotalCents: 330_000,
      },
      {
        id: uuid(402),
        itemType: "ACCESSORY",
        name: "Kypärä",
        brand: null,
        model: null,
        modelYear: null,
        frameSize: null,
        color: null,
        quantity: 1,
        unitPriceCents: 12_000,
        discountCents: 0,
        lineTotalCents: 12_000,
      },
    ],
    userPaymentCents: 42_000,
    ...overrides,
  });
}

/** The version of packageOrder()'s package, as the offer names it. */
export const PACKAGE_VERSION = "a".repeat(64);

/** The offer on packageOrder()'s package for the period. */
export function offer(
  leaseTimeMonths: number,
  monthlyPaymentCents: number,
  overrides: Partial<TOrderOffer> = {},
): TOrderOffer {
  return {
    leaseTimeMonths,
    monthlyPaymentCents,
    grossDeductionCents: monthlyPaymentCents,
    userPaymentCents: 42_000,
    residualValueCents: 30_000,
    totalPriceCents: 342_000,
    allowedLeaseTimes: [24, 36, 48],
    items: packageOrder().items,
    packageVersion: PACKAGE_VERSION,
    ...overrides,
  };
}

export const ok = (body: unknown): FakeReply => ({ status: 200, body });

/** The employee's own terms (GET /api/calculator/my-terms). */
export const MY_TERMS: TCalculatorMyTerms = {
  companyName: "Demo Oy",
  leaseTerms: LEASE_TERMS,
  maxPrice: 3_000,
  municipalityCode: null,
  church: null,
};

/** The routes every /mybike render asks for, with the employee's orders. */
export function baseRoutes(orders: TMyOrder[], benefit: TMyBenefit = BENEFIT) {
  return {
    "GET /api/orders/my": () => ok({ items: orders }),
    "GET /api/orders/my/benefit": ok(benefit),
    "GET /api/calculator/my-terms": {
      status: 404,
      body: { statusCode: 404, code: "NOT_FOUND", message: "x" },
    },
    "GET /api/bike-stores/minimal": ok({
      bikeStores: [
        { bikeStoreId: STORE, storeName: "Kallion Pyörä", isOnlineStore: false, city: "Helsinki" },
        { bikeStoreId: uuid(501), storeName: "Tampereen Fillari", isOnlineStore: false, city: "Tampere" },
      ],
    }),
  };
}

export function renderMyBike(path = "/mybike") {
  const queryClient = createQueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY, sessionUser(["BIKE_BENEFICIARY"]));
  return {
    queryClient,
    ...renderUi(
      <QueryClientProvider client={queryClient}>
        <MyBikePage />
        <ToastHost />
      </QueryClientProvider>,
      { path },
    ),
  };
}
