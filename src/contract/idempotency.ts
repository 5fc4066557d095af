import { z } from "zod";
import { IDEMPOTENCY_KEY_PATTERN } from "../domain/idempotency.ts";
import { lazy } from "./lazy.ts";

export { IDEMPOTENT_REPLAYED_HEADER } from "../domain/idempotency.ts";

/**
 * The `Idempotency-Key` header of the calls that move money (src/domain/idempotency.ts). An endpoint
 * takes it when its description says `idempotent: true` (src/contract/endpoint.ts): the route then
 * validates the header and the idempotency plugin (src/server/plugins/idempotency.ts) keeps the first
 * call's answer under the key. The header is optional: a call without it acts as before.
 *
 * - The same key again, from the same user, to the same method and address with the same body: the
 *   first call's status and body, with `Idempotent-Replayed: true`, and nothing is done again.
 * - The same key with another body (or address): 422 IDEMPOTENCY_KEY_REUSED.
 * - The same key while its first call is still under way: 409 IDEMPOTENCY_KEY_IN_USE (try again).
 * - A key lives 24 hours; an answer of a server failure (5xx) is not kept, so the call may be tried again.
 */

const zIdempotencyKey = lazy(() =>
  z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN, "8–100 characters of A–Z, a–z, 0–9, _ and -")
    .describe(
      "A key of the client's own for this one action (a UUID made when the person pressed the button), " +
        "sent again when the call is retried: the first call's answer comes back and nothing is done twice. " +
        "Kept 24 hours per user; the same key with another body is 422 IDEMPOTENCY_KEY_REUSED.",
    ),
);

/** The headers an idempotent endpoint validates: the key if sent, every other header as it is. */
export const zIdempotencyHeaders = lazy(() =>
  z.looseObject({ "idempotency-key": zIdempotencyKey.optional() }),
);
