import { eq } from "drizzle-orm";
import type { TUpdateInsuranceClaim } from "../../../contract/insurance-claims.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import {
  canChangeOutcome,
  claimOutcomesFor,
  isClaimOpen,
  needsPoliceReport,
} from "../../../domain/insurance-claims.ts";
import { textOrNull } from "../../../domain/text.ts";
import type { DataKeyring } from "../../data-keys.ts";
import { recordEvent } from "../../db/event-log.ts";
import { insuranceClaims } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { badRequest, forbidden } from "../../errors.ts";
import { agreementOf, type ClaimActor, checkIncidentDate, lockClaim, onClaim } from "./claim-facts.ts";
import { insuranceClaimClosed, insuranceStepNotAllowed, policeReportRequired } from "./errors.ts";
import { policeReportColumns, policeReportOf } from "./police-report.ts";

type ClaimRow = typeof insuranceClaims.$inferSelect;

const HELPDESK_FIELDS = ["outcome", "incidentDate", "repairCostCents", "deductibleCents"] as const;

/**
 * Changes the claim's fields: the helpdesk any, the employee (actor.helpdesk false) the description and
 * police report number of their open claim. A closed claim does not change.
 */
export async function updateClaim(
  ctx: WriteContext<ClaimActor>,
  id: string,
  input: TUpdateInsuranceClaim,
  dataKeys: DataKeyring,
): Promise<void> {
  const { tx, actor, now } = ctx;
  if (!actor.helpdesk && HELPDESK_FIELDS.some((field) => input[field] !== undefined))
    throw forbidden("Only the helpdesk sets the outcome, the dates and the costs");
  const { claim, progress } = await lockClaim(tx, id);
  if (!isClaimOpen(claim)) throw insuranceClaimClosed();
  const changes: Partial<typeof insuranceClaims.$inferInsert> = {};
  if (input.outcome !== undefined && input.outcome !== claim.outcome) {
    if (input.outcome !== null && !claimOutcomesFor(claim.type).includes(input.outcome)) {
      throw badRequest("A stolen bike cannot be repaired", [
        { field: "body.outcome", message: "Not an outcome of this type of claim" },
      ]);
    }
    if (!canChangeOutcome(progress))
      throw insuranceStepNotAllowed("The outcome is fixed once its first step is taken");
    changes.outcome = input.outcome;
  }
  if (input.incidentDate !== undefined && input.incidentDate !== claim.incidentDate) {
    const agreement = claim.orderId ? await agreementOf(tx, claim.orderId) : null;
    checkIncidentDate(input.incidentDate, toHelsinkiDateString(now), agreement?.startDate ?? null);
    changes.incidentDate = input.incidentDate;
  }
  if (input.description !== undefined) changes.description = textOrNull(input.description);
  if (input.policeReportNumber !== undefined) {
    const number = textOrNull(input.policeReportNumber);
    if (needsPoliceReport(claim.type) && !number) throw policeReportRequired();
    // Sealed afresh each time, so it is compared as the person typed it.
    if (number !== policeReportOf(dataKeys, claim.policeReportNumber))
      Object.assign(changes, policeReportColumns(dataKeys, number));
  }
  if (input.repairCostCents !== undefined) changes.repairCostCents = input.repairCostCents;
  if (input.deductibleCents !== undefined) changes.deductibleCents = input.deductibleCents;
  // The number's search hash goes with the number: the event names the field a person changed.
  const changed = Object.keys(changes).filter(
    (key) =>
      key !== "policeReportNumberHash" &&
      changes[key as keyof typeof changes] !== claim[key as keyof ClaimRow],
  );
  if (changed.length === 0) return;
  await tx
    .update(insuranceClaims)
    .set({ ...changes, updatedAt: now })
    .where(eq(insuranceClaims.id, id));
  await recordEvent(ctx, {
    type: "INSURANCE_CLAIM_UPDATED",
    ...onClaim(claim),
    data: { fields: changed.sort() },
  });
}
