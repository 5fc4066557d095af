import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  TBrokerageInquiryInput,
  TListedBike,
  TListedBikePage,
} from "../../../contract/bike-brokerage.ts";
import { apiFetch } from "../../lib/api-client.ts";

/**
 * The calls of /bikeBrokerageService (src/contract/bike-brokerage.ts): the bikes for sale and asking to
 * buy one. Type-only imports of the contract keep zod out of this page's chunk.
 */

export type { TBrokerageInquiryInput, TListedBike };

export const LISTED_KEY = ["bike-brokerage-listed"] as const;
/** The public cards come 12 a page (the contract's LISTED_BIKES_PAGE_SIZE). */
export const CARDS_PAGE_SIZE = 12;

export type ListedFilter = { search: string; frameSize: string; page: number };

export function listedPath({ search, frameSize, page }: ListedFilter): string {
  const params = new URLSearchParams({ page: String(page), limit: String(CARDS_PAGE_SIZE) });
  if (search.trim()) params.set("search", search.trim());
  if (frameSize) params.set("frameSize", frameSize);
  return `/api/bike-brokerage/listed?${params}`;
}

/** GET /api/bike-brokerage/listed: one page of cards; the previous page stays while the next loads. */
export function useListedBikes(filter: ListedFilter) {
  return useQuery({
    queryKey: [...LISTED_KEY, filter],
    queryFn: () => apiFetch<TListedBikePage>(listedPath(filter)),
    placeholderData: keepPreviousData,
    // The page shows its own error state with a retry.
    meta: { silent: true },
  });
}

/** POST /api/bike-brokerage/{id}/inquiries; a bike that went off sale meanwhile refetches the cards. */
export function useAskAboutBike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bikeId, body }: { bikeId: string; body: TBrokerageInquiryInput }) =>
      apiFetch<{ message: string }>(`/api/bike-brokerage/${encodeURIComponent(bikeId)}/inquiries`, {
        method: "POST",
        body,
      }),
    // The dialog shows the error at its fields or in its alert.
    meta: { silent: true },
    onError: () => queryClient.invalidateQueries({ queryKey: LISTED_KEY }),
  });
}
