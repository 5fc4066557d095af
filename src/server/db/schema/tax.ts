import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { id, percent, timestamps } from "../columns.ts";

/**
 * The four tax tables the benefit calculator reads (SPEC §3), one row set per tax year. Rates are
 * percentages (numeric), amounts are cents. Admins maintain them through full CRUD (SPEC §7).
 */

/** Province (municipal) tax: the municipal and church tax rate of a municipality for a year. */
export const provinceTaxTables = pgTable(
  "province_tax_tables",
  {
    id: id(),
    year: integer().notNull(),
    provinceName: text().notNull(),
    municipalTaxPercent: percent().notNull(),
    churchTaxPercent: percent(),
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
  ],
);

/**
 * The yearly payroll parameters (taxTableId): the employee's social contributions and the limits of
 * the bike benefit that the calculator needs besides income tax.
 */
export const taxTables = pgTable(
  "tax_tables",
  {
    id: id(),
    year: integer().notNull(),
    employeePensionPercent: percent().notNull(),
    unemploymentInsurancePercent: percent().notNull(),
    healthInsuranceDailyAllowancePercent: percent().notNull(),
    healthInsuranceMedicalCarePercent: percent().notNull(),
    broadcastingTaxPercent: percent().notNull().default(0),
    broadcastingTaxMaxCents: integer().notNull().default(0),
    /** Yearly tax-free part of the bike benefit (0 once the exemption is removed). */
    bikeBenefitTaxFreeLimitCents: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("tax_tables_year_unique").on(t.year),
    check("tax_tables_year_check", sql`${t.year} between 2000 and 2100`),
    check(
      "tax_tables_percent_check",
      sql`${t.employeePensionPercent} between 0 and 100 and ${t.unemploymentInsurancePercent} between 0 and 100
        and ${t.healthInsuranceDailyAllowancePercent} between 0 and 100
        and ${t.healthInsuranceMedicalCarePercent} between 0 and 100 and ${t.broadcastingTaxPercent} between 0 and 100`,
    ),
    check(
      "tax_tables_cents_check",
      sql`${t.broadcastingTaxMaxCents} >= 0 and ${t.bikeBenefitTaxFreeLimitCents} >= 0`,
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
 * Taxpayer deductions (taxDeductionsId): basic deduction, work income deduction... by year. A deduction
 * is ratePercent of the income above incomeThresholdCents, at most maxDeductionCents, reduced by
 * phaseOutPercent of the income above phaseOutStartCents.
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
