import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { TOrderCancellationListItem } from "../../../../contract/order-cancellations.ts";
import type { TOrderDetails, TOrderListItem } from "../../../../contract/orders.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { fakeApi } from "../../../test/fake-api.ts";
import { fillIn } from "../../../test/fill-in.ts";
import { renderUi } from "../../../test/render-ui.tsx";
import { setUpScreenTests } from "../../../test/screen-tests.ts";
import { ADMIN, DEMO_OY, renderPage, uuid } from "../employees/test-support.tsx";
import { companyOrdersPath } from "../orders/orders-api.ts";
import { CancelOrderAction } from "./cancel-order-action.tsx";
import { companyCancellationsPath } from "./cancellations-api.ts";
import { EmployerCancellationsSection } from "./cancellations-section.tsx";

setUpScreenTests();

const ORDER = uuid(1001);

function order(overrides: Partial<TOrderDetails> = {}): TOrderDetails {
  const item: TOrderListItem = {
    orderId: ORDER,
    orderNumber: 2001,
    orderStatus: "CONFIRMED",
    previousStatus: null,
    isOnlineOrder: false,
    isOrderConfirmed: true,
    bikeStore: { bikeStoreId: uuid(500), storeName: "Kallion Pyörä" },
    bikeStoreOrderNumber: null,
    orderPaidDate: null,
    company: { companyId: DEMO_OY, name: "Demo Oy" },
    employee: { beneficiaryEmployeeId: uuid(101), name: "Aino Virtanen", email: "aino@demo.test" },
    deliveryMethod: "PICKUP",
    totalPriceCents: 289_000,
    monthlyPaymentCents: 9_870,
    leaseTimeMonths: 36,
    cancellationOpen: false,
    createdAt: "2026-03-02T08:00:00.000Z",
    updatedAt: "2026-03-05T08:00:00.000Z",
  };
  return {
    ...item,
    deliveryStreetAddress: null,
    deliveryPostalCode: null,
    deliveryCity: null,
    vatPercent: null,
    residualValueCents: null,
    frameSerialNumber: null,
    deliveryDate: null,
    customerComment: null,
    customerQuestion: null,
    waitingOn: "HELPDESK",
    statusSince: "2026-03-05T08:00:00.000Z",
    events: [],
    items: [],
    userPaymentCents: 0,
    employerApprovalRequired: false,
    employerApprovedAt: null,
    agreement: null,
    invoices: [],
    afterSales: { cancellation: null, redemption: null, insuranceClaims: [] },
    // Confirmed: the employer's cancellation is a request to the helpdesk (the server's answer).
    allowedActions: ["REQUEST_CANCELLATION"],
    allowedMoves: [],
    signingMethods: ["SMS_CODE"],
    ...overrides,
  };
}

function renderAction(details: TOrderDetails) {
  renderUi(
    <QueryClientProvider client={createQueryClient()}>
      <CancelOrderAction order={details} />
    </QueryClientProvider>,
  );
  return userEvent.setup({ delay: null });
}

