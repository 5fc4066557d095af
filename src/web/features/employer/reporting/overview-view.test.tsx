import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../../test/fake-api.ts";
import { setUpScreenTests } from "../../../test/screen-tests.ts";
import { takeUpPercent } from "./overview-view.tsx";
import {
  ADMIN,
  DEMO_OY,
  dashboard,
  dashboardPath,
  GROUP_ADMIN,
  LOGISTIIKKA,
  ok,
  payrollPath,
  payrollReport,
  REPORTING,
  renderPage,
} from "./test-support.tsx";

setUpScreenTests();

/** The value of a figure card, by its label. */
function figure(label: string): string {
  const term = screen.getByText(label, { selector: "dt" });
  return term.nextElementSibling?.textContent ?? "";
}

describe("the reporting page's overview", () => {
  it("is the default view and shows the company's figures with the benefit's take-up", async () => {
    const api = fakeApi({ [`GET ${dashboardPath()}`]: ok(dashboard()) });
    renderPage(ADMIN);
    expect(await screen.findByRole("heading", { level: 1, name: "Raportointi" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Yleiskuva", selected: true })).toBeInTheDocument();
    await screen.findByRole("heading", { level: 2, name: "Tilanne nyt" });
    expect(api.callsTo("GET", `/api/reporting/dashboard?companyId=${DEMO_OY}`)).toHaveLength(1);

    expect(figure("Käynnissä olevat leasingsopimukset")).toBe("13");
    expect(figure("Kuukausikustannus nyt")).toMatch(/^1\s234,56\s€$/);
    // 12 of 40 accepted employees have a running lease.
    expect(figure("Edun käyttöaste")).toMatch(/^30\s%$/);
    expect(screen.getByText("Käynnissä oleva sopimus: 12 / 40 hyväksyttyä työntekijää.")).toBeInTheDocument();
    expect(figure("Odottavat liittymispyynnöt")).toBe("3");
    expect(screen.getByRole("link", { name: "Käsittele liittymispyynnöt" })).toHaveAttribute(
      "href",
      "/tyonantaja",
    );
    expect(figure("Verovapaa osuus tänä vuonna")).toMatch(/^5\s500,00\s€$/);
    // Two different things, each named for what it counts: the terms ending soon, and the open lease
    // ends the Pyörät list shows, with the overdue among them.
    expect(figure("Sopimuskausi päättyy kolmen kuukauden sisällä")).toBe("2");
    expect(figure("Avoimet päättymiset")).toBe("3");
    expect(screen.getByText(/niistä myöhässä \(valinnan määräaika mennyt\): 1\./)).toBeInTheDocument();

    // Each chart's figures are a table (for screen readers, and on screen when asked).
    const orders = screen.getByRole("table", { name: "Tilaukset tilan mukaan" });
    const leasing = within(orders).getByText("Leasing käynnissä").closest("tr") as HTMLElement;
    expect(within(leasing).getByText("13")).toBeInTheDocument();
    // A status without orders is left out.
    expect(within(orders).queryByText("Peruttu")).not.toBeInTheDocument();
    const regimes = screen.getByRole("table", { name: "Käynnissä olevat sopimukset verokohtelun mukaan" });
    const grandfathered = within(regimes)
      .getByText("Verovapaa (siirtymäsääntö)")
      .closest("tr") as HTMLElement;
    expect(within(grandfathered).getByText("5")).toBeInTheDocument();
    const months = screen.getByRole("table", { name: "Viimeiset 12 kuukautta" });
    const december = within(months).getByText("12/2026").closest("tr") as HTMLElement;
    expect(within(december).getByText("13")).toBeInTheDocument();
    expect(within(december).getByText(/^1\s170,00\s€$/)).toBeInTheDocument();
  });

  it("says what to do next for a company without leases, and gives a reporting user no employees link", async () => {
    const empty = dashboard({
      employees: { accepted: 0, pending: 2, withActiveLease: 0 },
      activeLeases: 0,
      monthlyCostCents: 0,
      months: dashboard().months.map((month) => ({ ...month, activeLeases: 0, leaseCostCents: 0 })),
      ordersByStatus: [],
      leasesByRegime: { GRANDFATHERED: 0, EXEMPT_2025_ONLY: 0, TAXABLE: 0 },
      taxFreeThisYearCents: 0,
      leasesEndingSoon: 0,
      openLeaseEnds: { open: 0, overdue: 0 },
    });
    fakeApi({ [`GET ${dashboardPath()}`]: ok(empty) });
    const { unmount } = renderPage(ADMIN);
    expect(await screen.findByText(/^Yrityksellä ei ole vielä pyöräetusopimuksia/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Siirry työntekijöihin" })).toHaveAttribute(
      "href",
      "/tyonantaja",
    );
    expect(figure("Edun käyttöaste")).toBe("–");
    expect(screen.queryByRole("table", { name: "Viimeiset 12 kuukautta" })).not.toBeInTheDocument();
    unmount();

    renderPage(REPORTING);
    expect(await screen.findByText(/^Yrityksellä ei ole vielä pyöräetusopimuksia/)).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Siirry työntekijöihin" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Käsittele liittymispyynnöt" })).not.toBeInTheDocument();
    expect(screen.getByText("Yrityksen pääkäyttäjä käsittelee ne.")).toBeInTheDocument();
  });

  it("switches to the payroll report in the address, keeping the company", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      [`GET ${dashboardPath()}`]: ok(dashboard()),
      [`GET ${dashboardPath(LOGISTIIKKA)}`]: ok(dashboard({ activeLeases: 4 }, LOGISTIIKKA)),
      [`GET ${payrollPath("2026-11", LOGISTIIKKA)}`]: ok(payrollReport("2026-11", {}, LOGISTIIKKA)),
    });
    const { router } = renderPage(GROUP_ADMIN, "/raportointi?kausi=2026-11&nakyma=yleiskuva");
    await screen.findByRole("heading", { level: 2, name: "Tilanne nyt" });

    await user.click(screen.getByRole("combobox", { name: "Yritys" }));
    await user.click(await screen.findByRole("option", { name: "Demo Logistiikka Oy" }));
    await screen.findByText("4", { selector: "dd" });
    expect(api.callsTo("GET", dashboardPath(LOGISTIIKKA))).toHaveLength(1);

    await user.click(screen.getByRole("tab", { name: "Palkkaraportti" }));
    await screen.findByRole("heading", { level: 2, name: "Yhteenveto, marraskuu 2026" });
    expect(api.callsTo("GET", payrollPath("2026-11", LOGISTIIKKA))).toHaveLength(1);
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get("nakyma")).toBe("palkkaraportti");
    expect(params.get("yritys")).toBe(LOGISTIIKKA);
  });

  it("computes the take-up as a whole percentage, none without accepted employees", () => {
    expect(takeUpPercent(12, 40)).toBe(30);
    expect(takeUpPercent(1, 3)).toBe(33);
    expect(takeUpPercent(0, 0)).toBeNull();
  });
});
