import { eq } from "drizzle-orm";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import type { PaymentMethod } from "../../../domain/enums.ts";
import {
  canTakeClaimStep,
  INSURANCE_LEASE_END_REASON,
  type InsuranceClaimStep,
  isClaimOpen,
  isCompletingStep,
} from "../../../domain/insurance-claims.ts";
import { invoiceDueDate } from "../../../domain/invoice-status.ts";
import { recordEvent } from "../../db/event-log.ts";
import { companies, insuranceClaims, orders } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { endLease } from "../leasing/end-lease.ts";
import { noActiveLease } from "../leasing/errors.ts";
import { createUserPayment } from "../user-payments/ledger.ts";
import { agreementOf, lockClaim, onClaim } from "./claim-facts.ts";
import { insuranceClaimClosed, insuranceStepNotAllowed } from "./errors.ts";
import { claimFigures } from "./queries.ts";

/** What a completing step left for the employee to hear about in the claim's closing mail. */
export type ClaimSettlement = {
  deductibleOwedCents: number;
  paymentMethod: PaymentMethod | null;
  dueDate: string | null;
};

/**
 * The helpdesk takes the claim's next step (409 INSURANCE_STEP_NOT_ALLOWED for any other, 409
 * INSURANCE_CLAIM_CLOSED on a closed claim). A completing step closes the claim, makes the deductible's
 * user payment when there is one to pay, and for END_OF_LEASING ends the lease on the completion day.
 */
export async function takeClaimStep(
  ctx: WriteContext,
  id: string,
  step: InsuranceClaimStep,
): Promise<ClaimSettlement | null> {
  const { tx, now } = ctx;
  const { claim, progress } = await lockClaim(tx, id);
  if (!isClaimOpen(claim)) throw insuranceClaimClosed();
  if (!canTakeClaimStep(progress, step)) throw insuranceStepNotAllowed();
  await recordEvent(ctx, { type: step, ...onClaim(claim), data: { outcome: claim.outcome } });
  if (!isCompletingStep(step)) return null;

  await tx
    .update(insuranceClaims)
    .set({ status: "COMPLETED", completedAt: now, updatedAt: now })
    .where(eq(insuranceClaims.id, id));
  const today = toHelsinkiDateString(now);
  const [order] = claim.orderId ? await tx.select().from(orders).where(eq(orders.id, claim.orderId)) : [];
  const agreement = order ? await agreementOf(tx, order.id) : null;
  const figures = claimFigures(
    claim,
    order ? { totalPriceCents: order.totalPriceCents, leaseStartDate: agreement?.startDate ?? null } : null,
  );
  let settlement: ClaimSettlement = { deductibleOwedCents: 0, paymentMethod: null, dueDate: null };
  if (figures.deductibleOwedCents > 0) {
    const [company] = await tx
      .select({ paymentMode: companies.paymentMode })
      .from(companies)
      .where(eq(companies.id, claim.companyId));
    const paymentMethod: PaymentMethod = company?.paymentMode === "PAYROLL" ? "PAYROLL" : "BATCH";
    const dueDate = invoiceDueDate(today);
    await createUserPayment(ctx, {
      kind: "DEDUCTIBLE",
      beneficiaryEmployeeId: claim.beneficiaryEmployeeId,
      companyId: claim.companyId,
      orderId: claim.orderId,
      insuranceClaimId: claim.id,
      amountCents: figures.deductibleOwedCents,
      paymentMethod,
      dueDate,
      send: true,
    });
    settlement = { deductibleOwedCents: figures.deductibleOwedCents, paymentMethod, dueDate };
  }
  if (step === "INSURANCE_END_OF_LEASING_COMPLETED") {
    if (!agreement) throw noActiveLease("The employment has no bike in use");
    await endLease(ctx, {
      agreementId: agreement.id,
      lastDay: today,
      reason: INSURANCE_LEASE_END_REASON,
      source: { entityType: "insuranceClaim", entityId: claim.id },
    });
  }
  return settlement;
}
