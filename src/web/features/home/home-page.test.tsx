import { screen, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { calculateBenefit } from "../../../domain/calculator/calculate.ts";
import { LEASE_TERMS } from "../../../domain/calculator/test-fixtures.ts";
import { LEASING_COMPANY_NAMES } from "../../../domain/enums.ts";
import {
  PUBLISHED_MUNICIPAL_RATES,
  TAX_YEAR_2025,
  TAX_YEAR_2026,
} from "../../../domain/tax/published-tax-years.ts";
import { i18n, initI18n } from "../../i18n/i18n.ts";
import { fakeApi } from "../../test/fake-api.ts";
import { renderApp } from "../../test/render-app.tsx";
import { sessionUser } from "../../test/session-user.ts";
import { COST_EXAMPLE, HOME_STEPS } from "./home-page.tsx";

beforeAll(async () => {
  await initI18n("fi");
});

beforeEach(async () => {
  window.localStorage.clear();
  fakeApi({ "GET /api/health-check": { status: 200, body: { status: "ok" } } });
  await i18n.changeLanguage("fi");
});

afterEach(async () => {
  await i18n.changeLanguage("fi");
});

/** Intl's fi and sv money use a no-break space before the euro sign; tests compare with plain spaces. */
const plain = (text: string | null | undefined) => (text ?? "").replace(/\s/g, " ");

const HERO = {
  fi: {
    h1: "Työsuhdepyörät henkilöstölle – me hoidamme sopimukset ja palkanvaihdon",
    steps: "Näin työsuhdepyörä toimii",
    monthly: "84,27 €",
  },
  en: {
    h1: "Bikes for your staff – we handle the agreements and the salary exchange",
    steps: "How the bike benefit works",
    monthly: "€84.27",
  },
  sv: {
    h1: "Förmånscyklar för personalen – vi sköter avtalen och löneväxlingen",
    steps: "Så fungerar cykelförmånen",
    monthly: "84,27 €",
  },
} as const;

describe("the home page", () => {
  it.each(Object.keys(HERO) as (keyof typeof HERO)[])(
    "says in its one h1 what Pedaali does and for whom, in %s",
    async (lng) => {
      await i18n.changeLanguage(lng);
      renderApp("/", { user: null });
      const main = screen.getByRole("main");
      const h1 = await within(main).findByRole("heading", { level: 1 });
      expect(h1).toHaveTextContent(HERO[lng].h1);
      expect(h1.textContent).not.toBe("Pedaali");
      expect(within(main).getAllByRole("heading", { level: 1 })).toHaveLength(1);
      // the description stays on the page of docs/product.md "Who uses it", above the heading.
      expect(within(main).getByText(i18n.t("common.productDescription"))).toBeInTheDocument();
    },
  );

  it("offers the calculator and the employers' page as its primary actions", async () => {
    renderApp("/", { user: null });
    const hero = (await screen.findByRole("heading", { level: 1 })).closest("section") as HTMLElement;
    const links = within(hero).getAllByRole("link");
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Laske kuukausierä", "/laskuri"],
      ["Tarjoa etua henkilöstölle", "/tyonantajalle"],
    ]);
  });

  it.each([
    [["EMPLOYER_ADMIN"], "/tyonantaja"],
    [["EMPLOYER_REPORTING"], "/raportointi"],
    [["BIKE_BENEFICIARY"], "/mybike"],
  ] as const)("offers a logged-in %s their own start page first", async (roles, start) => {
    renderApp("/", { user: sessionUser([...roles]) });
    const hero = (await screen.findByRole("heading", { level: 1 })).closest("section") as HTMLElement;
    const links = within(hero).getAllByRole("link");
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Siirry omalle sivullesi", start],
      ["Laske kuukausierä", "/laskuri"],
    ]);
  });

  it("keeps a /{lang} prefix in its links", async () => {
    await i18n.changeLanguage("en");
    renderApp("/en", { user: null });
    expect(await screen.findByRole("link", { name: "Calculate the monthly payment" })).toHaveAttribute(
      "href",
      "/en/laskuri",
    );
    expect(screen.getByRole("link", { name: "The 2026 tax change" })).toHaveAttribute(
      "href",
      "/en/usein-kysytyt-kysymykset#tax",
    );
  });

  it("has a decorative illustration, hidden from assistive technology", async () => {
    renderApp("/", { user: null });
    await screen.findByRole("heading", { level: 1 });
    const art = screen.getByTestId("hero-illustration");
    expect(art.tagName.toLowerCase()).toBe("svg");
    expect(art).toHaveAttribute("aria-hidden", "true");
    expect(art).toHaveAttribute("focusable", "false");
  });

  it("shows the three audiences, each with an icon and a link to its page", async () => {
    renderApp("/", { user: null });
    const section = (await screen.findByRole("heading", { level: 2, name: "Kenelle Pedaali on" })).closest(
      "section",
    ) as HTMLElement;
    const cards = within(section).getAllByRole("listitem");
    expect(cards).toHaveLength(3);
    const names = cards.map((card) => within(card).getByRole("heading", { level: 3 }).textContent);
    expect(names).toEqual(["Työnantajalle", "Työntekijälle", "Pyöräliikkeelle"]);
    const hrefs = cards.map((card) => within(card).getByRole("link").getAttribute("href"));
    expect(hrefs).toEqual(["/tyonantajalle", "/tyontekijalle", "/pyoraliikkeelle"]);
    for (const card of cards) expect(card.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
  });

  it.each(Object.keys(HERO) as (keyof typeof HERO)[])(
    "explains how it works in four ordered steps, in %s",
    async (lng) => {
      await i18n.changeLanguage(lng);
      renderApp("/", { user: null });
      const heading = await screen.findByRole("heading", { level: 2, name: HERO[lng].steps });
      const list = heading.closest("section")?.querySelector("ol") as HTMLOListElement;
      const steps = within(list).getAllByRole("listitem");
      expect(steps).toHaveLength(4);
      expect(HOME_STEPS).toHaveLength(4);
      steps.forEach((step, i) => {
        const expected = HOME_STEPS[i] as (typeof HOME_STEPS)[number];
        expect(within(step).getByRole("heading", { level: 3 })).toHaveTextContent(i18n.t(expected.title));
        expect(step).toHaveTextContent(i18n.t(expected.text));
      });
    },
  );

  it.each(Object.keys(HERO) as (keyof typeof HERO)[])(
    "marks the 2026 cost as an example with its assumptions and links the tax change, in %s",
    async (lng) => {
      await i18n.changeLanguage(lng);
      renderApp("/", { user: null });
      const heading = await screen.findByRole("heading", { level: 2, name: i18n.t("home.cost.heading") });
      const section = heading.closest("section") as HTMLElement;
      const text = plain(section.textContent);
      expect(text).toContain(i18n.t("home.cost.badge"));
      expect(text).toContain(HERO[lng].monthly);
      expect(within(section).getByRole("heading", { level: 3 })).toHaveTextContent(
        i18n.t("home.cost.assumptionsHeading"),
      );
      const assumptions = within(section)
        .getAllByRole("listitem")
        .map((li) => plain(li.textContent));
      expect(assumptions).toHaveLength(3);
      expect(assumptions[0]).toContain(lng === "en" ? "€2,000" : "2 000 €");
      expect(assumptions[0]).toContain("36");
      expect(plain(section.textContent)).toContain(lng === "en" ? "€49.70 " : "49,70 € ");
      const links = within(section).getAllByRole("link");
      expect(links.map((a) => a.getAttribute("href"))).toEqual([
        "/laskuri?price=2000&accessories=0&salary=3800",
        "/usein-kysytyt-kysymykset#tax",
        "/tiedote-pyoraedusta",
      ]);
    },
  );

  it("names the leasing companies and partners of docs/product.md 'Constants' as text", async () => {
    renderApp("/", { user: null });
    const heading = await screen.findByRole("heading", { level: 2, name: "Leasingyhtiöt ja kumppanit" });
    const text = heading.closest("section")?.textContent ?? "";
    for (const name of [...LEASING_COMPANY_NAMES, "Gobybike Finland Oy", "Vapaus Bikes Finland Oy"])
      expect(text).toContain(name);
    for (const name of ["Epassi Finland Oy", "Fleet Innovation Oy", "Bikelink Oy", "Electrobike", "3stepit"])
      expect(text).toContain(name);
  });
});

