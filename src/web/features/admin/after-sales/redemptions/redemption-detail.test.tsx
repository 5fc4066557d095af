import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type {
  TBikeRedemptionDetails,
  TRedemptionUserPayment,
} from "../../../../../contract/bike-redemptions.ts";
import { apiError } from "../../../../test/fake-api.ts";
import { fillIn } from "../../../../test/fill-in.ts";
import { setUpScreenTests } from "../../../../test/screen-tests.ts";
import { api, COMPANY_ID, ORDER_ID, renderTab } from "../../orders/test-kit.tsx";
import { completeBlocker } from "./redemption-detail.tsx";

setUpScreenTests();

const ID = "b0b0b0b0-b0b0-4b0b-8b0b-b0b0b0b0b0b1";
const PAYMENT_ID = "9a9a9a9a-9a9a-4a9a-8a9a-9a9a9a9a9a91";
const PAGE = `/admin/hakemukset/lunastukset/${ID}`;
const GET = `GET /api/bike-redemption/${ID}`;
const LIST = "GET /api/bike-redemption?page=1&limit=20&status=PENDING";

const payment = (overrides: Partial<TRedemptionUserPayment> = {}): TRedemptionUserPayment => ({
  userPaymentId: PAYMENT_ID,
  kind: "REDEMPTION",
  amountCents: 15_545,
  paymentMethod: "BATCH",
  paymentStatus: "PENDING",
  referenceNumber: "1 23456 78901 23",
  dueDate: "2026-12-31",
  sentAt: "2026-11-23T10:00:00.000Z",
  paidAt: null,
  ...overrides,
});

function details(overrides: Partial<TBikeRedemptionDetails> = {}): TBikeRedemptionDetails {
  return {
    id: ID,
    status: "PENDING",
    reason: "LEASE_TERM_ENDS",
    choice: "REDEEM",
    paymentMethod: "BATCH",
    redemptionPriceCents: 15_545,
    decisionDeadline: "2026-11-30",
    state: "PENDING",
    leaseEndsOn: "2026-12-31",
    order: {
      orderId: ORDER_ID,
      orderNumber: 1042,
      orderStatus: "ACTIVE_LEASING",
      bikeStoreName: "Kallion Pyörä",
      frameSerialNumber: "WH009512337",
      items: [],
    },
    employee: {
      beneficiaryEmployeeId: "e1e1e1e1-e1e1-4e1e-8e1e-e1e1e1e1e1e1",
      name: "Aino Virtanen",
      email: "aino@kallionkahvila.fi",
    },
    company: { companyId: COMPANY_ID, name: "Kallion Kahvila Oy" },
    bikeName: "Helkama E3 Bosch",
    userPaymentSentAt: "2026-11-23T10:00:00.000Z",
    userPaymentPaidAt: null,
    leasingCompanyInvoiceSentAt: null,
    completedAt: null,
    createdAt: "2026-11-20T04:00:00.000Z",
    updatedAt: "2026-11-23T10:00:00.000Z",
    openedBy: "SYSTEM",
    early: false,
    deadlinePassed: false,
    choiceMadeAt: "2026-11-23T10:00:00.000Z",
    transferToEmail: null,
    returnFeeCents: null,
    vatPercent: 25.5,
    note: null,
    coveredUntil: null,
    expectedReturn: null,
    agreement: {
      id: "a9a9a9a9-a9a9-4a9a-8a9a-a9a9a9a9a9a1",
      agreementNumber: "PED-2024-13557",
      leasingCompanyName: "Pedaali Oy",
      startDate: "2025-01-01",
      endDate: "2026-12-31",
      leaseTimeMonths: 24,
      monthlyPaymentCents: 16_263,
      packagePriceCents: 310_900,
      residualValueCents: 15_545,
      annualInterestPercent: 4.9,
      monthsPaid: 24,
      rulePriceCents: 15_545,
    },
    options: [
      {
        choice: "REDEEM",
        available: true,
        unavailableReason: null,
        costCents: { min: 15_545, max: 15_545 },
        employerCostCents: 0,
        outcome: "BIKE_BECOMES_YOURS",
        taxNote: "VERIFY_FAIR_VALUE",
      },
      {
        choice: "TRANSFER",
        available: false,
        unavailableReason: "EARLY_END_ONLY",
        costCents: { min: 0, max: 0 },
        employerCostCents: 0,
        outcome: "COLLEAGUE_TAKES_OVER",
        taxNote: "NEW_CONTRACT_TAXABLE",
      },
    ],
    priceTable: [{ monthsPaid: 24, leaseEndsOn: "2026-12-31", priceCents: 15_545 }],
    offers: [],
    userPayment: payment(),
    redemptionPayments: [],
    brokerage: null,
    leasingCompanyInvoice: null,
    events: [],
    allowedActions: [
      "UPDATE",
      "UPLOAD_OFFER",
      "REGENERATE_OFFER",
      "CANCEL",
      "SEND_LEASING_COMPANY_INVOICE",
      "RECORD_PAYMENT",
    ],
    ...overrides,
  };
}

