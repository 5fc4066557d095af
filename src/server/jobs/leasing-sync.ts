import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.ts";
import { recordEvent } from "../db/event-log.ts";
import { lockRows } from "../db/lock-order.ts";
import { leasingAgreements, leasingCompanies, leasingDecisions } from "../db/schema/index.ts";
import { inTransaction, type Tx, type WriteContext } from "../db/transaction.ts";
import { type GatewayRegistry, gatewayRegistry, type LeasingDecision } from "../modules/leasing/gateway.ts";

/**
 * The leasing companies' decisions on agreements (a pg-boss job, jobs/runner.ts,
 * every 10 minutes, and POST /api/leasing-agreements/sync): each leasing company's gateway is asked
 * for the decisions not applied yet, and each is applied to its agreement if the agreement still waits
 * for it (PENDING):
 * - ACCEPTED: the agreement is ACCEPTED, with acceptedAt and the leasing company's agreement number;
 * - REJECTED: the agreement is REJECTED with rejectedAt and the reason, and the event log has
 *   LEASING_AGREEMENT_REJECTED.
 * A decision on an agreement that no longer waits is set aside (marked applied, nothing changed).
 * Then the company's lastFetchedAt is the run's time (GET /api/last-fetch-time).
 *
 * An accepted agreement does not move its order: the helpdesk processes the order (POST
 * /api/orders/{orderId}/process), which sends the store its purchase order. A rejected one leaves the
 * order CONFIRMED for the helpdesk to cancel or settle as a CASE_X.
 *
 * Each leasing company is synced in a transaction of its own, and each decision in a savepoint, so
 * one failing gateway or decision is logged and the rest are applied.
 */

export const LEASING_SYNC_QUEUE = "leasing-sync";
/** Every 10 minutes. */
export const LEASING_SYNC_CRON = "*/10 * * * *";

type Log = Pick<FastifyBaseLogger, "info" | "error">;

export type LeasingSyncDeps = {
  now?: Date;
  registry?: GatewayRegistry;
  log?: Log;
};

export type LeasingSyncResult = {
  /** Decisions applied to their agreements. */
  applied: number;
  /** Decisions set aside: their agreement was not PENDING any more. */
  skipped: number;
  /** Decisions (or whole leasing companies) that failed and wait for the next run. */
  failed: number;
};

type Outcome = "applied" | "skipped";

async function markApplied(tx: Tx, decision: LeasingDecision, now: Date): Promise<void> {
  if (decision.decisionId) {
    await tx
      .update(leasingDecisions)
      .set({ appliedAt: now, updatedAt: now })
      .where(eq(leasingDecisions.id, decision.decisionId));
    return;
  }
  // A decision from a leasing company's API is kept like the helpdesk's, as applied.
  await tx.insert(leasingDecisions).values({
    leasingAgreementId: decision.leasingAgreementId,
    decision: decision.decision,
    agreementNumber: decision.agreementNumber,
    reason: decision.reason,
    decidedByUserId: decision.decidedByUserId,
    appliedAt: now,
  });
}

/** Who applies a decision: the one who made it (the helpdesk's user, or null for a leasing company's). */
export const decisionActor = (decision: LeasingDecision) => ({ userId: decision.decidedByUserId });

/**
 * Applies one decision in `ctx.tx` as `ctx.actor` (decisionActor: whoever made the decision), if its
 * agreement still waits for it; answers whether it was applied or set aside.
 */
export async function applyLeasingDecision(ctx: WriteContext, decision: LeasingDecision): Promise<Outcome> {
  const { tx, now } = ctx;
  const [agreement] = await lockRows(
    tx,
    "leasingAgreement",
    tx
      .select({
        status: leasingAgreements.status,
        companyId: leasingAgreements.companyId,
        orderId: leasingAgreements.orderId,
      })
      .from(leasingAgreements)
      .where(eq(leasingAgreements.id, decision.leasingAgreementId))
      .for("update"),
  );
  if (agreement?.status !== "PENDING") {
    await markApplied(tx, decision, now);
    return "skipped";
  }
  if (decision.decision === "ACCEPTED") {
    await tx
      .update(leasingAgreements)
      .set({
        status: "ACCEPTED",
        acceptedAt: now,
        ...(decision.agreementNumber ? { agreementNumber: decision.agreementNumber } : {}),
        updatedAt: now,
      })
      .where(eq(leasingAgreements.id, decision.leasingAgreementId));
  } else {
    await tx
      .update(leasingAgreements)
      .set({ status: "REJECTED", rejectedAt: now, rejectionReason: decision.reason, updatedAt: now })
      .where(eq(leasingAgreements.id, decision.leasingAgreementId));
    await recordEvent(ctx, {
      type: "LEASING_AGREEMENT_REJECTED",
      entity: { type: "leasingAgreement", id: decision.leasingAgreementId },
      companyId: agreement.companyId,
      data: { orderId: agreement.orderId, reason: decision.reason },
    });
  }
  await markApplied(tx, decision, now);
  return "applied";
}

export async function syncLeasingDecisions(db: Db, deps: LeasingSyncDeps = {}): Promise<LeasingSyncResult> {
  const now = deps.now ?? new Date();
  const registry = deps.registry ?? gatewayRegistry();
  const result: LeasingSyncResult = { applied: 0, skipped: 0, failed: 0 };
  const companies = await db
    .select({ id: leasingCompanies.id, lastFetchedAt: leasingCompanies.lastFetchedAt })
    .from(leasingCompanies);
  for (const company of companies) {
    try {
      // Counted into the result once the company's transaction has committed: one that PostgreSQL
      // aborted as a deadlock is run again (inTransaction), and its first try counts nothing.
      const counted = await inTransaction(db, async (tx) => {
        const ofCompany: LeasingSyncResult = { applied: 0, skipped: 0, failed: 0 };
        const gateway = registry.forLeasingCompany(company.id);
        const decisions = await gateway.fetchDecisions(tx, company.id, company.lastFetchedAt);
        for (const decision of decisions) {
          try {
            const outcome = await inTransaction(tx, (sp) =>
              applyLeasingDecision({ tx: sp, actor: decisionActor(decision), now }, decision),
            );
            ofCompany[outcome] += 1;
          } catch (error) {
            ofCompany.failed += 1;
            deps.log?.error(
              { err: error, leasingAgreementId: decision.leasingAgreementId },
              "leasing decision could not be applied; it waits for the next sync",
            );
          }
        }
        await lockRows(
          tx,
          "leasingCompany",
          tx.update(leasingCompanies).set({ lastFetchedAt: now }).where(eq(leasingCompanies.id, company.id)),
        );
        return ofCompany;
      });
      result.applied += counted.applied;
      result.skipped += counted.skipped;
      result.failed += counted.failed;
    } catch (error) {
      result.failed += 1;
      deps.log?.error({ err: error, leasingCompanyId: company.id }, "leasing company sync failed");
    }
  }
  if (result.applied + result.skipped + result.failed > 0) deps.log?.info(result, "leasing decisions synced");
  return result;
}