describe("the employer's cancellation in the order drawer", () => {
  it("opens from the Orders tab's drawer and cancels an unconfirmed order at once with a reason", async () => {
    const unconfirmed = order({
      orderStatus: "PACKAGE_PROVIDED",
      waitingOn: "EMPLOYEE",
      allowedActions: ["CANCEL"],
    });
    const api = fakeApi({
      "GET /api/orders/awaiting-employer": { status: 200, body: { items: [] } },
      [`GET ${companyOrdersPath(1)}`]: {
        status: 200,
        body: {
          items: [unconfirmed],
          page: 1,
          limit: 10,
          total: 1,
          totalPages: 1,
          hasNext: false,
          hasPrevious: false,
        },
      },
      [`GET /api/orders/${ORDER}`]: { status: 200, body: unconfirmed },
      // The cancellation as the API answers it: the unconfirmed order cancelled at once.
      "POST /api/order-cancellations": {
        status: 201,
        body: {
          orderCancellationId: uuid(700),
          status: "PENDING",
          requestedBy: "EMPLOYER",
          reason: "Työsuhde päättyy koeajalla",
          refundAmountCents: 0,
          payerType: null,
          refundToType: null,
          order: {
            orderId: ORDER,
            orderNumber: 2001,
            orderStatus: "CANCELLED",
            previousStatus: null,
            employee: { beneficiaryEmployeeId: uuid(101), name: "Aino Virtanen", email: "aino@demo.test" },
            company: { companyId: DEMO_OY, name: "Demo Oy" },
            bikeStore: null,
            totalPriceCents: 289_000,
            userPaymentCents: 0,
          },
          createdAt: "2026-03-06T08:00:00.000Z",
          completedAt: null,
          note: null,
          orderStatusAtRequest: "PACKAGE_PROVIDED",
          cancelledAtOnce: true,
          requestedByName: null,
          completedByName: null,
          uploadedRefunds: [],
          events: [],
          updatedAt: "2026-03-06T08:00:00.000Z",
          allowedActions: [],
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderPage(ADMIN, "/tyonantaja?valilehti=tilaukset");
    await user.click(await screen.findByRole("button", { name: "Tilaus 2001" }));
    const drawer = await screen.findByRole("dialog");
    expect(await within(drawer).findByText(/voit perua sen heti/)).toBeInTheDocument();
    await user.click(within(drawer).getByRole("button", { name: "Peruuta tilaus" }));
    const dialog = await screen.findByRole("dialog", {
      name: "Peruutetaanko henkilön Aino Virtanen tilaus 2001?",
    });
    await user.click(within(dialog).getByRole("button", { name: "Peruuta tilaus" }));
    expect(
      await within(dialog).findByText("Kerro peruutuksen syy (vähintään 3 merkkiä)"),
    ).toBeInTheDocument();
    await fillIn(user, within(dialog).getByLabelText(/Peruutuksen syy/), "Työsuhde päättyy koeajalla");
    await user.click(within(dialog).getByRole("button", { name: "Peruuta tilaus" }));
    await waitFor(() => expect(api.callsTo("POST", "/api/order-cancellations")).toHaveLength(1));
    expect(api.callsTo("POST", "/api/order-cancellations")[0]?.body).toEqual({
      orderId: ORDER,
      reason: "Työsuhde päättyy koeajalla",
    });
  });

  it("makes a confirmed order's cancellation a request to the helpdesk, and says so first", async () => {
    fakeApi({});
    const user = renderAction(order());
    expect(screen.getByText(/peruutus lähtee pyyntönä asiakaspalveluun/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Peruuta tilaus" }));
    expect(await screen.findByRole("button", { name: "Lähetä peruutuspyyntö" })).toBeInTheDocument();
  });

  it("shows an open request instead, withdrawable by the employer only when the employer asked", async () => {
    const requested = (requestedBy: "EMPLOYER" | "EMPLOYEE") =>
      order({
        afterSales: {
          cancellation: {
            orderCancellationId: uuid(700),
            status: "PENDING",
            requestedBy,
            reason: "Koeaika päättyi",
            refundAmountCents: 0,
            payerType: null,
            refundToType: null,
            createdAt: "2026-03-06T08:00:00.000Z",
            completedAt: null,
          },
          redemption: null,
          insuranceClaims: [],
        },
      });
    const api = fakeApi({
      [`DELETE /api/order-cancellations/${uuid(700)}`]: { status: 200, body: { message: "ok" } },
    });
    renderAction(requested("EMPLOYEE"));
    expect(screen.getByText("Pyytäjä: työntekijä · 06.03.2026")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Peru pyyntö" })).toBeNull();
    cleanup();

    const user = renderAction(requested("EMPLOYER"));
    expect(screen.getByText("Peruutuspyyntö odottaa asiakaspalvelua")).toBeInTheDocument();
    expect(screen.getByText("Pyytäjä: työnantaja · 06.03.2026")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Peru pyyntö" }));
    const dialog = await screen.findByRole("dialog", { name: "Perutaanko tilauksen 2001 peruutuspyyntö?" });
    await user.click(within(dialog).getByRole("button", { name: "Peru pyyntö" }));
    await waitFor(() =>
      expect(api.callsTo("DELETE", `/api/order-cancellations/${uuid(700)}`)).toHaveLength(1),
    );
  });

  it("offers nothing once the store has given the delivery details", () => {
    renderAction(order({ orderStatus: "READY_FOR_BILLING", allowedActions: [] }));
    expect(screen.queryByRole("button", { name: "Peruuta tilaus" })).toBeNull();
  });

  it("follows the server's answer, not the order's status", async () => {
    // A confirmed order the server lets the employer cancel at once is cancelled at once.
    fakeApi({});
    const user = renderAction(order({ allowedActions: ["CANCEL"] }));
    expect(screen.queryByText(/peruutus lähtee pyyntönä asiakaspalveluun/)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Peruuta tilaus" }));
    expect(await screen.findByRole("dialog")).not.toHaveTextContent("Peruutuspyyntö");
    cleanup();
    // An unconfirmed order the server does not let the employer cancel offers no button.
    renderAction(order({ orderStatus: "PACKAGE_PROVIDED", allowedActions: [] }));
    expect(screen.queryByRole("button", { name: "Peruuta tilaus" })).toBeNull();
  });
});

describe("the companies' cancellations on the bikes tab", () => {
  it("lists them read only, newest first, 10 a page", async () => {
    const row: TOrderCancellationListItem = {
      orderCancellationId: uuid(700),
      status: "COMPLETED",
      requestedBy: "EMPLOYEE",
      reason: "Muutan Ouluun",
      refundAmountCents: 34_700,
      payerType: "PEDAALI",
      refundToType: "EMPLOYEE",
      order: {
        orderId: ORDER,
        orderNumber: 2001,
        orderStatus: "REFUNDED",
        previousStatus: null,
        employee: { beneficiaryEmployeeId: uuid(101), name: "Aino Virtanen", email: "aino@demo.test" },
        company: { companyId: DEMO_OY, name: "Demo Oy" },
        bikeStore: null,
        totalPriceCents: 484_700,
        userPaymentCents: 34_700,
      },
      createdAt: "2026-03-06T08:00:00.000Z",
      completedAt: "2026-03-09T08:00:00.000Z",
    };
    fakeApi({
      [`GET ${companyCancellationsPath(1)}`]: {
        status: 200,
        body: {
          items: [row],
          page: 1,
          limit: 10,
          total: 1,
          totalPages: 1,
          hasNext: false,
          hasPrevious: false,
        },
      },
    });
    renderUi(
      <QueryClientProvider client={createQueryClient()}>
        <EmployerCancellationsSection />
      </QueryClientProvider>,
    );
    const table = await screen.findByRole("table", { name: "Tilausten peruutukset" });
    const tr = (await within(table).findByText("Aino Virtanen")).closest("tr") as HTMLElement;
    expect(within(tr).getByText("Tilaus 2001")).toBeInTheDocument();
    expect(within(tr).getByText("Käsitelty")).toBeInTheDocument();
    expect(within(tr).getByText(/347,00\s€/)).toBeInTheDocument();
    expect(within(tr).queryByRole("button")).toBeNull();
  });

  it("asks the page its own key in the address names, beside the bikes tab's other lists", async () => {
    const empty = { items: [], limit: 10, total: 0, totalPages: 0, hasNext: false, hasPrevious: false };
    const api = fakeApi({
      [`GET ${companyCancellationsPath(2)}`]: { status: 200, body: { ...empty, page: 2 } },
    });
    renderUi(
      <QueryClientProvider client={createQueryClient()}>
        <EmployerCancellationsSection />
      </QueryClientProvider>,
      { path: "/?page=5&cancellations.page=2" },
    );
    await screen.findByRole("table", { name: "Tilausten peruutukset" });
    await waitFor(() => expect(api.callsTo("GET", companyCancellationsPath(2))).toHaveLength(1));
    expect(api.calls.map((call) => call.url)).toEqual([companyCancellationsPath(2)]);
  });
});
