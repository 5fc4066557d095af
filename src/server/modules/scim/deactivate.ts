import { and, asc, eq, notExists, sql } from "drizzle-orm";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { recordEvent } from "../../db/event-log.ts";
import { bikeRedemptions, orders } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { AppError } from "../../errors.ts";
import { endEmploymentOn, setScimDeactivatedAt } from "../employees/identity-provider.ts";
import type { OfferOutput } from "../redemptions/add-offer.ts";
import { openLeaseEndCase } from "../redemptions/open-case.ts";
import type { ScimUserRow } from "./queries.ts";
import type { ScimCaller } from "./tokens.ts";

/**
 * What the identity provider's "this person is no longer active" means in Pedaali: the person has
 * left the company. Rather than lock them out in silence (their bike is still theirs to return or
 * redeem), the employment ends today and every running lease gets its lease-end case, as if the
 * employer had ended the employment: the case's offer PDF, the employer admins' bell, and the
 * employee's offer mail after the commit. The account, its sessions and the lease history stay.
 */

/** How the identity provider said it: a PATCH or PUT with active false, or a DELETE. */
export type ScimVia = "PATCH" | "PUT" | "DELETE" | "POST";

/** The actor of the identity provider's writes: no user (as the daily jobs), the token's one company. */
export type ScimActor = {
  userId: null;
  user: { scope: { kind: "companies"; companyIds: readonly string[] } };
};

export const scimActor = (caller: ScimCaller): ScimActor => ({
  userId: null,
  user: { scope: { kind: "companies", companyIds: [caller.companyId] } },
});

/**
 * Deactivates the employee in the caller's transaction; answers the lease-end cases it opened, whose
 * offers are mailed after the commit. An employee already inactive opens nothing (the provider may
 * send the same change again and again).
 */
export async function deactivateEmployee(
  ctx: WriteContext<ScimActor>,
  caller: ScimCaller,
  employee: ScimUserRow,
  via: ScimVia,
  output: OfferOutput,
): Promise<string[]> {
  if (employee.scimDeactivatedAt !== null) return [];
  const today = toHelsinkiDateString(ctx.now);
  await setScimDeactivatedAt(ctx.tx, employee.id, ctx.now);
  await endEmploymentOn(ctx, employee, today, { source: "scim", tokenId: caller.tokenId });
  const running = await ordersWithRunningLease(ctx, employee.id);
  const caseIds: string[] = [];
  for (const orderId of running) {
    try {
      caseIds.push(
        await openLeaseEndCase(ctx, { orderId, reason: "EMPLOYER_ENDED_EMPLOYMENT" }, "SYSTEM", output),
      );
    } catch (error) {
      // A lease that has not started yet (or was settled meanwhile) has no end to open: the
      // checks refuse before writing anything, so the rest of the change stands.
      if (error instanceof AppError && error.code === "NO_ACTIVE_LEASE") continue;
      throw error;
    }
  }
  await recordEvent(ctx, {
    type: "SCIM_EMPLOYEE_DEACTIVATED",
    entity: { type: "beneficiaryEmployee", id: employee.id },
    companyId: employee.companyId,
    data: {
      via,
      tokenId: caller.tokenId,
      lastWorkingDayDate: today,
      orderIds: running,
      casesOpened: caseIds.length,
      bikeRedemptionIds: caseIds,
    },
  });
  return caseIds;
}

/**
 * The identity provider holds the person active again (a leaver who came back, or a mistake undone).
 * What the deactivation opened stays: a lease-end case is the helpdesk's and the employee's to close,
 * and the last working day the employer's to move. The event tells them to look.
 */
export async function reactivateEmployee(
  ctx: WriteContext<ScimActor>,
  caller: ScimCaller,
  employee: ScimUserRow,
  via: ScimVia,
): Promise<void> {
  if (employee.scimDeactivatedAt === null) return;
  await setScimDeactivatedAt(ctx.tx, employee.id, null);
  await recordEvent(ctx, {
    type: "SCIM_EMPLOYEE_REACTIVATED",
    entity: { type: "beneficiaryEmployee", id: employee.id },
    companyId: employee.companyId,
    data: { via, tokenId: caller.tokenId, deactivatedAt: employee.scimDeactivatedAt.toISOString() },
  });
}

/** The employee's orders in ACTIVE_LEASING without an open case, oldest first. */
async function ordersWithRunningLease(ctx: WriteContext, employeeId: string): Promise<string[]> {
  const rows = await ctx.tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.beneficiaryEmployeeId, employeeId),
        eq(orders.orderStatus, "ACTIVE_LEASING"),
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
