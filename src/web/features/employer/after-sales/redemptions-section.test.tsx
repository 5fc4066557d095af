import { QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { TBikeRedemptionDetails } from "../../../../contract/bike-redemptions.ts";
import type { TCompanyDetails } from "../../../../contract/companies.ts";
import type { TEmployeeOrder } from "../../../../contract/employees.ts";
import { toHelsinkiDateString } from "../../../../domain/dates.ts";
import type { PaymentMode } from "../../../../domain/enums.ts";
import { addMonths, periodOf } from "../../../../domain/payroll/period.ts";
import { permissionsOf } from "../../../../domain/permissions.ts";
import { sameDayMonthsLater } from "../../../../domain/redemption.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { SESSION_QUERY_KEY, type SessionUser } from "../../../lib/session.ts";
import { apiError, fakeApi } from "../../../test/fake-api.ts";
import { fillIn } from "../../../test/fill-in.ts";
import { renderUi } from "../../../test/render-ui.tsx";
import { setUpScreenTests } from "../../../test/screen-tests.ts";
import { sessionUser } from "../../../test/session-user.ts";
import { ADMIN, DEMO_OY, uuid } from "../employees/test-support.tsx";
import { RedemptionOpenAction } from "./redemptions-open-action.tsx";
import { RedemptionsSection } from "./redemptions-section.tsx";

setUpScreenTests();

const CASE_ID = uuid(3001);
const ORDER_ID = uuid(3002);
const LIST = "GET /api/bike-redemption?page=1&limit=10";
const GET = `GET /api/bike-redemption/${CASE_ID}`;
const CHOOSE = `/api/bike-redemption/${CASE_ID}/choice`;

/** Venla's case: the employer ended her employment; she has not chosen. */
function venla(overrides: Partial<TBikeRedemptionDetails> = {}): TBikeRedemptionDetails {
  return {
    id: CASE_ID,
    status: "PENDING",
    reason: "EMPLOYER_ENDED_EMPLOYMENT",
    choice: null,
    paymentMethod: "PAYROLL",
    redemptionPriceCents: 231_000,
    decisionDeadline: "2026-12-20",
    state: "PENDING",
    leaseEndsOn: "2026-12-31",
    order: {
      orderId: ORDER_ID,
      orderNumber: 10_059,
      orderStatus: "ACTIVE_LEASING",
      bikeStoreName: "Kallion Pyöräpaja",
      frameSerialNumber: null,
      items: [],
    },
    employee: { beneficiaryEmployeeId: uuid(3003), name: "Venla Turunen", email: "venla.turunen@demo.test" },
    company: { companyId: DEMO_OY, name: "Demo Oy" },
    bikeName: "Cube Touring Hybrid ONE 625",
    userPaymentSentAt: null,
    userPaymentPaidAt: null,
    leasingCompanyInvoiceSentAt: null,
    completedAt: null,
    createdAt: "2026-11-21T08:00:00.000Z",
    updatedAt: "2026-11-21T08:00:00.000Z",
    openedBy: "EMPLOYER",
    early: true,
    deadlinePassed: false,
    choiceMadeAt: null,
    transferToEmail: null,
    returnFeeCents: 0,
    vatPercent: 25.5,
    note: null,
    coveredUntil: null,
    expectedReturn: null,
    agreement: null,
    options: [
      {
        choice: "REDEEM",
        available: true,
        unavailableReason: null,
        costCents: { min: 231_000, max: 231_000 },
        employerCostCents: 0,
        outcome: "BIKE_BECOMES_YOURS",
        taxNote: "VERIFY_FAIR_VALUE",
      },
      {
        choice: "RETURN",
        available: true,
        unavailableReason: null,
        costCents: { min: 0, max: 0 },
        employerCostCents: 28_500,
        outcome: "PICKUP_ARRANGED",
        taxNote: null,
      },
      {
        choice: "CONTINUE",
        available: false,
        unavailableReason: "LONG_ABSENCE_ONLY",
        costCents: { min: 0, max: 0 },
        employerCostCents: 0,
        outcome: "KEEP_BIKE_AND_PAY",
        taxNote: null,
      },
    ],
    priceTable: [],
    offers: [],
    userPayment: null,
    redemptionPayments: [],
    brokerage: null,
    leasingCompanyInvoice: null,
    events: [],
    allowedActions: ["CHOOSE"],
    ...overrides,
  };
}

/**
 * The offer sent to Venla. Its fileUrl, kept in the answer for other clients, points elsewhere here, so
 * a link read from it instead of the contract's endpoint would show.
 */
const OFFER: TBikeRedemptionDetails["offers"][number] = {
  id: uuid(3010),
  bikeRedemptionId: CASE_ID,
  offerPriceCents: 231_000,
  validUntil: "2026-11-30",
  file: {
    id: uuid(3011),
    fileName: "lunastustarjous-1077.pdf",
    mimeType: "application/pdf",
    sizeBytes: 4_219,
    createdAt: "2026-11-23T08:00:00.000Z",
  },
  fileUrl: "/not-the-link",
  createdAt: "2026-11-23T08:00:00.000Z",
};

function company(paymentMode: PaymentMode): TCompanyDetails {
  return {
    companyId: DEMO_OY,
    name: "Demo Oy",
    businessId: "1234567-1",
    groupCompanyId: null,
    groupCompanyName: null,
    countryCode: "FI",
    vatPercent: null,
    maxPrice: null,
    paymentMode,
    leasingCompanyId: null,
    billingTableId: null,
    streetAddress: null,
    postalCode: null,
    city: "Helsinki",
    billingEmail: null,
    eInvoiceAddress: null,
    eInvoiceOperator: null,
    hasBillingAddress: false,
    contactName: null,
    contactEmail: null,
    contactPhoneNumber: null,
    previousProvider: null,
    companyUnits: [],
    employeeCount: 12,
    activeLeaseCount: 4,
    bikePolicy: null,
    createdAt: "2025-01-01T08:00:00.000Z",
    updatedAt: "2025-01-01T08:00:00.000Z",
  };
}

const listOf = (items: TBikeRedemptionDetails[]) => ({
  status: 200,
  body: { items, totalCount: items.length, page: 1, limit: 10 },
});

function render(ui: React.ReactNode, path: string, user: SessionUser = ADMIN) {
  const queryClient = createQueryClient();
  // The built-in role's default permissions, as GET /api/user answers them.
  queryClient.setQueryData(SESSION_QUERY_KEY, {
    ...user,
    permissions: permissionsOf(user.userRoles.map((ur) => ({ ...ur, role: { name: ur.role.name } }))),
  });
  return renderUi(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>, { path });
}

describe("the employer's lease ends", () => {
  it("lists the cases and opens one in a drawer with the options compared", async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi({
      [LIST]: listOf([venla()]),
      [GET]: { status: 200, body: venla({ offers: [OFFER] }) },
      [`GET /api/companies/${DEMO_OY}`]: { status: 200, body: company("ALL") },
    });
    render(<RedemptionsSection />, "/tyonantaja?valilehti=pyorat");
    const table = await screen.findByRole("table", { name: "Päättyvät leasingsopimukset" });
    const row = await within(table).findByRole("row", { name: /Venla Turunen/ });
    expect(row).toHaveTextContent("Työnantaja päätti työsuhteen");
    expect(row).toHaveTextContent("Ei valintaa");
    await user.click(within(row).getByText("Venla Turunen"));
    const drawer = await screen.findByRole("dialog", { name: "Sopimuksen päättyminen: Venla Turunen" });
    const compare = await within(drawer).findByRole("table", { name: "Vaihtoehdot ja niiden hinnat" });
    // The employer ended the employment: it pays the return.
    expect(within(compare).getByRole("row", { name: /^Palautus/ })).toHaveTextContent(/0,00\s€285,00\s€/);
    expect(within(compare).getByRole("row", { name: /^Sopimuksen jatko/ })).toHaveTextContent(
      "Vain pitkän poissaolon aikana.",
    );
    // The offer's document, by the contract's address of it (not the answer's fileUrl).
    expect(within(drawer).getByRole("link", { name: "lunastustarjous-1077.pdf" })).toHaveAttribute(
      "href",
      `/api/redemption-offers/${OFFER.id}/file`,
    );
  });

  it("shows an open case past its decision deadline as overdue, in the list and in the drawer", async () => {
    const user = userEvent.setup({ delay: null });
    const late = venla({ decisionDeadline: "2026-11-20", state: "OVERDUE" });
    fakeApi({
      [LIST]: listOf([late]),
      [GET]: { status: 200, body: { ...late, deadlinePassed: true } },
      [`GET /api/companies/${DEMO_OY}`]: { status: 200, body: company("ALL") },
    });
    render(<RedemptionsSection />, "/tyonantaja?valilehti=pyorat");
    const table = await screen.findByRole("table", { name: "Päättyvät leasingsopimukset" });
    const row = await within(table).findByRole("row", { name: /Venla Turunen/ });
    expect(row).toHaveTextContent("Myöhässä");
    expect(row).not.toHaveTextContent("Avoin");
    await user.click(within(row).getByText("Venla Turunen"));
    const drawer = await screen.findByRole("dialog", { name: "Sopimuksen päättyminen: Venla Turunen" });
    expect(await within(drawer).findByText("Myöhässä")).toBeInTheDocument();
  });

  it("chooses for an employee who has left, with the methods the company's payment mode allows", async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({
      [LIST]: listOf([venla()]),
      [GET]: { status: 200, body: venla() },
      [`GET /api/companies/${DEMO_OY}`]: { status: 200, body: company("PAYROLL") },
      [`POST ${CHOOSE}`]: { status: 200, body: venla({ choice: "REDEEM", allowedActions: ["CHOOSE"] }) },
    });
    render(<RedemptionsSection />, `/tyonantaja?valilehti=pyorat&lunastus=${CASE_ID}`);
    const drawer = await screen.findByRole("dialog", { name: "Sopimuksen päättyminen: Venla Turunen" });
    const form = await within(drawer).findByRole("form", { name: "Valitse työntekijän puolesta" });
    await user.click(within(form).getByRole("radio", { name: /^Lunastus/ }));
    await waitFor(() =>
      expect(within(form).getAllByRole("radio", { name: /Palkanmaksun yhteydessä|Laskulla/ })).toHaveLength(
        1,
      ),
    );
    await user.click(within(form).getByRole("button", { name: "Tallenna valinta" }));
    await waitFor(() => expect(api.callsTo("POST", CHOOSE)).toHaveLength(1));
    expect(api.callsTo("POST", CHOOSE)[0]?.body).toEqual({ choice: "REDEEM", paymentMethod: "PAYROLL" });
  });
});

