import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { TBikeRedemptionDetails, TRedemptionOption } from "../../../../contract/bike-redemptions.ts";
import type { TOrderAfterSales } from "../../../../contract/orders.ts";
import { toHelsinkiDateString } from "../../../../domain/dates.ts";
import { addMonths, lastDayOf, periodOf } from "../../../../domain/payroll/period.ts";
import { EARLY_END_DAY_RULE, sameDayMonthsLater } from "../../../../domain/redemption.ts";
import { apiError, fakeApi } from "../../../test/fake-api.ts";
import { fillIn } from "../../../test/fill-in.ts";
import type { TMyOrder } from "../mybike-api.ts";
import { baseRoutes, ORDER_ID, ok, order, renderMyBike, setUpMyBikeTests, uuid } from "../test-support.tsx";
import { paymentMethodsFor } from "./redemption-choice-form.tsx";

setUpMyBikeTests();

const CASE_ID = uuid(800);
const GET_CASE = `GET /api/bike-redemption/${CASE_ID}`;
const CHOOSE = `POST /api/bike-redemption/${CASE_ID}/choice`;

const option = (
  o: Partial<TRedemptionOption> & Pick<TRedemptionOption, "choice" | "outcome">,
): TRedemptionOption => ({
  available: true,
  unavailableReason: null,
  costCents: { min: 0, max: 0 },
  employerCostCents: 0,
  taxNote: null,
  ...o,
});

/** A case at the term's end: redeem for the residual, return and brokerage free, the rest closed. */
function termEndCase(overrides: Partial<TBikeRedemptionDetails> = {}): TBikeRedemptionDetails {
  return {
    id: CASE_ID,
    status: "PENDING",
    reason: "LEASE_TERM_ENDS",
    choice: null,
    paymentMethod: "PAYROLL",
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
    employee: { beneficiaryEmployeeId: uuid(901), name: "Maija Meikäläinen", email: "maija@demo.test" },
    company: { companyId: uuid(900), name: "Demo Oy" },
    bikeName: "Helkama E3 Bosch",
    userPaymentSentAt: null,
    userPaymentPaidAt: null,
    leasingCompanyInvoiceSentAt: null,
    completedAt: null,
    createdAt: "2026-11-23T08:00:00.000Z",
    updatedAt: "2026-11-23T08:00:00.000Z",
    openedBy: "SYSTEM",
    early: false,
    deadlinePassed: false,
    choiceMadeAt: null,
    transferToEmail: null,
    returnFeeCents: null,
    vatPercent: 25.5,
    note: null,
    coveredUntil: null,
    expectedReturn: null,
    agreement: {
      id: uuid(810),
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
      option({
        choice: "REDEEM",
        outcome: "BIKE_BECOMES_YOURS",
        costCents: { min: 15_545, max: 15_545 },
        taxNote: "VERIFY_FAIR_VALUE",
      }),
      option({ choice: "RETURN", outcome: "PICKUP_ARRANGED" }),
      option({ choice: "BROKERAGE", outcome: "PEDAALI_SELLS_BIKE" }),
      option({
        choice: "TRANSFER",
        outcome: "COLLEAGUE_TAKES_OVER",
        available: false,
        unavailableReason: "EARLY_END_ONLY",
        taxNote: "NEW_CONTRACT_TAXABLE",
      }),
      option({
        choice: "CONTINUE",
        outcome: "KEEP_BIKE_AND_PAY",
        available: false,
        unavailableReason: "LONG_ABSENCE_ONLY",
      }),
    ],
    priceTable: [
      { monthsPaid: 23, leaseEndsOn: "2026-11-30", priceCents: 28_290 },
      { monthsPaid: 24, leaseEndsOn: "2026-12-31", priceCents: 15_545 },
    ],
    offers: [
      {
        id: uuid(820),
        bikeRedemptionId: CASE_ID,
        offerPriceCents: 15_545,
        validUntil: "2026-11-30",
        file: {
          id: uuid(821),
          fileName: "lunastustarjous-1042.pdf",
          mimeType: "application/pdf",
          sizeBytes: 4_219,
          createdAt: "2026-11-23T08:00:00.000Z",
        },
        // Kept in the answer for other clients; the link is the contract's address of the file.
        fileUrl: "/not-the-link",
        createdAt: "2026-11-23T08:00:00.000Z",
      },
    ],
    userPayment: null,
    redemptionPayments: [],
    brokerage: null,
    leasingCompanyInvoice: null,
    events: [],
    allowedActions: ["CHOOSE"],
    ...overrides,
  };
}

