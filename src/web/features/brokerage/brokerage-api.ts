import { keepPreviousData, type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  brokerageApi as api,
  type TBrokerageInquiryInput,
  type TListedBike,
  type TListedBikesQuery,
} from "../../../contract/bike-brokerage.ts";
import { callEndpoint, endpointKey, useEndpointQuery } from "../../lib/endpoint-client.ts";
import { refreshQueries } from "../../lib/query-client.ts";

/**
 * The calls of /bikeBrokerageService (src/contract/bike-brokerage.ts): the bikes for sale and asking to
 * buy one.
 */

export type { TBrokerageInquiryInput, TListedBike };

/** The public cards come 12 a page (the contract's LISTED_BIKES_PAGE_SIZE). */
export const CARDS_PAGE_SIZE = 12;

export type ListedFilter = { search: string; frameSize: string; page: number };

/** What the cards ask for the filters: the page, 12 a page, the search and the frame size given. */
function listedQuery({ search, frameSize, page }: ListedFilter): Partial<TListedBikesQuery> {
  return {
    page,
    limit: CARDS_PAGE_SIZE,
    ...(search.trim() ? { search: search.trim() } : {}),
    ...(frameSize ? { frameSize } : {}),
  };
}

/** GET /api/bike-brokerage/listed: one page of cards; the previous page stays while the next loads. */
export function useListedBikes(filter: ListedFilter) {
  return useEndpointQuery(
    api.listed,
    { query: listedQuery(filter) },
    {
      placeholderData: keepPreviousData,
      // The page shows its own error state with a retry.
      meta: { silent: true },
    },
  );
}

/** The cards, after a bike went off sale while the visitor read them. */
function refreshListedBikes(queryClient: QueryClient) {
  return refreshQueries(queryClient, [endpointKey(api.listed)]);
}

/** POST /api/bike-brokerage/{id}/inquiries; a bike that went off sale meanwhile refetches the cards. */
export function useAskAboutBike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bikeId, body }: { bikeId: string; body: TBrokerageInquiryInput }) =>
      callEndpoint(api.inquire, { params: { id: bikeId }, body }),
    // The dialog shows the error at its fields or in its alert.
    meta: { silent: true },
    onError: () => refreshListedBikes(queryClient),
  });
}
