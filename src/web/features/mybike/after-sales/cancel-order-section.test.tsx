import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { TOrderAfterSales } from "../../../../contract/orders.ts";
import { apiError, fakeApi } from "../../../test/fake-api.ts";
import { fillIn } from "../../../test/fill-in.ts";
import type { TMyOrder } from "../mybike-api.ts";
import {
  baseRoutes,
  ORDER_ID,
  ok,
  order,
  packageOrder,
  renderMyBike,
  setUpMyBikeTests,
  uuid,
} from "../test-support.tsx";
import { cancellationStateOf } from "./cancel-order-section.tsx";

setUpMyBikeTests();

const CANCELLATION_ID = uuid(700);

type Cancellation = NonNullable<TOrderAfterSales["cancellation"]>;
const cancellation = (overrides: Partial<Cancellation> = {}): Cancellation => ({
  orderCancellationId: CANCELLATION_ID,
  status: "PENDING",
  requestedBy: "EMPLOYEE",
  reason: "Muutan toiselle paikkakunnalle",
  refundAmountCents: 0,
  payerType: null,
  refundToType: null,
  createdAt: "2026-03-05T09:00:00.000Z",
  completedAt: null,
  ...overrides,
});
const withCancellation = (base: TMyOrder, overrides: Partial<Cancellation> = {}): TMyOrder => ({
  ...base,
  afterSales: { ...base.afterSales, cancellation: cancellation(overrides) },
});
const confirmed = (overrides: Partial<TMyOrder> = {}) =>
  packageOrder({
    orderStatus: "CONFIRMED",
    waitingOn: "HELPDESK",
    isOrderConfirmed: true,
    allowedActions: ["REQUEST_CANCELLATION"],
    ...overrides,
  });
/** A package to accept, which the employee may still cancel at once (the server's CANCEL). */
const unconfirmed = (overrides: Partial<TMyOrder> = {}) =>
  packageOrder({ allowedActions: ["ACCEPT_PACKAGE", "CANCEL"], ...overrides });

/** The cancellation as the API answers its creation: at once before confirmation, else a request. */
const created = (atOnce: boolean) => ({
  status: 201,
  body: {
    ...cancellation(),
    order: {
      orderId: ORDER_ID,
      orderNumber: 1042,
      orderStatus: atOnce ? "CANCELLED" : "CONFIRMED",
      previousStatus: null,
      employee: { beneficiaryEmployeeId: uuid(101), name: "Aino Virtanen", email: "aino@demo.test" },
      company: { companyId: uuid(2), name: "Demo Oy" },
      bikeStore: null,
      totalPriceCents: 289_000,
      userPaymentCents: 0,
    },
    note: null,
    orderStatusAtRequest: atOnce ? "PACKAGE_PROVIDED" : "CONFIRMED",
    cancelledAtOnce: atOnce,
    requestedByName: null,
    completedByName: null,
    uploadedRefunds: [],
    events: [],
    updatedAt: "2026-03-05T09:00:00.000Z",
    allowedActions: atOnce ? [] : ["WITHDRAW"],
  },
});

async function section() {
  return screen.findByRole("region", { name: "Tilauksen peruuttaminen" });
}