/** An early end after resigning: redeem the balance; brokerage a range; transfer open; return closed. */
function resignedCase(overrides: Partial<TBikeRedemptionDetails> = {}) {
  const base = termEndCase();
  return termEndCase({
    reason: "EMPLOYEE_RESIGNED",
    early: true,
    redemptionPriceCents: 123_400,
    returnFeeCents: 28_500,
    agreement: base.agreement && { ...base.agreement, monthsPaid: 14, rulePriceCents: 123_400 },
    options: [
      option({
        choice: "REDEEM",
        outcome: "BIKE_BECOMES_YOURS",
        costCents: { min: 123_400, max: 123_400 },
        taxNote: "VERIFY_FAIR_VALUE",
      }),
      option({
        choice: "RETURN",
        outcome: "PICKUP_ARRANGED",
        available: false,
        unavailableReason: "RESIGNED_MUST_REDEEM",
        costCents: { min: 28_500, max: 28_500 },
      }),
      option({ choice: "BROKERAGE", outcome: "PEDAALI_SELLS_BIKE", costCents: { min: 0, max: 123_400 } }),
      option({ choice: "TRANSFER", outcome: "COLLEAGUE_TAKES_OVER", taxNote: "NEW_CONTRACT_TAXABLE" }),
      option({
        choice: "CONTINUE",
        outcome: "KEEP_BIKE_AND_PAY",
        available: false,
        unavailableReason: "LONG_ABSENCE_ONLY",
      }),
    ],
    ...overrides,
  });
}

type Redemption = NonNullable<TOrderAfterSales["redemption"]>;
function leasing(redemption: Partial<Redemption> | null = {}): TMyOrder {
  return order({
    orderStatus: "ACTIVE_LEASING",
    waitingOn: null,
    totalPriceCents: 310_900,
    monthlyPaymentCents: 16_263,
    leaseTimeMonths: 24,
    agreement: {
      id: uuid(810),
      status: "ACCEPTED",
      leaseTimeMonths: 24,
      monthlyPaymentCents: 16_263,
      commitmentDate: "2024-12-04",
      startDate: "2025-01-01",
      endDate: "2099-12-31",
      leaseEndsOn: "2099-12-31",
      taxRegime: "TAXABLE",
      tax: { kind: "TAXABLE", taxFreeUntil: null, taxableFrom: null },
      signedAt: "2024-12-03T08:00:00.000Z",
      signedDocumentId: null,
    },
    afterSales: {
      cancellation: null,
      insuranceClaims: [],
      redemption:
        redemption === null
          ? null
          : {
              bikeRedemptionId: CASE_ID,
              status: "PENDING",
              reason: "LEASE_TERM_ENDS",
              choice: null,
              choiceMadeAt: null,
              redemptionPriceCents: 15_545,
              paymentMethod: "PAYROLL",
              decisionDeadline: "2026-11-30",
              leaseEndsOn: "2026-12-31",
              userPaymentSentAt: null,
              userPaymentPaidAt: null,
              createdAt: "2026-11-23T08:00:00.000Z",
              completedAt: null,
              ...redemption,
            },
    },
    // Without a case the server lets the employee open an early end; with one open, not again.
    allowedActions: redemption === null ? ["OPEN_LEASE_END"] : [],
  });
}

async function section() {
  return screen.findByRole("region", { name: "Sopimuksen päättyminen" });
}

