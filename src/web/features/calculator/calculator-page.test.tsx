import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentType } from "react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { TCalculatorParameters } from "../../../contract/calculator.ts";
import { calculateBenefit } from "../../../domain/calculator/calculate.ts";
import { LEASE_TERMS } from "../../../domain/calculator/test-fixtures.ts";
import { formatCents } from "../../../domain/money.ts";
import { plausibleDateSpan } from "../../../domain/plausible-dates.ts";
import {
  PUBLISHED_MUNICIPAL_RATES,
  TAX_YEAR_2025,
  TAX_YEAR_2026,
} from "../../../domain/tax/published-tax-years.ts";
import { ROUTE_PAGES } from "../../app/routes.tsx";
import { i18n, initI18n } from "../../i18n/i18n.ts";
import { formatWholeEuros } from "../../lib/formatters.ts";
import { fakeApi } from "../../test/fake-api.ts";
import { fillIn } from "../../test/fill-in.ts";
import { renderApp } from "../../test/render-app.tsx";
import { sessionUser } from "../../test/session-user.ts";

const PARAMETERS: TCalculatorParameters = {
  today: "2026-11-22",
  taxYears: [TAX_YEAR_2025, TAX_YEAR_2026],
  municipalities: [...PUBLISHED_MUNICIPAL_RATES],
  leaseTerms: { ...LEASE_TERMS, campaignDiscountPercent: 3, campaignMinLeaseMonths: 36 },
  unconfirmed: [{ table: "province-tax-table", year: 2026, name: "Turku", source: "Not found for 2026" }],
};

beforeAll(async () => {
  await initI18n("fi");
  // Mantine's combobox scrolls the selected option into view; jsdom has no scrollIntoView.
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
});

