import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  orderCancellationsApi,
  type TCreateOrderCancellation,
} from "../../../../contract/order-cancellations.ts";
import { callEndpoint, endpointKey } from "../../../lib/endpoint-client.ts";
import { refreshQueries } from "../../../lib/query-client.ts";
import { refreshMyBike } from "../mybike-api.ts";

/**
 * The employee's calls of order cancellations (src/contract/order-cancellations.ts): cancelling their
 * own order, or asking the helpdesk to, with a reason; withdrawing their own request. The order's state
 * comes with the employee's orders (afterSales).
 */

/** After a cancellation or its withdrawal: the cancellations, and the employee's orders it waits for. */
function refreshMyCancellations(queryClient: QueryClient) {
  void refreshQueries(
    queryClient,
    [orderCancellationsApi.list, orderCancellationsApi.details].map((read) => endpointKey(read)),
  );
  return refreshMyBike(queryClient);
}

function useAfterOrders<V, R>(call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // The section shows the error where the employee acted.
    meta: { silent: true },
    onSuccess: () => refreshMyCancellations(queryClient),
  });
}

export function useCancelOrder() {
  return useAfterOrders((body: TCreateOrderCancellation) =>
    callEndpoint(orderCancellationsApi.create, { body }),
  );
}

export function useWithdrawCancellation() {
  return useAfterOrders((orderCancellationId: string) =>
    callEndpoint(orderCancellationsApi.withdraw, { params: { id: orderCancellationId } }),
  );
}
