import { asc, count, eq } from "drizzle-orm";
import { PUBLISHED_MUNICIPAL_RATES } from "../../../domain/tax/municipal-rates/published-municipal-rates.ts";
import type { PublishedTaxYear } from "../../../domain/tax/published-tax-years.ts";
import { PUBLISHED_TAX_YEARS } from "../../../domain/tax/published-tax-years.ts";
import type { MunicipalRate, PhaseOut, TaxDeductionType, TaxYear } from "../../../domain/tax/tax-year.ts";
import type { Db } from "../../db/client.ts";
import {
  provinceTaxTables,
  stateIncomeTaxTables,
  taxpayerDeductionsTables,
  taxTables,
} from "../../db/schema/index.ts";
import { readAll } from "../../db/transaction.ts";

/**
 * The four tax tables of docs/data-model.md read into the engine's TaxYear, and written from it for the first
 * seed. A year is complete when it has its payroll row (tax_tables), at least one state-scale bracket
 * and the three deductions; an incomplete year is left out of the calculator until an admin finishes it.
 */

type TaxTableRow = typeof taxTables.$inferSelect;
type BracketRow = typeof stateIncomeTaxTables.$inferSelect;
type DeductionRow = typeof taxpayerDeductionsTables.$inferSelect;

function phaseOutsOf(row: DeductionRow): PhaseOut[] {
  const phaseOuts: PhaseOut[] = [];
  if (row.phaseOutStartCents !== null && row.phaseOutPercent !== null) {
    phaseOuts.push({
      fromCents: row.phaseOutStartCents,
      toCents: row.phaseOutEndCents,
      percent: row.phaseOutPercent,
    });
  }
  if (row.phaseOutEndCents !== null && row.secondPhaseOutPercent !== null) {
    phaseOuts.push({ fromCents: row.phaseOutEndCents, toCents: null, percent: row.secondPhaseOutPercent });
  }
  return phaseOuts;
}

/** One year's rows as the engine's parameters, or null when the year is not complete. */
function taxYearFromRows(
  table: TaxTableRow,
  brackets: readonly BracketRow[],
  deductions: readonly DeductionRow[],
): TaxYear | null {
  const deduction = (type: TaxDeductionType) => deductions.find((d) => d.deductionType === type);
  const expenses = deduction("INCOME_EXPENSES_DEDUCTION");
  const basic = deduction("BASIC_DEDUCTION");
  const work = deduction("WORK_INCOME_DEDUCTION");
  const scale = [...brackets].sort((a, b) => a.lowerLimitCents - b.lowerLimitCents);
  if (!expenses || !basic || !work || scale.length === 0) return null;
  const older =
    table.olderEmployeePensionPercent !== null &&
    table.olderPensionFromAge !== null &&
    table.olderPensionToAge !== null
      ? {
          percent: table.olderEmployeePensionPercent,
          fromAge: table.olderPensionFromAge,
          toAge: table.olderPensionToAge,
        }
      : null;
  return {
    year: table.year,
    stateScale: scale.map((b) => ({
      lowerLimitCents: b.lowerLimitCents,
      baseTaxCents: b.baseTaxCents,
      marginalPercent: b.marginalPercent,
    })),
    pension: {
      percent: table.employeePensionPercent,
      fromAge: table.pensionFromAge,
      toAge: table.pensionToAge,
    },
    pensionOlder: older,
    unemployment: {
      percent: table.unemploymentInsurancePercent,
      fromAge: table.unemploymentFromAge,
      toAge: table.unemploymentToAge,
    },
    dailyAllowance: {
      percent: table.healthInsuranceDailyAllowancePercent,
      fromAge: table.dailyAllowanceFromAge,
      toAge: table.dailyAllowanceToAge,
      thresholdCents: table.dailyAllowanceThresholdCents,
    },
    medicalCarePercent: table.healthInsuranceMedicalCarePercent,
    yleTax: {
      percent: table.broadcastingTaxPercent,
      thresholdCents: table.broadcastingTaxThresholdCents,
      maxCents: table.broadcastingTaxMaxCents,
      fromAge: table.broadcastingTaxFromAge,
    },
    incomeExpensesDeductionCents: expenses.maxDeductionCents,
    averageMunicipalPercent: table.averageMunicipalTaxPercent,
    basicDeduction: { maxCents: basic.maxDeductionCents, reductionPercent: basic.phaseOutPercent ?? 0 },
    workIncomeDeduction: {
      ratePercent: work.ratePercent,
      maxCents: work.maxDeductionCents,
      seniorMaxCents: work.seniorMaxDeductionCents ?? work.maxDeductionCents,
      seniorFromAge: work.seniorFromAge ?? 200,
      childAdditionCents: work.childAdditionCents,
      phaseOuts: phaseOutsOf(work),
    },
    bikeBenefit: {
      taxFreeLimitCents: table.bikeBenefitTaxFreeLimitCents,
      grandfatheredLimitCents: table.bikeBenefitGrandfatheredLimitCents,
      grandfatheredUntil: table.bikeBenefitGrandfatheredUntil,
      sharedLimitCents: table.taxFreeBenefitsSharedLimitCents,
    },
  };
}

