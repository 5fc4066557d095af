import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  BIKE_BROKERAGE_ERRORS,
  BIKE_BROKERAGE_NETWORK_ERRORS,
  BIKE_BROKERAGE_PAGE_SIZE,
  type BikeBrokerageCall,
  type TBikeBrokerage,
  type TBikeBrokerageDetails,
  type TCreateBikeBrokerage,
  type TUpdateBikeBrokerage,
  zBikeBrokerageDetails,
  zBikeBrokeragePage,
  zBikeBrokerageSaved,
  zBrokerageInquiry,
} from "../../../../../contract/bike-brokerage.ts";
import { ordersApi } from "../../../../../contract/orders.ts";
import { tasksApi } from "../../../../../contract/tasks.ts";
import { SIMPLE_STATES, type SimpleState } from "../../../../../domain/enums.ts";
import { ApiError, type ApiFetchOptions, apiFetch } from "../../../../lib/api-client.ts";
import { callEndpoint, endpointKey } from "../../../../lib/endpoint-client.ts";

/**
 * The helpdesk's calls of the bike brokerage (src/contract/bike-brokerage.ts): the paged list, one
 * bike with its inquiries and events, adding (from an order found by its number, or by hand),
 * changing, deleting, and marking an inquiry handled.
 */

export type { TBikeBrokerage, TBikeBrokerageDetails, TCreateBikeBrokerage, TUpdateBikeBrokerage };

export const BROKERAGE_KEY = ["bike-brokerage"] as const;
/** The helpdesk's tasks, which count the inquiries waiting for an answer. */
const TASKS_KEY = endpointKey(tasksApi.list);
const SILENT = { silent: true };
const enc = encodeURIComponent;

/**
 * SPEC §8: a brokerage call rejects with the server's own error when it sent one; with 'Network error
 * while … bike brokerage' when no answer came; else with 'Failed to … bike brokerage(s)'.
 */
export async function brokerageCall<T>(
  call: BikeBrokerageCall,
  path: string,
  options: ApiFetchOptions<T> = {},
): Promise<T> {
  try {
    return await apiFetch(path, options);
  } catch (error) {
    if (!(error instanceof ApiError) || error.bodyReadable) throw error;
    const message = error.status === 0 ? BIKE_BROKERAGE_NETWORK_ERRORS[call] : BIKE_BROKERAGE_ERRORS[call];
    throw new ApiError({ status: error.status, code: error.code, message, bodyReadable: false });
  }
}

export const FILTER_KEYS = ["search", "status", "listed", "openInquiries"] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type BrokerageFilter = {
  search: string;
  status: SimpleState | "";
  listed: "" | "true" | "false";
  openInquiries: "" | "true";
  page: number;
};

const flag = (value: string | null): "" | "true" | "false" =>
  value === "true" || value === "false" ? value : "";

/** The list's filters from the address, with what the API would refuse left out. */
export function brokerageFilterOf(params: URLSearchParams): BrokerageFilter {
  const status = params.get("status") ?? "";
  const page = Number(params.get("page"));
  return {
    search: (params.get("search") ?? "").trim().slice(0, 100),
    status: (SIMPLE_STATES as readonly string[]).includes(status) ? (status as SimpleState) : "",
    listed: flag(params.get("listed")),
    openInquiries: params.get("openInquiries") === "true" ? "true" : "",
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export function brokeragePath(filter: BrokerageFilter): string {
  const params = new URLSearchParams({ page: String(filter.page), limit: String(BIKE_BROKERAGE_PAGE_SIZE) });
  for (const key of FILTER_KEYS) if (filter[key]) params.set(key, filter[key]);
  return `/api/bike-brokerage?${params}`;
}

/** GET /api/bike-brokerage: one page, newest first; the previous page stays while the next loads. */
export function useBrokerageBikes(filter: BrokerageFilter) {
  return useQuery({
    queryKey: [...BROKERAGE_KEY, "list", filter],
    queryFn: () => brokerageCall("fetch", brokeragePath(filter), { schema: zBikeBrokeragePage }),
    placeholderData: keepPreviousData,
    // The table shows its own error state with a retry.
    meta: SILENT,
  });
}

const bikePath = (id: string) => `/api/bike-brokerage/${enc(id)}`;

/** GET /api/bike-brokerage/{id}; the page says itself when it is gone (404). */
export function useBrokerageBike(id: string) {
  return useQuery({
    queryKey: [...BROKERAGE_KEY, "detail", id],
    queryFn: () => brokerageCall("fetch", bikePath(id), { schema: zBikeBrokerageDetails }),
    meta: SILENT,
  });
}

/** The order a number names, for adding its bike (GET /api/orders/all searches by the exact number). */
export async function findOrderByNumber(orderNumber: number) {
  const page = await callEndpoint(ordersApi.list, {
    query: { search: String(orderNumber), page: 1, limit: 1 },
  });
  return page.items.find((order) => order.orderNumber === orderNumber) ?? null;
}

function useRefreshing<V, R>(call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // The form or the action bar shows the error by its code.
    meta: SILENT,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: TASKS_KEY });
      return queryClient.invalidateQueries({ queryKey: BROKERAGE_KEY });
    },
  });
}

/** POST /api/bike-brokerage: answers the new bike. */
export function useAddBike() {
  return useRefreshing((body: TCreateBikeBrokerage) =>
    brokerageCall("create", "/api/bike-brokerage", { method: "POST", body, schema: zBikeBrokerageSaved }),
  );
}

/** PUT /api/bike-brokerage/{id}: fields, listing, sold or withdrawn. */
export function useChangeBike(id: string) {
  return useRefreshing((body: TUpdateBikeBrokerage) =>
    brokerageCall("update", bikePath(id), { method: "PUT", body, schema: zBikeBrokerageSaved }),
  );
}

/** DELETE /api/bike-brokerage/{id}. */
export function useDeleteBike(id: string) {
  return useRefreshing(() => brokerageCall("delete", bikePath(id), { method: "DELETE" }));
}

/** PUT /api/bike-brokerage/inquiries/{inquiryId}. */
export function useInquiryHandled() {
  return useRefreshing(({ inquiryId, handled }: { inquiryId: string; handled: boolean }) =>
    brokerageCall("update", `/api/bike-brokerage/inquiries/${enc(inquiryId)}`, {
      method: "PUT",
      body: { handled },
      schema: zBrokerageInquiry,
    }),
  );
}
