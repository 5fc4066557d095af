import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, fakeApi } from "../../../test/fake-api.ts";
import { setUpScreenTests } from "../../../test/screen-tests.ts";
import {
  ADMIN,
  DEMO_OY,
  GROUP_ADMIN,
  LOGISTIIKKA,
  ok,
  payrollPath,
  payrollReport,
  payrollRow,
  REPORTING,
  renderPage,
} from "./test-support.tsx";

setUpScreenTests();

afterEach(() => {
  vi.useRealTimers();
});

const PAYROLL = "/raportointi?nakyma=palkkaraportti";

/** The section named by its heading. */
async function section(name: string | RegExp) {
  const heading = await screen.findByRole("heading", { level: 2, name });
  return within(heading.closest("section") as HTMLElement);
}

/** The table row that shows the named person. */
async function rowOf(name: string) {
  const table = await screen.findByRole("table", { name: /^Palkkaraportin rivit/ });
  return within((await within(table).findByText(name)).closest("tr") as HTMLElement);
}

const MARKED = [
  payrollRow(1, {
    change: "NEW",
    firstMonth: true,
    regime: "GRANDFATHERED",
    taxFreeUntil: "2029-12-31",
    taxFreeCents: 8_950,
    taxableCents: 0,
  }),
  payrollRow(2, {
    change: "CHANGED",
    changedFields: ["monthlyPaymentCents", "absence"],
    withoutPay: true,
    grossDeductionCents: 0,
    deferredCents: 8_950,
    outstandingDeferredCents: 8_950,
    absence: {
      reason: "PARENTAL_LEAVE",
      reasonOther: null,
      startDate: "2026-09-01",
      endDate: null,
      effect: "DEDUCTION_DEFERRED",
      long: true,
      coversMonth: true,
    },
  }),
  payrollRow(3),
  payrollRow(4, {
    change: "ENDED",
    monthlyPaymentCents: 0,
    benefitValueCents: 0,
    taxableCents: 0,
    grossDeductionCents: 0,
    leaseRunning: false,
  }),
];

