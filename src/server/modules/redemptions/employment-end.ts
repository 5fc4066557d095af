import { and, asc, eq, inArray, isNotNull, notExists, sql } from "drizzle-orm";
import { REDEMPTION_CASE_ORDER_STATUSES } from "../../../domain/lease-dates.ts";
import { bikeRedemptions, leasingAgreements, orders } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { AppError } from "../../errors.ts";
import type { OfferOutput } from "./add-offer.ts";
import { queueRedemptionMail } from "./mails.ts";
import { type OpenedAs, openRedemptionCase } from "./open-case.ts";

/**
 * What an ending employment does to the person's bikes, whichever way it ends — the employer's form
 * setting the last working day, the identity provider's deactivation, or any other: every lease of
 * theirs that runs or is about to start (billed, its first day still ahead) gets its redemption case,
 * so that none is forgotten and left to run out in payroll with its balance never offered. The cases
 * read the last working day from the employment, as the employer's own case opening does.
 */

/** The employee's orders with a running or starting lease and no open case, oldest first. */
async function ordersWithLeaseToEnd(ctx: WriteContext, employeeId: string): Promise<string[]> {
  const rows = await ctx.tx
    .selectDistinct({ id: orders.id, createdAt: orders.createdAt })
    .from(orders)
    .innerJoin(leasingAgreements, eq(leasingAgreements.orderId, orders.id))
    .where(
      and(
        eq(orders.beneficiaryEmployeeId, employeeId),
        inArray(orders.orderStatus, [...REDEMPTION_CASE_ORDER_STATUSES]),
        eq(leasingAgreements.status, "ACCEPTED"),
        isNotNull(leasingAgreements.startDate),
        notExists(
          ctx.tx
            .select({ one: sql`1` })
            .from(bikeRedemptions)
            .where(and(eq(bikeRedemptions.orderId, orders.id), eq(bikeRedemptions.status, "PENDING"))),
        ),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id));
  return rows.map((row) => row.id);
}

/**
 * Opens the redemption case of every running or starting lease of the employee whose employment ended,
 * in the caller's transaction, each case's offer queued to the employee with it; answers the orders
 * looked at and the cases opened. A lease already settled (redeemed, returned, closed by a claim) is passed
 * over, and so is one that already has an open case.
 */
export async function openCasesForEndedEmployment(
  ctx: WriteContext,
  employeeId: string,
  openedAs: OpenedAs,
  output: OfferOutput,
): Promise<{ orderIds: string[]; caseIds: string[] }> {
  const orderIds = await ordersWithLeaseToEnd(ctx, employeeId);
  const caseIds: string[] = [];
  for (const orderId of orderIds) {
    const caseId = await openCaseForEndingEmployment(ctx, orderId, openedAs, output);
    if (caseId) caseIds.push(caseId);
  }
  return { orderIds, caseIds };
}

/**
 * Opens one lease's case because its employment ends, its offer queued to the employee; answers null
 * when the lease was settled meanwhile (the checks refuse before writing anything, so the rest stands).
 */
export async function openCaseForEndingEmployment(
  ctx: WriteContext,
  orderId: string,
  openedAs: OpenedAs,
  output: OfferOutput,
): Promise<string | null> {
  try {
    const caseId = await openRedemptionCase(
      ctx,
      { orderId, reason: "EMPLOYER_ENDED_EMPLOYMENT" },
      openedAs,
      output,
    );
    await queueRedemptionMail(ctx.tx, caseId, "offer");
    return caseId;
  } catch (error) {
    if (error instanceof AppError && error.code === "NO_ACTIVE_LEASE") return null;
    throw error;
  }
}
