import { and, eq, isNull, ne } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { TLeasingDecisionInput, TLeasingSyncResult } from "../../../contract/leasing-decisions.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { leasingAgreements, leasingDecisions } from "../../db/schema/index.ts";
import { AppError, notFound } from "../../errors.ts";
import { syncLeasingDecisions } from "../../jobs/leasing-sync.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { type GatewayRegistry, gatewayRegistry } from "./gateway.ts";

/**
 * The helpdesk records a leasing company's decision for the default gateway (gateway.ts), and runs the
 * sync now. The admin tier only (leasing.manage), so no tenancy scope applies.
 */

const decisionNotAllowed = (why: string) => new AppError(409, "LEASING_DECISION_NOT_ALLOWED", why);

/**
 * Records a leasing company's decision on a PENDING agreement for the default gateway, inside the
 * caller's transaction; the sync applies it (the service's record and the demo seed use it).
 */
export async function recordLeasingDecision(
  tx: Db,
  registry: GatewayRegistry,
  by: { userId: string },
  agreementId: string,
  input: TLeasingDecisionInput,
  now: Date,
): Promise<{ id: string }> {
  const [agreement] = await tx
    .select({
      status: leasingAgreements.status,
      leasingCompanyId: leasingAgreements.leasingCompanyId,
    })
    .from(leasingAgreements)
    .where(eq(leasingAgreements.id, agreementId))
    .for("update");
  if (!agreement) throw notFound("Leasing agreement");
  if (agreement.status !== "PENDING")
    throw decisionNotAllowed("The agreement is not waiting for the leasing company's decision");
  if (!registry.usesAdminDecisions(agreement.leasingCompanyId))
    throw decisionNotAllowed("This leasing company's decisions come from its own system");
  const [waiting] = await tx
    .select({ id: leasingDecisions.id })
    .from(leasingDecisions)
    .where(and(eq(leasingDecisions.leasingAgreementId, agreementId), isNull(leasingDecisions.appliedAt)));
  if (waiting) throw decisionNotAllowed("A decision on the agreement already waits for the sync");
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
    if (taken)
      throw new AppError(
        409,
        "AGREEMENT_NUMBER_TAKEN",
        "The leasing company has this agreement number already",
      );
  }
  const [row] = await tx
    .insert(leasingDecisions)
    .values({
      leasingAgreementId: agreementId,
      decision: input.decision,
      agreementNumber: number,
      reason: input.decision === "REJECTED" ? (input.reason ?? null) : null,
      decidedByUserId: by.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: leasingDecisions.id });
  return { id: row?.id as string };
}

export function createLeasingDecisionsService(
  ctx: AppContext,
  registry: GatewayRegistry = gatewayRegistry(),
) {
  const { db } = ctx.database;

  return {
    async record(
      user: CurrentUser,
      agreementId: string,
      input: TLeasingDecisionInput,
    ): Promise<{ id: string }> {
      return db.transaction(async (txDb) => {
        const tx = txDb as unknown as Db;
        return recordLeasingDecision(tx, registry, { userId: user.id }, agreementId, input, new Date());
      });
    },

    async syncNow(log: Pick<FastifyBaseLogger, "info" | "error">): Promise<TLeasingSyncResult> {
      const result = await syncLeasingDecisions(db, { registry, log });
      return { applied: result.applied };
    },
  };
}