describe("the comparison of the options", () => {
  it("shows the offer: the price, what it is based on, the deadline and the offer document", async () => {
    fakeApi({ ...baseRoutes([leasing()]), [GET_CASE]: ok(termEndCase()) });
    renderMyBike();
    const card = await section();
    await within(card).findByText("Mihin hinta perustuu");
    expect(card).toHaveTextContent(/Lunastushinta155,45\s€Odottaa valintaasi/);
    expect(card).toHaveTextContent(/Jäännösarvo sopimuskauden lopussa: 5\s%/);
    expect(card).toHaveTextContent("Valitse viimeistään30.11.2026");
    expect(card).toHaveTextContent("Jos et valitse määräaikaan mennessä, pyörä palautetaan");
    expect(within(card).getByRole("link", { name: "Lunastustarjous 23.11.2026 (PDF)" })).toHaveAttribute(
      "href",
      `/api/redemption-offers/${uuid(820)}/file`,
    );
  });

  it("says when the case did not load, and shows it once tried again", async () => {
    const user = userEvent.setup();
    let failing = true;
    fakeApi({
      ...baseRoutes([leasing()]),
      [GET_CASE]: () => (failing ? apiError(500, "INTERNAL_ERROR", "Boom") : ok(termEndCase())),
    });
    renderMyBike();
    const card = await section();
    expect(await within(card).findByRole("alert")).toHaveTextContent(
      "Sopimuksen päättymisen tietoja ei saatu ladattua.",
    );
    failing = false;
    await user.click(within(card).getByRole("button", { name: "Yritä uudelleen" }));
    expect(await within(card).findByText("Mihin hinta perustuu")).toBeInTheDocument();
  });

  it("compares each option's cost, what happens and its tax note, and says why an option is closed", async () => {
    fakeApi({ ...baseRoutes([leasing({ reason: "EMPLOYEE_RESIGNED" })]), [GET_CASE]: ok(resignedCase()) });
    renderMyBike();
    const card = await section();
    const table = await within(card).findByRole("table", { name: "Vaihtoehdot ja niiden hinnat" });
    const row = (name: string) => within(table).getByRole("row", { name: new RegExp(`^${name}`) });
    expect(row("Lunastus")).toHaveTextContent(/1\s234,00\s€/);
    expect(row("Lunastus")).toHaveTextContent("Pyörä siirtyy omaksesi");
    expect(row("Lunastus")).toHaveTextContent("käyvän arvon");
    // Brokerage after an early end: from nothing to the balance, depending on the sale.
    expect(row("Pyörävälitys")).toHaveTextContent(/0,00\s€ – 1\s234,00\s€/);
    expect(row("Pyörävälitys")).toHaveTextContent("Riippuu siitä, mitä pyörästä saadaan myynnissä.");
    expect(row("Siirto kollegalle")).toHaveTextContent("veronalainen luontoisetu");
    // Closed options say so, and why.
    expect(row("Palautus")).toHaveTextContent("Ei valittavissa");
    expect(row("Palautus")).toHaveTextContent("Kun irtisanoudut itse, pyörä lunastetaan.");
    expect(row("Sopimuksen jatko")).toHaveTextContent("Vain pitkän poissaolon aikana.");
    // The radio buttons offer only the open ones.
    const form = within(card).getByRole("form", { name: "Tee valintasi" });
    expect(
      within(form)
        .getAllByRole("radio")
        .map((r) => r.getAttribute("value")),
    ).toEqual(["REDEEM", "BROKERAGE", "TRANSFER"]);
  });

  it("says what the employer pays of an early return", async () => {
    const base = resignedCase();
    const withEmployerReturn = resignedCase({
      reason: "EMPLOYER_ENDED_EMPLOYMENT",
      options: base.options.map((o) =>
        o.choice === "RETURN"
          ? {
              ...o,
              available: true,
              unavailableReason: null,
              costCents: { min: 0, max: 0 },
              employerCostCents: 28_500,
            }
          : o,
      ),
    });
    fakeApi({ ...baseRoutes([leasing()]), [GET_CASE]: ok(withEmployerReturn) });
    renderMyBike();
    const table = await within(await section()).findByRole("table", { name: "Vaihtoehdot ja niiden hinnat" });
    expect(within(table).getByRole("row", { name: /^Palautus/ })).toHaveTextContent(
      /Työnantajasi maksaa 285,00\s€/,
    );
  });
});

