import { and, desc, eq, inArray } from "drizzle-orm";
import type {
  TCalculatorMyTerms,
  TCalculatorParameters,
  TCalculatorRequest,
  TCalculatorResult,
} from "../../../contract/calculator.ts";
import {
  CalculatorInputError,
  type CalculatorLeaseTerms,
  type CalculatorParameters,
  calculateBenefit,
} from "../../../domain/calculator/calculate.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import type { AppContext } from "../../context.ts";
import {
  beneficiaryEmployees,
  companies,
  provinceTaxTables,
  stateIncomeTaxTables,
  taxpayerDeductionsTables,
  taxTables,
} from "../../db/schema/index.ts";
import { AppError, notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { type BillingTableRow, billingTableFor } from "../billing-tables/lookup.ts";
import { centsToMaxPrice } from "../system-users/max-price.ts";
import { loadMunicipalRates, loadTaxYears } from "../tax-tables/tax-year-rows.ts";

/** The billing table's terms as the calculator reads them. */
function leaseTermsOf(row: BillingTableRow): CalculatorLeaseTerms {
  return {
    annualInterestPercent: row.annualInterestPercent,
    insurancePercentPerYear: row.insurancePercentPerYear,
    monthlyMaintenanceCents: row.monthlyMaintenanceCents,
    monthlyServiceFeeCents: row.monthlyServiceFeeCents,
    residualValuePercent: row.residualValuePercent ?? 0,
    minLeaseMonths: row.minLeaseMonths,
    maxLeaseMonths: row.maxLeaseMonths,
    campaignDiscountPercent: row.campaignDiscountPercent,
    campaignMinLeaseMonths: row.campaignMinLeaseMonths,
  };
}

/**
 * The public calculator: its parameters from the tax tables and the default billing table, and the
 * calculation itself (the same domain function the page runs).
 */
export function createCalculatorService(ctx: AppContext) {
  const { db } = ctx.database;

  async function unconfirmedFigures(): Promise<TCalculatorParameters["unconfirmed"]> {
    const [tables, brackets, deductions, rates] = await Promise.all([
      db.select().from(taxTables).where(eq(taxTables.confirmed, false)),
      db.select().from(stateIncomeTaxTables).where(eq(stateIncomeTaxTables.confirmed, false)),
      db.select().from(taxpayerDeductionsTables).where(eq(taxpayerDeductionsTables.confirmed, false)),
      db.select().from(provinceTaxTables).where(eq(provinceTaxTables.confirmed, false)),
    ]);
    return [
      ...tables.map((t) => ({ table: "tax-table", year: t.year, name: "payroll", source: t.source })),
      ...brackets.map((b) => ({
        table: "state-income-tax-table",
        year: b.year,
        name: String(b.lowerLimitCents / 100),
        source: b.source,
      })),
      ...deductions.map((d) => ({
        table: "taxpayer-deductions-table",
        year: d.year,
        name: d.deductionType,
        source: d.source,
      })),
      ...rates.map((r) => ({
        table: "province-tax-table",
        year: r.year,
        name: r.provinceName,
        source: r.source,
      })),
    ];
  }

  async function parameters(): Promise<TCalculatorParameters> {
    const [taxYears, municipalities, terms, unconfirmed] = await Promise.all([
      loadTaxYears(db),
      loadMunicipalRates(db),
      billingTableFor(db, null),
      unconfirmedFigures(),
    ]);
    if (!terms) {
      throw new AppError(
        503,
        "LEASE_TERMS_NOT_COMPUTABLE",
        "No default billing table: the calculator cannot price a lease (contact support)",
      );
    }
    return {
      today: toHelsinkiDateString(new Date()),
      taxYears,
      municipalities,
      leaseTerms: leaseTermsOf(terms),
      unconfirmed,
    };
  }

  async function calculate(input: TCalculatorRequest): Promise<TCalculatorResult> {
    const { unconfirmed: _, ...loaded } = await parameters();
    const forEngine: CalculatorParameters = loaded;
    try {
      return calculateBenefit(forEngine, input);
    } catch (error) {
      if (error instanceof CalculatorInputError) {
        throw new AppError(400, error.code, error.message, [
          { field: `body.${error.field}`, message: error.message },
        ]);
      }
      throw error;
    }
  }

  /** The caller's own employment (accepted first, then the newest pending) and its lease terms. */
  async function myTerms(viewer: CurrentUser): Promise<TCalculatorMyTerms> {
    const [employment] = await db
      .select({
        companyName: companies.name,
        billingTableId: companies.billingTableId,
        ownMaxPriceCents: beneficiaryEmployees.maxPriceCents,
        companyMaxPriceCents: companies.maxPriceCents,
        status: beneficiaryEmployees.status,
      })
      .from(beneficiaryEmployees)
      .innerJoin(companies, eq(companies.id, beneficiaryEmployees.companyId))
      .where(
        and(
          eq(beneficiaryEmployees.userId, viewer.id),
          inArray(beneficiaryEmployees.status, ["ACCEPTED", "PENDING"]),
        ),
      )
      .orderBy(desc(eq(beneficiaryEmployees.status, "ACCEPTED")), desc(beneficiaryEmployees.createdAt))
      .limit(1);
    if (!employment) throw notFound("Employment");
    const table = await billingTableFor(db, employment.billingTableId);
    if (!table) {
      throw new AppError(503, "LEASE_TERMS_NOT_COMPUTABLE", "No billing table prices this company's leases");
    }
    return {
      companyName: employment.companyName,
      leaseTerms: leaseTermsOf(table),
      maxPrice: centsToMaxPrice(employment.ownMaxPriceCents ?? employment.companyMaxPriceCents),
    };
  }

  return { parameters, calculate, myTerms };
}
