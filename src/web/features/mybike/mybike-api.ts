import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { bikeStoresApi } from "../../../contract/bike-stores.ts";
import { calculatorApi } from "../../../contract/calculator.ts";
import type { TMyBenefit, TOrderOffer, TSigningCodeSent } from "../../../contract/order-acceptance.ts";
import type { TOrderAgreement, TOrderDetails, TOrderItem, TStartOrder } from "../../../contract/orders.ts";
import { apiFetch } from "../../lib/api-client.ts";
import { useEndpointQuery } from "../../lib/endpoint-client.ts";

/**
 * The calls of /mybike: the employee's benefit, their orders, the active bike stores, starting an order,
 * the package's offer and acceptance, and signing the agreement (src/contract/orders.ts and
 * order-acceptance.ts).
 */

export type TMyOrder = TOrderDetails;
export type { TMyBenefit, TOrderAgreement, TOrderItem, TOrderOffer };

export const MY_ORDERS_KEY = ["my-orders"] as const;
const SILENT = { silent: true };
const enc = encodeURIComponent;

export function agreementPdfHref(orderId: string): string {
  return `/api/orders/${enc(orderId)}/agreement.pdf`;
}

export function useMyBenefit() {
  return useQuery({
    queryKey: ["my-benefit"],
    queryFn: () => apiFetch<TMyBenefit>("/api/orders/my/benefit"),
    // The section says itself when the benefit cannot be read.
    meta: SILENT,
    retry: false,
  });
}

export function useMyTerms() {
  return useEndpointQuery(calculatorApi.myTerms, {}, { meta: SILENT, retry: false, staleTime: 5 * 60_000 });
}

export function useMyOrders() {
  return useQuery({
    queryKey: MY_ORDERS_KEY,
    queryFn: () => apiFetch<{ items: TMyOrder[] }>("/api/orders/my"),
    select: (data) => data.items,
    meta: SILENT,
  });
}

export function useBikeStores(enabled: boolean) {
  return useEndpointQuery(
    bikeStoresApi.minimal,
    {},
    { select: (data) => data.bikeStores, enabled, staleTime: 5 * 60_000 },
  );
}

/** The order an action answered replaces the one in the list at once; the list refetches behind it. */
function useOrderMutation<V>(call: (variables: V) => Promise<TMyOrder>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    meta: SILENT,
    onSuccess: (order) => {
      queryClient.setQueryData<{ items: TMyOrder[] }>(MY_ORDERS_KEY, (current) => {
        if (!current) return { items: [order] };
        const others = current.items.filter((o) => o.orderId !== order.orderId);
        return { items: [order, ...others] };
      });
      void queryClient.invalidateQueries({ queryKey: MY_ORDERS_KEY });
      void queryClient.invalidateQueries({ queryKey: ["my-benefit"] });
    },
  });
}

export function useStartOrder() {
  return useOrderMutation((body: TStartOrder) => apiFetch<TMyOrder>("/api/orders", { method: "POST", body }));
}

export function offerPath(orderId: string, leaseTimeMonths: number | null): string {
  const base = `/api/orders/${enc(orderId)}/offer`;
  return leaseTimeMonths === null ? base : `${base}?leaseTimeMonths=${leaseTimeMonths}`;
}

/** The package's terms for a lease period (null: the server's default period). */
export function useOffer(orderId: string, leaseTimeMonths: number | null) {
  return useQuery({
    queryKey: ["order-offer", orderId, leaseTimeMonths],
    queryFn: () => apiFetch<TOrderOffer>(offerPath(orderId, leaseTimeMonths)),
    placeholderData: (previous) => previous,
    meta: SILENT,
    retry: false,
  });
}

export function useAcceptPackage(orderId: string) {
  return useOrderMutation((leaseTimeMonths: number) =>
    apiFetch<TMyOrder>(`/api/orders/${enc(orderId)}/accept`, { method: "POST", body: { leaseTimeMonths } }),
  );
}

export function useRequestSignCode(orderId: string) {
  return useMutation({
    mutationFn: () => apiFetch<TSigningCodeSent>(`/api/orders/${enc(orderId)}/sign/code`, { method: "POST" }),
    meta: SILENT,
  });
}

export function useSign(orderId: string) {
  return useOrderMutation((code: string) =>
    apiFetch<TMyOrder>(`/api/orders/${enc(orderId)}/sign`, { method: "POST", body: { code } }),
  );
}