/** The user payment as POST /api/user-payment/{id}/paid answers it. */
const paidUserPayment = {
  id: PAYMENT_ID,
  kind: "REDEMPTION",
  description: null,
  orderId: ORDER_ID,
  orderNumber: 1042,
  bikeRedemptionId: ID,
  insuranceClaimId: null,
  employee: {
    beneficiaryEmployeeId: "e1e1e1e1-e1e1-4e1e-8e1e-e1e1e1e1e1e1",
    name: "Aino Virtanen",
    email: "aino@kallionkahvila.fi",
  },
  company: { companyId: COMPANY_ID, name: "Kallion Kahvila Oy" },
  amountCents: 15_545,
  paymentMethod: "BATCH",
  paymentStatus: "PAID",
  referenceNumber: "12345678901230",
  dueDate: "2026-12-31",
  sentAt: "2026-11-23T10:00:00.000Z",
  paidAt: "2026-11-24T09:00:00.000Z",
  isUserPaymentDone: true,
  createdAt: "2026-11-23T10:00:00.000Z",
  updatedAt: "2026-11-24T09:00:00.000Z",
  bankTransfer: null,
};

async function actions() {
  return screen.findByRole("region", { name: "Toimenpiteet" });
}

describe("the rule for completing a case", () => {
  it("waits for the choice, then for a redemption's payment", () => {
    const base = { status: "PENDING", redemptionPriceCents: 15_545, userPaymentPaidAt: null } as const;
    expect(completeBlocker({ ...base, choice: null })).toBe("noChoice");
    expect(completeBlocker({ ...base, choice: "REDEEM" })).toBe("unpaid");
    expect(
      completeBlocker({ ...base, choice: "REDEEM", userPaymentPaidAt: "2026-11-24T09:00:00.000Z" }),
    ).toBeNull();
    // Nothing to pay, nothing to wait for; the other choices do not wait for a payment.
    expect(completeBlocker({ ...base, choice: "REDEEM", redemptionPriceCents: 0 })).toBeNull();
    expect(completeBlocker({ ...base, choice: "RETURN" })).toBeNull();
    expect(completeBlocker({ ...base, status: "COMPLETED", choice: "REDEEM" })).toBe("closed");
  });
});