describe("the employee's cancel dialog", () => {
  it("cancels an order not yet confirmed at once, after asking the reason", async () => {
    const user = userEvent.setup({ delay: null });
    let cancelled = false;
    const api = fakeApi({
      ...baseRoutes([unconfirmed()]),
      "GET /api/orders/my": () =>
        ok({
          items: [cancelled ? packageOrder({ orderStatus: "CANCELLED", waitingOn: null }) : unconfirmed()],
        }),
      "POST /api/order-cancellations": () => {
        cancelled = true;
        return created(true);
      },
    });
    renderMyBike();
    const card = await section();
    expect(card).toHaveTextContent("voit perua sen heti");
    await user.click(within(card).getByRole("button", { name: "Peruuta tilaus" }));
    const dialog = await screen.findByRole("dialog", { name: "Peruutetaanko tilaus 1042?" });
    expect(dialog).toHaveTextContent("Tilaus perutaan heti");
    // The reason is required.
    await user.click(within(dialog).getByRole("button", { name: "Peruuta tilaus" }));
    expect(
      await within(dialog).findByText("Kerro peruutuksen syy (vähintään 3 merkkiä)"),
    ).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/order-cancellations")).toHaveLength(0);
    // The button that closes the dialog cannot be taken for the one that cancels the order.
    expect(within(dialog).getByRole("button", { name: "Takaisin" })).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Peruuta" })).toBeNull();
    // Over the maximum the reason says so, keeping the text; back under it, the error goes.
    const reasonField = within(dialog).getByLabelText(/Peruutuksen syy/);
    await user.click(reasonField);
    await user.paste("x".repeat(1001));
    expect(reasonField).toHaveValue("x".repeat(1001));
    expect(within(dialog).getByText("Enintään 1000 merkkiä")).toBeInTheDocument();
    await user.clear(reasonField);

    await fillIn(user, within(dialog).getByLabelText(/Peruutuksen syy/), "  Löysin sopivamman pyörän  ");
    expect(within(dialog).queryByText(/vähintään 3 merkkiä/)).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Peruuta tilaus" }));
    await waitFor(() => expect(api.callsTo("POST", "/api/order-cancellations")).toHaveLength(1));
    expect(api.callsTo("POST", "/api/order-cancellations")[0]?.body).toEqual({
      orderId: ORDER_ID,
      reason: "Löysin sopivamman pyörän",
    });
    expect(await screen.findByText("Tilaus peruttu")).toBeInTheDocument();
    // The order left the way: its section is gone with it.
    await waitFor(() => expect(screen.queryByRole("region", { name: "Tilauksen peruuttaminen" })).toBeNull());
  });

  it("says a confirmed order's cancellation is a request to customer service", async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi({
      ...baseRoutes([confirmed()]),
      "POST /api/order-cancellations": created(false),
    });
    renderMyBike();
    const card = await section();
    expect(card).toHaveTextContent("Peruutus lähtee pyyntönä asiakaspalveluun");
    await user.click(within(card).getByRole("button", { name: "Peruuta tilaus" }));
    const dialog = await screen.findByRole("dialog", { name: "Peruutetaanko tilaus 1042?" });
    expect(dialog).toHaveTextContent("Peruutuspyyntö lähtee asiakaspalveluun");
    await fillIn(user, within(dialog).getByLabelText(/Peruutuksen syy/), "En tarvitse pyörää");
    await user.click(within(dialog).getByRole("button", { name: "Lähetä peruutuspyyntö" }));
    expect(await screen.findByText("Peruutuspyyntö lähetetty asiakaspalveluun")).toBeInTheDocument();
  });

  it("shows the server's refusal in the dialog, translated by its code", async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi({
      ...baseRoutes([confirmed()]),
      "POST /api/order-cancellations": apiError(409, "ORDER_CANCELLATION_OPEN", "open"),
    });
    renderMyBike();
    await user.click(within(await section()).getByRole("button", { name: "Peruuta tilaus" }));
    const dialog = await screen.findByRole("dialog");
    await fillIn(user, within(dialog).getByLabelText(/Peruutuksen syy/), "En tarvitse pyörää");
    await user.click(within(dialog).getByRole("button", { name: "Lähetä peruutuspyyntö" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Tilauksella on jo avoin peruutus.");
  });

  it("offers no cancellation once the store has given the delivery details", async () => {
    fakeApi(baseRoutes([confirmed({ orderStatus: "READY_FOR_BILLING", allowedActions: [] })]));
    renderMyBike();
    expect(await screen.findByRole("heading", { name: "Tilaus 1042" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Tilauksen peruuttaminen" })).toBeNull();
  });

  it("follows the server's answer, not the order's status: no cancel or request allowed, no button", async () => {
    fakeApi(baseRoutes([packageOrder({ allowedActions: ["ACCEPT_PACKAGE"] })]));
    renderMyBike();
    expect(await screen.findByRole("heading", { name: "Tilaus 1042" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Tilauksen peruuttaminen" })).toBeNull();
  });

  it("says the cancellation is a request when the server allows a request only, whatever the status", async () => {
    fakeApi(baseRoutes([packageOrder({ allowedActions: ["REQUEST_CANCELLATION"] })]));
    renderMyBike();
    expect(await section()).toHaveTextContent("Peruutus lähtee pyyntönä asiakaspalveluun");
  });
});

describe("the cancellation's state", () => {
  it("shows a waiting request, which the employee may withdraw after confirming", async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({
      ...baseRoutes([withCancellation(confirmed())]),
      [`DELETE /api/order-cancellations/${CANCELLATION_ID}`]: ok({ message: "Order cancellation withdrawn" }),
    });
    renderMyBike();
    const card = await screen.findByRole("region", { name: "Tilauksen 1042 peruutus" });
    expect(card).toHaveTextContent("Pyyntö odottaa");
    expect(card).toHaveTextContent("Pyytäjä: sinä · 05.03.2026");
    expect(card).toHaveTextContent("Muutan toiselle paikkakunnalle");
    await user.click(within(card).getByRole("button", { name: "Peru peruutuspyyntö" }));
    const dialog = await screen.findByRole("dialog", { name: "Perutaanko tilauksen 1042 peruutuspyyntö?" });
    await user.click(within(dialog).getByRole("button", { name: "Peru pyyntö" }));
    await waitFor(() =>
      expect(api.callsTo("DELETE", `/api/order-cancellations/${CANCELLATION_ID}`)).toHaveLength(1),
    );
    expect(await screen.findByText("Peruutuspyyntö peruttu")).toBeInTheDocument();
  });

  it("lets the employee withdraw only their own request", async () => {
    fakeApi(baseRoutes([withCancellation(confirmed(), { requestedBy: "EMPLOYER" })]));
    renderMyBike();
    const card = await screen.findByRole("region", { name: "Tilauksen 1042 peruutus" });
    expect(card).toHaveTextContent("Pyytäjä: työnantajasi");
    expect(within(card).queryByRole("button", { name: "Peru peruutuspyyntö" })).toBeNull();
  });

  it("tells a cancelled order from a refund coming and a refund paid", () => {
    const refund = { refundAmountCents: 42_000, payerType: "PEDAALI", refundToType: "EMPLOYEE" } as const;
    const base = order();
    expect(cancellationStateOf(base)).toBe("none");
    expect(cancellationStateOf(withCancellation(base, { status: "CANCELLED" }))).toBe("none");
    expect(cancellationStateOf(withCancellation(base))).toBe("requested");
    const cancelled = order({ orderStatus: "CANCELLED" });
    expect(cancellationStateOf(withCancellation(cancelled))).toBe("cancelled");
    expect(cancellationStateOf(withCancellation(cancelled, refund))).toBe("refundComing");
    // The store refunding Pedaali is not the employee's money.
    expect(
      cancellationStateOf(
        withCancellation(cancelled, { ...refund, payerType: "BIKE_STORE", refundToType: "PEDAALI" }),
      ),
    ).toBe("cancelled");
    expect(
      cancellationStateOf(
        withCancellation(order({ orderStatus: "REFUNDED" }), { ...refund, status: "COMPLETED" }),
      ),
    ).toBe("refunded");
  });
});
