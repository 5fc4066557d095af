import type { MunicipalRate, TaxYear } from "./tax-year.ts";

/**
 * The published parameters of the 2025 and 2026 tax years, as gathered in
 * ../shared/research/finnish-bike-benefit-tax.md (each figure's source below). They seed the tax tables;
 * at run time the calculator reads the tables, which admins correct when a figure changes. A figure the
 * research could only take from a secondary source says so in its source text (`confirmed: false`).
 */

export type Sourced<T> = T & { source: string; confirmed: boolean };

const EV_120_2025 =
  "EV 120/2025 vp, https://www.eduskunta.fi/FI/vaski/EduskunnanVastaus/Sivut/EV_120+2025.aspx";
const VERO_WORK_INCOME =
  "vero.fi, Verohallinto laskee nämä vähennykset automaattisesti, https://vero.fi/henkiloasiakkaat/vahennykset/mita-voi-vahentaa/verohallinto-laskee-nama-vahennykset-automaattisesti";

export const TAX_YEAR_2025: Sourced<TaxYear> = {
  year: 2025,
  source:
    "State scale: Salkunrakentaja 9/2024 and KPMG 12/2024; contributions: Fineka Info2025, Mercans; deductions: code repository lippinj/ansiotulovero-app (2025 toteutunut); Yle tax: PwC summary 22.1.2025 and Wikipedia (15 150 € / 160 €)",
  confirmed: false,
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

export const TAX_YEAR_2026: Sourced<TaxYear> = {
  year: 2026,
  source: `State scale and the repeal of TVL 64 § 4 mom.: ${EV_120_2025}; work income deduction: ${VERO_WORK_INCOME}; pension: STT 6.10.2025 Työeläkemaksut vuonna 2026; unemployment: Demokraatti 4.12.2025; health insurance: Asinta 2026; basic deduction: Tilisanomat, Ennakkoperintä 2026 (4 265 €); Yle tax: PwC summary and Wikipedia (15 150 € / 160 €)`,
  confirmed: false,
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

export const PUBLISHED_TAX_YEARS: readonly Sourced<TaxYear>[] = [TAX_YEAR_2025, TAX_YEAR_2026];

const HELSINKI_2026 =
  "Helsingin kaupunginvaltuusto 5.11.2025, https://www.sttinfo.fi/tiedote/71585738/helsingin-kaupunginvaltuusto-paatti-pitaa-kuntaveroprosentin-edelleen-530-prosentissa?lang=fi";

/**
 * Municipal income tax rates the research could confirm (§3.2). The church rate is the parish
 * average the research found (1.38 %, unsourced) and is marked unconfirmed everywhere; an admin
 * replaces it with the parish's own rate from Vero's yearly list.
 */
export const PUBLISHED_MUNICIPAL_RATES: readonly Sourced<MunicipalRate>[] = [
  {
    year: 2025,
    municipality: "Helsinki",
    municipalPercent: 5.3,
    churchPercent: 1.38,
    source: HELSINKI_2026,
    confirmed: true,
  },
  {
    year: 2026,
    municipality: "Helsinki",
    municipalPercent: 5.3,
    churchPercent: 1.38,
    source: HELSINKI_2026,
    confirmed: true,
  },
  {
    year: 2025,
    municipality: "Espoo",
    municipalPercent: 5.3,
    churchPercent: 1.38,
    source: "Espoon kaupunginhallitus 6.10.2025 (rate kept at 5.3)",
    confirmed: true,
  },
  {
    year: 2026,
    municipality: "Espoo",
    municipalPercent: 5.3,
    churchPercent: 1.38,
    source: "Espoon kaupunginhallitus 6.10.2025, council decision 20.10.2025 not seen",
    confirmed: false,
  },
  {
    year: 2025,
    municipality: "Tampere",
    municipalPercent: 7.6,
    churchPercent: 1.38,
    source:
      "Tampere 14.11.2025: rates remain unchanged, https://www.tampere.fi/en/current/2025/11/14/2026-budget-approved-tampere-city-council",
    confirmed: true,
  },
  {
    year: 2026,
    municipality: "Tampere",
    municipalPercent: 7.6,
    churchPercent: 1.38,
    source:
      "Tampere 14.11.2025, https://www.tampere.fi/en/current/2025/11/14/2026-budget-approved-tampere-city-council",
    confirmed: true,
  },
  {
    year: 2025,
    municipality: "Turku",
    municipalPercent: 7.1,
    churchPercent: 1.38,
    source: "Turun kaupunginhallitus 4.11.2024 § 352, https://ah.turku.fi/kh/2024/1104026t/5123900.htm",
    confirmed: true,
  },
  {
    year: 2026,
    municipality: "Turku",
    municipalPercent: 7.1,
    churchPercent: 1.38,
    source: "Not found for 2026: the 2025 rate carried over until an admin confirms it",
    confirmed: false,
  },
  {
    year: 2025,
    municipality: "Oulu",
    municipalPercent: 8.1,
    churchPercent: 1.38,
    source: "Oulun valtuusto 11.11.2024 (Oulun Keskusta), Kuntaliitto via Verkkouutiset 11/2024",
    confirmed: true,
  },
  {
    year: 2026,
    municipality: "Oulu",
    municipalPercent: 8.1,
    churchPercent: 1.38,
    source: "Not found for 2026: the 2025 rate carried over until an admin confirms it",
    confirmed: false,
  },
  {
    year: 2026,
    municipality: "Hämeenlinna",
    municipalPercent: 8.4,
    churchPercent: 1.38,
    source:
      "Hämeenlinnan kaupunginvaltuusto 10.11.2025 § 151, https://www.hameenlinna.fi/paatostiedotteet/kaupunginvaltuuston-paatokset-10-11-2025",
    confirmed: true,
  },
  {
    year: 2025,
    municipality: "Keskimäärin (painotettu)",
    municipalPercent: 7.54,
    churchPercent: 1.38,
    source: "Not found in an authoritative source: 7.54 % appears unsourced in a code repository",
    confirmed: false,
  },
  {
    year: 2026,
    municipality: "Keskimäärin (painotettu)",
    municipalPercent: 7.57,
    churchPercent: 1.38,
    source:
      "Veronmaksajat, Palkkakuitti 2026 (weighted by taxable income), https://www.veronmaksajat.fi/tutkimus-ja-tilastot/tuloverot/palkkakuitti",
    confirmed: true,
  },
];
