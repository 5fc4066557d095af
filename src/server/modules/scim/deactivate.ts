import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { recordEvent } from "../../db/event-log.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { endEmploymentOn, setScimDeactivatedAt } from "../employees/identity-provider.ts";
import type { OfferOutput } from "../redemptions/add-offer.ts";
import { openCasesForEndedEmployment } from "../redemptions/employment-end.ts";
import type { ScimUserRow } from "./queries.ts";
import type { ScimCaller } from "./tokens.ts";

/**
 * What the identity provider's "this person is no longer active" means in Pedaali: the person has
 * left the company. Rather than lock them out in silence (their bike is still theirs to return or
 * redeem), the employment ends today and every running or starting lease gets its redemption case, as if the
 * employer had ended the employment: the case's offer PDF, the employer admins' bell, and the
 * employee's offer mail queued with the change. The account, its sessions and the lease history stay.
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
 * Deactivates the employee in the caller's transaction; answers the redemption cases it opened, whose
 * offers are queued with it. An employee already inactive opens nothing (the provider may
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
  const { orderIds: running, caseIds } = await openCasesForEndedEmployment(
    ctx,
    employee.id,
    "SYSTEM",
    output,
  );
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
 * What the deactivation opened stays: a redemption case is the helpdesk's and the employee's to close,
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
