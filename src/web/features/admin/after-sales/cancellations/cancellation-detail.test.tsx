import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type {
  TOrderCancellationDetails,
  TRefundUpload,
} from "../../../../../contract/order-cancellations.ts";
import { apiError } from "../../../../test/fake-api.ts";
import { fillIn } from "../../../../test/fill-in.ts";
import { setUpScreenTests } from "../../../../test/screen-tests.ts";
import { api, COMPANY_ID, ORDER_ID, renderTab } from "../../orders/test-kit.tsx";

setUpScreenTests();

const ID = "c0c0c0c0-c0c0-4c0c-8c0c-c0c0c0c0c0c1";
const RECEIPT_ID = "4e4e4e4e-4e4e-4e4e-8e4e-4e4e4e4e4e41";
const PAGE = `/admin/hakemukset/peruutukset/${ID}`;
const GET = `GET /api/order-cancellations/get-details/${ID}`;
const LIST = "GET /api/order-cancellations?page=1&limit=20&status=PENDING";

const receipt: TRefundUpload = {
  refundUploadId: RECEIPT_ID,
  fileName: "hyvitys-tilaus-1042.pdf",
  mimeType: "application/pdf",
  sizeBytes: 2_048,
  amountCents: 34_700,
  createdAt: "2026-11-23T09:30:00.000Z",
};

function details(overrides: Partial<TOrderCancellationDetails> = {}): TOrderCancellationDetails {
  return {
    orderCancellationId: ID,
    status: "PENDING",
    requestedBy: "EMPLOYEE",
    reason: "Muutan Ouluun, en tarvitse pyörää.",
    refundAmountCents: 34_700,
    payerType: "PEDAALI",
    refundToType: "EMPLOYEE",
    order: {
      orderId: ORDER_ID,
      orderNumber: 1042,
      orderStatus: "CONFIRMED",
      previousStatus: null,
      employee: {
        beneficiaryEmployeeId: "e1e1e1e1-e1e1-4e1e-8e1e-e1e1e1e1e1e1",
        name: "Aino Virtanen",
        email: "aino@kallionkahvila.fi",
      },
      company: { companyId: COMPANY_ID, name: "Kallion Kahvila Oy" },
      bikeStore: { bikeStoreId: "b5b5b5b5-b5b5-4b5b-8b5b-b5b5b5b5b5b1", storeName: "Kallion Pyörä" },
      totalPriceCents: 484_700,
      userPaymentCents: 34_700,
    },
    createdAt: "2026-11-22T08:00:00.000Z",
    completedAt: null,
    note: null,
    orderStatusAtRequest: "CONFIRMED",
    cancelledAtOnce: false,
    requestedByName: "Aino Virtanen",
    completedByName: null,
    uploadedRefunds: [],
    events: [
      {
        id: "ee000000-0000-4000-8000-000000000011",
        type: "ORDER_CANCELLATION_REQUESTED",
        from: null,
        to: null,
        by: "user",
        actorName: "Aino Virtanen",
        message: null,
        createdAt: "2026-11-22T08:00:00.000Z",
      },
    ],
    updatedAt: "2026-11-22T08:00:00.000Z",
    // The server's answer to the helpdesk: a refund without its receipt cannot be completed yet.
    allowedActions: ["UPDATE", "UPLOAD_RECEIPT", "DELETE_RECEIPT", "WITHDRAW"],
    ...overrides,
  };
}

/** A request with nothing to refund: the helpdesk may complete it at once. */
const nothingToRefund = details({
  refundAmountCents: 0,
  payerType: null,
  refundToType: null,
  allowedActions: ["UPDATE", "UPLOAD_RECEIPT", "DELETE_RECEIPT", "COMPLETE", "WITHDRAW"],
});

async function actions() {
  return screen.findByRole("region", { name: "Toimenpiteet" });
}

