import { and, asc, eq, isNull } from "drizzle-orm";
import { lockRows } from "../../db/lock-order.ts";
import { leasingAgreements, leasingDecisions } from "../../db/schema/index.ts";
import type { Tx } from "../../db/transaction.ts";

/**
 * How Pedaali talks to a leasing company (docs/api-surface.md "Leasing"). An agreement the employee signed is
 * submitted for the leasing company's credit decision; the decisions come back through the sync job
 * (jobs/leasing-sync.ts, every 10 minutes and on POST /api/leasing-agreements/sync), which applies
 * them alike whatever the gateway.
 *
 * None of the leasing companies has an API we use yet, so every company has the default gateway: the
 * helpdesk handles the application with the leasing company outside Pedaali and records the answer
 * (POST /api/leasing-agreements/{id}/decision) in leasing_decisions, where the default gateway reads it.
 * A company with an API gets a gateway of its own in `gatewayRegistry`, and nothing else changes.
 */

/** What a gateway sends of an agreement. */
type AgreementSubmission = {
  agreementId: string;
  orderId: string;
  orderNumber: number;
  leasingCompanyId: string;
  leaseTimeMonths: number;
  monthlyPaymentCents: number;
  totalPriceCents: number;
  residualValueCents: number | null;
  commitmentDate: string | null;
};

/** A leasing company's decision on one agreement. */
export type LeasingDecision = {
  /** The leasing_decisions row it came from; absent when it came from a leasing company's API. */
  decisionId?: string;
  leasingAgreementId: string;
  decision: "ACCEPTED" | "REJECTED";
  agreementNumber: string | null;
  reason: string | null;
  /** Who recorded it (the default gateway), for the event log. */
  decidedByUserId: string | null;
};

export interface LeasingCompanyGateway {
  /** Hands the signed agreement to the leasing company; a reference the company gives is returned. */
  submitAgreement(tx: Tx, agreement: AgreementSubmission): Promise<{ reference?: string }>;
  /**
   * The decisions not applied yet on this leasing company's agreements (`since`: the last fetch, for
   * an API that pages by time; null the first time). Called in the sync's transaction: the default
   * gateway locks the rows it answers, so two syncs at once never apply one decision twice.
   */
  fetchDecisions(tx: Tx, leasingCompanyId: string, since: Date | null): Promise<LeasingDecision[]>;
}

/** The default gateway: the helpdesk records the leasing company's answer; nothing is sent anywhere. */
export const adminDecisionGateway: LeasingCompanyGateway = {
  async submitAgreement() {
    return {};
  },

  async fetchDecisions(tx, leasingCompanyId) {
    const rows = await lockRows(
      tx,
      "leasingDecision",
      tx
        .select({
          decisionId: leasingDecisions.id,
          leasingAgreementId: leasingDecisions.leasingAgreementId,
          decision: leasingDecisions.decision,
          agreementNumber: leasingDecisions.agreementNumber,
          reason: leasingDecisions.reason,
          decidedByUserId: leasingDecisions.decidedByUserId,
        })
        .from(leasingDecisions)
        .innerJoin(leasingAgreements, eq(leasingAgreements.id, leasingDecisions.leasingAgreementId))
        .where(
          and(isNull(leasingDecisions.appliedAt), eq(leasingAgreements.leasingCompanyId, leasingCompanyId)),
        )
        .orderBy(asc(leasingDecisions.createdAt), asc(leasingDecisions.id))
        .for("update", { of: leasingDecisions, skipLocked: true }),
    );
    return rows.map((row) => ({
      ...row,
      decision: row.decision === "ACCEPTED" ? "ACCEPTED" : "REJECTED",
    }));
  },
};

/** Which gateway serves a leasing company. */
export type GatewayRegistry = {
  forLeasingCompany(leasingCompanyId: string): LeasingCompanyGateway;
  /** Whether the company's decisions are recorded by the helpdesk (POST .../decision). */
  usesAdminDecisions(leasingCompanyId: string): boolean;
};

/**
 * The gateways by leasing company id; every company not named has the default. Tests (and, later, a
 * configured API integration) pass their own.
 */
export function gatewayRegistry(
  own: ReadonlyMap<string, LeasingCompanyGateway> = new Map(),
): GatewayRegistry {
  return {
    forLeasingCompany: (id) => own.get(id) ?? adminDecisionGateway,
    usesAdminDecisions: (id) => (own.get(id) ?? adminDecisionGateway) === adminDecisionGateway,
  };
}
