import { eq } from "drizzle-orm";
import type { TInsuranceClaim } from "../../../contract/insurance-claims.ts";
import type { InsuranceClaimOutcome } from "../../../domain/enums.ts";
import type { Db } from "../../db/client.ts";
import { beneficiaryEmployees, insuranceClaims, systemUsers, users } from "../../db/schema/index.ts";
import { insuranceClaimCompletedMail, insuranceClaimReceivedMail } from "../../messaging/insurance-mails.ts";
import type { Messaging } from "../../messaging/types.ts";
import type { ClaimSettlement } from "./take-step.ts";

/**
 * The employee's mails of their claim: the confirmation when it is reported, and what they owe when it
 * closes. Sent after the claim's transaction committed; a failed mail is logged and never undoes it.
 */

export type FailureLog = (error: unknown, what: string) => void;

export type ClaimMailDeps = { db: Db; messaging: Messaging; publicUrl: string; logFailure: FailureLog };

/** The claim's employee, to mail: their login e-mail, language and first name. */
async function employeeOf(db: Db, claimId: string) {
  const [row] = await db
    .select({ email: users.email, language: users.language, firstName: systemUsers.firstName })
    .from(insuranceClaims)
    .innerJoin(beneficiaryEmployees, eq(beneficiaryEmployees.id, insuranceClaims.beneficiaryEmployeeId))
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
    .where(eq(insuranceClaims.id, claimId));
  return row ?? null;
}

async function mailSafely(what: string, logFailure: FailureLog, send: () => Promise<void>) {
  try {
    await send();
  } catch (error) {
    logFailure(error, what);
  }
}

/** The employee's confirmation of a reported claim: what was reported, the deductible, the insured value. */
export async function mailClaimReceived(deps: ClaimMailDeps, claim: TInsuranceClaim): Promise<void> {
  await mailSafely("insurance claim confirmation mail failed", deps.logFailure, async () => {
    const to = await employeeOf(deps.db, claim.insuranceId);
    if (!to) return;
    const mail = insuranceClaimReceivedMail(to.language, {
      name: to.firstName,
      type: claim.type,
      orderNumber: claim.order?.orderNumber ?? null,
      incidentDate: claim.incidentDate,
      reportedLate: claim.reportedLate,
      deductibleCents: claim.deductibleCents,
      insuredValueCents: claim.insuredValueCents,
      link: `${deps.publicUrl}/mybike`,
    });
    await deps.messaging.sendMail({ to: to.email, ...mail });
  });
}

/** The employee's mail of a closed claim: its outcome and the deductible they owe, if any. */
export async function mailClaimSettled(
  deps: ClaimMailDeps,
  claim: TInsuranceClaim,
  outcome: InsuranceClaimOutcome,
  settlement: ClaimSettlement,
): Promise<void> {
  await mailSafely("insurance claim settlement mail failed", deps.logFailure, async () => {
    const to = await employeeOf(deps.db, claim.insuranceId);
    if (!to) return;
    const mail = insuranceClaimCompletedMail(to.language, {
      name: to.firstName,
      type: claim.type,
      outcome,
      orderNumber: claim.order?.orderNumber ?? null,
      ...settlement,
      link: `${deps.publicUrl}/mybike`,
    });
    await deps.messaging.sendMail({ to: to.email, ...mail });
  });
}
