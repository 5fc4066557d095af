import { z } from "zod";
import { HELD_ENTITY_TYPES } from "../domain/enums.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zUserIdParams } from "./system-users.ts";
import { zMultiLineText } from "./text.ts";
import { zDateOnly } from "./values.ts";

/**
 * Erasing a person's data at their request (GDPR art. 17, docs/privacy.md "Erasure"), by the helpdesk
 * (person.erase).
 *
 * - POST /api/system-users/{userId}/erasure — `{ reason }`; 200 `zErasureResult`: the erasure's id and
 *   the records a law keeps, each under a hold. 409 ERASURE_BLOCKED naming what must be settled first
 *   (a running lease, an open order, an open case, money owed), 409 ALREADY_ERASED; 403 for one's own
 *   account or someone of a higher tier; 404 for an unknown user.
 * - GET /api/system-users/{userId}/legal-holds — 200 `{ items }`: the holds still in force.
 */

export const zErasureRequest = lazy(() =>
  z.object({
    /** Why: the person's request as the helpdesk got it. Kept in the event log, so no personal data. */
    reason: zMultiLineText({ min: 1, max: 1000 }),
  }),
);
export type TErasureRequest = z.infer<typeof zErasureRequest>;

const zLegalHold = lazy(() =>
  z.object({
    id: z.uuid(),
    entityType: z.enum(HELD_ENTITY_TYPES),
    entityId: z.uuid(),
    legalBasis: z.string(),
    /** The last day the record is kept (YYYY-MM-DD). */
    endsOn: zDateOnly,
    createdAt: z.iso.datetime(),
  }),
);
export type TLegalHold = z.infer<typeof zLegalHold>;

export const zLegalHolds = lazy(() => z.object({ items: z.array(zLegalHold) }));
export type TLegalHolds = z.infer<typeof zLegalHolds>;

export const zErasureResult = lazy(() =>
  z.object({
    erasureId: z.uuid(),
    holds: z.array(zLegalHold),
  }),
);
export type TErasureResult = z.infer<typeof zErasureResult>;

export const erasureApi = lazy(() => ({
  erase: endpoint({
    method: "POST",
    path: "/system-users/:userId/erasure",
    summary:
      "Erase a person's data (GDPR art. 17); what a law keeps stays under a recorded hold. 409 " +
      "ERASURE_BLOCKED while a lease runs, an order or a case is open or money is owed; 409 ALREADY_ERASED",
    params: zUserIdParams,
    body: zErasureRequest,
    response: zErasureResult,
    errors: [400, 401, 403, 404, 409],
  }),
  holds: endpoint({
    method: "GET",
    path: "/system-users/:userId/legal-holds",
    summary: "The records of an erased person a law still keeps, each with its legal basis and end",
    params: zUserIdParams,
    response: zLegalHolds,
    errors: [400, 401, 403, 404],
  }),
}));
