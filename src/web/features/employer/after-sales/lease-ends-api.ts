import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type TBikeRedemptionDetails,
  type TLeaseEndChoiceInput,
  type TOpenBikeRedemption,
  zBikeRedemptionDetails,
  zBikeRedemptionList,
  zBikeRedemptionSaved,
} from "../../../../contract/bike-redemptions.ts";
import type { LeaseEndReason, SimpleState } from "../../../../domain/enums.ts";
import { apiFetch } from "../../../lib/api-client.ts";
import { refetchEmployees } from "../employees/employees-api.ts";
import { EMPLOYER_ORDERS_KEY } from "../orders/orders-api.ts";

/**
 * The employer's calls of the lease's end (src/contract/bike-redemptions.ts): the companies' cases
 * (scoped by the server, orders.read), one case with its options, choosing for an employee and opening
 * an early end (employees.manage). After a change the cases, the orders (their timeline) and the
 * employees refetch.
 */

export type TLeaseEndCase = TBikeRedemptionDetails;

export const LEASE_ENDS_KEY = ["employer-lease-ends"] as const;
export const LEASE_ENDS_PAGE_SIZE = 10;
const SILENT = { silent: true };
const enc = encodeURIComponent;

export type LeaseEndsFilter = { status: SimpleState | ""; reason: LeaseEndReason | ""; page: number };

export function leaseEndsPath({ status, reason, page }: LeaseEndsFilter): string {
  const params = new URLSearchParams({ page: String(page), limit: String(LEASE_ENDS_PAGE_SIZE) });
  if (status) params.set("status", status);
  if (reason) params.set("reason", reason);
  return `/api/bike-redemption?${params}`;
}

/** GET /api/bike-redemption: one page of the companies' cases, newest first, as `{ items, total }`. */
export function useLeaseEnds(filter: LeaseEndsFilter) {
  return useQuery({
    queryKey: [...LEASE_ENDS_KEY, "list", filter],
    queryFn: () => apiFetch(leaseEndsPath(filter), { schema: zBikeRedemptionList }),
    select: (data) => ({ items: data.items, total: data.totalCount }),
    placeholderData: keepPreviousData,
    // The table shows its own error state with a retry.
    meta: SILENT,
  });
}

/** The open case of an order, if any: the list searched by the order's number. */
export function useOpenLeaseEndOf(order: { orderId: string; orderNumber: number }, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: [...LEASE_ENDS_KEY, "of-order", order.orderId],
    queryFn: () =>
      apiFetch(
        `/api/bike-redemption?${new URLSearchParams({ search: String(order.orderNumber), status: "PENDING", page: "1", limit: "5" })}`,
        { schema: zBikeRedemptionList },
      ),
    select: (data) => data.items.find((item) => item.order.orderId === order.orderId) ?? null,
    meta: SILENT,
  });
}

export function useLeaseEnd(id: string | null) {
  return useQuery({
    queryKey: [...LEASE_ENDS_KEY, "detail", id],
    queryFn: () => apiFetch(`/api/bike-redemption/${enc(id ?? "")}`, { schema: zBikeRedemptionDetails }),
    enabled: id !== null,
    meta: SILENT,
  });
}

function useLeaseEndChange<V, R>(call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // The form shows the refusal at its field or above its button.
    meta: SILENT,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: EMPLOYER_ORDERS_KEY });
      void refetchEmployees(queryClient);
      return queryClient.invalidateQueries({ queryKey: LEASE_ENDS_KEY });
    },
  });
}

/** POST /api/bike-redemption/{id}/choice, for an employee (e.g. one who has left). */
export function useChooseForEmployee(id: string) {
  return useLeaseEndChange((body: TLeaseEndChoiceInput) =>
    apiFetch(`/api/bike-redemption/${enc(id)}/choice`, {
      method: "POST",
      body,
      schema: zBikeRedemptionDetails,
    }),
  );
}

/** POST /api/bike-redemption: an early end the employer opens for an employee's lease. */
export function useOpenEarlyEnd() {
  return useLeaseEndChange((body: TOpenBikeRedemption) =>
    apiFetch("/api/bike-redemption", { method: "POST", body, schema: zBikeRedemptionSaved }),
  );
}
