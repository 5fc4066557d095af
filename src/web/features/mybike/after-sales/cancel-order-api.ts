import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TOrderCancellationDetails } from "../../../../contract/order-cancellations.ts";
import { apiFetch } from "../../../lib/api-client.ts";
import { MY_ORDERS_KEY } from "../mybike-api.ts";

/**
 * The employee's calls of order cancellations (src/contract/order-cancellations.ts): cancelling their
 * own order, or asking the helpdesk to, with a reason; withdrawing their own request. Type-only imports
 * keep zod out of the page's chunk. The order's state comes with the employee's orders (afterSales).
 */

const enc = encodeURIComponent;

function useAfterOrders<V, R>(call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // The section shows the error where the employee acted.
    meta: { silent: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["my-benefit"] });
      return queryClient.invalidateQueries({ queryKey: MY_ORDERS_KEY });
    },
  });
}

export function useCancelOrder() {
  return useAfterOrders((body: { orderId: string; reason: string }) =>
    apiFetch<TOrderCancellationDetails>("/api/order-cancellations", { method: "POST", body }),
  );
}

export function useWithdrawCancellation() {
  return useAfterOrders((orderCancellationId: string) =>
    apiFetch<{ message: string }>(`/api/order-cancellations/${enc(orderCancellationId)}`, {
      method: "DELETE",
    }),
  );
}
