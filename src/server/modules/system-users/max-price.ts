import { and, eq, isNull } from "drizzle-orm";
import type { TMaxPriceResponse } from "../../../contract/system-users.ts";
import type { AppContext } from "../../context.ts";
import { beneficiaryEmployees, companies } from "../../db/schema/index.ts";
import { forbidden, notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { ensureCompanyInScope, isCompanyInScope } from "../auth/tenancy.ts";
import { ensureActive, has } from "./service.ts";

/**
 * The max price of a bike package (SPEC §3, §7 `{ maxPrice }`): a company's, and an employee's own
 * limit falling back to the company's. Euros with two decimals; null when there is no limit.
 */

export function centsToMaxPrice(cents: number | null | undefined): number | null {
  return cents === null || cents === undefined ? null : Math.round(cents) / 100;
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
      ensureActive(viewer);
      const [row] = await db
        .select({
          userId: beneficiaryEmployees.userId,
          companyId: beneficiaryEmployees.companyId,
          own: beneficiaryEmployees.maxPriceCents,
          company: companies.maxPriceCents,
        })
        .from(beneficiaryEmployees)
        .innerJoin(companies, eq(companies.id, beneficiaryEmployees.companyId))
        .where(eq(beneficiaryEmployees.id, employeeId));
      const self = !!row && row.userId === viewer.id;
      if (!self) {
        if (!has(viewer, "employees.read")) {
          throw forbidden("Access denied. You do not have permission to perform this action");
        }
        if (!row || !isCompanyInScope(viewer, row.companyId)) throw notFound("Employee");
      }
      return { maxPrice: centsToMaxPrice(row?.own ?? row?.company) };
    },
  };
}
