import { keepPreviousData, type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  redemptionsApi as api,
  type TBikeRedemptionDetails,
  type TBikeRedemptionsQuery,
  type TOpenBikeRedemption,
  type TRedemptionChoiceInput,
} from "../../../../contract/bike-redemptions.ts";
import type { RedemptionReason, SimpleState } from "../../../../domain/enums.ts";
import { callEndpoint, endpointKey, useEndpointQuery } from "../../../lib/endpoint-client.ts";
import { refreshQueries, SILENT } from "../../../lib/query-client.ts";
import { refreshEmployees } from "../employees/employees-api.ts";
import { refreshEmployerOrders } from "../orders/orders-api.ts";

/**
 * The employer's calls of the lease's end (src/contract/bike-redemptions.ts): the companies' cases
 * (scoped by the server, orders.read), one case with its options, choosing for an employee and opening
 * an early end (employees.manage). After a change the cases, the orders (their timeline) and the
 * employees refetch.
 */

export type TRedemption = TBikeRedemptionDetails;

/** The cases' reads every side shares: the lists and each case. */
const REDEMPTION_READS = [api.list, api.details] as const;
export const REDEMPTIONS_PAGE_SIZE = 10;

export type RedemptionFilter = { status: SimpleState | ""; reason: RedemptionReason | ""; page: number };

/** What the list asks for the filters: the page, 10 a page, and the filters given. */
function redemptionQuery({ status, reason, page }: RedemptionFilter): Partial<TBikeRedemptionsQuery> {
  return {
    page,
    limit: REDEMPTIONS_PAGE_SIZE,
    ...(status ? { status } : {}),
    ...(reason ? { reason } : {}),
  };
}

/** GET /api/bike-redemption: one page of the companies' cases, newest first, as `{ items, total }`. */
export function useRedemptions(filter: RedemptionFilter) {
  return useEndpointQuery(
    api.list,
    { query: redemptionQuery(filter) },
    {
      select: (data) => ({ items: data.items, total: data.totalCount }),
      placeholderData: keepPreviousData,
      // The table shows its own error state with a retry.
      meta: SILENT,
    },
  );
}

/** The open case of an order, if any: the list searched by the order's number. */
export function useOpenRedemptionOf(order: { orderId: string; orderNumber: number }, enabled: boolean) {
  return useEndpointQuery(
    api.list,
    { query: { search: String(order.orderNumber), status: "PENDING", page: 1, limit: 5 } },
    {
      enabled,
      select: (data) => data.items.find((item) => item.order.orderId === order.orderId) ?? null,
      meta: SILENT,
    },
  );
}

export function useRedemption(id: string | null) {
  return useEndpointQuery(api.details, { params: { id: id ?? "" } }, { enabled: id !== null, meta: SILENT });
}

/** After a choice or an early end: the cases, and the orders (their timeline) and employees it moves. */
function refreshRedemptions(queryClient: QueryClient) {
  void refreshEmployerOrders(queryClient);
  void refreshEmployees(queryClient, "all");
  return refreshQueries(
    queryClient,
    REDEMPTION_READS.map((read) => endpointKey(read)),
  );
}

function useRedemptionChange<V, R>(call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // The form shows the refusal at its field or above its button.
    meta: SILENT,
    onSuccess: () => refreshRedemptions(queryClient),
  });
}

/** POST /api/bike-redemption/{id}/choice, for an employee (e.g. one who has left). */
export function useChooseForEmployee(id: string) {
  return useRedemptionChange((body: TRedemptionChoiceInput) =>
    callEndpoint(api.choose, { params: { id }, body }),
  );
}

/** POST /api/bike-redemption: an early end the employer opens for an employee's lease. */
export function useOpenEarlyEnd() {
  return useRedemptionChange((body: TOpenBikeRedemption) => callEndpoint(api.open, { body }));
}
