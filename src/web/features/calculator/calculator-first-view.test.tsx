import { screen } from "@testing-library/react";
import { afterEach, beforeAll, expect, it } from "vitest";
import type { TCalculatorParameters } from "../../../contract/calculator.ts";
import {
  PUBLISHED_MUNICIPAL_RATES,
  TAX_YEAR_2025,
  TAX_YEAR_2026,
} from "../../../domain/tax/published-tax-years.ts";
import { i18n, initI18n } from "../../i18n/i18n.ts";
import { formatWholeEuros } from "../../lib/formatters.ts";
import { fakeApi } from "../../test/fake-api.ts";
import { renderApp } from "../../test/render-app.tsx";

/**
 * The calculator is where many first visits land, on a phone. The browser's first date or number format
 * or collator loads its locale data (some 25 ms, four times that on a phone's CPU), so the calculator's
 * first view writes its money, rates, dates and the municipalities' order without them (lib/formatters.ts,
 * domain/money.ts, domain/tax/municipality-search.ts). A file of its own: the formats our modules keep
 * once made are new here, so a first view that made one is seen.
 */
const PARAMETERS: TCalculatorParameters = {
  today: "2026-11-22",
  taxYears: [TAX_YEAR_2025, TAX_YEAR_2026],
  municipalities: [...PUBLISHED_MUNICIPAL_RATES],
  leaseTerms: {
    annualInterestPercent: 4.9,
    insurancePercentPerYear: 6,
    monthlyMaintenanceCents: 1_200,
    monthlyServiceFeeCents: 500,
    residualValuePercent: 5,
    minLeaseMonths: 12,
    maxLeaseMonths: 60,
    campaignDiscountPercent: 3,
    campaignMinLeaseMonths: 36,
  },
  unconfirmed: [],
};

const realIntl = globalThis.Intl;
afterEach(() => {
  globalThis.Intl = realIntl;
});

/** Intl that notes each date or number format and collator our own code makes, with the file that made it. */
function countingIntl(made: string[]): typeof Intl {
  const counted = <C extends new (...args: never[]) => object>(name: string, Real: C): C =>
    new Proxy(Real, {
      construct(target, args, newTarget) {
        const files = new Error().stack?.match(/src\/(?:domain|contract|web)\/[\w/.-]+\.tsx?/g) ?? [];
        const maker = files.find((file) => !file.endsWith("calculator-first-view.test.tsx"));
        if (maker) made.push(`${name} in ${maker}`);
        return Reflect.construct(target, args, newTarget);
      },
    });
  const replaced: Record<string | symbol, unknown> = {
    DateTimeFormat: counted("DateTimeFormat", realIntl.DateTimeFormat),
    NumberFormat: counted("NumberFormat", realIntl.NumberFormat),
    Collator: counted("Collator", realIntl.Collator),
  };
  return new Proxy(realIntl, {
    get: (target, key) => (key in replaced ? replaced[key] : Reflect.get(target, key)),
  });
}

beforeAll(async () => {
  await initI18n("fi");
});

it("opens in each language without making a date or number format or a collator", async () => {
  const made: string[] = [];
  globalThis.Intl = countingIntl(made);
  fakeApi({ "GET /api/calculator/parameters": { status: 200, body: PARAMETERS } });
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
  expect(made).toEqual([]);
  // The count sees a format when one is made: the chart's axis makes one, once the chart is shown.
  expect(formatWholeEuros(4000, "fi")).toMatch(/^4\s000\s€$/);
  expect(made).toEqual(["NumberFormat in src/web/lib/formatters.ts"]);
});
