import { asc, count } from "drizzle-orm";
import type { Sourced } from "../../../domain/tax/published-tax-years.ts";
import { PUBLISHED_MUNICIPAL_RATES, PUBLISHED_TAX_YEARS } from "../../../domain/tax/published-tax-years.ts";
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
 * The four tax tables of SPEC §3 read into the engine's TaxYear, and written from it for the first
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
export function taxYearFromRows(
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

/** The municipal rates of a year, by municipality name. */
export async function loadMunicipalRates(db: Db): Promise<MunicipalRate[]> {
  const rows = await db
    .select()
    .from(provinceTaxTables)
    .orderBy(asc(provinceTaxTables.year), asc(provinceTaxTables.provinceName));
  return rows.map((r) => ({
    year: r.year,
    municipality: r.provinceName,
    municipalPercent: r.municipalTaxPercent,
    churchPercent: r.churchTaxPercent,
  }));
}

/** The rows of one published year. */
function rowsOfYear(y: Sourced<TaxYear>) {
  const sourced = { source: y.source, confirmed: y.confirmed };
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
      ...sourced,
    },
    brackets: y.stateScale.map((b, i) => ({
      year: y.year,
      lowerLimitCents: b.lowerLimitCents,
      upperLimitCents: y.stateScale[i + 1]?.lowerLimitCents ?? null,
      baseTaxCents: b.baseTaxCents,
      marginalPercent: b.marginalPercent,
      ...sourced,
    })),
    deductions: [
      {
        year: y.year,
        deductionType: "INCOME_EXPENSES_DEDUCTION",
        description: "Tulonhankkimisvähennys",
        ratePercent: 100,
        maxDeductionCents: y.incomeExpensesDeductionCents,
        ...sourced,
      },
      {
        year: y.year,
        deductionType: "BASIC_DEDUCTION",
        description: "Perusvähennys",
        ratePercent: 100,
        maxDeductionCents: y.basicDeduction.maxCents,
        phaseOutStartCents: y.basicDeduction.maxCents,
        phaseOutPercent: y.basicDeduction.reductionPercent,
        ...sourced,
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
        ...sourced,
      },
    ] satisfies (typeof taxpayerDeductionsTables.$inferInsert & { deductionType: TaxDeductionType })[],
  };
}

/**
 * Seeds the published 2025 and 2026 parameters and municipal rates into empty tables (a first start,
 * in every environment: the calculator needs them). Tables that hold anything are an admin's and are
 * left alone.
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
  const [rates] = await db.select({ n: count() }).from(provinceTaxTables);
  if ((rates?.n ?? 0) === 0) {
    await db.insert(provinceTaxTables).values(
      PUBLISHED_MUNICIPAL_RATES.map((r) => ({
        year: r.year,
        provinceName: r.municipality,
        municipalTaxPercent: r.municipalPercent,
        churchTaxPercent: r.churchPercent,
        source: r.source,
        confirmed: r.confirmed,
      })),
    );
  }
}
