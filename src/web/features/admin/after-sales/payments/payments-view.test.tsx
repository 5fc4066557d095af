import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { TUserPayment, TUserPaymentDetails } from "../../../../../contract/user-payments.ts";
import { apiError } from "../../../../test/fake-api.ts";
import { fillIn } from "../../../../test/fill-in.ts";
import { setUpScreenTests } from "../../../../test/screen-tests.ts";
import { api, renderTab } from "../../orders/test-kit.tsx";

setUpScreenTests();

const PAYMENT_ID = "5a5a5a5a-5a5a-4a5a-8a5a-5a5a5a5a5a01";
const EMPLOYEE_ID = "e1e1e1e1-e1e1-4e1e-8e1e-e1e1e1e1e1e1";
const LIST = "/api/user-payment/optimized?page=1&pageSize=10";

const payment = (overrides: Partial<TUserPayment> = {}): TUserPayment => ({
  id: PAYMENT_ID,
  kind: "RETURN_FEE",
  description: "Pyörän palautusmaksu 260 € ja kuljetus 25 €",
  orderId: null,
  orderNumber: null,
  bikeRedemptionId: null,
  insuranceClaimId: null,
  employee: { beneficiaryEmployeeId: EMPLOYEE_ID, name: "Aino Virtanen", email: "aino@kallionkahvila.fi" },
  company: { companyId: "cccccccc-cccc-4ccc-8ccc-ccccccccccc1", name: "Kallion Kahvila Oy" },
  amountCents: 28_500,
  paymentMethod: "BATCH",
  paymentStatus: "PENDING",
  referenceNumber: "123456789012345",
  dueDate: "2026-11-30",
  sentAt: null,
  paidAt: null,
  isUserPaymentDone: false,
  createdAt: "2026-11-16T10:00:00.000Z",
  updatedAt: "2026-11-16T10:00:00.000Z",
  bankTransfer: {
    recipient: "Pedaali Oy",
    iban: "FI90 4055 0012 3456 76",
    bic: "HELSFIHH",
    referenceNumber: "12345 67890 12345",
    amountCents: 28_500,
    dueDate: "2026-11-30",
    virtualBarcode: null,
  },
  ...overrides,
});

const details = (overrides: Partial<TUserPaymentDetails> = {}): TUserPaymentDetails => ({
  ...payment(),
  events: [
    {
      id: "ee000000-0000-4000-8000-000000000011",
      type: "USER_PAYMENT_CREATED",
      actorName: "Harri Helpdesk",
      reason: null,
      createdAt: "2026-11-16T10:00:00.000Z",
    },
  ],
  ...overrides,
});

const page = (items: TUserPayment[], total = items.length) => ({
  status: 200,
  body: {
    items,
    page: 1,
    limit: 10,
    total,
    totalPages: Math.ceil(total / 10),
    hasNext: false,
    hasPrevious: false,
  },
});