describe("opening an early end from the employee's drawer", () => {
  const leasing: TEmployeeOrder = {
    orderId: ORDER_ID,
    orderNumber: 10_059,
    orderStatus: "ACTIVE_LEASING",
    isOnlineOrder: false,
    isOrderConfirmed: true,
    bikeStore: null,
    totalPrice: 3187,
    monthlyPayment: 98.4,
    leaseTimeMonths: 36,
    leaseStartDate: "2025-01-01",
    leaseEndDate: "2099-12-31",
    processedAt: null,
    createdAt: "2024-12-01T08:00:00.000Z",
  };
  const existing = "GET /api/bike-redemption?search=10059&status=PENDING&page=1&limit=5";

  it("shows what follows, sends the reason and the date, and says a refusal at the date", async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({
      [existing]: listOf([]),
      "POST /api/bike-redemption": apiError(400, "VALIDATION_ERROR", "Give the absence's first day", {
        details: [{ field: "body.absenceStartDate", message: "Required" }],
      }),
    });
    render(
      <RedemptionOpenAction order={leasing} lastWorkingDayDate="2999-01-01" />,
      "/tyonantaja?valilehti=hallinnoi",
    );
    await user.click(await screen.findByRole("button", { name: "Avaa sopimuksen päättyminen" }));
    const form = screen.getByRole("form", { name: "Avaa sopimuksen päättyminen" });
    await user.click(within(form).getByRole("radio", { name: "Pitkä poissaolo" }));
    await user.click(within(form).getByRole("checkbox", { name: /Lomautus/ }));
    const input = within(form).getByLabelText(/Poissaolon ensimmäinen päivä/);
    // The days the server takes: from the lease's start, up to six months ahead (the lease runs to 2099).
    const today = toHelsinkiDateString(new Date());
    const max = sameDayMonthsLater(today, 6);
    await fillIn(user, input, "2999-12-31");
    await user.click(within(form).getByRole("button", { name: "Avaa ja lähetä lunastustarjous" }));
    const shown = (date: string) => date.split("-").reverse().join(".");
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining(`Valitse päivä väliltä 01.01.2025–${shown(max)}`),
    );
    expect(api.callsTo("POST", "/api/bike-redemption")).toHaveLength(0);
    // A lay-off: 90 covered days from the 2nd of the month after next.
    const month = addMonths(periodOf(today), 2);
    const start = `${month}-02`;
    await user.clear(input);
    await fillIn(user, input, start);
    const covered = new Date(Date.parse(`${start}T00:00:00Z`) + 89 * 86_400_000).toISOString().slice(0, 10);
    expect(form).toHaveTextContent(`Maksatte kuukausierät ${shown(covered)} asti.`);
    await user.click(within(form).getByRole("button", { name: "Avaa ja lähetä lunastustarjous" }));
    await waitFor(() => expect(api.callsTo("POST", "/api/bike-redemption")).toHaveLength(1));
    expect(api.callsTo("POST", "/api/bike-redemption")[0]?.body).toEqual({
      orderId: ORDER_ID,
      reason: "LONG_ABSENCE",
      absenceStartDate: start,
      employerInitiated: true,
    });
    await waitFor(() =>
      expect(within(form).getByLabelText(/Poissaolon ensimmäinen päivä/)).toHaveAccessibleDescription(
        /Tarkista päivämäärä./,
      ),
    );
  });

  it("is not offered to a user who may not manage employees", async () => {
    const api = fakeApi({ [existing]: listOf([]) });
    render(
      <RedemptionOpenAction order={leasing} lastWorkingDayDate="2999-01-01" />,
      "/tyonantaja",
      sessionUser(["EMPLOYER_REPORTING"]),
    );
    // Without the permission the action renders nothing at once and asks the server nothing.
    expect(screen.queryByRole("button", { name: "Avaa sopimuksen päättyminen" })).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it("names a case already open with a link to it", async () => {
    fakeApi({ [existing]: listOf([venla()]) });
    render(
      <RedemptionOpenAction order={leasing} lastWorkingDayDate="2999-01-01" />,
      "/tyonantaja?valilehti=hallinnoi",
    );
    expect(
      await screen.findByText(/Sopimuksen päättyminen on avattu \(Työnantaja päätti työsuhteen\)/),
    ).toHaveTextContent("valinta 20.12.2026 mennessä");
    expect(screen.getByRole("link", { name: "Näytä tapaus" })).toHaveAttribute(
      "href",
      `?valilehti=pyorat&lunastus=${CASE_ID}`,
    );
  });
});
