import { asc, eq } from "drizzle-orm";
import type { TLeasingTimeRequest, TLeasingTimeResponse } from "../../../contract/leasing.ts";
import { leaseMonthsForTotal } from "../../../domain/calculator/lease-period.ts";
import { eurosToCents } from "../../../domain/money.ts";
import type { AppContext } from "../../context.ts";
import { billingTableRows } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { billingTableFor } from "../billing-tables/lookup.ts";
import { employeeInReach } from "../system-users/max-price.ts";

/**
 * The lease period of a package (SPEC §7): the employee's company's billing table, else the default one,
 * sets it by the package's price; the employee's max price (their own, else the company's) caps the
 * package. The errors are SPEC §8's leasing 400s, which the client translates.
 */
export function createLeasingService(ctx: AppContext) {
  const { db } = ctx.database;

  return {
    async leaseTimeMonths(viewer: CurrentUser, input: TLeasingTimeRequest): Promise<TLeasingTimeResponse> {
      const employee = await employeeInReach(db, viewer, input.beneficiaryEmployeeId);
      const totalCents = eurosToCents(input.totalAmount);
      const maxPriceCents = employee.ownMaxPriceCents ?? employee.companyMaxPriceCents;
      if (maxPriceCents !== null && totalCents > maxPriceCents) {
        throw new AppError(
          400,
          "PACKAGE_ABOVE_MAX_PRICE",
          "The package exceeds the employee's maximum price",
          [{ field: "body.totalAmount", message: `At most ${(maxPriceCents / 100).toFixed(2)}` }],
        );
      }
      const table = await billingTableFor(db, employee.billingTableId);
      if (!table) {
        throw new AppError(
          400,
          "LEASE_TERMS_NOT_COMPUTABLE",
          "No billing table prices this company's leases",
        );
      }
      const brackets = await db
        .select()
        .from(billingTableRows)
        .where(eq(billingTableRows.billingTableId, table.id))
        .orderBy(asc(billingTableRows.minTotalCents));
      const months = leaseMonthsForTotal(brackets, totalCents, table);
      if (months === null) {
        throw new AppError(
          400,
          "INVALID_LEASING_CONFIGURATION",
          "The billing table has no lease period for this price",
        );
      }
      return { leaseTimeMonths: months };
    },
  };
}