describe("completing a cancellation", () => {
  it("keeps Complete disabled, saying why, while a refund has no receipt", async () => {
    api({ [GET]: { status: 200, body: details() } });
    const { user } = renderTab(PAGE);
    const section = await actions();
    const complete = within(section).getByRole("button", { name: "Merkitse käsitellyksi" });
    expect(complete).toBeDisabled();
    expect(complete).toHaveAccessibleDescription(
      "Lisää hyvityksen kuitti ennen kuin merkitset peruutuksen käsitellyksi.",
    );
    // The request may still be withdrawn.
    await user.click(within(section).getByRole("button", { name: "Peru pyyntö" }));
    expect(
      await screen.findByRole("dialog", { name: "Perutaanko tilauksen 1042 peruutuspyyntö?" }),
    ).toBeInTheDocument();
  });

  it("completes after asking once the receipt is there, and closes", async () => {
    let completed = false;
    const replies = api({
      [GET]: () => ({
        status: 200,
        body: details({
          uploadedRefunds: [receipt],
          allowedActions: ["UPDATE", "UPLOAD_RECEIPT", "DELETE_RECEIPT", "COMPLETE", "WITHDRAW"],
          ...(completed
            ? {
                status: "COMPLETED",
                order: { ...details().order, orderStatus: "REFUNDED" },
                allowedActions: [],
              }
            : {}),
        }),
      }),
      [`POST /api/order-cancellations/${ID}/complete`]: () => {
        completed = true;
        return {
          status: 200,
          body: details({ status: "COMPLETED", uploadedRefunds: [receipt], allowedActions: [] }),
        };
      },
    });
    const { user } = renderTab(PAGE);
    const section = await actions();
    const complete = within(section).getByRole("button", { name: "Merkitse käsitellyksi" });
    expect(complete).toBeEnabled();
    expect(complete).toHaveAccessibleDescription(/tilaus merkitään hyvitetyksi \(347,00\s€\)/);
    await user.click(complete);
    const dialog = await screen.findByRole("dialog", {
      name: "Merkitäänkö tilauksen 1042 peruutus käsitellyksi?",
    });
    await user.click(within(dialog).getByRole("button", { name: "Merkitse käsitellyksi" }));
    await waitFor(() =>
      expect(replies.callsTo("POST", `/api/order-cancellations/${ID}/complete`)).toHaveLength(1),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    // Closed: no more actions, the refund reads as facts.
    await waitFor(() => expect(screen.queryByRole("region", { name: "Toimenpiteet" })).toBeNull());
  });

  it("offers Complete for a request with nothing to refund, and shows the server's refusal", async () => {
    api({
      [GET]: { status: 200, body: nothingToRefund },
      [`POST /api/order-cancellations/${ID}/complete`]: apiError(409, "ORDER_NOT_CANCELLABLE", "delivered"),
    });
    const { user } = renderTab(PAGE);
    const section = await actions();
    const complete = within(section).getByRole("button", { name: "Merkitse käsitellyksi" });
    expect(complete).toHaveAccessibleDescription("Kun merkitset peruutuksen käsitellyksi, tilaus perutaan.");
    await user.click(complete);
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Merkitse käsitellyksi" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Tilausta ei voi enää peruuttaa");
  });
});