/** Every complete tax year in the tables, oldest first. */
export async function loadTaxYears(db: Db): Promise<TaxYear[]> {
  const [tables, brackets, deductions] = await readAll(db, [
    () => db.select().from(taxTables).orderBy(asc(taxTables.year)),
    () => db.select().from(stateIncomeTaxTables),
    () => db.select().from(taxpayerDeductionsTables),
  ]);
  return tables.flatMap((table) => {
    const year = taxYearFromRows(
      table,
      brackets.filter((b) => b.year === table.year),
      deductions.filter((d) => d.year === table.year),
    );
    return year ? [year] : [];
  });
}

/** A municipal rate row as the engine and the import read it. */
function municipalRateOf(r: typeof provinceTaxTables.$inferSelect): MunicipalRate {
  return {
    year: r.year,
    municipality: r.provinceName,
    municipalitySv: r.provinceNameSv,
    code: r.municipalityCode,
    municipalPercent: r.municipalTaxPercent,
    churchPercent: r.churchTaxPercent,
    orthodoxPercent: r.orthodoxChurchTaxPercent,
    aland: r.aland,
  };
}

/** A municipal rate as the row that keeps it, citing its source (the seed's decisions, an import's file). */
export function provinceRowOf(
  rate: MunicipalRate,
  sourced: { source: string; confirmed: boolean },
): typeof provinceTaxTables.$inferInsert {
  return {
    year: rate.year,
    provinceName: rate.municipality,
    provinceNameSv: rate.municipalitySv,
    municipalityCode: rate.code,
    municipalTaxPercent: rate.municipalPercent,
    churchTaxPercent: rate.churchPercent,
    orthodoxChurchTaxPercent: rate.orthodoxPercent,
    aland: rate.aland,
    source: sourced.source,
    confirmed: sourced.confirmed,
  };
}

/** The municipal rates of every year (or of one), by year and municipality name. */
export async function loadMunicipalRates(db: Db, year?: number): Promise<MunicipalRate[]> {
  const rows = await db
    .select()
    .from(provinceTaxTables)
    .where(year === undefined ? undefined : eq(provinceTaxTables.year, year))
    .orderBy(asc(provinceTaxTables.year), asc(provinceTaxTables.provinceName));
  return rows.map(municipalRateOf);
}

