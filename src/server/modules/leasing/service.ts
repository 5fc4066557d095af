import { asc, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { TLeasingTimeRequest, TLeasingTimeResponse } from "../../../contract/leasing.ts";
import type { TLeasingDecisionInput, TLeasingSyncResult } from "../../../contract/leasing-decisions.ts";
import { leaseMonthsForTotal } from "../../../domain/calculator/lease-period.ts";
import { eurosToCents } from "../../../domain/money.ts";
import type { AppContext } from "../../context.ts";
import { billingTableRows } from "../../db/schema/index.ts";
import { write } from "../../db/transaction.ts";
import { syncLeasingDecisions } from "../../jobs/leasing-sync.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { billingTableFor } from "../billing-tables/queries.ts";
import { employeeInReach } from "../system-users/max-price.ts";
import { invalidLeasingConfiguration, leaseTermsNotComputable, packageAboveMaxPrice } from "./errors.ts";
import { type GatewayRegistry, gatewayRegistry } from "./gateway.ts";
import { recordLeasingDecision } from "./record-decision.ts";

/**
 * The lease period of a package (docs/api-surface.md): the employee's company's billing table, else the default one,
 * sets it by the package's price; the employee's max price (their own, else the company's) caps the
 * package. The errors are the leasing 400s of docs/product.md "Errors", which the client translates.
 */
export function createLeasingService(ctx: AppContext) {
  const { db } = ctx.database;

  return {
    async leaseTimeMonths(viewer: CurrentUser, input: TLeasingTimeRequest): Promise<TLeasingTimeResponse> {
      const employee = await employeeInReach(db, viewer, input.beneficiaryEmployeeId);
      const totalCents = eurosToCents(input.totalAmount);
      const maxPriceCents = employee.ownMaxPriceCents ?? employee.companyMaxPriceCents;
      if (maxPriceCents !== null && totalCents > maxPriceCents) throw packageAboveMaxPrice(maxPriceCents);
      const table = await billingTableFor(db, employee.billingTableId);
      if (!table) throw leaseTermsNotComputable();
      const brackets = await db
        .select()
        .from(billingTableRows)
        .where(eq(billingTableRows.billingTableId, table.id))
        .orderBy(asc(billingTableRows.minTotalCents));
      const months = leaseMonthsForTotal(brackets, totalCents, table);
      if (months === null) throw invalidLeasingConfiguration();
      return { leaseTimeMonths: months };
    },
  };
}

/**
 * The helpdesk records a leasing company's decision for the default gateway (gateway.ts), and runs the
 * sync now. The admin tier only (leasing.manage), so no tenancy scope applies.
 */
export function createLeasingDecisionsService(
  ctx: AppContext,
  registry: GatewayRegistry = gatewayRegistry(),
) {
  const { db } = ctx.database;

  return {
    record(user: CurrentUser, agreementId: string, input: TLeasingDecisionInput): Promise<{ id: string }> {
      return write(db, { actor: { userId: user.id } }, (change) =>
        recordLeasingDecision(change, registry, agreementId, input),
      );
    },

    async syncNow(log: Pick<FastifyBaseLogger, "info" | "error">): Promise<TLeasingSyncResult> {
      const result = await syncLeasingDecisions(db, { registry, log });
      return { applied: result.applied };
    },
  };
}