describe("a cancellation's page", () => {
  it("shows the order with a link to its page, who asked and why, and the events", async () => {
    api({ [GET]: { status: 200, body: details() } });
    renderTab(PAGE);
    expect(await screen.findByRole("heading", { name: "Tilauksen 1042 peruutus" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Tilaus 1042" })).toHaveAttribute(
      "href",
      `/admin/hakemukset/tilaus/${ORDER_ID}`,
    );
    expect(screen.getByText("Työntekijä: Aino Virtanen")).toBeInTheDocument();
    expect(screen.getByText("Muutan Ouluun, en tarvitse pyörää.")).toBeInTheDocument();
    expect(screen.getByText(/Pyyntö odottaa: tilaus on yhä tilassa/)).toBeInTheDocument();
    const events = screen.getByRole("region", { name: "Tapahtumat" });
    expect(within(events).getByText("Tilauksen peruutusta pyydetty")).toBeInTheDocument();
  });

  it("checks the refund at the fields before saving it", async () => {
    const replies = api({
      [GET]: { status: 200, body: nothingToRefund },
      [`PUT /api/order-cancellations/${ID}`]: { status: 200, body: details() },
    });
    const { user } = renderTab(PAGE);
    const refund = await screen.findByRole("region", { name: "Hyvitys" });
    const amount = within(refund).getByLabelText("Hyvityksen summa");
    await user.clear(amount);
    await fillIn(user, amount, "347");
    await user.click(within(refund).getByRole("button", { name: "Tallenna hyvitys" }));
    expect(await within(refund).findByText("Valitse, kuka maksaa hyvityksen")).toBeInTheDocument();
    expect(replies.callsTo("PUT", `/api/order-cancellations/${ID}`)).toHaveLength(0);
    await user.selectOptions(within(refund).getByLabelText("Maksaja"), "PEDAALI");
    await user.selectOptions(within(refund).getByLabelText("Saaja"), "EMPLOYEE");
    await user.click(within(refund).getByRole("button", { name: "Tallenna hyvitys" }));
    await waitFor(() => expect(replies.callsTo("PUT", `/api/order-cancellations/${ID}`)).toHaveLength(1));
    expect(replies.callsTo("PUT", `/api/order-cancellations/${ID}`)[0]?.body).toEqual({
      refundAmountCents: 34_700,
      payerType: "PEDAALI",
      refundToType: "EMPLOYEE",
    });
  });

  it("uploads a receipt with the file picker and deletes one after asking", async () => {
    const upload = `POST /api/refund/upload?orderCancellationId=${ID}&amountCents=34700&fileName=kuitti.pdf`;
    const replies = api({
      [GET]: { status: 200, body: details({ uploadedRefunds: [receipt] }) },
      [upload]: { status: 201, body: receipt },
      [`DELETE /api/delete-refund/${RECEIPT_ID}`]: {
        status: 200,
        body: { message: "Refund receipt deleted" },
      },
    });
    const { user } = renderTab(PAGE);
    const section = await screen.findByRole("region", { name: "Hyvityksen kuitit" });
    expect(within(section).getByRole("link", { name: "hyvitys-tilaus-1042.pdf" })).toHaveAttribute(
      "href",
      `/api/refund/${RECEIPT_ID}/file`,
    );
    await user.click(within(section).getByRole("button", { name: "Lisää kuitti" }));
    expect(await within(section).findByText("Valitse kuitin tiedosto")).toBeInTheDocument();
    const file = new File(["%PDF-1.4"], "kuitti.pdf", { type: "application/pdf" });
    // The picker is a button over a hidden file input, as in the browser.
    const input = section.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error("no file input");
    await user.upload(input, file);
    await fillIn(user, within(section).getByLabelText("Kuitin summa (vapaaehtoinen)"), "347,00");
    await user.click(within(section).getByRole("button", { name: "Lisää kuitti" }));
    await waitFor(() => expect(replies.callsTo("POST", upload.slice(5))).toHaveLength(1));

    await user.click(within(section).getByRole("button", { name: "Poista kuitti hyvitys-tilaus-1042.pdf" }));
    const dialog = await screen.findByRole("dialog", {
      name: "Poistetaanko kuitti hyvitys-tilaus-1042.pdf?",
    });
    await user.click(within(dialog).getByRole("button", { name: "Poista kuitti" }));
    await waitFor(() =>
      expect(replies.callsTo("DELETE", `/api/delete-refund/${RECEIPT_ID}`)).toHaveLength(1),
    );
  });

  it("lists the open cancellations first, and says what comes there when there are none", async () => {
    api({
      [LIST]: {
        status: 200,
        body: { items: [], page: 1, limit: 20, total: 0, totalPages: 0, hasNext: false, hasPrevious: false },
      },
    });
    renderTab("/admin/hakemukset/peruutukset");
    expect(await screen.findByText(/Avoimia peruutuksia ei ole/)).toBeInTheDocument();
    expect(screen.getByLabelText("Tila")).toHaveValue("PENDING");
  });
});
