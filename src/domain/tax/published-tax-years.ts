import type { TaxDeductionType, TaxYear } from "./tax-year.ts";

/** Every municipality's rates of the published years (the Tax Administration's lists). */
export { PUBLISHED_MUNICIPAL_RATES } from "./municipal-rates/published-municipal-rates.ts";

/**
 * The published parameters of the 2025 and 2026 tax years, each figure with its source below (the
 * law, the Tax Administration's pages and decisions, and where those were not found the sources named).
 * They seed the tax tables; at run time the calculator reads the tables, which admins correct when a
 * figure changes.
 *
 * `confirmed` means the Tax Administration's own published wage examples of the year ("Esimerkkejä
 * palkan, eläkkeen ja etuuden veroprosenteista" on vero.fi: eight gross wages from 10 000 to 70 000 €, a
 * Helsinki resident aged 17–64 without children) come out to the cent with these figures
 * (wage-examples.test.ts proves it). What those examples do not reach stays unconfirmed and its row says why (`unproven`).
 * docs/tax-parameters.md lists every figure with its source.
 */

export type Sourced<T> = T & { source: string; confirmed: boolean };

/** A year's parameters with the parts its wage examples do not reach, each with why. */
export type PublishedTaxYear = Sourced<TaxYear> & {
  unproven: {
    /** State scale brackets from this lower limit on are above every example's taxable income. */
    bracketsFromCents: number | null;
    bracketsWhy: string;
    deductions: Partial<Record<TaxDeductionType, string>>;
  };
};

/** The proof every confirmed figure of a year cites. */
const examplesOf = (year: number) =>
  `proven by the Tax Administration's wage examples for ${year} (Esimerkkejä palkan, eläkkeen ja etuuden veroprosenteista, https://www.vero.fi/henkiloasiakkaat/verokortti-ja-veroilmoitus/tulot/ansiotulot/palkan-el%C3%A4kkeen-ja-etuuden-veroprosentit/): all eight wages 10 000–70 000 € to the cent`;

const EV_120_2025 =
  "EV 120/2025 vp, https://www.eduskunta.fi/FI/vaski/EduskunnanVastaus/Sivut/EV_120+2025.aspx";
const VERO_WORK_INCOME =
  "vero.fi, Verohallinto laskee nämä vähennykset automaattisesti, https://vero.fi/henkiloasiakkaat/vahennykset/mita-voi-vahentaa/verohallinto-laskee-nama-vahennykset-automaattisesti";

export const TAX_YEAR_2025: PublishedTaxYear = {
  year: 2025,
  source: `${examplesOf(2025)}. State scale: Salkunrakentaja 9/2024 and KPMG 12/2024; contributions: Fineka Info2025, Mercans; deductions: code repository lippinj/ansiotulovero-app (2025 toteutunut); Yle tax: PwC summary 22.1.2025 and Wikipedia (15 150 € / 160 €); the municipalities' average rate 7.50 %: Verohallinto VH/6816/00.01.00/2024, 20.11.2024; bike benefit: Finlex 1205/2020`,
  confirmed: true,
  unproven: {
    bracketsFromCents: 8_820_000,
    bracketsWhy:
      "Above every wage example's taxable income (highest example 70 000 €): Salkunrakentaja 9/2024 and KPMG 12/2024 only",
    deductions: {
      WORK_INCOME_DEDUCTION:
        "Rate, maximum and phase-outs proven by the 2025 wage examples; the 65+ maximum 4 425 € and the child addition 50 € come only from the code repository lippinj/ansiotulovero-app",
    },
  },
  stateScale: [
    { lowerLimitCents: 0, baseTaxCents: 0, marginalPercent: 12.64 },
    { lowerLimitCents: 2_120_000, baseTaxCents: 267_968, marginalPercent: 19 },
    { lowerLimitCents: 3_150_000, baseTaxCents: 463_668, marginalPercent: 30.25 },
    { lowerLimitCents: 5_210_000, baseTaxCents: 1_086_818, marginalPercent: 34 },
    { lowerLimitCents: 8_820_000, baseTaxCents: 2_314_218, marginalPercent: 41.75 },
    { lowerLimitCents: 15_000_000, baseTaxCents: 4_894_368, marginalPercent: 44.25 },
  ],
  pension: { percent: 7.15, fromAge: 17, toAge: 67 },
  pensionOlder: { percent: 8.65, fromAge: 53, toAge: 62 },
  unemployment: { percent: 0.59, fromAge: 18, toAge: 64 },
  dailyAllowance: { percent: 0.84, fromAge: 16, toAge: 67, thresholdCents: 1_686_200 },
  medicalCarePercent: 1.06,
  yleTax: { percent: 2.5, thresholdCents: 1_515_000, maxCents: 16_000, fromAge: 18 },
  incomeExpensesDeductionCents: 75_000,
  averageMunicipalPercent: 7.5,
  basicDeduction: { maxCents: 411_500, reductionPercent: 18 },
  workIncomeDeduction: {
    ratePercent: 18,
    maxCents: 322_500,
    seniorMaxCents: 442_500,
    seniorFromAge: 65,
    childAdditionCents: 5_000,
    phaseOuts: [
      { fromCents: 2_425_000, toCents: 4_255_000, percent: 2.22 },
      { fromCents: 4_255_000, toCents: null, percent: 3.44 },
    ],
  },
  bikeBenefit: {
    taxFreeLimitCents: 120_000,
    grandfatheredLimitCents: 120_000,
    grandfatheredUntil: null,
    sharedLimitCents: 340_000,
  },
};

