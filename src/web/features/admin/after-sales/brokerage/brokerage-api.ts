import { keepPreviousData, type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  brokerageApi as api,
  BIKE_BROKERAGE_ERRORS,
  BIKE_BROKERAGE_NETWORK_ERRORS,
  BIKE_BROKERAGE_PAGE_SIZE,
  type BikeBrokerageCall,
  type TBikeBrokerage,
  type TBikeBrokerageDetails,
  type TCreateBikeBrokerage,
  type TUpdateBikeBrokerage,
  zBikeBrokeragesQuery,
} from "../../../../../contract/bike-brokerage.ts";
import type {
  EndpointDef,
  EndpointInput,
  EndpointQuery,
  EndpointResponse,
} from "../../../../../contract/endpoint.ts";
import { ordersApi } from "../../../../../contract/orders.ts";
import { tasksApi } from "../../../../../contract/tasks.ts";
import type { SimpleState } from "../../../../../domain/enums.ts";
import { ApiError } from "../../../../lib/api-client.ts";
import { callEndpoint, endpointKey, useEndpointQuery } from "../../../../lib/endpoint-client.ts";
import { filtersFromAddress } from "../../../../lib/filter-params.ts";
import { refreshQueries, SILENT } from "../../../../lib/query-client.ts";

/**
 * The helpdesk's calls of the bike brokerage (src/contract/bike-brokerage.ts): the paged list, one
 * bike with its inquiries and events, adding (from an order found by its number, or by hand),
 * changing, deleting, and marking an inquiry handled.
 */

export type { TBikeBrokerage, TBikeBrokerageDetails, TCreateBikeBrokerage, TUpdateBikeBrokerage };

/** The brokerage's reads a change makes stale: the lists (the public cards too) and each bike. */
const BROKERAGE_READS = [api.list, api.details, api.listed] as const;
/** The helpdesk's tasks, which count the inquiries waiting for an answer. */
const TASKS_KEY = endpointKey(tasksApi.list);

/**
 * docs/product.md "Errors": a brokerage call rejects with the server's own error when it sent one; with 'Network error
 * while … bike brokerage' when no answer came; else with 'Failed to … bike brokerage(s)'.
 */
export async function brokerageCall<const E extends EndpointDef>(
  call: BikeBrokerageCall,
  definition: E,
  input: EndpointInput<E>,
  options: { signal?: AbortSignal } = {},
): Promise<EndpointResponse<E>> {
  try {
    return await callEndpoint(definition, input, options);
  } catch (error) {
    if (!(error instanceof ApiError) || error.bodyReadable) throw error;
    const message = error.status === 0 ? BIKE_BROKERAGE_NETWORK_ERRORS[call] : BIKE_BROKERAGE_ERRORS[call];
    throw new ApiError({ status: error.status, code: error.code, message, bodyReadable: false });
  }
}

const FILTER_KEYS = ["search", "status", "listed", "openInquiries"] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type BrokerageFilter = {
  search: string;
  status: SimpleState | "";
  listed: "" | "true" | "false";
  openInquiries: "" | "true";
  page: number;
};

/** The list's filters from the address, read through the list's query schema: what the API would refuse is left out. */
export function brokerageFilterOf(params: URLSearchParams): BrokerageFilter {
  const { values } = filtersFromAddress(zBikeBrokeragesQuery, params);
  return {
    search: values.search ?? "",
    status: values.status ?? "",
    listed: values.listed === undefined ? "" : values.listed ? "true" : "false",
    openInquiries: values.openInquiries ? "true" : "",
    page: values.page,
  };
}

/** What the list asks for the filters: the page, 20 a page, and the filters given. */
function brokerageQuery(filter: BrokerageFilter): EndpointQuery<typeof api.list> {
  return {
    page: filter.page,
    limit: BIKE_BROKERAGE_PAGE_SIZE,
    ...(filter.search ? { search: filter.search } : {}),
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.listed ? { listed: filter.listed } : {}),
    ...(filter.openInquiries ? { openInquiries: filter.openInquiries } : {}),
  };
}

/** GET /api/bike-brokerage: one page, newest first; the previous page stays while the next loads. */
export function useBrokerageBikes(filter: BrokerageFilter) {
  return useEndpointQuery(
    api.list,
    { query: brokerageQuery(filter) },
    {
      call: (definition, input, options) => brokerageCall("fetch", definition, input, options),
      placeholderData: keepPreviousData,
      // The table shows its own error state with a retry.
      meta: SILENT,
    },
  );
}

/** GET /api/bike-brokerage/{id}; the page says itself when it is gone (404). */
export function useBrokerageBike(id: string) {
  return useEndpointQuery(
    api.details,
    { params: { id } },
    {
      call: (definition, input, options) => brokerageCall("fetch", definition, input, options),
      meta: SILENT,
    },
  );
}

/** The order a number names, for adding its bike (GET /api/orders/all searches by the exact number). */
export async function findOrderByNumber(orderNumber: number) {
  const page = await callEndpoint(ordersApi.list, {
    query: { search: String(orderNumber), page: 1, limit: 1 },
  });
  return page.items.find((order) => order.orderNumber === orderNumber) ?? null;
}

/** After a change of a bike or an inquiry: the brokerage's reads and the tasks that count inquiries. */
function refreshBrokerage(queryClient: QueryClient) {
  return refreshQueries(queryClient, [TASKS_KEY, ...BROKERAGE_READS.map((read) => endpointKey(read))]);
}

function useBrokerageChange<V, R>(call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // The form or the action bar shows the error by its code.
    meta: SILENT,
    onSuccess: () => refreshBrokerage(queryClient),
  });
}

/** POST /api/bike-brokerage: answers the new bike. */
export function useAddBike() {
  return useBrokerageChange((body: TCreateBikeBrokerage) => brokerageCall("create", api.create, { body }));
}

/** PUT /api/bike-brokerage/{id}: fields, listing, sold or withdrawn. */
export function useChangeBike(id: string) {
  return useBrokerageChange((body: TUpdateBikeBrokerage) =>
    brokerageCall("update", api.update, { params: { id }, body }),
  );
}

/** DELETE /api/bike-brokerage/{id}. */
export function useDeleteBike(id: string) {
  return useBrokerageChange(() => brokerageCall("delete", api.remove, { params: { id } }));
}

/** PUT /api/bike-brokerage/inquiries/{inquiryId}. */
export function useInquiryHandled() {
  return useBrokerageChange(({ inquiryId, handled }: { inquiryId: string; handled: boolean }) =>
    brokerageCall("update", api.setInquiryHandled, { params: { inquiryId }, body: { handled } }),
  );
}
