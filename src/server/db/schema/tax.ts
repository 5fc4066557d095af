import { sql } from "drizzle-orm";
import { boolean, check, date, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { id, percent, timestamps } from "../columns.ts";

/**
 * The four tax tables the benefit calculator reads (docs/data-model.md), one row set per tax year. Rates are
 * percentages (numeric), amounts are cents. Admins maintain them through full CRUD (docs/api-surface.md). Every row
 * names its source and whether the figure is confirmed from an authoritative one; the calculator shows
 * unconfirmed figures as such. src/domain/tax/tax-year.ts is the shape the engine reads them into.
 */

/** Where a figure comes from, and whether an authoritative source confirms it. */
const sourced = () => ({
  source: text().notNull().default(""),
  confirmed: boolean().notNull().default(false),
});

/**
 * Province (municipal) tax: a municipality's rates for a year as the Tax Administration's yearly decision
 * lists them: the municipal rate and the church tax rate of its Evangelical Lutheran parish
 * (churchTaxPercent) and of its Orthodox parish.
 */
export const provinceTaxTables = pgTable(
  "province_tax_tables",
  {
    id: id(),
    year: integer().notNull(),
    /** The name as the Tax Administration's list spells it. */
    provinceName: text().notNull(),
    /** The Swedish name (the Finnish one repeated where there is no other). */
    provinceNameSv: text(),
    /** Statistics Finland's three-digit municipality code. */
    municipalityCode: text(),
    municipalTaxPercent: percent().notNull(),
    /** The Evangelical Lutheran parish's rate. */
    churchTaxPercent: percent(),
    orthodoxChurchTaxPercent: percent(),
    /** Åland taxes differently; the calculator refuses its municipalities until it models them. */
    aland: boolean().notNull().default(false),
    ...sourced(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("province_tax_tables_year_name_unique").on(t.year, sql`lower(${t.provinceName})`),
    check("province_tax_tables_year_check", sql`${t.year} between 2000 and 2100`),
    check("province_tax_tables_municipal_check", sql`${t.municipalTaxPercent} between 0 and 100`),
    check(
      "province_tax_tables_church_check",
      sql`${t.churchTaxPercent} is null or ${t.churchTaxPercent} between 0 and 100`,
    ),
    check(
      "province_tax_tables_orthodox_check",
      sql`${t.orthodoxChurchTaxPercent} is null or ${t.orthodoxChurchTaxPercent} between 0 and 100`,
    ),
    check(
      "province_tax_tables_code_check",
      sql`${t.municipalityCode} is null or ${t.municipalityCode} ~ '^[0-9]{3}$'`,
    ),
    uniqueIndex("province_tax_tables_year_code_unique").on(t.year, t.municipalityCode),
  ],
);

/**
 * The yearly payroll parameters (taxTableId): the employee's social contributions with the ages they
 * apply at, the Yle tax, and the limits of the bike benefit that the calculator needs besides income tax.
 */
export const taxTables = pgTable(
  "tax_tables",
  {
    id: id(),
    year: integer().notNull(),
    employeePensionPercent: percent().notNull(),
    pensionFromAge: integer().notNull().default(17),
    pensionToAge: integer().notNull().default(67),
    /** A higher pension contribution for an age band (2025: 8.65 % at 53–62); null when there is none. */
    olderEmployeePensionPercent: percent(),
    olderPensionFromAge: integer(),
    olderPensionToAge: integer(),
    unemploymentInsurancePercent: percent().notNull(),
    unemploymentFromAge: integer().notNull().default(18),
    unemploymentToAge: integer().notNull().default(64),
    healthInsuranceDailyAllowancePercent: percent().notNull(),
    /** The daily allowance contribution is due only when the year's wage income reaches this. */
    dailyAllowanceThresholdCents: integer().notNull().default(0),
    dailyAllowanceFromAge: integer().notNull().default(16),
    dailyAllowanceToAge: integer().notNull().default(67),
    healthInsuranceMedicalCarePercent: percent().notNull(),
    broadcastingTaxPercent: percent().notNull().default(0),
    broadcastingTaxThresholdCents: integer().notNull().default(0),
    broadcastingTaxMaxCents: integer().notNull().default(0),
    broadcastingTaxFromAge: integer().notNull().default(18),
    /**
     * The municipalities' average income tax rate the Tax Administration publishes with its yearly
     * decision: the calculator's municipal rate for a person who gives no municipality.
     */
    averageMunicipalTaxPercent: percent(),
    /** Yearly tax-free part of the bike benefit for new commitments (0 once the exemption is removed). */
    bikeBenefitTaxFreeLimitCents: integer().notNull().default(0),
    /** The limit a benefit committed to on or before bikeBenefitGrandfatheredUntil keeps. */
    bikeBenefitGrandfatheredLimitCents: integer().notNull().default(0),
    bikeBenefitGrandfatheredUntil: date({ mode: "string" }),
    /** The tax-free bike benefit and commuter ticket together (3 400 € a year). */
    taxFreeBenefitsSharedLimitCents: integer().notNull().default(0),
    ...sourced(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("tax_tables_year_unique").on(t.year),
    check("tax_tables_year_check", sql`${t.year} between 2000 and 2100`),
    check(
      "tax_tables_percent_check",
      sql`${t.employeePensionPercent} between 0 and 100 and ${t.unemploymentInsurancePercent} between 0 and 100
        and ${t.healthInsuranceDailyAllowancePercent} between 0 and 100
        and ${t.healthInsuranceMedicalCarePercent} between 0 and 100 and ${t.broadcastingTaxPercent} between 0 and 100
        and (${t.averageMunicipalTaxPercent} is null or ${t.averageMunicipalTaxPercent} between 0 and 100)`,
    ),
    check(
      "tax_tables_cents_check",
      sql`${t.broadcastingTaxMaxCents} >= 0 and ${t.bikeBenefitTaxFreeLimitCents} >= 0
        and ${t.broadcastingTaxThresholdCents} >= 0 and ${t.dailyAllowanceThresholdCents} >= 0
        and ${t.bikeBenefitGrandfatheredLimitCents} >= 0 and ${t.taxFreeBenefitsSharedLimitCents} >= 0`,
    ),
    check(
      "tax_tables_age_check",
      sql`${t.pensionFromAge} <= ${t.pensionToAge} and ${t.unemploymentFromAge} <= ${t.unemploymentToAge}
        and ${t.dailyAllowanceFromAge} <= ${t.dailyAllowanceToAge}
        and (${t.olderEmployeePensionPercent} is null
          or (${t.olderPensionFromAge} is not null and ${t.olderPensionToAge} is not null
            and ${t.olderPensionFromAge} <= ${t.olderPensionToAge}))`,
    ),
  ],
);

/**
 * The progressive state income tax scale (stateIncomeTaxTableId): one row per bracket. Tax for an
 * income in the bracket = baseTaxCents + (income − lowerLimitCents) × marginalPercent / 100.
 */
export const stateIncomeTaxTables = pgTable(
  "state_income_tax_tables",
  {
    id: id(),
    year: integer().notNull(),
    lowerLimitCents: integer().notNull(),
    upperLimitCents: integer(),
    baseTaxCents: integer().notNull().default(0),
    marginalPercent: percent().notNull(),
    ...sourced(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("state_income_tax_tables_bracket_unique").on(t.year, t.lowerLimitCents),
    check("state_income_tax_tables_year_check", sql`${t.year} between 2000 and 2100`),
    check(
      "state_income_tax_tables_bracket_check",
      sql`${t.lowerLimitCents} >= 0 and ${t.baseTaxCents} >= 0
        and (${t.upperLimitCents} is null or ${t.upperLimitCents} > ${t.lowerLimitCents})`,
    ),
    check("state_income_tax_tables_percent_check", sql`${t.marginalPercent} between 0 and 100`),
  ],
);

/**
 * Taxpayer deductions (taxDeductionsId) by year and type (TAX_DEDUCTION_TYPES of src/domain/tax):
 * a deduction is ratePercent of the income above incomeThresholdCents, at most maxDeductionCents (or
 * seniorMaxDeductionCents from seniorFromAge, plus childAdditionCents per child), reduced by
 * phaseOutPercent of the income between phaseOutStartCents and phaseOutEndCents and by
 * secondPhaseOutPercent of the income above phaseOutEndCents.
 */
export const taxpayerDeductionsTables = pgTable(
  "taxpayer_deductions_tables",
  {
    id: id(),
    year: integer().notNull(),
    /** A code such as BASIC_DEDUCTION or WORK_INCOME_DEDUCTION. */
    deductionType: text().notNull(),
    description: text(),
    ratePercent: percent().notNull(),
    maxDeductionCents: integer().notNull(),
    incomeThresholdCents: integer().notNull().default(0),
    phaseOutStartCents: integer(),
    phaseOutPercent: percent(),
    phaseOutEndCents: integer(),
    secondPhaseOutPercent: percent(),
    seniorMaxDeductionCents: integer(),
    seniorFromAge: integer(),
    childAdditionCents: integer().notNull().default(0),
    ...sourced(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("taxpayer_deductions_tables_year_type_unique").on(t.year, t.deductionType),
    check("taxpayer_deductions_tables_year_check", sql`${t.year} between 2000 and 2100`),
    check(
      "taxpayer_deductions_tables_cents_check",
      sql`${t.maxDeductionCents} >= 0 and ${t.incomeThresholdCents} >= 0
        and (${t.phaseOutStartCents} is null or ${t.phaseOutStartCents} >= 0)`,
    ),
    check(
      "taxpayer_deductions_tables_percent_check",
      sql`${t.ratePercent} between 0 and 100 and (${t.phaseOutPercent} is null or ${t.phaseOutPercent} between 0 and 100)`,
    ),
  ],
);
