import { eq } from "drizzle-orm";
import type { TInsuranceClaim } from "../../../contract/insurance-claims.ts";
import type { InsuranceClaimOutcome } from "../../../domain/enums.ts";
import type { Db } from "../../db/client.ts";
import { beneficiaryEmployees, insuranceClaims, systemUsers, users } from "../../db/schema/index.ts";
import {
  type ClaimCompletedParams,
  type ClaimReceivedParams,
  insuranceClaimCompletedMail,
  insuranceClaimReceivedMail,
} from "../../messaging/insurance-mails.ts";
import { queueMessage } from "../notifications/outbox.ts";
import type { OutboxRenderer } from "../notifications/outbox-renderers.ts";
import type { ClaimSettlement } from "./take-step.ts";

/**
 * The employee's mails of their claim: the confirmation when it is reported, and what they owe when it
 * closes. Queued in the message outbox inside the claim's transaction, with the figures as the claim
 * had them then; a provider's refusal never undoes the claim.
 */

/** The claim's employee, to mail: their account, login e-mail, language and first name. */
async function employeeOf(db: Db, claimId: string) {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      language: users.language,
      firstName: systemUsers.firstName,
    })
    .from(insuranceClaims)
    .innerJoin(beneficiaryEmployees, eq(beneficiaryEmployees.id, insuranceClaims.beneficiaryEmployeeId))
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
    .where(eq(insuranceClaims.id, claimId));
  return row ?? null;
}

async function queueToEmployee(
  tx: Db,
  event: "CLAIM_REPORTED" | "CLAIM_SETTLED",
  claim: TInsuranceClaim,
  params: Omit<ClaimReceivedParams, "link"> | Omit<ClaimCompletedParams, "link">,
) {
  const to = await employeeOf(tx, claim.insuranceId);
  if (!to) return;
  await queueMessage(tx, {
    userId: to.userId,
    event,
    channel: "EMAIL",
    recipient: to.email,
    language: to.language,
    params: { claimId: claim.insuranceId, ...params, name: to.firstName },
  });
}

/** The employee's confirmation of a reported claim: what was reported, the deductible, the insured value. */
export function queueClaimReceived(tx: Db, claim: TInsuranceClaim): Promise<void> {
  return queueToEmployee(tx, "CLAIM_REPORTED", claim, {
    type: claim.type,
    orderNumber: claim.order?.orderNumber ?? null,
    incidentDate: claim.incidentDate,
    reportedLate: claim.reportedLate,
    deductibleCents: claim.deductibleCents,
    insuredValueCents: claim.insuredValueCents,
  });
}

/** The employee's mail of a closed claim: its outcome and the deductible they owe, if any. */
export function queueClaimSettled(
  tx: Db,
  claim: TInsuranceClaim,
  outcome: InsuranceClaimOutcome,
  settlement: ClaimSettlement,
): Promise<void> {
  return queueToEmployee(tx, "CLAIM_SETTLED", claim, {
    type: claim.type,
    outcome,
    orderNumber: claim.order?.orderNumber ?? null,
    ...settlement,
  });
}

/** CLAIM_REPORTED, CLAIM_SETTLED: with the employee's own page, where the claim is. */
export const renderClaimMail: OutboxRenderer = (row, deps) => {
  const link = `${deps.publicUrl}/mybike`;
  const mail =
    row.event === "CLAIM_SETTLED"
      ? insuranceClaimCompletedMail(row.language, { ...(row.params as ClaimCompletedParams), link })
      : insuranceClaimReceivedMail(row.language, { ...(row.params as ClaimReceivedParams), link });
  return { kind: "mail", mail };
};