/** The rows of one published year; what its wage examples do not reach is unconfirmed, saying why. */
function rowsOfYear(y: PublishedTaxYear) {
  const sourced = { source: y.source, confirmed: y.confirmed };
  const unproven = (why: string | undefined) =>
    why ? { source: `Not confirmed: ${why}`, confirmed: false } : sourced;
  const bracketSourced = (lowerLimitCents: number) =>
    y.unproven.bracketsFromCents !== null && lowerLimitCents >= y.unproven.bracketsFromCents
      ? unproven(y.unproven.bracketsWhy)
      : sourced;
  const work = y.workIncomeDeduction;
  const [firstPhaseOut, secondPhaseOut] = work.phaseOuts;
  return {
    table: {
      year: y.year,
      employeePensionPercent: y.pension.percent,
      pensionFromAge: y.pension.fromAge,
      pensionToAge: y.pension.toAge,
      olderEmployeePensionPercent: y.pensionOlder?.percent ?? null,
      olderPensionFromAge: y.pensionOlder?.fromAge ?? null,
      olderPensionToAge: y.pensionOlder?.toAge ?? null,
      unemploymentInsurancePercent: y.unemployment.percent,
      unemploymentFromAge: y.unemployment.fromAge,
      unemploymentToAge: y.unemployment.toAge,
      healthInsuranceDailyAllowancePercent: y.dailyAllowance.percent,
      dailyAllowanceThresholdCents: y.dailyAllowance.thresholdCents,
      dailyAllowanceFromAge: y.dailyAllowance.fromAge,
      dailyAllowanceToAge: y.dailyAllowance.toAge,
      healthInsuranceMedicalCarePercent: y.medicalCarePercent,
      broadcastingTaxPercent: y.yleTax.percent,
      broadcastingTaxThresholdCents: y.yleTax.thresholdCents,
      broadcastingTaxMaxCents: y.yleTax.maxCents,
      broadcastingTaxFromAge: y.yleTax.fromAge,
      bikeBenefitTaxFreeLimitCents: y.bikeBenefit.taxFreeLimitCents,
      bikeBenefitGrandfatheredLimitCents: y.bikeBenefit.grandfatheredLimitCents,
      bikeBenefitGrandfatheredUntil: y.bikeBenefit.grandfatheredUntil,
      taxFreeBenefitsSharedLimitCents: y.bikeBenefit.sharedLimitCents,
      averageMunicipalTaxPercent: y.averageMunicipalPercent,
      ...sourced,
    },
    brackets: y.stateScale.map((b, i) => ({
      year: y.year,
      lowerLimitCents: b.lowerLimitCents,
      upperLimitCents: y.stateScale[i + 1]?.lowerLimitCents ?? null,
      baseTaxCents: b.baseTaxCents,
      marginalPercent: b.marginalPercent,
      ...bracketSourced(b.lowerLimitCents),
    })),
    deductions: [
      {
        year: y.year,
        deductionType: "INCOME_EXPENSES_DEDUCTION",
        description: "Tulonhankkimisvähennys",
        ratePercent: 100,
        maxDeductionCents: y.incomeExpensesDeductionCents,
        ...unproven(y.unproven.deductions.INCOME_EXPENSES_DEDUCTION),
      },
      {
        year: y.year,
        deductionType: "BASIC_DEDUCTION",
        description: "Perusvähennys",
        ratePercent: 100,
        maxDeductionCents: y.basicDeduction.maxCents,
        phaseOutStartCents: y.basicDeduction.maxCents,
        phaseOutPercent: y.basicDeduction.reductionPercent,
        ...unproven(y.unproven.deductions.BASIC_DEDUCTION),
      },
      {
        year: y.year,
        deductionType: "WORK_INCOME_DEDUCTION",
        description: "Työtulovähennys",
        ratePercent: work.ratePercent,
        maxDeductionCents: work.maxCents,
        seniorMaxDeductionCents: work.seniorMaxCents,
        seniorFromAge: work.seniorFromAge,
        childAdditionCents: work.childAdditionCents,
        phaseOutStartCents: firstPhaseOut?.fromCents ?? null,
        phaseOutEndCents: firstPhaseOut?.toCents ?? null,
        phaseOutPercent: firstPhaseOut?.percent ?? null,
        secondPhaseOutPercent: secondPhaseOut?.percent ?? null,
        ...unproven(y.unproven.deductions.WORK_INCOME_DEDUCTION),
      },
    ] satisfies (typeof taxpayerDeductionsTables.$inferInsert & { deductionType: TaxDeductionType })[],
  };
}

/**
 * Seeds the published 2025 and 2026 parameters into empty tax tables, and a year's list of municipal and
 * parish rates into a year that has no municipal rows (a first start, in every environment: the calculator
 * needs them). Tables and years that hold anything are an admin's and are left alone.
 */
export async function seedTaxTablesIfEmpty(db: Db): Promise<void> {
  const [years] = await db.select({ n: count() }).from(taxTables);
  if ((years?.n ?? 0) === 0) {
    for (const year of PUBLISHED_TAX_YEARS) {
      const rows = rowsOfYear(year);
      await db.insert(taxTables).values(rows.table);
      await db.insert(stateIncomeTaxTables).values(rows.brackets);
      await db.insert(taxpayerDeductionsTables).values(rows.deductions);
    }
  }
  const yearsWithRates = new Set(
    (await db.selectDistinct({ year: provinceTaxTables.year }).from(provinceTaxTables)).map((r) => r.year),
  );
  const missing = PUBLISHED_MUNICIPAL_RATES.filter((r) => !yearsWithRates.has(r.year));
  if (missing.length > 0) {
    await db.insert(provinceTaxTables).values(missing.map((r) => provinceRowOf(r, r)));
  }
}
