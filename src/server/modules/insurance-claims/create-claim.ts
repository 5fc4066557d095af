import { and, eq } from "drizzle-orm";
import type { TCreateInsuranceClaim } from "../../../contract/insurance-claims.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import {
  CLAIM_STARTED_EVENT,
  DEFAULT_DEDUCTIBLE_CENTS,
  isReportedLate,
  needsPoliceReport,
} from "../../../domain/insurance-claims.ts";
import { textOrNull } from "../../../domain/text.ts";
import type { DataKeyring } from "../../data-keys.ts";
import { recordEvent } from "../../db/event-log.ts";
import { beneficiaryEmployees, insuranceClaims, orders } from "../../db/schema/index.ts";
import type { Tx, WriteContext } from "../../db/transaction.ts";
import { badRequest, notFound } from "../../errors.ts";
import { noActiveLease } from "../leasing/errors.ts";
import { isOrderBikeInUse } from "../orders/after-sales.ts";
import { agreementOf, type ClaimActor, checkIncidentDate, onClaim } from "./claim-facts.ts";
import { notifyClaimReported } from "./employer-bell.ts";
import { policeReportRequired } from "./errors.ts";
import { policeReportColumns } from "./police-report.ts";

const noBikeInUse = () => noActiveLease("The employment has no bike in use");

/**
 * The bike the claim is about: the order named (the employment's, its bike in use), or its only one in
 * use. A bike whose lease has ended (redeemed, returned, past its end) is no longer in use.
 */
async function claimedOrder(tx: Tx, employmentId: string, orderId: string | undefined, today: string) {
  const candidates = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.beneficiaryEmployeeId, employmentId),
        orderId ? eq(orders.id, orderId) : undefined,
        orderId ? undefined : eq(orders.orderStatus, "ACTIVE_LEASING"),
      ),
    );
  if (orderId && !candidates[0]) {
    throw badRequest("Unknown order", [{ field: "body.orderId", message: "Not an order of the employment" }]);
  }
  const inUse: (typeof orders.$inferSelect)[] = [];
  for (const order of candidates) if (await isOrderBikeInUse(tx, order.id, today)) inUse.push(order);
  if (orderId) {
    const order = inUse[0];
    if (!order) throw noBikeInUse();
    return order;
  }
  if (inUse.length === 0) throw noBikeInUse();
  if (inUse.length > 1) {
    throw badRequest("Name the bike the claim is about", [
      { field: "body.orderId", message: "Required when several bikes are in use" },
    ]);
  }
  return inUse[0] as typeof orders.$inferSelect;
}

/**
 * The employee (or the helpdesk for them) reports theft or damage of their bike in use: the claim
 * (INSURANCE_CASE_STARTED) and the employer admins' bell; answers its id.
 */
export async function createClaim(
  ctx: WriteContext<ClaimActor>,
  input: TCreateInsuranceClaim,
  dataKeys: DataKeyring,
): Promise<string> {
  const { tx, actor, now } = ctx;
  const [employment] = await tx
    .select({
      id: beneficiaryEmployees.id,
      userId: beneficiaryEmployees.userId,
      companyId: beneficiaryEmployees.companyId,
    })
    .from(beneficiaryEmployees)
    .where(eq(beneficiaryEmployees.id, input.beneficiaryEmployeeId));
  // The employee reports for their own employment only; another's is not theirs to know of.
  if (!employment || (!actor.helpdesk && employment.userId !== actor.userId)) throw notFound("Employment");
  const today = toHelsinkiDateString(now);
  const order = await claimedOrder(tx, employment.id, input.orderId, today);
  const policeReportNumber = textOrNull(input.policeReportNumber);
  if (needsPoliceReport(input.type) && !policeReportNumber) throw policeReportRequired();
  const agreement = await agreementOf(tx, order.id);
  if (input.incidentDate) checkIncidentDate(input.incidentDate, today, agreement?.startDate ?? null);

  const [claim] = await tx
    .insert(insuranceClaims)
    .values({
      beneficiaryEmployeeId: employment.id,
      companyId: employment.companyId,
      orderId: order.id,
      type: input.type,
      incidentDate: input.incidentDate ?? null,
      description: textOrNull(input.description),
      ...policeReportColumns(dataKeys, policeReportNumber),
      deductibleCents: DEFAULT_DEDUCTIBLE_CENTS,
      reportedByUserId: actor.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!claim) throw new Error("insurance claim not stored");
  await recordEvent(ctx, {
    type: CLAIM_STARTED_EVENT,
    ...onClaim(claim),
    data: {
      type: claim.type,
      orderId: order.id,
      reportedBy: actor.helpdesk && employment.userId !== actor.userId ? "HELPDESK" : "EMPLOYEE",
      reportedLate: isReportedLate(claim.incidentDate, today),
    },
  });
  await notifyClaimReported(ctx, claim, { userId: employment.userId, orderNumber: order.orderNumber });
  return claim.id;
}