describe("the home page's cost example", () => {
  const terms = LEASE_TERMS;
  const parameters = {
    today: "2026-11-22",
    taxYears: [TAX_YEAR_2025, TAX_YEAR_2026],
    municipalities: PUBLISHED_MUNICIPAL_RATES,
    leaseTerms: terms,
  };
  const input = {
    year: 2026,
    bikePrice: COST_EXAMPLE.packageCents / 100,
    accessoriesPrice: 0,
    leaseTimeMonths: COST_EXAMPLE.months,
    monthlyGrossSalary: COST_EXAMPLE.salaryCents / 100,
    municipality: "Helsinki",
  };

  it("is the calculator's answer for a 2026 agreement: net pay falls by the whole payment", () => {
    const result = calculateBenefit(parameters, { ...input, contractDate: "2026-02-01" });
    expect(Math.round(result.monthlyPayment * 100)).toBe(COST_EXAMPLE.monthlyCents);
    expect(result.paymentParts).toEqual({
      financing: COST_EXAMPLE.financingCents / 100,
      insurance: COST_EXAMPLE.insuranceCents / 100,
      maintenance: COST_EXAMPLE.maintenanceCents / 100,
      serviceFee: COST_EXAMPLE.serviceFeeCents / 100,
    });
    expect(Math.round(result.redemptionPrice * 100)).toBe(COST_EXAMPLE.redemptionCents);
    expect(result.monthlyNetPayReduction).toBe(result.monthlyPayment);
  });

  it("is the calculator's answer for a grandfathered agreement, which costs less", () => {
    const result = calculateBenefit(parameters, { ...input, contractDate: "2025-03-01" });
    expect(Math.round(result.monthlyNetPayReduction * 100)).toBe(COST_EXAMPLE.grandfatheredNetCostCents);
    expect(COST_EXAMPLE.grandfatheredNetCostCents).toBeLessThan(COST_EXAMPLE.monthlyCents);
  });
});