describe("the payroll report view", () => {
  it("opens from a month in the address without a view and asks that month of the company", async () => {
    const api = fakeApi({
      [`GET ${payrollPath("2026-11")}`]: ok(
        payrollReport("2026-11", {
          rows: [payrollRow(1)],
          totals: {
            ...payrollReport("2026-11").totals,
            rowCount: 1,
            employeeCount: 1,
            grossDeductionCents: 123_456,
            netDeductionCents: 5_000,
            incomeTypes: [
              { incomeType: 363, amountCents: 10_000 },
              { incomeType: 364, amountCents: 7_000 },
              { incomeType: 420, amountCents: 5_000 },
            ],
          },
          comparedWith: { period: "2026-10", source: "SENT", sentAt: "2026-10-15T05:00:00.000Z" },
          sentAt: "2026-11-15T05:00:00.000Z",
        }),
      ),
    });
    renderPage(ADMIN, `/raportointi?yritys=${DEMO_OY}&kausi=2026-11`);

    expect(await screen.findByRole("tab", { name: "Palkkaraportti", selected: true })).toBeInTheDocument();
    const summary = await section("Yhteenveto, marraskuu 2026");
    expect(api.callsTo("GET", `/api/reporting/payroll?companyId=${DEMO_OY}&period=2026-11`)).toHaveLength(1);
    expect(screen.getByRole("combobox", { name: "Kuukausi" })).toHaveValue("2026-11");

    // The Incomes Register's sums, named with their codes.
    const sums = [
      ["363 Polkupyöräedun verovapaa osuus", /^100,00\s€$/],
      ["364 Polkupyöräedun palkaksi katsottu osuus", /^70,00\s€$/],
      ["420 Polkupyöräedusta peritty korvaus", /^50,00\s€$/],
      ["Bruttopalkan vähennykset yhteensä", /^1\s234,56\s€$/],
    ] as const;
    for (const [label, value] of sums) {
      const term = summary.getByText(label);
      expect(term.nextElementSibling?.textContent).toMatch(value);
    }
    expect(
      summary.getByText(
        /Verrattu palkanlaskentaan lähetettyyn raporttiin kuukaudelta 10\/2026 \(lähetetty 15\.10\.2026\)\./,
      ),
    ).toBeInTheDocument();
    expect(
      summary.getByText(/Tämän kuukauden raportti lähetettiin palkanlaskentaan 15\.11\.2026\./),
    ).toBeInTheDocument();

    // The files: the company, the month and the page's language.
    const csv = summary.getByRole("link", { name: "Lataa CSV" });
    expect(csv).toHaveAttribute(
      "href",
      `/api/reporting/payroll/export?companyId=${DEMO_OY}&period=2026-11&format=csv&language=fi`,
    );
    expect(summary.getByRole("link", { name: "Lataa Excel" })).toHaveAttribute(
      "href",
      `/api/reporting/payroll/export?companyId=${DEMO_OY}&period=2026-11&format=xlsx&language=fi`,
    );
    // No payroll data missing: no warning.
    expect(screen.queryByText("Palkkatietoja puuttuu")).not.toBeInTheDocument();
  });

  it("takes the current Helsinki month by default and moves a month back and forward", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    // 23:30 UTC on 31 October is already November in Helsinki.
    vi.setSystemTime(new Date("2026-10-31T23:30:00.000Z"));
    const user = userEvent.setup();
    const api = fakeApi({
      [`GET ${payrollPath("2026-10")}`]: ok(payrollReport("2026-10")),
      [`GET ${payrollPath("2026-11")}`]: ok(payrollReport("2026-11")),
      [`GET ${payrollPath("2026-12")}`]: ok(payrollReport("2026-12")),
    });
    const { router } = renderPage(ADMIN, PAYROLL);
    await section("Yhteenveto, marraskuu 2026");
    expect(api.callsTo("GET", payrollPath("2026-11"))).toHaveLength(1);
    expect(screen.getByText(/Verrattu edelliseen kuukauteen \(10\/2026\)/)).toBeInTheDocument();
    expect(screen.getByText(/Tämän kuukauden raporttia ei ole lähetetty/)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Edellinen kuukausi" }));
    await section("Yhteenveto, lokakuu 2026");
    expect(api.callsTo("GET", payrollPath("2026-10"))).toHaveLength(1);
    expect(new URLSearchParams(router.state.location.search).get("kausi")).toBe("2026-10");

    await user.click(screen.getByRole("button", { name: "Seuraava kuukausi" }));
    await user.click(screen.getByRole("button", { name: "Seuraava kuukausi" }));
    await section("Yhteenveto, joulukuu 2026");
    expect(api.callsTo("GET", payrollPath("2026-12"))).toHaveLength(1);
    expect(new URLSearchParams(router.state.location.search).get("kausi")).toBe("2026-12");

    // The picker chooses a month too.
    await user.selectOptions(screen.getByRole("combobox", { name: "Kuukausi" }), "2026-10");
    await section("Yhteenveto, lokakuu 2026");
    expect(new URLSearchParams(router.state.location.search).get("kausi")).toBe("2026-10");
  });

  it("marks new, changed and ended rows with what changed, and filters to the changes only", async () => {
    const user = userEvent.setup();
    fakeApi({ [`GET ${payrollPath("2026-11")}`]: ok(payrollReport("2026-11", { rows: MARKED })) });
    renderPage(ADMIN, `${PAYROLL}&kausi=2026-11`);

    const added = await rowOf("Virtanen 1 Aino");
    expect(added.getByText("Uusi")).toBeInTheDocument();
    expect(added.getByText("Verovapaa (siirtymäsääntö)")).toBeInTheDocument();
    expect(added.getByText("verovapaa asti 31.12.2029")).toBeInTheDocument();
    expect(added.getByText("Ensimmäinen kuukausi")).toBeInTheDocument();

    const changed = await rowOf("Virtanen 2 Aino");
    expect(changed.getByText("Muuttunut")).toBeInTheDocument();
    expect(changed.getByText("Muuttui: Kuukausierä, Poissaolo")).toBeInTheDocument();
    expect(changed.getByText("Vanhempainvapaa")).toBeInTheDocument();
    expect(changed.getByText("01.09.2026 alkaen, paluu ei tiedossa")).toBeInTheDocument();
    expect(changed.getByText(/^Palkaton kuukausi: erä siirtyy/)).toBeInTheDocument();
    expect(changed.getByText(/^Yli 90 päivää/)).toBeInTheDocument();
    expect(changed.getByText(/^Siirtyy myöhemmäksi: 89,50\s€$/)).toBeInTheDocument();

    expect((await rowOf("Virtanen 3 Aino")).getByText("Ennallaan")).toBeInTheDocument();
    expect((await rowOf("Virtanen 4 Aino")).getByText("Päättynyt")).toBeInTheDocument();

    await user.click(screen.getByRole("switch", { name: "Vain muutokset" }));
    const table = screen.getByRole("table", { name: /^Palkkaraportin rivit/ });
    await waitFor(() => expect(within(table).queryByText("Virtanen 3 Aino")).not.toBeInTheDocument());
    for (const name of ["Virtanen 1 Aino", "Virtanen 2 Aino", "Virtanen 4 Aino"])
      expect(within(table).getByText(name)).toBeInTheDocument();
  });

  it("warns of missing payroll data with a link to the employees it means", async () => {
    fakeApi({
      [`GET ${payrollPath("2026-11")}`]: ok(payrollReport("2026-11", { employeesMissingPayrollData: 3 })),
    });
    renderPage(ADMIN, `${PAYROLL}&kausi=2026-11`);
    const alert = within(
      (await screen.findByText("Palkkatietoja puuttuu")).closest("[role=alert]") as HTMLElement,
    );
    expect(alert.getByText(/henkilönumero tai kustannuspaikka: 3\./)).toBeInTheDocument();
    expect(alert.getByRole("link", { name: "Näytä työntekijät, joiden tiedot puuttuvat" })).toHaveAttribute(
      "href",
      "/tyonantaja?valilehti=hallinnoi&filterType=MISSING_PAYROLL_DATA",
    );
  });

  it("tells a reporting user to ask the admin, with no link to a page they cannot open", async () => {
    fakeApi({
      [`GET ${payrollPath("2026-11")}`]: ok(payrollReport("2026-11", { employeesMissingPayrollData: 1 })),
    });
    renderPage(REPORTING, `${PAYROLL}&kausi=2026-11`);
    expect(await screen.findByText("Pyydä yrityksen pääkäyttäjää täydentämään tiedot.")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Näytä työntekijät/ })).not.toBeInTheDocument();
    expect(
      await screen.findByText(/^Tässä kuussa ei ole käynnissä olevia leasingsopimuksia/),
    ).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Siirry työntekijöihin" })).not.toBeInTheDocument();
  });

  it("says what to do in a month without leases", async () => {
    fakeApi({ [`GET ${payrollPath("2026-11")}`]: ok(payrollReport("2026-11")) });
    renderPage(ADMIN, `${PAYROLL}&kausi=2026-11`);
    expect(
      await screen.findByText(/^Tässä kuussa ei ole käynnissä olevia leasingsopimuksia.*tilaavat pyörän/),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Siirry työntekijöihin" })).toHaveAttribute(
      "href",
      "/tyonantaja",
    );
    // The rules in plain words are there all the same.
    expect(
      screen.getByText(/viimeistään 23\.4\.2025.*1 200 € vuodessa eli 100 € kuukaudessa/),
    ).toBeInTheDocument();
  });

  it("offers a retry when the report cannot be loaded", async () => {
    const user = userEvent.setup();
    let fail = true;
    fakeApi({
      [`GET ${payrollPath("2026-11")}`]: () =>
        fail
          ? apiError(404, "NOT_FOUND", "Not found")
          : ok(payrollReport("2026-11", { rows: [payrollRow(1)] })),
    });
    renderPage(ADMIN, `${PAYROLL}&kausi=2026-11`);
    expect(await screen.findByText("Listaa ei saatu ladattua.")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Yritä uudelleen" }));
    expect(await rowOf("Virtanen 1 Aino")).toBeTruthy();
  });

  it("asks the other company's report when a group admin switches company", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      [`GET ${payrollPath("2026-11")}`]: ok(payrollReport("2026-11", { rows: [payrollRow(1)] })),
      [`GET ${payrollPath("2026-11", LOGISTIIKKA)}`]: ok(
        payrollReport(
          "2026-11",
          { rows: [payrollRow(7, { companyId: LOGISTIIKKA })], employeesMissingPayrollData: 2 },
          LOGISTIIKKA,
        ),
      ),
    });
    const { router } = renderPage(GROUP_ADMIN, `${PAYROLL}&kausi=2026-11`);
    await rowOf("Virtanen 1 Aino");

    await user.click(screen.getByRole("combobox", { name: "Yritys" }));
    await user.click(await screen.findByRole("option", { name: "Demo Logistiikka Oy" }));
    await rowOf("Virtanen 7 Aino");
    expect(api.callsTo("GET", payrollPath("2026-11", LOGISTIIKKA))).toHaveLength(1);
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get("yritys")).toBe(LOGISTIIKKA);
    expect(params.get("kausi")).toBe("2026-11");
    // A group admin's list of employees is the whole group's: the link names the company.
    expect(screen.getByRole("link", { name: "Näytä työntekijät, joiden tiedot puuttuvat" })).toHaveAttribute(
      "href",
      `/tyonantaja?valilehti=hallinnoi&filterType=MISSING_PAYROLL_DATA&companyId=${LOGISTIIKKA}`,
    );
  });
});
