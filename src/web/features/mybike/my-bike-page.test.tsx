import { QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "../../lib/query-client.ts";
import { SESSION_QUERY_KEY } from "../../lib/session.ts";
import { fakeApi } from "../../test/fake-api.ts";
import { renderUi } from "../../test/render-ui.tsx";
import { sessionUser } from "../../test/session-user.ts";
import { MyBikePage, myBikeFirstData } from "./my-bike-page.tsx";
import type { TMyOrder } from "./mybike-api.ts";
import {
  baseRoutes,
  MY_TERMS,
  ok,
  order,
  packageOrder,
  renderMyBike,
  setUpMyBikeTests,
  uuid,
} from "./test-support.tsx";

setUpMyBikeTests();

/** A bike in use since 2025, on an older order than the one on its way. */
function bikeInUse(): TMyOrder {
  return order({
    orderId: uuid(2),
    orderNumber: 900,
    orderStatus: "ACTIVE_LEASING",
    waitingOn: null,
    createdAt: "2024-11-02T08:00:00.000Z",
    agreement: {
      id: uuid(610),
      status: "ACCEPTED",
      leaseTimeMonths: 36,
      monthlyPaymentCents: 9_500,
      commitmentDate: "2024-11-20",
      startDate: "2025-01-01",
      endDate: "2099-12-31",
      leaseEndsOn: "2099-12-31",
      taxRegime: "GRANDFATHERED",
      tax: { kind: "TAXABLE", taxFreeUntil: null, taxableFrom: null },
      signedAt: "2024-11-20T08:00:00.000Z",
      signedDocumentId: null,
    },
  });
}

/** Whether `first` comes before `second` in the page's reading order (the Stack keeps it at every width). */
function comesBefore(first: HTMLElement, second: HTMLElement): boolean {
  return Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);
}

describe("what needs doing comes first on /mybike", () => {
  it("puts an order waiting for the employee's acceptance above the bike in use", async () => {
    fakeApi(baseRoutes([bikeInUse(), packageOrder({ allowedActions: ["ACCEPT_PACKAGE", "CANCEL"] })]));
    renderMyBike();
    const waiting = await screen.findByRole("heading", { name: "Tilaus 1042" });
    const bike = await screen.findByRole("heading", { name: "Pyöräsi" });
    expect(comesBefore(waiting, bike)).toBe(true);
  });

  it("puts an agreement to sign above the bike in use", async () => {
    fakeApi(
      baseRoutes([
        bikeInUse(),
        packageOrder({ orderStatus: "ALL_INFO_PROVIDED", waitingOn: "EMPLOYEE", allowedActions: ["SIGN"] }),
      ]),
    );
    renderMyBike();
    const waiting = await screen.findByRole("heading", { name: "Tilaus 1042" });
    expect(comesBefore(waiting, await screen.findByRole("heading", { name: "Pyöräsi" }))).toBe(true);
  });

  it("keeps an order waiting for others below the bike in use", async () => {
    fakeApi(baseRoutes([bikeInUse(), order({ waitingOn: "BIKE_STORE" })]));
    renderMyBike();
    const other = await screen.findByRole("heading", { name: "Tilaus 1042" });
    expect(comesBefore(await screen.findByRole("heading", { name: "Pyöräsi" }), other)).toBe(true);
  });
});

const READ_AT = "2026-11-01T10:00:00.000Z";

/** A handover waiting for the store, its pickup code shown to the employee. */
function handoverOf(orderId: string) {
  return {
    orderId,
    kind: "IN_STORE",
    pickupCode: "482913",
    photoCount: 0,
    handover: null,
    canSign: false,
    canReportDefect: false,
  };
}

describe("the first view of /mybike", () => {
  // A call the first screen makes when it mounts is a second round trip after the page's first data, and
  // starting it renders the page again at once, in the same task as its first paint.
  it.each([
    ["with no order on the way: the order form and its stores", [] as TMyOrder[], "Aloita tilaus"],
    ["with an order on the way", [order({ waitingOn: "BIKE_STORE" })], "Tilaus 1042"],
    [
      "with a bike at the store for pickup and a bike in use, each with its handover",
      [order({ orderStatus: "WAITING_FOR_DELIVERY_DATE", waitingOn: "BIKE_STORE" }), bikeInUse()],
      "Pyöräsi",
    ],
  ])("%s asks nothing its first data has not read", async (_what, orders, heading) => {
    const api = fakeApi({
      ...baseRoutes(orders),
      ...Object.fromEntries(
        orders.map((o) => [`GET /api/orders/${o.orderId}/handover`, ok(handoverOf(o.orderId))]),
      ),
      "GET /api/account/invitations": ok({ items: [] }),
      "GET /api/calculator/my-terms": ok(MY_TERMS),
      "GET /api/whats-new/myBike": ok({ since: READ_AT, readAt: READ_AT, items: [] }),
      "POST /api/whats-new/myBike/seen": ok({ seenAt: READ_AT }),
      "GET /api/user-payment": ok({ items: [] }),
    });
    const queryClient = createQueryClient();
    queryClient.setQueryData(SESSION_QUERY_KEY, sessionUser(["BIKE_BENEFICIARY"]));
    await myBikeFirstData("myBike", new URLSearchParams(), "/mybike", queryClient);
    const firstData = api.calls.length;
    renderUi(
      <QueryClientProvider client={queryClient}>
        <MyBikePage />
      </QueryClientProvider>,
      { path: "/mybike" },
    );
    await screen.findByRole("heading", { name: heading });
    if (orders.length === 0) await screen.findByPlaceholderText("Valitse pyöräliike");
    // The benefit section stands below the first screen and is rendered after it is drawn, on purpose;
    // its net cost asks for the calculator's parameters then, after every call a mount would make.
    await waitFor(() => expect(api.callsTo("GET", "/api/calculator/parameters")).toHaveLength(1));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const gets = api.calls.slice(firstData).filter((c) => c.method === "GET");
    expect(gets.map((c) => c.url)).toEqual(["/api/calculator/parameters"]);
  });
});