describe("a case's page", () => {
  it("keeps Complete disabled while the price is unpaid, and completes once the payment is marked paid", async () => {
    let paid = false;
    let completed = false;
    const current = () =>
      details(
        completed
          ? {
              status: "COMPLETED",
              completedAt: "2026-11-24T10:00:00.000Z",
              allowedActions: ["RECORD_PAYMENT"],
            }
          : paid
            ? {
                userPaymentPaidAt: "2026-11-24T09:00:00.000Z",
                userPayment: payment({ paymentStatus: "PAID", paidAt: "2026-11-24T09:00:00.000Z" }),
                allowedActions: ["UPDATE", "SEND_LEASING_COMPANY_INVOICE", "COMPLETE", "RECORD_PAYMENT"],
              }
            : {},
      );
    const replies = api({
      [GET]: () => ({ status: 200, body: current() }),
      [LIST]: { status: 200, body: { items: [], totalCount: 0, page: 1, limit: 20 } },
      [`POST /api/user-payment/${PAYMENT_ID}/paid`]: () => {
        paid = true;
        return { status: 200, body: paidUserPayment };
      },
      [`POST /api/bike-redemption/${ID}/complete`]: () => {
        completed = true;
        return { status: 200, body: current() };
      },
    });
    const { user } = renderTab(PAGE);
    expect(
      await screen.findByRole("heading", { name: "Lunastus: Aino Virtanen, tilaus 1042" }),
    ).toBeInTheDocument();
    const section = await actions();
    const complete = within(section).getByRole("button", { name: "Merkitse valmiiksi" });
    expect(complete).toBeDisabled();
    expect(complete).toHaveAccessibleDescription(/Lunastushinta on maksamatta/);

    // The employee's payment: marked paid after asking.
    const paymentCard = screen.getByRole("region", { name: "Työntekijän maksu" });
    expect(paymentCard).toHaveTextContent("Viitenumero1 23456 78901 23");
    expect(within(paymentCard).queryByRole("button", { name: "Merkitse lähetetyksi" })).toBeNull();
    await user.click(within(paymentCard).getByRole("button", { name: "Merkitse maksetuksi" }));
    const ask = await screen.findByRole("dialog", { name: /Merkitäänkö maksu 155,45\s€ maksetuksi\?/ });
    await user.click(within(ask).getByRole("button", { name: "Merkitse maksetuksi" }));
    await waitFor(() =>
      expect(replies.callsTo("POST", `/api/user-payment/${PAYMENT_ID}/paid`)).toHaveLength(1),
    );

    await waitFor(() =>
      expect(within(section).getByRole("button", { name: "Merkitse valmiiksi" })).toBeEnabled(),
    );
    await user.click(within(section).getByRole("button", { name: "Merkitse valmiiksi" }));
    const confirm = await screen.findByRole("dialog", {
      name: "Merkitäänkö tilauksen 1042 lunastus valmiiksi?",
    });
    expect(confirm).toHaveTextContent("Leasingsopimus päättyy 31.12.2026");
    await user.click(within(confirm).getByRole("button", { name: "Merkitse valmiiksi" }));
    await waitFor(() =>
      expect(replies.callsTo("POST", `/api/bike-redemption/${ID}/complete`)).toHaveLength(1),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    // Closed: nothing left to complete, and the page says so.
    await waitFor(() =>
      expect(within(section).queryByRole("button", { name: "Merkitse valmiiksi" })).toBeNull(),
    );
    expect(section).toHaveTextContent("Tapaus on suljettu.");
  });

  it("says why a choice is needed first, and shows the server's refusal in the dialog", async () => {
    api({
      [GET]: {
        status: 200,
        body: details({
          choice: null,
          userPayment: null,
          userPaymentSentAt: null,
          allowedActions: ["CHOOSE", "UPDATE", "CANCEL", "SEND_LEASING_COMPANY_INVOICE", "RECORD_PAYMENT"],
        }),
      },
      [`POST /api/bike-redemption/${ID}/grenke-invoice`]: apiError(409, "CONFLICT", "Already sent"),
    });
    const { user } = renderTab(PAGE);
    const section = await actions();
    expect(within(section).getByRole("button", { name: "Merkitse valmiiksi" })).toHaveAccessibleDescription(
      /kun työntekijä \(tai asiakaspalvelu hänen puolestaan\) on valinnut/,
    );
    // The helpdesk may choose for the employee: only the open options are offered.
    const form = screen.getByRole("form", { name: "Valitse työntekijän puolesta" });
    expect(
      within(form)
        .getAllByRole("radio")
        .map((r) => r.getAttribute("value")),
    ).toEqual(["REDEEM"]);

    await user.click(within(section).getByRole("button", { name: "Grenke-lasku lähetetty" }));
    const dialog = await screen.findByRole("dialog", { name: "Grenke-lasku lähetetty" });
    await user.click(within(dialog).getByRole("button", { name: "Grenke-lasku lähetetty" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Tieto on muuttunut tai se on jo olemassa.",
    );
  });

  it("links each offer's document by the contract's address of it", async () => {
    const offerId = "0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f01";
    api({
      [GET]: {
        status: 200,
        body: details({
          offers: [
            {
              id: offerId,
              bikeRedemptionId: ID,
              offerPriceCents: 15_545,
              validUntil: "2026-11-30",
              file: {
                id: "0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f02",
                fileName: "lunastustarjous-1042.pdf",
                mimeType: "application/pdf",
                sizeBytes: 4_219,
                createdAt: "2026-11-20T04:00:00.000Z",
              },
              // Kept in the answer for other clients; pointing elsewhere here, a link read from it would show.
              fileUrl: "/not-the-link",
              createdAt: "2026-11-20T04:00:00.000Z",
            },
          ],
        }),
      },
    });
    renderTab(PAGE);
    const offers = await screen.findByRole("region", { name: "Lunastustarjoukset" });
    expect(within(offers).getByRole("link", { name: "lunastustarjous-1042.pdf" })).toHaveAttribute(
      "href",
      `/api/redemption-offers/${offerId}/file`,
    );
  });
});

describe("the list", () => {
  it("says what comes here, and opens a case for an order number", async () => {
    const replies = api({
      [LIST]: { status: 200, body: { items: [], totalCount: 0, page: 1, limit: 20 } },
      "GET /api/orders/all?search=1042&page=1&limit=1": {
        status: 200,
        body: { items: [], page: 1, limit: 1, total: 0, totalPages: 0, hasNext: false, hasPrevious: false },
      },
    });
    const { user } = renderTab("/admin/hakemukset/lunastukset");
    expect(
      await screen.findByText(/lunastustarjoukset avautuvat itsestään 8 viikkoa ennen/),
    ).toBeInTheDocument();
    await user.click(screen.getAllByRole("button", { name: "Avaa tapaus" })[0] as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: "Avaa sopimuksen päättymistapaus" });
    await fillIn(user, within(dialog).getByLabelText(/Tilausnumero/), "1042");
    await user.click(within(dialog).getByRole("button", { name: "Avaa tapaus" }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/Tilausnumero/)).toHaveAccessibleDescription(
        /Tällä numerolla ei löydy tilausta./,
      ),
    );
    expect(replies.callsTo("POST", "/api/bike-redemption")).toHaveLength(0);
  });
});
