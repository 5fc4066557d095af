import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { TOrderDetails, TOrderListItem } from "../../../../contract/orders.ts";
import { apiError, fakeApi } from "../../../test/fake-api.ts";
import { fillIn } from "../../../test/fill-in.ts";
import { setUpScreenTests } from "../../../test/screen-tests.ts";
import { ADMIN, DEMO_OY, renderPage, uuid } from "../employees/test-support.tsx";
import { companyOrdersPath } from "./orders-api.ts";

setUpScreenTests();

const AWAITING = "/api/orders/awaiting-employer";
const PATH = "/tyonantaja?valilehti=tilaukset";

function listItem(n: number, overrides: Partial<TOrderListItem> = {}): TOrderListItem {
  return {
    orderId: uuid(1000 + n),
    orderNumber: 2000 + n,
    orderStatus: "ALL_INFO_PROVIDED",
    previousStatus: null,
    isOnlineOrder: false,
    isOrderConfirmed: false,
    bikeStore: { bikeStoreId: uuid(500), storeName: "Kallion Pyörä" },
    bikeStoreOrderNumber: null,
    orderPaidDate: null,
    company: { companyId: DEMO_OY, name: "Demo Oy" },
    employee: {
      beneficiaryEmployeeId: uuid(100 + n),
      name: `Aino Virtanen ${n}`,
      email: `aino${n}@demo.test`,
    },
    deliveryMethod: "PICKUP",
    totalPriceCents: 289_000,
    monthlyPaymentCents: 9_870,
    leaseTimeMonths: 36,
    cancellationOpen: false,
    createdAt: "2026-03-02T08:00:00.000Z",
    updatedAt: "2026-03-05T08:00:00.000Z",
    ...overrides,
  };
}

function details(
  item: TOrderListItem,
  signingMethods: TOrderDetails["signingMethods"] = ["SMS_CODE"],
): TOrderDetails {
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
    waitingOn: "EMPLOYER",
    statusSince: "2026-03-05T08:00:00.000Z",
    events: [
      {
        id: uuid(3000),
        type: "ORDER_STATUS_UPDATED",
        from: "PACKAGE_PROVIDED",
        to: "ALL_INFO_PROVIDED",
        by: "user",
        actorName: null,
        message: null,
        createdAt: "2026-03-05T08:00:00.000Z",
      },
    ],
    items: [
      {
        id: uuid(4000),
        itemType: "BIKE",
        name: "Jopo",
        brand: "Helkama",
        model: "3 v",
        modelYear: null,
        frameSize: null,
        color: null,
        quantity: 1,
        unitPriceCents: 289_000,
        discountCents: 0,
        lineTotalCents: 289_000,
      },
    ],
    userPaymentCents: 0,
    employerApprovalRequired: true,
    employerApprovedAt: null,
    agreement: null,
    invoices: [],
    afterSales: { cancellation: null, redemption: null, insuranceClaims: [] },
    allowedActions: [],
    allowedMoves: [],
    signingMethods,
  };
}

const page = (items: TOrderListItem[]) => ({
  status: 200,
  body: { items, page: 1, limit: 10, total: items.length, totalPages: 1, hasNext: false, hasPrevious: false },
});

