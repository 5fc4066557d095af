import { keepPreviousData, type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { endpointUrl } from "../../../../contract/endpoint.ts";
import {
  orderCancellationsApi,
  type TCreateOrderCancellation,
} from "../../../../contract/order-cancellations.ts";
import { callEndpoint, endpointKey, useEndpointQuery } from "../../../lib/endpoint-client.ts";
import { refreshQueries } from "../../../lib/query-client.ts";
import { refreshEmployerOrders } from "../orders/orders-api.ts";

/**
 * The employer's calls of order cancellations (src/contract/order-cancellations.ts): the companies'
 * cancellations, read only (scoped by the server), cancelling an order with a reason (at once before
 * the order is confirmed, else a request to the helpdesk) and withdrawing the employer's own request.
 */

export const CANCELLATIONS_PAGE_SIZE = 10;

const pageQuery = (page: number) => ({ page, limit: CANCELLATIONS_PAGE_SIZE });

/** The address of one page of the companies' cancellations. */
export function companyCancellationsPath(page: number): string {
  return endpointUrl(orderCancellationsApi.list, { query: pageQuery(page) });
}

export function useCompanyCancellations(page: number) {
  return useEndpointQuery(
    orderCancellationsApi.list,
    { query: pageQuery(page) },
    // The table shows its own error state with a retry.
    { placeholderData: keepPreviousData, meta: { silent: true } },
  );
}

/** After a cancellation or its withdrawal: the cancellations, and the orders it waits for. */
function refreshCompanyCancellations(queryClient: QueryClient) {
  void refreshQueries(
    queryClient,
    [orderCancellationsApi.list, orderCancellationsApi.details].map((read) => endpointKey(read)),
  );
  return refreshEmployerOrders(queryClient);
}

function useCancellationChange<V, R>(call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    meta: { silent: true },
    onSuccess: () => refreshCompanyCancellations(queryClient),
  });
}

export function useCancelCompanyOrder() {
  return useCancellationChange((body: TCreateOrderCancellation) =>
    callEndpoint(orderCancellationsApi.create, { body }),
  );
}

export function useWithdrawCompanyCancellation() {
  return useCancellationChange((orderCancellationId: string) =>
    callEndpoint(orderCancellationsApi.withdraw, { params: { id: orderCancellationId } }),
  );
}
