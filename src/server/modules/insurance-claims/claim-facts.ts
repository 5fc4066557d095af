import { desc, eq } from "drizzle-orm";
import type { TErrorDetail } from "../../../contract/errors.ts";
import { incidentDateProblem } from "../../../domain/insurance-claims.ts";
import type { Db } from "../../db/client.ts";
import type { EventRecord } from "../../db/event-log.ts";
import { lockRows } from "../../db/lock-order.ts";
import { insuranceClaims, leasingAgreements } from "../../db/schema/index.ts";
import type { Actor, Tx } from "../../db/transaction.ts";
import { badRequest, notFound } from "../../errors.ts";
import { claimStepsTaken } from "./queries.ts";

/**
 * What every change of an insurance claim starts from: who acts, the claim locked with the steps taken,
 * the lease it is about, and the checks of the fields both the employee and the helpdesk fill in.
 */

/** Who acts: the helpdesk (insurance-claims.manage) or the employee of the claim. */
export type ClaimActor = Actor & { helpdesk: boolean };

/** What every event of a claim names: the claim (entity insuranceClaim) and its company. */
export const onClaim = (claim: {
  id: string;
  companyId: string;
}): Pick<EventRecord, "entity" | "companyId"> => ({
  entity: { type: "insuranceClaim", id: claim.id },
  companyId: claim.companyId,
});

const INCIDENT_DATE_MESSAGES = {
  IN_FUTURE: "The incident date cannot be in the future",
  BEFORE_LEASE: "The incident date cannot be before the lease started",
} as const;

/** 400 for an incident in the future or before the lease started: the insurance covers neither. */
export function checkIncidentDate(incidentDate: string, today: string, leaseStartDate: string | null) {
  const problem = incidentDateProblem(incidentDate, { today, leaseStartDate });
  if (!problem) return;
  const detail: TErrorDetail = { field: "body.incidentDate", message: INCIDENT_DATE_MESSAGES[problem] };
  throw badRequest(INCIDENT_DATE_MESSAGES[problem], [detail]);
}

/** The order's newest leasing agreement: its lease's start and end. */
export async function agreementOf(db: Db, orderId: string) {
  const [agreement] = await db
    .select()
    .from(leasingAgreements)
    .where(eq(leasingAgreements.orderId, orderId))
    .orderBy(desc(leasingAgreements.createdAt), desc(leasingAgreements.id))
    .limit(1);
  return agreement ?? null;
}

/**
 * The claim locked for a change, with the steps taken; 404 when there is none. The lock makes two
 * steps at once follow each other, so the second sees the first.
 */
export async function lockClaim(tx: Tx, id: string) {
  const [claim] = await lockRows(
    tx,
    "insuranceClaim",
    tx.select().from(insuranceClaims).where(eq(insuranceClaims.id, id)).for("update"),
  );
  if (!claim) throw notFound("Insurance claim");
  const stepsTaken = await claimStepsTaken(tx, id);
  return { claim, progress: { status: claim.status, type: claim.type, outcome: claim.outcome, stepsTaken } };
}
