import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  TBikeRedemptionDetails,
  TBikeRedemptionSaved,
  TLeaseEndChoiceInput,
  TOpenBikeRedemption,
} from "../../../../contract/bike-redemptions.ts";
import { apiFetch } from "../../../lib/api-client.ts";
import { MY_ORDERS_KEY } from "../mybike-api.ts";

/**
 * The employee's calls of the lease's end (src/contract/bike-redemptions.ts): their case with its
 * offer, options and price table; their choice; opening an early end for their own order. Type-only
 * imports of the contract keep zod out of the page's chunk. The case lives under the orders' key, so
 * what changes an order refreshes it, and a choice refreshes the orders (their timeline) and the
 * employee's payments (a redemption's payment is made at once).
 */

export type TLeaseEndCase = TBikeRedemptionDetails;

const enc = encodeURIComponent;
const caseKey = (id: string) => [...MY_ORDERS_KEY, "lease-end", id] as const;

export function useLeaseEndCase(id: string) {
  return useQuery({
    queryKey: caseKey(id),
    queryFn: () => apiFetch<TLeaseEndCase>(`/api/bike-redemption/${enc(id)}`),
    // The section says itself when the case cannot be read.
    meta: { silent: true },
  });
}

/** POST /api/bike-redemption/{id}/choice: the case as it is after the choice. */
export function useChooseLeaseEnd(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TLeaseEndChoiceInput) =>
      apiFetch<TLeaseEndCase>(`/api/bike-redemption/${enc(id)}/choice`, { method: "POST", body }),
    // The form shows the refusal at its field or above its button.
    meta: { silent: true },
    onSuccess: (details) => {
      queryClient.setQueryData(caseKey(id), details);
      return queryClient.invalidateQueries({ queryKey: MY_ORDERS_KEY });
    },
  });
}

/** POST /api/bike-redemption: an early end of the employee's own lease (resigned, or a long absence). */
export function useOpenEarlyEnd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TOpenBikeRedemption) =>
      apiFetch<TBikeRedemptionSaved>("/api/bike-redemption", { method: "POST", body }),
    meta: { silent: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(caseKey(saved.bikeRedemption.id), saved.bikeRedemption);
      return queryClient.invalidateQueries({ queryKey: MY_ORDERS_KEY });
    },
  });
}
