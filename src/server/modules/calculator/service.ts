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
import { policyLeaseTerms } from "../../../domain/calculator/lease-payment.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { employeeCapCents } from "../../../domain/order-offer.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { beneficiaryEmployees, companies } from "../../db/schema/index.ts";
import { notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { type BillingTableRow, billingTableFor } from "../billing-tables/queries.ts";
import { employeeBikePolicy } from "../companies/bike-policy.ts";
import { leaseTermsNotComputable } from "../leasing/errors.ts";
import { centsToMaxPrice } from "../system-users/max-price.ts";
import { calculatorInputInvalid } from "./errors.ts";
import { calculatorParameterRows } from "./parameters-cache.ts";

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

export type EmploymentLeaseTerms = {
  companyName: string;
  /** The billing table that prices the company's leases: its own, else the default one. */
  billingTable: BillingTableRow;
  leaseTerms: CalculatorLeaseTerms;
  /** The employee's own max price, else the company's; null when neither has one. */
  maxPriceCents: number | null;
};

/**
 * An employment's lease terms, as the employee's calculator (GET /api/calculator/my-terms) and their
 * order's offer price them: the company's billing table, else the default one (503
 * LEASE_TERMS_NOT_COMPUTABLE when there is neither), and the max price.
 */
export async function employmentLeaseTerms(db: Db, employmentId: string): Promise<EmploymentLeaseTerms> {
  const [employment] = await db
    .select({
      companyName: companies.name,
      billingTableId: companies.billingTableId,
      ownMaxPriceCents: beneficiaryEmployees.maxPriceCents,
      companyMaxPriceCents: companies.maxPriceCents,
    })
    .from(beneficiaryEmployees)
    .innerJoin(companies, eq(companies.id, beneficiaryEmployees.companyId))
    .where(eq(beneficiaryEmployees.id, employmentId));
  if (!employment) throw notFound("Employment");
  const table = await billingTableFor(db, employment.billingTableId);
  if (!table) {
    throw leaseTermsNotComputable();
  }
  return {
    companyName: employment.companyName,
    billingTable: table,
    leaseTerms: leaseTermsOf(table),
    maxPriceCents: employeeCapCents(employment.ownMaxPriceCents, employment.companyMaxPriceCents),
  };
}

/**
 * The public calculator: its parameters from the tax tables and the default billing table (kept in the
 * process, parameters-cache.ts), and the calculation itself (the same domain function the page runs).
 */
export function createCalculatorService(ctx: AppContext) {
  const { db } = ctx.database;

  async function parameters(): Promise<TCalculatorParameters> {
    const { taxYears, municipalities, defaultBillingTable, unconfirmed } = await calculatorParameterRows(db);
    if (!defaultBillingTable) {
      throw leaseTermsNotComputable(
        "No default billing table: the calculator cannot price a lease (contact support)",
      );
    }
    return {
      today: toHelsinkiDateString(new Date()),
      taxYears,
      municipalities,
      leaseTerms: leaseTermsOf(defaultBillingTable),
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
        throw calculatorInputInvalid(error);
      }
      throw error;
    }
  }

  /** The caller's own employment (accepted first, then the newest pending) and its lease terms. */
  async function myTerms(viewer: CurrentUser): Promise<TCalculatorMyTerms> {
    const [employment] = await db
      .select({ id: beneficiaryEmployees.id, companyId: beneficiaryEmployees.companyId })
      .from(beneficiaryEmployees)
      .where(
        and(
          eq(beneficiaryEmployees.userId, viewer.id),
          inArray(beneficiaryEmployees.status, ["ACCEPTED", "PENDING"]),
        ),
      )
      .orderBy(desc(eq(beneficiaryEmployees.status, "ACCEPTED")), desc(beneficiaryEmployees.createdAt))
      .limit(1);
    if (!employment) throw notFound("Employment");
    const terms = await employmentLeaseTerms(db, employment.id);
    // The employee's own calculator prices what their order's offer will: the policy's extras only.
    const policy = await employeeBikePolicy(db, employment.companyId, viewer.id);
    return {
      companyName: terms.companyName,
      leaseTerms: policyLeaseTerms(terms.leaseTerms, policy),
      maxPrice: centsToMaxPrice(terms.maxPriceCents),
      // What the employee remembered on their own details: the page starts from their own net pay.
      municipalityCode: viewer.municipalityCode,
      church: viewer.church,
    };
  }

  return { parameters, calculate, myTerms };
}
