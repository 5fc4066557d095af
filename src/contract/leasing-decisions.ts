import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zLeasingAgreementIdParams } from "./leasing-agreements.ts";
import { zMultiLineText, zSingleLineText } from "./text.ts";

/**
 * The leasing company's decisions on agreements. The admin tier (leasing.manage).
 *
 * - POST /api/leasing-agreements/{id}/decision `zLeasingDecisionInput` → 202 `{ id }`: records the
 *   leasing company's decision on an agreement that waits for it (PENDING) for the default gateway,
 *   which hands it to the sync job. 409 LEASING_DECISION_NOT_ALLOWED when the agreement is not PENDING
 *   or a decision already waits; 409 AGREEMENT_NUMBER_TAKEN when the company has that number already.
 * - POST /api/leasing-agreements/sync → `{ applied }`: runs the sync job now (it runs every 10 minutes):
 *   every leasing company's gateway is asked for decisions and each is applied (ACCEPTED: the agreement
 *   ACCEPTED with its number; REJECTED: REJECTED with the reason, event LEASING_AGREEMENT_REJECTED).
 *   An accepted agreement does not move the order: the helpdesk processes it. GET /api/last-fetch-time
 *   answers when the sync last ran.
 */

const LEASING_DECISIONS = ["ACCEPTED", "REJECTED"] as const;

export const zLeasingDecisionInput = lazy(() =>
  z.object({
    decision: z.enum(LEASING_DECISIONS),
    /** The leasing company's contract number (kept when accepted). */
    agreementNumber: zSingleLineText({ min: 1, max: 50 }).optional(),
    /** Why the leasing company refused (kept when rejected). */
    reason: zMultiLineText({ max: 1000 }).optional(),
  }),
);
export type TLeasingDecisionInput = z.infer<typeof zLeasingDecisionInput>;

const zLeasingDecisionRecorded = lazy(() => z.object({ id: z.uuid() }));
const zLeasingSyncResult = lazy(() => z.object({ applied: z.int() }));
export type TLeasingSyncResult = z.infer<typeof zLeasingSyncResult>;

/** The admin tier's calls (leasing.manage). */
export const leasingDecisionsApi = lazy(() => ({
  record: endpoint({
    method: "POST",
    path: "/leasing-agreements/:id/decision",
    summary: "Records the leasing company's decision on a PENDING agreement; the sync job applies it",
    params: zLeasingAgreementIdParams,
    body: zLeasingDecisionInput,
    status: 202,
    response: zLeasingDecisionRecorded,
    errors: [400, 401, 403, 404, 409],
  }),
  sync: endpoint({
    method: "POST",
    path: "/leasing-agreements/sync",
    summary: "Applies the leasing companies' decisions now (the job runs every 10 minutes)",
    response: zLeasingSyncResult,
    errors: [400, 401, 403],
  }),
}));
