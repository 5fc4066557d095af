import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zOrderIdParams } from "./orders.ts";

/**
 * Strong electronic identification when signing (src/domain/identification.ts): the platform's public
 * keys, and the start of a signature or an approval at the broker. The broker sends the browser back to
 * GET /api/identification/callback, which signs or approves and sends it on to the page it came from.
 */

/** A JSON Web Key Set: public keys only. */
export const zJwks = lazy(() => z.object({ keys: z.array(z.record(z.string(), z.unknown())) }));

/** Where the browser goes next: the broker's page with the signed request. */
export const zIdentificationStart = lazy(() => z.object({ redirectUrl: z.url() }));
export type TIdentificationStart = z.infer<typeof zIdentificationStart>;

export const identificationApi = lazy(() => ({
  jwks: endpoint({
    method: "GET",
    path: "/oidc/jwks",
    summary:
      "The platform's public keys for OpenID Connect: brokers check its signed requests with them and encrypt to it",
    response: zJwks,
    errors: [],
  }),
  startSigning: endpoint({
    method: "POST",
    path: "/orders/:orderId/sign/strong",
    summary:
      "The employee starts signing the leasing agreement with strong electronic identification: answers the broker's address",
    params: zOrderIdParams,
    response: zIdentificationStart,
    errors: [400, 401, 403, 404, 409, 429, 503],
  }),
  startApproval: endpoint({
    method: "POST",
    path: "/orders/:orderId/employer-decision/strong",
    summary:
      "The employer starts approving the order with strong electronic identification: answers the broker's address",
    params: zOrderIdParams,
    response: zIdentificationStart,
    errors: [400, 401, 403, 404, 409, 429, 503],
  }),
}));
