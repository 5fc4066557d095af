import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  redemptionsApi as api,
  type TBikeRedemptionDetails,
  type TOpenBikeRedemption,
  type TRedemptionChoiceInput,
} from "../../../../contract/bike-redemptions.ts";
import { callEndpoint, endpointKey, useEndpointQuery } from "../../../lib/endpoint-client.ts";
import { refreshMyBike } from "../mybike-api.ts";

/**
 * The employee's calls of the lease's end (src/contract/bike-redemptions.ts): their case with its
 * offer, options and price table; their choice; opening an early end for their own order. The case is
 * cached under the endpoint's own key, the one the helpdesk's and the employer's screens read it by; a
 * choice refreshes the orders (their timeline) and the employee's payments (a redemption's payment is
 * made at once).
 */

export type TRedemption = TBikeRedemptionDetails;

const caseKey = (id: string) => endpointKey(api.details, { params: { id } });

export function useRedemptionCase(id: string) {
  return useEndpointQuery(
    api.details,
    { params: { id } },
    // The section says itself when the case cannot be read.
    { meta: { silent: true } },
  );
}

/** POST /api/bike-redemption/{id}/choice: the case as it is after the choice. */
export function useChooseRedemption(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TRedemptionChoiceInput) => callEndpoint(api.choose, { params: { id }, body }),
    // The form shows the refusal at its field or above its button.
    meta: { silent: true },
    onSuccess: (details) => {
      queryClient.setQueryData(caseKey(id), details);
      return refreshMyBike(queryClient);
    },
  });
}

/** POST /api/bike-redemption: an early end of the employee's own lease (resigned, or a long absence). */
export function useOpenEarlyEnd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TOpenBikeRedemption) => callEndpoint(api.open, { body }),
    meta: { silent: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(caseKey(saved.bikeRedemption.id), saved.bikeRedemption);
      return refreshMyBike(queryClient);
    },
  });
}