describe("the Orders tab of /tyonantaja", () => {
  it("lists what waits for approval; approving asks first, sends the decision, empties the list and says so", async () => {
    const user = userEvent.setup({ delay: null });
    const waiting = listItem(1);
    let decided = false;
    const api = fakeApi({
      [`GET ${AWAITING}`]: () => ({ status: 200, body: { items: decided ? [] : [waiting] } }),
      [`GET ${companyOrdersPath(1)}`]: page([waiting, listItem(2, { orderStatus: "ACTIVE_LEASING" })]),
      [`GET /api/orders/${waiting.orderId}`]: { status: 200, body: details(waiting) },
      [`POST /api/orders/${waiting.orderId}/employer-decision`]: () => {
        decided = true;
        return { status: 200, body: details({ ...waiting, orderStatus: "CONFIRMED" }) };
      },
    });
    renderPage(ADMIN, PATH);
    expect(await screen.findByRole("tab", { name: "Tilaukset" })).toHaveAttribute("aria-selected", "true");
    const card = await screen.findByRole("article", { name: "Aino Virtanen 1" });
    expect(card).toHaveTextContent("2 890,00 €");
    expect(card).toHaveTextContent("98,70 €");
    expect(card).toHaveTextContent("36 kk");

    // The package and the timeline open in the drawer.
    await user.click(within(card).getByRole("button", { name: "Näytä paketti ja eteneminen" }));
    const drawer = await screen.findByRole("dialog");
    expect(await within(drawer).findByRole("table", { name: "Pyöräpaketti" })).toHaveTextContent(
      "Jopo (Helkama, 3 v)",
    );
    expect(within(drawer).getByText(/Odottaa: työnantaja/)).toBeInTheDocument();
    await user.click(within(drawer).getByRole("button", { name: "Sulje" }));

    // Approving cannot be undone: it is asked first, naming the employee and the bike.
    await user.click(within(card).getByRole("button", { name: "Hyväksy tilaus" }));
    const confirm = within(
      await screen.findByRole("dialog", { name: "Hyväksytäänkö henkilön Aino Virtanen 1 tilaus?" }),
    );
    expect(await confirm.findByText("Jopo (Helkama, 3 v)")).toBeInTheDocument();
    expect(api.callsTo("POST", `/api/orders/${waiting.orderId}/employer-decision`)).toHaveLength(0);
    await user.click(confirm.getByRole("button", { name: "Hyväksy tilaus" }));
    await waitFor(() =>
      expect(api.callsTo("POST", `/api/orders/${waiting.orderId}/employer-decision`)).toHaveLength(1),
    );
    expect(api.callsTo("POST", `/api/orders/${waiting.orderId}/employer-decision`)[0]?.body).toEqual({
      approve: true,
    });
    expect(await screen.findByText(/Mikään tilaus ei odota hyväksyntääsi/)).toBeInTheDocument();
    // Said after the card has left the list.
    expect(await screen.findByText("Tilaus hyväksytty: Aino Virtanen 1")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    // The company's orders below, with their statuses.
    const table = screen.getByRole("table", { name: "Yrityksen tilaukset" });
    expect(within(table).getByText("Leasing käynnissä")).toBeInTheDocument();
  });

  it("opens the order the approvers' mail links to, with the decisions, and approving asks first", async () => {
    const user = userEvent.setup({ delay: null });
    const waiting = listItem(5);
    const api = fakeApi({
      [`GET ${AWAITING}`]: { status: 200, body: { items: [waiting] } },
      [`GET ${companyOrdersPath(1)}`]: page([waiting]),
      [`GET /api/orders/${waiting.orderId}`]: { status: 200, body: details(waiting) },
    });
    renderPage(ADMIN, `${PATH}&tilaus=${waiting.orderId}`);
    const drawer = await screen.findByRole("dialog", { name: `Tilaus ${waiting.orderNumber}` });
    expect(await within(drawer).findByRole("table", { name: "Pyöräpaketti" })).toHaveTextContent("Jopo");
    await user.click(within(drawer).getByRole("button", { name: "Hyväksy tilaus" }));
    expect(
      await screen.findByRole("dialog", { name: "Hyväksytäänkö henkilön Aino Virtanen 5 tilaus?" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: `Tilaus ${waiting.orderNumber}` })).not.toBeInTheDocument();
    expect(api.callsTo("POST", `/api/orders/${waiting.orderId}/employer-decision`)).toHaveLength(0);
  });

  it("opens an order that waits for no decision without the decisions", async () => {
    const done = listItem(6, { orderStatus: "CONFIRMED" });
    fakeApi({
      [`GET ${AWAITING}`]: { status: 200, body: { items: [] } },
      [`GET ${companyOrdersPath(1)}`]: page([done]),
      [`GET /api/orders/${done.orderId}`]: { status: 200, body: details(done) },
    });
    renderPage(ADMIN, `${PATH}&tilaus=${done.orderId}`);
    const drawer = await screen.findByRole("dialog", { name: `Tilaus ${done.orderNumber}` });
    expect(await within(drawer).findByRole("table", { name: "Pyöräpaketti" })).toBeInTheDocument();
    expect(within(drawer).queryByRole("button", { name: "Hyväksy tilaus" })).not.toBeInTheDocument();
  });

  it("rejects only with a reason", async () => {
    const user = userEvent.setup({ delay: null });
    const waiting = listItem(3);
    const api = fakeApi({
      [`GET ${AWAITING}`]: { status: 200, body: { items: [waiting] } },
      [`GET ${companyOrdersPath(1)}`]: page([waiting]),
      [`POST /api/orders/${waiting.orderId}/employer-decision`]: {
        status: 200,
        body: details({ ...waiting, orderStatus: "CANCELLED" }),
      },
    });
    renderPage(ADMIN, PATH);
    const card = await screen.findByRole("article", { name: "Aino Virtanen 3" });
    await user.click(within(card).getByRole("button", { name: "Hylkää" }));
    const dialog = await screen.findByRole("dialog", { name: "Hylätäänkö henkilön Aino Virtanen 3 tilaus?" });
    await user.click(within(dialog).getByRole("button", { name: "Hylkää tilaus" }));
    expect(await within(dialog).findByText("Kerro työntekijälle, miksi tilaus hylätään")).toBeInTheDocument();
    expect(api.callsTo("POST", `/api/orders/${waiting.orderId}/employer-decision`)).toHaveLength(0);

    await fillIn(user, within(dialog).getByLabelText(/^Hylkäyksen syy/), "Budjetti on käytetty");
    await user.click(within(dialog).getByRole("button", { name: "Hylkää tilaus" }));
    await waitFor(() =>
      expect(api.callsTo("POST", `/api/orders/${waiting.orderId}/employer-decision`)).toHaveLength(1),
    );
    expect(api.callsTo("POST", `/api/orders/${waiting.orderId}/employer-decision`)[0]?.body).toEqual({
      approve: false,
      reason: "Budjetti on käytetty",
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});

describe("approving with strong identification", () => {
  const BROKER = "https://broker.example/authorize?request=signed-request";

  /** One order waiting for approval, its details with the company's ways to approve, the page open. */
  async function openApproval(signingMethods: TOrderDetails["signingMethods"], routes = {}) {
    const user = userEvent.setup({ delay: null });
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    const waiting = listItem(5);
    const api = fakeApi({
      [`GET ${AWAITING}`]: { status: 200, body: { items: [waiting] } },
      [`GET ${companyOrdersPath(1)}`]: page([waiting]),
      [`GET /api/orders/${waiting.orderId}`]: { status: 200, body: details(waiting, signingMethods) },
      ...routes,
    });
    renderPage(ADMIN, PATH);
    const card = await screen.findByRole("article", { name: "Aino Virtanen 5" });
    await user.click(within(card).getByRole("button", { name: "Hyväksy tilaus" }));
    const dialog = await screen.findByRole("dialog", {
      name: "Hyväksytäänkö henkilön Aino Virtanen 5 tilaus?",
    });
    await within(dialog).findByText("Jopo (Helkama, 3 v)");
    return { user, assign, api, dialog: within(dialog), waiting };
  }

  it("approves at the broker where the company prefers it, and keeps the plain approval as a second way", async () => {
    const orderId = listItem(5).orderId;
    const START = `/api/orders/${orderId}/employer-decision/strong`;
    const { user, assign, api, dialog } = await openApproval(["STRONG", "SMS_CODE"], {
      [`POST ${START}`]: { status: 200, body: { redirectUrl: BROKER } },
    });
    expect(dialog.getByText(/tunnistaudut pankkitunnuksillasi tai mobiilivarmenteella/)).toBeInTheDocument();
    expect(dialog.getByRole("button", { name: "Hyväksy ilman pankkitunnuksia" })).toBeEnabled();
    expect(dialog.queryByRole("button", { name: "Hyväksy tilaus" })).not.toBeInTheDocument();

    await user.click(dialog.getByRole("button", { name: "Hyväksy pankkitunnuksilla" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(BROKER));
    expect(api.callsTo("POST", START)).toHaveLength(1);
    expect(api.callsTo("POST", `/api/orders/${orderId}/employer-decision`)).toHaveLength(0);
  });

  it("approves plainly by the second way where the company also allows it", async () => {
    const orderId = listItem(5).orderId;
    const DECISION = `/api/orders/${orderId}/employer-decision`;
    const { user, assign, api, dialog } = await openApproval(["STRONG", "SMS_CODE"], {
      [`POST ${DECISION}`]: { status: 200, body: details({ ...listItem(5), orderStatus: "CONFIRMED" }) },
    });
    await user.click(dialog.getByRole("button", { name: "Hyväksy ilman pankkitunnuksia" }));
    await waitFor(() => expect(api.callsTo("POST", DECISION)).toHaveLength(1));
    expect(api.callsTo("POST", DECISION)[0]?.body).toEqual({ approve: true });
    expect(await screen.findByText("Tilaus hyväksytty: Aino Virtanen 5")).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it("offers only the broker where the company requires it, and says why its start failed", async () => {
    const orderId = listItem(5).orderId;
    const { user, assign, dialog } = await openApproval(["STRONG"], {
      [`POST /api/orders/${orderId}/employer-decision/strong`]: apiError(
        503,
        "STRONG_IDENTIFICATION_UNAVAILABLE",
        "Unavailable",
      ),
    });
    expect(dialog.queryByRole("button", { name: "Hyväksy ilman pankkitunnuksia" })).not.toBeInTheDocument();
    await user.click(dialog.getByRole("button", { name: "Hyväksy pankkitunnuksilla" }));
    expect(await dialog.findByRole("alert")).toHaveTextContent(
      /Vahvaa sähköistä tunnistautumista ei voi käyttää juuri nyt/,
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it("offers no approval when strong identification is required but not available", async () => {
    const { dialog } = await openApproval([]);
    expect(dialog.getByText(/jota ei voi käyttää juuri nyt/)).toBeInTheDocument();
    expect(dialog.getByRole("button", { name: "Hyväksy tilaus" })).toBeDisabled();
    expect(dialog.queryByRole("button", { name: "Hyväksy pankkitunnuksilla" })).not.toBeInTheDocument();
  });

  it("says the order is approved when the broker sends the employer back", async () => {
    fakeApi({ [`GET ${AWAITING}`]: { status: 200, body: { items: [] } } });
    const { router } = renderPage(ADMIN, "/tyonantaja?valilehti=tilaukset&identification=SIGNED");
    const outcome = (await screen.findByText("Tilaus hyväksytty")).closest("[role=status]");
    expect(outcome).toHaveTextContent("Hyväksyit tilauksen vahvalla sähköisellä tunnistautumisella.");
    await waitFor(() => expect(router.state.location.search).toBe("?valilehti=tilaukset"));
  });
});
