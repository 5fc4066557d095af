import { and, eq, isNull } from "drizzle-orm";
import type { TMaxPriceResponse } from "../../../contract/system-users.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { beneficiaryEmployees, companies } from "../../db/schema/index.ts";
import { forbidden, notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { ensureCompanyInScope, isCompanyInScope } from "../auth/tenancy.ts";
import { ensureActive, has } from "./access.ts";

/**
 * The max price of a bike package (docs/data-model.md, docs/api-surface.md `{ maxPrice }`): a company's, and an employee's own
 * limit falling back to the company's. Euros with two decimals; null when there is no limit.
 */

export function centsToMaxPrice(cents: number | null | undefined): number | null {
  return cents === null || cents === undefined ? null : Math.round(cents) / 100;
}

/**
 * An employment with what prices its bike package, for a viewer who may see it: the beneficiary
 * themself, or employees.read in the employee's company. Anyone else without employees.read is 403;
 * an employment outside the viewer's companies, or none, is 404 (docs/api-surface.md max price, leasing time).
 */
export async function employeeInReach(db: Db, viewer: CurrentUser, employeeId: string) {
  ensureActive(viewer);
  const [row] = await db
    .select({
      userId: beneficiaryEmployees.userId,
      companyId: beneficiaryEmployees.companyId,
      ownMaxPriceCents: beneficiaryEmployees.maxPriceCents,
      companyMaxPriceCents: companies.maxPriceCents,
      billingTableId: companies.billingTableId,
    })
    .from(beneficiaryEmployees)
    .innerJoin(companies, eq(companies.id, beneficiaryEmployees.companyId))
    .where(eq(beneficiaryEmployees.id, employeeId));
  if (row && row.userId === viewer.id) return row;
  if (!has(viewer, "employees.read")) {
    throw forbidden("Access denied. You do not have permission to perform this action");
  }
  if (!row || !isCompanyInScope(viewer, row.companyId)) throw notFound("Employee");
  return row;
}

export function createMaxPriceService(ctx: AppContext) {
  const { db } = ctx.database;
  return {
    async ofCompany(viewer: CurrentUser, companyId: string): Promise<TMaxPriceResponse> {
      ensureCompanyInScope(viewer, companyId, "Company");
      const [company] = await db
        .select({ maxPriceCents: companies.maxPriceCents })
        .from(companies)
        .where(and(eq(companies.id, companyId), isNull(companies.deletedAt)));
      if (!company) throw notFound("Company");
      return { maxPrice: centsToMaxPrice(company.maxPriceCents) };
    },

    /** The beneficiary themself, or employees.read in the employee's company (else 404). */
    async ofEmployee(viewer: CurrentUser, employeeId: string): Promise<TMaxPriceResponse> {
      const row = await employeeInReach(db, viewer, employeeId);
      return { maxPrice: centsToMaxPrice(row.ownMaxPriceCents ?? row.companyMaxPriceCents) };
    },
  };
}