export const TAX_YEAR_2026: PublishedTaxYear = {
  year: 2026,
  source: `${examplesOf(2026)}. State scale and the repeal of TVL 64 § 4 mom.: ${EV_120_2025}; work income deduction: ${VERO_WORK_INCOME}; pension: STT 6.10.2025 Työeläkemaksut vuonna 2026; unemployment: Demokraatti 4.12.2025; health insurance: Asinta 2026; basic deduction: Tilisanomat, Ennakkoperintä 2026 (4 265 €); Yle tax: PwC summary and Wikipedia (15 150 € / 160 €); the municipalities' average rate 7.60 %: Verohallinto VH/6585/00.01.00/2025, 18.11.2025`,
  confirmed: true,
  unproven: { bracketsFromCents: null, bracketsWhy: "", deductions: {} },
  stateScale: [
    { lowerLimitCents: 0, baseTaxCents: 0, marginalPercent: 12.64 },
    { lowerLimitCents: 2_200_000, baseTaxCents: 278_080, marginalPercent: 19 },
    { lowerLimitCents: 3_260_000, baseTaxCents: 479_480, marginalPercent: 30.25 },
    { lowerLimitCents: 4_010_000, baseTaxCents: 706_355, marginalPercent: 33.25 },
    { lowerLimitCents: 5_210_000, baseTaxCents: 1_105_355, marginalPercent: 37.5 },
  ],
  pension: { percent: 7.3, fromAge: 17, toAge: 69 },
  pensionOlder: null,
  unemployment: { percent: 0.89, fromAge: 18, toAge: 64 },
  dailyAllowance: { percent: 0.88, fromAge: 16, toAge: 67, thresholdCents: 1_725_500 },
  medicalCarePercent: 1.1,
  yleTax: { percent: 2.5, thresholdCents: 1_515_000, maxCents: 16_000, fromAge: 18 },
  incomeExpensesDeductionCents: 75_000,
  averageMunicipalPercent: 7.6,
  basicDeduction: { maxCents: 426_500, reductionPercent: 18 },
  workIncomeDeduction: {
    ratePercent: 18,
    maxCents: 343_000,
    seniorMaxCents: 463_000,
    seniorFromAge: 65,
    childAdditionCents: 10_500,
    phaseOuts: [{ fromCents: 3_500_000, toCents: 5_055_000, percent: 2 }],
  },
  bikeBenefit: {
    taxFreeLimitCents: 0,
    grandfatheredLimitCents: 120_000,
    grandfatheredUntil: "2025-04-23",
    sharedLimitCents: 340_000,
  },
};

export const PUBLISHED_TAX_YEARS: readonly PublishedTaxYear[] = [TAX_YEAR_2025, TAX_YEAR_2026];
