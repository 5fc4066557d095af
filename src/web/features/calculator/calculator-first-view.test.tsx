import { screen } from "@testing-library/react";
import { beforeAll, expect, it } from "vitest";
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
 * domain/money.ts, domain/tax/municipality-search.ts).
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

/**
 * Notes each use our own code makes of a date or number format or a collator, with the file that used
 * it: by their shared methods, so a format made and kept before this test (the web tests share their
 * modules) is seen as well as a new one. Answers the function that stops the watch.
 */
function watchIntlUse(used: string[]): () => void {
  const note = (what: string) => {
    const files = new Error().stack?.match(/src\/(?:domain|contract|web)\/[\w/.-]+\.tsx?/g) ?? [];
    const user = files.find((file) => !file.endsWith("calculator-first-view.test.tsx"));
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

beforeAll(async () => {
  await initI18n("fi");
});

it("opens in each language without using a date or number format or a collator", async () => {
  fakeApi({ "GET /api/calculator/parameters": { status: 200, body: PARAMETERS } });
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
