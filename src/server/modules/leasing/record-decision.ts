import { and, eq, isNull, ne } from "drizzle-orm";
import type { TLeasingDecisionInput } from "../../../contract/leasing-decisions.ts";
import { lockRows } from "../../db/lock-order.ts";
import { leasingAgreements, leasingDecisions } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";
import { agreementNumberTaken, leasingDecisionNotAllowed } from "./errors.ts";
import type { GatewayRegistry } from "./gateway.ts";

/**
 * Records a leasing company's decision on a PENDING agreement for the default gateway (gateway.ts),
 * inside the caller's transaction: the helpdesk handled the application with the leasing company
 * outside Pedaali, and the sync applies the answer (the service and the demo seed use it).
 */
export async function recordLeasingDecision(
  ctx: WriteContext,
  registry: GatewayRegistry,
  agreementId: string,
  input: TLeasingDecisionInput,
): Promise<{ id: string }> {
  const { tx, now } = ctx;
  const [agreement] = await lockRows(
    tx,
    "leasingAgreement",
    tx
      .select({
        status: leasingAgreements.status,
        leasingCompanyId: leasingAgreements.leasingCompanyId,
      })
      .from(leasingAgreements)
      .where(eq(leasingAgreements.id, agreementId))
      .for("update"),
  );
  if (!agreement) throw notFound("Leasing agreement");
  if (agreement.status !== "PENDING")
    throw leasingDecisionNotAllowed("The agreement is not waiting for the leasing company's decision");
  if (!registry.usesAdminDecisions(agreement.leasingCompanyId))
    throw leasingDecisionNotAllowed("This leasing company's decisions come from its own system");
  const [waiting] = await tx
    .select({ id: leasingDecisions.id })
    .from(leasingDecisions)
    .where(and(eq(leasingDecisions.leasingAgreementId, agreementId), isNull(leasingDecisions.appliedAt)));
  if (waiting) throw leasingDecisionNotAllowed("A decision on the agreement already waits for the sync");
  const number = input.decision === "ACCEPTED" ? (input.agreementNumber ?? null) : null;
  if (number) {
    const [taken] = await tx
      .select({ id: leasingAgreements.id })
      .from(leasingAgreements)
      .where(
        and(
          eq(leasingAgreements.leasingCompanyId, agreement.leasingCompanyId),
          eq(leasingAgreements.agreementNumber, number),
          ne(leasingAgreements.id, agreementId),
        ),
      );
    if (taken) throw agreementNumberTaken();
  }
  const [row] = await tx
    .insert(leasingDecisions)
    .values({
      leasingAgreementId: agreementId,
      decision: input.decision,
      agreementNumber: number,
      reason: input.decision === "REJECTED" ? (input.reason ?? null) : null,
      decidedByUserId: ctx.actor.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: leasingDecisions.id });
  return { id: row?.id as string };
}
