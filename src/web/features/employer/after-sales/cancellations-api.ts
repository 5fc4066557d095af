import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { zMessage } from "../../../../contract/common.ts";
import {
  zOrderCancellationDetails,
  zOrderCancellationPage,
} from "../../../../contract/order-cancellations.ts";
import { apiFetch } from "../../../lib/api-client.ts";
import { EMPLOYER_ORDERS_KEY } from "../orders/orders-api.ts";

/**
 * The employer's calls of order cancellations (src/contract/order-cancellations.ts): the companies'
 * cancellations, read only (scoped by the server), cancelling an order with a reason (at once before
 * the order is confirmed, else a request to the helpdesk) and withdrawing the employer's own request.
 */

export const EMPLOYER_CANCELLATIONS_KEY = ["employer-order-cancellations"] as const;
export const CANCELLATIONS_PAGE_SIZE = 10;
const enc = encodeURIComponent;

export function companyCancellationsPath(page: number): string {
  return `/api/order-cancellations?${new URLSearchParams({ page: String(page), limit: String(CANCELLATIONS_PAGE_SIZE) })}`;
}

export function useCompanyCancellations(page: number) {
  return useQuery({
    queryKey: [...EMPLOYER_CANCELLATIONS_KEY, page],
    queryFn: () => apiFetch(companyCancellationsPath(page), { schema: zOrderCancellationPage }),
    placeholderData: keepPreviousData,
    // The table shows its own error state with a retry.
    meta: { silent: true },
  });
}

function useCancellationChange<V, R>(call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    meta: { silent: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: EMPLOYER_CANCELLATIONS_KEY });
      return queryClient.invalidateQueries({ queryKey: EMPLOYER_ORDERS_KEY });
    },
  });
}

export function useCancelCompanyOrder() {
  return useCancellationChange((body: { orderId: string; reason: string }) =>
    apiFetch("/api/order-cancellations", { method: "POST", body, schema: zOrderCancellationDetails }),
  );
}

export function useWithdrawCompanyCancellation() {
  return useCancellationChange((orderCancellationId: string) =>
    apiFetch(`/api/order-cancellations/${enc(orderCancellationId)}`, { method: "DELETE", schema: zMessage }),
  );
}