describe("the employee's choice", () => {
  it("offers the methods the company's payment mode allows", () => {
    expect(paymentMethodsFor("PAYROLL")).toEqual(["PAYROLL"]);
    expect(paymentMethodsFor("BATCH")).toEqual(["BATCH"]);
    expect(paymentMethodsFor("ALL")).toEqual(["PAYROLL", "BATCH"]);
    // Unknown to the employee's screen: both, and the server refuses one the company does not allow.
    expect(paymentMethodsFor(null)).toEqual(["PAYROLL", "BATCH"]);
  });

  it("redeems by invoice after saying what it costs and when it is due, then shows the payment", async () => {
    const user = userEvent.setup({ delay: null });
    let chosen = false;
    const paid = termEndCase({
      choice: "REDEEM",
      choiceMadeAt: "2026-11-23T10:00:00.000Z",
      paymentMethod: "BATCH",
      userPayment: {
        userPaymentId: uuid(830),
        kind: "REDEMPTION",
        amountCents: 15_545,
        paymentMethod: "BATCH",
        paymentStatus: "PENDING",
        referenceNumber: "1 23456 78901 23",
        dueDate: "2026-12-31",
        sentAt: "2026-11-23T10:00:00.000Z",
        paidAt: null,
      },
    });
    const api = fakeApi({
      ...baseRoutes([leasing()]),
      [GET_CASE]: () => ok(chosen ? paid : termEndCase()),
      [CHOOSE]: () => {
        chosen = true;
        return ok(paid);
      },
    });
    renderMyBike();
    const card = await section();
    const form = await within(card).findByRole("form", { name: "Tee valintasi" });
    await user.click(within(form).getByRole("radio", { name: /^Lunastus/ }));
    const methods = within(form).getByRole("radiogroup", { name: /Maksutapa/ });
    expect(within(methods).getAllByRole("radio")).toHaveLength(2);
    await user.click(within(methods).getByRole("radio", { name: /^Laskulla/ }));
    expect(form).toHaveTextContent(/Valitset: Lunastus. Maksat 155,45\s€. Saat laskun, jonka eräpäivä on/);
    expect(form).toHaveTextContent(
      "Maksa lunastushinta tilisiirrolla – maksutiedot ovat alla kohdassa Omat maksut.",
    );
    expect(form).not.toHaveTextContent("Lunastushinta vähennetään nettopalkastasi");
    await user.click(within(form).getByRole("button", { name: "Vahvista valinta" }));
    await waitFor(() => expect(api.callsTo("POST", CHOOSE.slice(5))).toHaveLength(1));
    expect(api.callsTo("POST", CHOOSE.slice(5))[0]?.body).toEqual({
      choice: "REDEEM",
      paymentMethod: "BATCH",
    });
    expect(await within(card).findByRole("heading", { name: "Valintasi: Lunastus" })).toBeInTheDocument();
    expect(card).toHaveTextContent("Viitenumero1 23456 78901 23");
    expect(card).toHaveTextContent("Eräpäivä31.12.2026");
    expect(card).toHaveTextContent("Maksa lunastushinta tilisiirrolla – maksutiedot ovat alla");
    expect(card).toHaveTextContent("Tilinumero, viitenumero ja virtuaaliviivakoodi ovat kopioitavina alla");
    expect(card).not.toHaveTextContent("nettopalkastasi");
    expect(within(card).getByRole("button", { name: "Muuta valintaa" })).toBeInTheDocument();
  });

  it("says a redemption by payroll deduction is deducted from net pay and asks nothing to be paid", async () => {
    const user = userEvent.setup({ delay: null });
    let chosen = false;
    const byPayroll = termEndCase({
      choice: "REDEEM",
      choiceMadeAt: "2026-11-23T10:00:00.000Z",
      paymentMethod: "PAYROLL",
      userPayment: {
        userPaymentId: uuid(831),
        kind: "REDEMPTION",
        amountCents: 15_545,
        paymentMethod: "PAYROLL",
        paymentStatus: "PENDING",
        referenceNumber: "1 23456 78901 23",
        dueDate: "2026-12-31",
        sentAt: "2026-11-23T10:00:00.000Z",
        paidAt: null,
      },
    });
    fakeApi({
      ...baseRoutes([leasing()]),
      [GET_CASE]: () => ok(chosen ? byPayroll : termEndCase()),
      [CHOOSE]: () => {
        chosen = true;
        return ok(byPayroll);
      },
    });
    renderMyBike();
    const card = await section();
    const form = await within(card).findByRole("form", { name: "Tee valintasi" });
    await user.click(within(form).getByRole("radio", { name: /^Lunastus/ }));
    const methods = within(form).getByRole("radiogroup", { name: /Maksutapa/ });
    await user.click(within(methods).getByRole("radio", { name: /^Palkanmaksun/ }));
    expect(form).toHaveTextContent("Lunastushinta vähennetään nettopalkastasi");
    expect(form).not.toHaveTextContent("Maksa lunastushinta");
    await user.click(within(form).getByRole("button", { name: "Vahvista valinta" }));
    expect(await within(card).findByRole("heading", { name: "Valintasi: Lunastus" })).toBeInTheDocument();
    expect(card).toHaveTextContent("eikä sinun tarvitse tehdä mitään");
    expect(card).toHaveTextContent("Summa vähennetään nettopalkastasi. Sinun ei tarvitse tehdä mitään.");
    expect(card).not.toHaveTextContent("Maksa lunastushinta");
    expect(card).not.toHaveTextContent("maksutiedot");
    expect(card).not.toHaveTextContent("Viitenumero");
  });

  it("asks the colleague's e-mail for a transfer and shows its error at the field", async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({
      ...baseRoutes([leasing({ reason: "EMPLOYEE_RESIGNED" })]),
      [GET_CASE]: ok(resignedCase()),
      [CHOOSE]: apiError(400, "VALIDATION_ERROR", "Invalid body", {
        details: [{ field: "body.transferToEmail", message: "Invalid email address" }],
      }),
    });
    renderMyBike();
    const form = await within(await section()).findByRole("form", { name: "Tee valintasi" });
    await user.click(within(form).getByRole("radio", { name: /^Siirto kollegalle/ }));
    const email = within(form).getByLabelText(/Kollegan työsähköposti/);
    await user.click(within(form).getByRole("button", { name: "Vahvista valinta" }));
    expect(email).toHaveAccessibleDescription(/Kirjoita kollegan sähköpostiosoite./);
    await fillIn(user, email, "matti@");
    await user.click(within(form).getByRole("button", { name: "Vahvista valinta" }));
    expect(email).toHaveAccessibleDescription(/Tarkista kollegan sähköpostiosoite/);
    expect(api.callsTo("POST", CHOOSE.slice(5))).toHaveLength(0);
    // An address the server refuses is said at the field too.
    await fillIn(user, email, "demo.test");
    await user.click(within(form).getByRole("button", { name: "Vahvista valinta" }));
    await waitFor(() => expect(email).toHaveAccessibleDescription(/Tarkista kollegan sähköpostiosoite/));
    expect(api.callsTo("POST", CHOOSE.slice(5))[0]?.body).toEqual({
      choice: "TRANSFER",
      transferToEmail: "matti@demo.test",
    });
  });

  it("shows the server's 409s: a method the company refuses at its field, a passed deadline above the button", async () => {
    const user = userEvent.setup({ delay: null });
    let reply = apiError(409, "PAYMENT_METHOD_NOT_ALLOWED", "The company's payment mode does not allow this");
    fakeApi({
      ...baseRoutes([leasing()]),
      [GET_CASE]: ok(termEndCase()),
      [CHOOSE]: () => reply,
    });
    renderMyBike();
    const form = await within(await section()).findByRole("form", { name: "Tee valintasi" });
    await user.click(within(form).getByRole("radio", { name: /^Lunastus/ }));
    await user.click(within(form).getByRole("radio", { name: /^Laskulla/ }));
    await user.click(within(form).getByRole("button", { name: "Vahvista valinta" }));
    await waitFor(() => expect(form).toHaveTextContent(/Laskulla.*Työnantajasi ei salli tätä maksutapaa./));
    expect(within(form).queryByRole("alert")).toBeNull();

    reply = apiError(409, "LEASE_END_DEADLINE_PASSED", "The deadline to choose has passed");
    await user.click(within(form).getByRole("radio", { name: /^Palkanmaksun yhteydessä/ }));
    await user.click(within(form).getByRole("button", { name: "Vahvista valinta" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent(
      "Valinnan määräaika on jo mennyt. Ota yhteyttä asiakaspalveluun.",
    );
  });
});

/** DD.MM.YYYY of a calendar date. */
const shown = (date: string) => date.split("-").reverse().join(".");

describe("without a case", () => {
  it("opens an early end after showing the lease's last day, the deadline and the options", async () => {
    // The 15th two months ahead: within the six months a last working day may be ahead.
    const month = addMonths(periodOf(toHelsinkiDateString(new Date())), 2);
    const lastWorkingDay = `${month}-15`;
    const user = userEvent.setup({ delay: null });
    let opened = false;
    const api = fakeApi({
      ...baseRoutes([leasing(null)]),
      "GET /api/orders/my": () =>
        ok({ items: [opened ? leasing({ reason: "EMPLOYEE_RESIGNED" }) : leasing(null)] }),
      "POST /api/bike-redemption": () => {
        opened = true;
        return {
          status: 201,
          body: { message: "Bike redemption created successfully", bikeRedemption: resignedCase() },
        };
      },
      [GET_CASE]: ok(resignedCase()),
    });
    renderMyBike();
    const card = await section();
    expect(card).toHaveTextContent("Sopimuskautesi päättyy 31.12.2099.");
    await user.click(within(card).getByRole("button", { name: "Työsuhteeni päättyy" }));
    const form = within(card).getByRole("form", { name: "Työsuhteeni päättyy" });
    await user.click(within(form).getByRole("button", { name: "Ilmoita ja näytä vaihtoehdot" }));
    expect(within(form).getByLabelText(/Viimeinen työpäivä/)).toHaveAccessibleDescription(/Anna päivämäärä./);
    await fillIn(user, within(form).getByLabelText(/Viimeinen työpäivä/), lastWorkingDay);
    expect(form).toHaveTextContent(
      `Sopimus päättyy ${shown(lastDayOf(month))} eli viimeisen työpäiväsi kuukauden lopussa. Valinta on tehtävä saman kuun 20. päivään mennessä: ${shown(`${month}-20`)}.`,
    );
    expect(form).toHaveTextContent("Palautus: vain työnantajan luvalla");
    await user.click(within(form).getByRole("button", { name: "Ilmoita ja näytä vaihtoehdot" }));
    await waitFor(() => expect(api.callsTo("POST", "/api/bike-redemption")).toHaveLength(1));
    expect(api.callsTo("POST", "/api/bike-redemption")[0]?.body).toEqual({
      orderId: ORDER_ID,
      reason: "EMPLOYEE_RESIGNED",
      lastWorkingDay,
    });
    expect(
      await within(card).findByRole("table", { name: "Vaihtoehdot ja niiden hinnat" }),
    ).toBeInTheDocument();
  });

  it("opens an early end also before the lease's first day, once the start-leasing has set it", async () => {
    const firstDay = `${addMonths(periodOf(toHelsinkiDateString(new Date())), 1)}-01`;
    const base = leasing(null);
    const starting: TMyOrder = {
      ...base,
      orderStatus: "GRENKE_INVOICE_SENT",
      agreement: base.agreement && { ...base.agreement, startDate: firstDay },
    };
    const user = userEvent.setup({ delay: null });
    fakeApi({ ...baseRoutes([starting]) });
    renderMyBike();
    const card = await section();
    await user.click(within(card).getByRole("button", { name: "Työsuhteeni päättyy" }));
    const input = within(within(card).getByRole("form", { name: "Työsuhteeni päättyy" })).getByLabelText(
      /Viimeinen työpäivä/,
    );
    // A day before the lease's first day is refused as soon as it is typed.
    await fillIn(user, input, "1.1.2025");
    await user.tab();
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining(`aikaisintaan ${firstDay.split("-").reverse().join(".")}`),
    );
  });

  it("offers no early end when the server does not allow one, and still says when the term ends", async () => {
    fakeApi({ ...baseRoutes([{ ...leasing(null), allowedActions: [] }]) });
    renderMyBike();
    const card = await section();
    expect(card).toHaveTextContent("Sopimuskautesi päättyy 31.12.2099.");
    expect(within(card).queryByRole("button", { name: "Työsuhteeni päättyy" })).toBeNull();
    expect(within(card).queryByRole("button", { name: "Olen pitkään poissa" })).toBeNull();
  });

  it("offers only the days the server takes: from the lease's start, up to six months ahead, and says so", async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({ ...baseRoutes([leasing(null)]) });
    renderMyBike();
    const card = await section();
    await user.click(within(card).getByRole("button", { name: "Työsuhteeni päättyy" }));
    const form = within(card).getByRole("form", { name: "Työsuhteeni päättyy" });
    const input = within(form).getByLabelText(/Viimeinen työpäivä/);
    // The lease from 1.1.2025 runs to 2099: six months from today is the limit.
    const max = sameDayMonthsLater(toHelsinkiDateString(new Date()), 6);
    const says = `Valitse päivä väliltä 01.01.2025–${shown(max)}: aikaisintaan sopimuksen alkamispäivä, enintään kuuden kuukauden päähän eikä sopimuksen päättymisen jälkeen.`;
    for (const outside of ["2999-12-31", "1900-01-01"]) {
      await user.clear(input);
      await fillIn(user, input, outside);
      expect(form).not.toHaveTextContent("Mitä seuraavaksi tapahtuu");
      await user.click(within(form).getByRole("button", { name: "Ilmoita ja näytä vaihtoehdot" }));
      expect(input).toHaveAccessibleDescription(says);
    }
    expect(api.callsTo("POST", "/api/bike-redemption")).toHaveLength(0);
  });

  it("shows the server's refusal of the day at the field, with the days it takes", async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi({
      ...baseRoutes([leasing(null)]),
      "POST /api/bike-redemption": apiError(400, "BAD_REQUEST", "The day must fall within the lease", {
        details: [
          {
            field: "body.absenceStartDate",
            message: "Between 2025-01-01 and 2027-02-28",
            issue: {
              code: "custom",
              params: { rule: EARLY_END_DAY_RULE, min: "2025-01-01", max: "2027-02-28" },
            },
          },
        ],
      }),
    });
    renderMyBike();
    const card = await section();
    await user.click(within(card).getByRole("button", { name: "Olen pitkään poissa" }));
    const form = within(card).getByRole("form", { name: "Olen pitkään poissa" });
    const input = within(form).getByLabelText(/Poissaolon ensimmäinen päivä/);
    await fillIn(user, input, toHelsinkiDateString(new Date()));
    await user.click(within(form).getByRole("button", { name: "Ilmoita ja näytä vaihtoehdot" }));
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(
        "Valitse päivä väliltä 01.01.2025–28.02.2027: aikaisintaan sopimuksen alkamispäivä, enintään kuuden kuukauden päähän eikä sopimuksen päättymisen jälkeen.",
      ),
    );
    expect(within(form).queryByRole("alert")).toBeNull();
  });
});