describe("the helpdesk's user payments (Hakemukset → Käyttäjämaksut)", () => {
  it("lists the payments with what, whose, how much and how, each row opening the payment's page", async () => {
    api({ [`GET ${LIST}`]: page([payment()]) });
    const { user, router } = renderTab("/admin/hakemukset/maksut");
    const table = await screen.findByRole("table", { name: "Käyttäjämaksut" });
    const row = (await within(table).findByText("Aino Virtanen")).closest("tr") as HTMLElement;
    expect(within(row).getByText(/Kallion Kahvila Oy/)).toBeInTheDocument();
    expect(within(row).getByText("Pyörän palautusmaksu 260 € ja kuljetus 25 €")).toBeInTheDocument();
    expect(within(row).getByText(/285,00\s€/)).toBeInTheDocument();
    expect(within(row).getByText("Laskulla")).toBeInTheDocument();
    expect(within(row).getByText("30.11.2026")).toBeInTheDocument();
    const link = within(row).getByRole("link", { name: "Palautusmaksu" });
    expect(link).toHaveAttribute("href", `/admin/hakemukset/maksut/${PAYMENT_ID}`);
    await user.click(within(row).getByText("Aino Virtanen"));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/admin/hakemukset/maksut/${PAYMENT_ID}`),
    );
  });

  it("keeps the filters in the address, asks the API with them, and leaves out what it would refuse", async () => {
    const replies = api({
      // A range that ends before it starts keeps only its start; a flag that is not one is dropped.
      [`GET ${LIST}&createdFrom=2026-03-01&isUserPaymentDone=false`]: page([payment()]),
      [`GET ${LIST}&searchTerm=Aino&createdFrom=2026-03-01&isUserPaymentDone=false`]: page([payment()]),
      [`GET ${LIST}&searchTerm=Aino&createdFrom=2026-03-01&isUserPaymentDone=true`]: page([]),
      [`GET ${LIST}&searchTerm=Aino&createdFrom=2026-03-01&paidTo=2026-03-31&isUserPaymentDone=true`]: page(
        [],
      ),
      [`GET ${LIST}`]: page([payment()]),
    });
    const { user, router } = renderTab(
      "/admin/hakemukset/maksut?createdFrom=2026-03-01&createdTo=2026-02-01&isUserPaymentDone=false&sentFrom=1.3.2026",
    );
    await screen.findByText("Aino Virtanen");
    expect(screen.getByLabelText("Luotu alkaen")).toHaveValue("01.03.2026");
    expect(screen.getByLabelText("Luotu asti")).toHaveValue("");
    expect(screen.getByRole("radio", { name: "Maksamatta" })).toBeChecked();

    await fillIn(user, screen.getByLabelText("Haku"), " Aino ");
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get("searchTerm")).toBe("Aino"),
    );
    await waitFor(() =>
      expect(
        replies.callsTo("GET", `${LIST}&searchTerm=Aino&createdFrom=2026-03-01&isUserPaymentDone=false`),
      ).toHaveLength(1),
    );

    await user.click(screen.getByRole("radio", { name: "Maksettu" }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get("isUserPaymentDone")).toBe("true"),
    );
    expect(await screen.findByText("Mikään maksu ei vastaa rajauksia.")).toBeInTheDocument();

    await fillIn(user, screen.getByLabelText("Maksettu asti"), "2026-03-31");
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get("paidTo")).toBe("2026-03-31"),
    );
    await waitFor(() =>
      expect(
        replies.callsTo(
          "GET",
          `${LIST}&searchTerm=Aino&createdFrom=2026-03-01&paidTo=2026-03-31&isUserPaymentDone=true`,
        ),
      ).toHaveLength(1),
    );

    await user.click(screen.getByRole("button", { name: "Tyhjennä rajaukset" }));
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(await screen.findByText("Aino Virtanen")).toBeInTheDocument();
    expect(screen.getByLabelText("Haku")).toHaveValue("");
  });

  it("shows one payment with its events, and marks it paid after asking", async () => {
    const replies = api({
      [`GET /api/user-payment/${PAYMENT_ID}`]: { status: 200, body: details() },
      [`POST /api/user-payment/${PAYMENT_ID}/paid`]: {
        status: 200,
        body: payment({ paymentStatus: "PAID", isUserPaymentDone: true, bankTransfer: null }),
      },
    });
    const { user } = renderTab(`/admin/hakemukset/maksut/${PAYMENT_ID}`);
    expect(await screen.findByRole("heading", { name: /Palautusmaksu: 285,00\s€/ })).toBeInTheDocument();
    expect(screen.getByText("12345 67890 12345")).toBeInTheDocument();
    expect(screen.getByText("Käyttäjämaksu luotu")).toBeInTheDocument();
    expect(screen.getByText(/Harri Helpdesk/)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Merkitse maksetuksi" }));
    const dialog = await screen.findByRole("dialog", { name: "Merkitäänkö maksu maksetuksi?" });
    expect(replies.callsTo("POST", `/api/user-payment/${PAYMENT_ID}/paid`)).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Merkitse maksetuksi" }));
    await waitFor(() =>
      expect(replies.callsTo("POST", `/api/user-payment/${PAYMENT_ID}/paid`)).toHaveLength(1),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    // The payment is asked for again, to show what it is now.
    expect(replies.callsTo("GET", `/api/user-payment/${PAYMENT_ID}`).length).toBeGreaterThan(1);
  });

  it("cancels a payment only with a reason, and shows the server's refusal by its code", async () => {
    const replies = api({
      [`GET /api/user-payment/${PAYMENT_ID}`]: { status: 200, body: details() },
      [`POST /api/user-payment/${PAYMENT_ID}/cancel`]: apiError(
        409,
        "USER_PAYMENT_ALREADY_PAID",
        "The payment has already been marked paid",
      ),
    });
    const { user } = renderTab(`/admin/hakemukset/maksut/${PAYMENT_ID}`);
    await user.click(await screen.findByRole("button", { name: "Peru maksu" }));
    const dialog = await screen.findByRole("dialog", { name: "Perutaanko maksu?" });
    await user.click(within(dialog).getByRole("button", { name: "Peru maksu" }));
    expect(await within(dialog).findByText("Kerro, miksi maksu perutaan.")).toBeInTheDocument();
    expect(replies.callsTo("POST", `/api/user-payment/${PAYMENT_ID}/cancel`)).toHaveLength(0);

    await user.click(within(dialog).getByLabelText(/Syy/));
    await user.paste("Pyörä palautettiin ajoissa");
    await user.click(within(dialog).getByRole("button", { name: "Peru maksu" }));
    await waitFor(() =>
      expect(replies.callsTo("POST", `/api/user-payment/${PAYMENT_ID}/cancel`)[0]?.body).toEqual({
        reason: "Pyörä palautettiin ajoissa",
      }),
    );
    expect(await within(dialog).findByText("Maksu on jo merkitty maksetuksi.")).toBeInTheDocument();
  });

  it("offers no actions on a settled payment, and says when there is no such payment", async () => {
    api({
      [`GET /api/user-payment/${PAYMENT_ID}`]: {
        status: 200,
        body: details({ paymentStatus: "PAID", isUserPaymentDone: true, bankTransfer: null }),
      },
    });
    renderTab(`/admin/hakemukset/maksut/${PAYMENT_ID}`);
    expect(
      await screen.findByText("Maksu on käsitelty, eikä sille ole enää toimintoja."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Peru maksu" })).not.toBeInTheDocument();
  });

  it("says when the payment is not found", async () => {
    api({});
    renderTab("/admin/hakemukset/maksut/5a5a5a5a-5a5a-4a5a-8a5a-5a5a5a5a5a09");
    expect(await screen.findByText(/Maksua ei löytynyt/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Takaisin käyttäjämaksuihin/ })).toHaveAttribute(
      "href",
      "/admin/hakemukset/maksut",
    );
  });

  it("makes a payment by hand for an employee found by search, after checking the form", async () => {
    const replies = api({
      [`GET ${LIST}`]: page([]),
      "GET /api/beneficiary-employee/employeesOptimizedList?page=1&pageSize=10&search=Aino": {
        status: 200,
        body: {
          employees: [
            {
              beneficiaryEmployeeId: EMPLOYEE_ID,
              userId: "a1a1a1a1-a1a1-4a1a-8a1a-a1a1a1a1a1a1",
              companyId: "cccccccc-cccc-4ccc-8ccc-ccccccccccc1",
              companyName: "Kallion Kahvila Oy",
              systemUser: {
                firstName: "Aino",
                lastName: "Virtanen",
                workEmail: "aino@kallionkahvila.fi",
                phoneNumber: null,
              },
              costUnit: null,
              unitId: null,
              unitName: null,
              employeeNumber: null,
              payRollOther: null,
              lastWorkingDayDate: "2999-01-01",
              jobTrialPeriodEndDate: null,
              status: "ACCEPTED",
              employerNote: null,
              maxPrice: null,
              companyMaxPrice: 4500,
              employmentEnded: false,
              currentAbsence: null,
              orders: [],
              orderCount: 0,
              employerRoles: [],
              decidedAt: null,
              createdAt: "2026-01-01T10:00:00.000Z",
            },
          ],
          currentPage: 1,
          totalPages: 1,
          totalCount: 1,
          nextCursor: null,
          previousCursor: null,
        },
      },
      "POST /api/user-payment": { status: 201, body: payment({ kind: "OTHER" }) },
      [`GET /api/user-payment/${PAYMENT_ID}`]: { status: 200, body: details({ kind: "OTHER" }) },
    });
    const { user, router } = renderTab("/admin/hakemukset/maksut");
    await user.click(await screen.findByRole("button", { name: "Uusi maksu" }));
    const dialog = await screen.findByRole("dialog", { name: "Uusi käyttäjämaksu" });
    await user.click(within(dialog).getByRole("button", { name: "Tee maksu" }));
    expect(await within(dialog).findByText("Valitse työntekijä.")).toBeInTheDocument();
    expect(within(dialog).getByText("Kirjoita kuvaus.")).toBeInTheDocument();
    expect(within(dialog).getByText("Anna summa euroina väliltä 0,01–100 000,00.")).toBeInTheDocument();
    expect(replies.callsTo("POST", "/api/user-payment")).toHaveLength(0);

    await fillIn(user, within(dialog).getByRole("combobox", { name: /Työntekijä/ }), "Aino");
    await user.click(
      await screen.findByRole("option", { name: /Aino Virtanen \(aino@kallionkahvila\.fi\)/ }),
    );
    // A fee is asked only by its case: the form makes no return fee, deductible or redemption.
    expect(within(dialog).queryByLabelText(/Mistä maksu on/)).toBeNull();
    // Pasted, not typed key by key: each key re-renders the whole form.
    for (const [label, text] of [
      [/Kuvaus/, "Kadonnut avain"],
      [/Summa/, "150,00"],
      [/Eräpäivä/, "2026-12-15"],
    ] as const) {
      await user.click(within(dialog).getByLabelText(label));
      await user.paste(text);
    }
    await user.click(within(dialog).getByRole("button", { name: "Tee maksu" }));
    await waitFor(() =>
      expect(replies.callsTo("POST", "/api/user-payment")[0]?.body).toEqual({
        beneficiaryEmployeeId: EMPLOYEE_ID,
        kind: "OTHER",
        description: "Kadonnut avain",
        amountCents: 15_000,
        paymentMethod: "BATCH",
        dueDate: "2026-12-15",
        send: true,
      }),
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/admin/hakemukset/maksut/${PAYMENT_ID}`),
    );
  }, 40_000);
});
