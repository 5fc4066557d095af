import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type TEmployerDecision, zAwaitingEmployer } from "../../../../contract/order-acceptance.ts";
import { type TOrderDetails, zOrderDetails, zOrderPage } from "../../../../contract/orders.ts";
import { apiFetch } from "../../../lib/api-client.ts";

/**
 * The calls of the Orders tab of /tyonantaja (src/contract/orders.ts, order-acceptance.ts): the orders
 * waiting for the employer's approval, the company's orders (scoped by the server to the caller's
 * companies), one order with its package and timeline, and the decision.
 */

export const EMPLOYER_ORDERS_KEY = ["employer-orders"] as const;
export const ORDERS_PAGE_SIZE = 10;
const SILENT = { silent: true };
const enc = encodeURIComponent;

export function useAwaitingApproval() {
  return useQuery({
    queryKey: [...EMPLOYER_ORDERS_KEY, "awaiting"],
    queryFn: () => apiFetch("/api/orders/awaiting-employer", { schema: zAwaitingEmployer }),
    select: (data) => data.items,
    meta: SILENT,
  });
}

export function companyOrdersPath(page: number): string {
  return `/api/orders/all?${new URLSearchParams({ page: String(page), limit: String(ORDERS_PAGE_SIZE) })}`;
}

export function useCompanyOrders(page: number) {
  return useQuery({
    queryKey: [...EMPLOYER_ORDERS_KEY, "all", page],
    queryFn: () => apiFetch(companyOrdersPath(page), { schema: zOrderPage }),
    placeholderData: keepPreviousData,
    // The table shows its own error state with a retry.
    meta: SILENT,
  });
}

export function useOrderDetails(orderId: string | null) {
  return useQuery({
    queryKey: [...EMPLOYER_ORDERS_KEY, "details", orderId],
    queryFn: () => apiFetch(`/api/orders/${enc(orderId ?? "")}`, { schema: zOrderDetails }),
    enabled: orderId !== null,
    meta: SILENT,
  });
}

export function useEmployerDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, decision }: { orderId: string; decision: TEmployerDecision }) =>
      apiFetch<TOrderDetails>(`/api/orders/${enc(orderId)}/employer-decision`, {
        method: "POST",
        body: decision,
      }),
    meta: SILENT,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: EMPLOYER_ORDERS_KEY }),
  });
}