beforeEach(async () => {
  window.localStorage.clear();
  await i18n.changeLanguage("fi");
  fakeApi({ "GET /api/calculator/parameters": { status: 200, body: PARAMETERS } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

// Testing Library compares text with its whitespace collapsed, the no-break space of amounts included.
const euros = (value: number) => formatCents(Math.round(value * 100), "fi").replace(/\u00a0/g, " ");
const figure = (label: string) => screen.getByText(label, { selector: "p" }).closest("div") as HTMLElement;

/** An IntersectionObserver the test moves: `bringIntoView()` tells every observed place it is near. */
function stubIntersectionObserver() {
  const callbacks: IntersectionObserverCallback[] = [];
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      constructor(callback: IntersectionObserverCallback) {
        callbacks.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  return {
    bringIntoView: () => {
      for (const callback of callbacks) {
        callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
      }
    },
  };
}

describe("the calculator's chart", () => {
  it("loads only when its place comes near the view", async () => {
    const view = stubIntersectionObserver();
    renderApp("/laskuri", { user: null });
    await screen.findByText("Tulos verovuodelle 2026");
    expect(screen.queryByText("Kustannus vuokrakauden aikana")).not.toBeInTheDocument();
    // The place may be drawn again as the year's rates arrive: each place drawn is brought into view.
    // The chart is a chunk of its own: on a busy machine its first load takes more than a second.
    await waitFor(
      () => {
        view.bringIntoView();
        expect(screen.getByText("Kustannus vuokrakauden aikana")).toBeInTheDocument();
      },
      { timeout: 10_000 },
    );
  });

  it("is loaded before the page prints, so the printout has it", async () => {
    stubIntersectionObserver();
    const chartAtPrint: boolean[] = [];
    const print = vi.spyOn(window, "print").mockImplementation(() => {
      chartAtPrint.push(screen.queryByText("Kustannus vuokrakauden aikana") !== null);
    });
    const user = userEvent.setup();
    renderApp("/laskuri", { user: null });
    await screen.findByText("Tulos verovuodelle 2026");
    await user.click(screen.getByRole("button", { name: "Tulosta laskelma" }));
    expect(
      await screen.findByText("Kustannus vuokrakauden aikana", {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole("button", { name: "Tulosta laskelma" }));
    expect(print).toHaveBeenCalledTimes(2);
    expect(chartAtPrint).toEqual([true, true]);
    print.mockRestore();
  });
});

describe("the calculator page", () => {
  it("shows the domain function's answer for the default inputs and says plainly that the lease costs more", async () => {
    renderApp("/laskuri", { user: null });
    expect(await screen.findByRole("heading", { level: 1, name: "Laskuri" })).toBeInTheDocument();
    await screen.findByText("Tulos verovuodelle 2026");
    const expected = calculateBenefit(PARAMETERS, {
      year: 2026,
      bikePrice: 2_490,
      accessoriesPrice: 210,
      leaseTimeMonths: 36,
      monthlyGrossSalary: 3_500,
      municipality: "Helsinki",
      churchMember: false,
      age: 35,
    });
    expect(
      within(figure("Nettopalkkasi pienenee")).getByText(`${euros(expected.monthlyNetPayReduction)}/kk`),
    ).toBeInTheDocument();
    expect(
      within(figure("Kustannus sinulle yhteensä")).getByText(euros(expected.totalCostWithBenefit)),
    ).toBeInTheDocument();
    expect(expected.totalSaving).toBeLessThan(0);
    expect(
      screen.getByText(
        `Leasing maksaa sinulle ${euros(-expected.totalSaving)} enemmän kuin pyörän ostaminen`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText("Etu on kokonaan veronalainen")).toBeInTheDocument();
  });

  it("updates as you type, keeps the inputs in the address and shows last year's rules", async () => {
    const user = userEvent.setup();
    const { router } = renderApp("/laskuri", { user: null });
    const salary = await screen.findByLabelText(/Bruttopalkka kuukaudessa/);
    await user.clear(salary);
    await fillIn(user, salary, "5000");
    await user.click(screen.getByRole("radio", { name: "2025" }));
    const expected = calculateBenefit(PARAMETERS, {
      year: 2025,
      bikePrice: 2_490,
      accessoriesPrice: 210,
      leaseTimeMonths: 36,
      monthlyGrossSalary: 5_000,
      municipality: "Helsinki",
      age: 35,
    });
    await screen.findByText("Tulos verovuodelle 2025");
    expect(
      within(figure("Nettopalkkasi pienenee")).getByText(`${euros(expected.monthlyNetPayReduction)}/kk`),
    ).toBeInTheDocument();
    // 2025 rules, contract on 1.1.2025: tax-free until the lease ends.
    expect(screen.getByText("Sopimuksesi säilyttää verovapauden")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe("?year=2025&salary=5000"));
  });

  it("lets a move to another page finish when the address follows the form meanwhile", async () => {
    // The next page's code arrives when the test says: until then the move is pending, as on a slow phone.
    let arrive: (page: ComponentType) => void = () => {};
    const pageCode = new Promise<ComponentType>((resolve) => {
      arrive = resolve;
    });
    const realPage = ROUTE_PAGES.forEmployers;
    ROUTE_PAGES.forEmployers = () => pageCode;
    try {
      const user = userEvent.setup();
      const { router } = renderApp("/laskuri", { user: null });
      const salary = await screen.findByLabelText(/Bruttopalkka kuukaudessa/);
      await user.clear(salary);
      await fillIn(user, salary, "4100");
      // The reader follows a link right away: the address has not yet followed what they typed.
      void router.navigate("/tyonantajalle");
      await waitFor(() => expect(router.state.navigation.state).toBe("loading"));
      // Longer than the address waits for typing to pause.
      await new Promise((resolve) => setTimeout(resolve, 600));
      arrive(() => <h1>Polkupyöräetu työnantajalle</h1>);
      // The move ends with the calculator's whole page taken down: on a busy machine that alone may
      // outlast the suite's usual wait.
      expect(
        await screen.findByRole(
          "heading",
          { level: 1, name: "Polkupyöräetu työnantajalle" },
          { timeout: 15_000 },
        ),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe("/tyonantajalle");
      expect(router.state.location.search).toBe("");
    } finally {
      ROUTE_PAGES.forEmployers = realPage;
    }
  });

  it("opens a shared address with its inputs and compares a second bike", async () => {
    const user = userEvent.setup();
    renderApp("/laskuri?price=3999&salary=4200&municipality=Tampere&bike2=Kaupunkipy%C3%B6r%C3%A4~899~0", {
      user: null,
    });
    const [price] = await screen.findAllByLabelText(/Pyörän hinta/, { selector: "input" });
    expect(price).toHaveValue("3999");
    expect(await screen.findByRole("rowheader", { name: "Kaupunkipyörä" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Poista pyörä 2 vertailusta" }));
    expect(screen.queryByRole("rowheader", { name: "Kaupunkipyörä" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Lisää pyörä vertailuun" }));
    expect(screen.getByRole("rowheader", { name: "Pyörä 2" })).toBeInTheDocument();
  });

  it("says which field is missing instead of showing a result", async () => {
    const user = userEvent.setup();
    renderApp("/laskuri", { user: null });
    const price = await screen.findByLabelText(/Pyörän hinta/, { selector: "input" });
    await user.clear(price);
    expect(await screen.findByText("Tämä tieto tarvitaan laskelmaan.")).toBeInTheDocument();
    expect(price).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText(/Täytä merkityt kentät/)).toBeInTheDocument();
    await fillIn(user, price, "1500");
    const months = screen.getByLabelText(/Vuokrakausi/, { selector: "input" });
    await user.clear(months);
    await fillIn(user, months, "6");
    expect(
      await screen.findByText("Vuokrakausi on lyhyempi kuin pienin sallittu kesto."),
    ).toBeInTheDocument();
  });

  it("reads a price as every money field does: names the maximum, refuses a negative, keeps the date hint", async () => {
    const user = userEvent.setup();
    renderApp("/laskuri", { user: null });
    const price = await screen.findByLabelText(/Pyörän hinta/, { selector: "input" });
    const contractDate = screen.getByLabelText(/Edusta sovittu/);
    await user.clear(price);
    await fillIn(user, price, "999 999 999");
    expect(price).toHaveAccessibleDescription(/Summa voi olla enintään 50\s000\s€/);
    expect(screen.getByText(/Täytä merkityt kentät/)).toBeInTheDocument();
    expect(contractDate).toHaveAccessibleDescription(/Tyhjänä: \d{1,2}\.\d{1,2}\.\d{4}\./);
    await user.clear(price);
    await fillIn(user, price, "-500");
    expect(price).toHaveAccessibleDescription(/Summa ei voi olla negatiivinen/);
    expect(price).toHaveValue("-500");
    expect(screen.getByText(/Täytä merkityt kentät/)).toBeInTheDocument();
  });

  it("refuses a commitment date outside the benefit's years (1900, 2999) with the span, and shows no result", async () => {
    const user = userEvent.setup();
    renderApp("/laskuri", { user: null });
    const contractDate = await screen.findByLabelText(/Edusta sovittu/);
    const { from, to } = plausibleDateSpan("COMMITMENT");
    const says = `Anna päivämäärä väliltä ${from.split("-").reverse().join(".")}–${to.split("-").reverse().join(".")}`;
    for (const outside of ["1900-01-01", "2999-12-31"]) {
      await user.clear(contractDate);
      await fillIn(user, contractDate, outside);
      await waitFor(() => expect(contractDate).toHaveAccessibleDescription(expect.stringContaining(says)));
      expect(screen.getByText(/Täytä merkityt kentät/)).toBeInTheDocument();
    }
    await user.clear(contractDate);
    await fillIn(user, contractDate, "2025-03-01");
    await waitFor(() => expect(contractDate).not.toHaveAccessibleDescription(expect.stringContaining(says)));
    expect(screen.queryByText(/Täytä merkityt kentät/)).not.toBeInTheDocument();
  });

  it("asks for the campaign discount by a switch and says when the lease is too short for it", async () => {
    const user = userEvent.setup();
    renderApp("/laskuri?months=24", { user: null });
    const campaign = await screen.findByRole("switch", { name: /^Käytä kampanja-alennusta \(3\s%/ });
    await user.click(campaign);
    expect(await screen.findByText("Vuokrakausi on liian lyhyt kampanja-alennukseen.")).toBeInTheDocument();
    const months = screen.getByLabelText(/Vuokrakausi/, { selector: "input" });
    await user.clear(months);
    await fillIn(user, months, "36");
    expect(await screen.findByText("Kampanja-alennus hinnasta")).toBeInTheDocument();
  });

  it("prefills a logged-in employee's own terms and warns above the company's max price", async () => {
    const own = {
      companyName: "Demo Oy",
      leaseTerms: { ...PARAMETERS.leaseTerms, annualInterestPercent: 0, campaignDiscountPercent: null },
      maxPrice: 2_500,
      municipalityCode: null,
      church: null,
    };
    fakeApi({
      "GET /api/calculator/parameters": { status: 200, body: PARAMETERS },
      "GET /api/calculator/my-terms": { status: 200, body: own },
    });
    renderApp("/laskuri", { user: sessionUser(["BIKE_BENEFICIARY"]) });
    expect(await screen.findByText(/työnantajasi Demo Oy leasingehtoja/)).toBeInTheDocument();
    const expected = calculateBenefit(
      { ...PARAMETERS, leaseTerms: own.leaseTerms },
      {
        year: 2026,
        bikePrice: 2_490,
        accessoriesPrice: 210,
        leaseTimeMonths: 36,
        monthlyGrossSalary: 3_500,
        municipality: "Helsinki",
        age: 35,
      },
    );
    expect(
      within(figure("Kuukausierä")).getByText(`${euros(expected.monthlyPayment)}/kk`),
    ).toBeInTheDocument();
    // 2 490 € + 210 € is above Demo Oy's 2 500 €.
    expect(screen.getByText("Pyörä ylittää enimmäishinnan")).toBeInTheDocument();
  });
});

describe("the calculator's municipality and church", () => {
  const ratesText = () =>
    screen.getByText("Veroprosentit", { selector: "dt" }).nextElementSibling?.textContent;

  it("calculates with the chosen church's parish rate of the chosen municipality", async () => {
    const user = userEvent.setup();
    const { router } = renderApp("/laskuri?municipality=Vantaa", { user: null });
    const church = await screen.findByRole("combobox", { name: "Kirkko" });
    // Vantaa's parishes: Evangelical Lutheran 1,00 %, Orthodox 1,80 % (the 2026 decision).
    await user.click(church);
    await user.click(await screen.findByRole("option", { name: /^Ortodoksinen kirkko – 1,8\s%$/ }));
    await waitFor(() => expect(ratesText()).toMatch(/kunnallisvero 6,4\s%, kirkollisvero 1,8\s%/));
    await waitFor(() => expect(router.state.location.search).toBe("?municipality=092&church=ort"));
  });

  it("opens with a logged-in person's own municipality and church, and remembers a new choice on request", async () => {
    const api = fakeApi({
      "GET /api/calculator/parameters": { status: 200, body: PARAMETERS },
      "PUT /api/user/municipality": (body) => ({
        status: 200,
        body: sessionUser(["EMPLOYER_ADMIN"], body as object),
      }),
    });
    const user = userEvent.setup();
    renderApp("/laskuri", {
      user: sessionUser(["EMPLOYER_ADMIN"], { municipalityCode: "092", church: "EVANGELICAL_LUTHERAN" }),
    });
    const municipality = await screen.findByRole("combobox", { name: "Kotikunta" });
    expect(municipality).toHaveValue("Vantaa – 6,4\u00a0%");
    expect(screen.getByRole("combobox", { name: "Kirkko" })).toHaveValue(
      "Evankelis-luterilainen kirkko – 1\u00a0%",
    );
    await waitFor(() => expect(ratesText()).toMatch(/kunnallisvero 6,4\s%, kirkollisvero 1\s%/));
    // What the page opened with is what the details hold: nothing to remember.
    expect(screen.queryByRole("button", { name: "Muista omissa tiedoissani" })).not.toBeInTheDocument();

    await user.click(municipality);
    await user.clear(municipality);
    await fillIn(user, municipality, "tammerfors");
    await user.click(await screen.findByRole("option", { name: /^Tampere – 7,6/ }));
    await user.click(screen.getByRole("button", { name: "Muista omissa tiedoissani" }));
    await waitFor(() => expect(api.callsTo("PUT", "/api/user/municipality")).toHaveLength(1));
    expect(api.callsTo("PUT", "/api/user/municipality")[0]?.body).toEqual({
      municipalityCode: "837",
      church: "EVANGELICAL_LUTHERAN",
    });
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: "Muista omissa tiedoissani" })).not.toBeInTheDocument(),
    );
  });

  it("says at the field that Åland is not calculated yet, never showing mainland figures", async () => {
    renderApp("/laskuri?municipality=478", { user: null });
    expect(await screen.findByText(/Ahvenanmaan verotusta ei vielä lasketa/)).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Kotikunta" })).toHaveValue(
      "Maarianhamina – Ahvenanmaata ei vielä lasketa",
    );
    expect(screen.queryByText("Nettopalkkasi pienenee")).not.toBeInTheDocument();
  });

  it("names a municipality the list does not know at the field, never calculating with an average", async () => {
    renderApp("/laskuri?municipality=Atlantis", { user: null });
    expect(await screen.findByText("Kunnalle ei ole veroprosenttia tälle vuodelle.")).toBeInTheDocument();
    expect(screen.queryByText("Nettopalkkasi pienenee")).not.toBeInTheDocument();
  });
});

/**
 * The calculator is where many first visits land, on a phone. The browser's first date or number format
 * or collator loads its locale data (some 25 ms, four times that on a phone's CPU), so the calculator's
 * first view writes its money, rates, dates and the municipalities' order without them (lib/formatters.ts,
 * domain/money.ts, domain/tax/municipality-search.ts).
 */
describe("the calculator's first view", () => {
  it("opens in each language without using a date or number format or a collator", async () => {
    const used: string[] = [];
    const stop = watchIntlUse(used);
    try {
      for (const [language, result] of [
        ["fi", "Tulos verovuodelle 2026"],
        ["sv", "Resultat för skatteåret 2026"],
        ["en", "Result for tax year 2026"],
      ] as const) {
        await i18n.changeLanguage(language);
        const view = renderApp("/laskuri", { user: null });
        await screen.findByText(result);
        view.unmount();
      }
      expect([...new Set(used)]).toEqual([]);
      // The watch sees a use: the chart's axis uses a number format, once the chart is shown.
      expect(formatWholeEuros(4000, "fi")).toMatch(/^4\s000\s€$/);
      expect(used).toEqual(["NumberFormat in src/web/lib/formatters.ts"]);
    } finally {
      stop();
    }
  });
});

/**
 * Notes each use our own code makes of a date or number format or a collator, with the file that used
 * it: by their shared methods, so a format made and kept before this test (the web tests share their
 * modules) is seen as well as a new one. Answers the function that stops the watch.
 */
function watchIntlUse(used: string[]): () => void {
  const note = (what: string) => {
    const files = new Error().stack?.match(/src\/(?:domain|contract|web)\/[\w/.-]+\.tsx?/g) ?? [];
    const user = files.find((file) => !file.endsWith("calculator-page.test.tsx"));
    if (user) used.push(`${what} in ${user}`);
  };
  const undo: (() => void)[] = [];
  const watch = (owner: object, key: string, what: string) => {
    const original = Object.getOwnPropertyDescriptor(owner, key) as PropertyDescriptor;
    const watched: PropertyDescriptor = original.get
      ? {
          ...original,
          get(this: unknown) {
            note(what);
            return original.get?.call(this);
          },
        }
      : {
          ...original,
          value(this: unknown, ...args: unknown[]) {
            note(what);
            return (original.value as (...a: unknown[]) => unknown).apply(this, args);
          },
        };
    Object.defineProperty(owner, key, watched);
    undo.push(() => Object.defineProperty(owner, key, original));
  };
  watch(Intl.NumberFormat.prototype, "format", "NumberFormat");
  watch(Intl.NumberFormat.prototype, "formatToParts", "NumberFormat");
  watch(Intl.DateTimeFormat.prototype, "format", "DateTimeFormat");
  watch(Intl.DateTimeFormat.prototype, "formatToParts", "DateTimeFormat");
  watch(Intl.Collator.prototype, "compare", "Collator");
  watch(String.prototype, "localeCompare", "localeCompare");
  return () => {
    for (const step of undo) step();
  };
}
