import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { bikeStoresApi } from "../../../contract/bike-stores.ts";
import { calculatorApi } from "../../../contract/calculator.ts";
import type { EndpointDef } from "../../../contract/endpoint.ts";
import { identificationApi } from "../../../contract/identification.ts";
import {
  orderAcceptanceApi,
  type TAcceptOrder,
  type TMyBenefit,
  type TOrderOffer,
} from "../../../contract/order-acceptance.ts";
import {
  ordersApi,
  type TCustomerAnswer,
  type TMyOrders,
  type TOrderDetails,
  type TOrderItem,
  type TStartOrder,
} from "../../../contract/orders.ts";
import { ApiError } from "../../lib/api-client.ts";
import { callEndpoint, endpointKey, useEndpointQuery } from "../../lib/endpoint-client.ts";
import { fileHref } from "../../lib/file-href.ts";
import { refreshQueries, SILENT } from "../../lib/query-client.ts";
import { leaveForBroker } from "../../lib/strong-identification.ts";

/**
 * The calls of /mybike: the employee's benefit, their orders, the active bike stores, starting an order,
 * the package's offer and acceptance, and signing the agreement (src/contract/orders.ts,
 * order-acceptance.ts and identification.ts).
 */

export type TMyOrder = TOrderDetails;
export type { TMyBenefit, TOrderItem, TOrderOffer };

/** The page's after-sale reads (a redemption case, the employee's payments) sit under this key. */
export const MY_ORDERS_KEY = ["my-orders"] as const;

/**
 * What a change of the employee's order makes stale on /mybike: their orders, their benefit (whether
 * they may order now), the order itself under the one key every side reads it by, and the after-sale
 * reads under MY_ORDERS_KEY.
 */
const MY_ORDER_READS: readonly EndpointDef[] = [
  ordersApi.mine,
  orderAcceptanceApi.benefit,
  ordersApi.details,
];

/**
 * Refetches /mybike's reads after a change of an order, made here or in an after-sale case; when the
 * store changed the package under the employee (`"offer"`), the offer too.
 */
export function refreshMyBike(queryClient: QueryClient, change: "order" | "offer" = "order") {
  const stale = [...MY_ORDER_READS.map((read) => endpointKey(read)), MY_ORDERS_KEY];
  if (change === "offer") stale.push(endpointKey(orderAcceptanceApi.offer));
  return refreshQueries(queryClient, stale);
}

export function agreementPdfHref(orderId: string): string {
  // The PDF is a file the browser opens by its address, not a JSON call.
  return fileHref(orderAcceptanceApi.agreementPdf, { params: { orderId } });
}

export function useMyBenefit() {
  return useEndpointQuery(
    orderAcceptanceApi.benefit,
    {},
    // The section says itself when the benefit cannot be read.
    { meta: SILENT, retry: false },
  );
}

export function useMyTerms() {
  return useEndpointQuery(calculatorApi.myTerms, {}, { meta: SILENT, retry: false, staleTime: 5 * 60_000 });
}

export function useMyOrders() {
  return useEndpointQuery(ordersApi.mine, {}, { select: (data) => data.items, meta: SILENT });
}

export function useBikeStores(enabled: boolean) {
  return useEndpointQuery(
    bikeStoresApi.minimal,
    {},
    { select: (data) => data.bikeStores, enabled, staleTime: 5 * 60_000 },
  );
}

/** The order an action answered replaces the one in the list at once; the list refetches behind it. */
function useOrderMutation<V>(
  call: (variables: V) => Promise<TMyOrder>,
  onError?: (error: Error, queryClient: QueryClient) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    meta: SILENT,
    ...(onError ? { onError: (error: Error) => onError(error, queryClient) } : {}),
    onSuccess: (order) => {
      queryClient.setQueryData<TMyOrders>(endpointKey(ordersApi.mine, {}), (current) => {
        if (!current) return { items: [order] };
        const others = current.items.filter((o) => o.orderId !== order.orderId);
        return { items: [order, ...others] };
      });
      void refreshMyBike(queryClient);
    },
  });
}

export function useStartOrder() {
  return useOrderMutation((body: TStartOrder) => callEndpoint(ordersApi.start, { body }));
}

/** The package's terms for a lease period (null: the server's default period). */
export function useOffer(orderId: string, leaseTimeMonths: number | null) {
  return useEndpointQuery(
    orderAcceptanceApi.offer,
    { params: { orderId }, query: leaseTimeMonths === null ? {} : { leaseTimeMonths } },
    { placeholderData: (previous) => previous, meta: SILENT, retry: false },
  );
}

/**
 * Accepts the package of the offer the employee reads, naming its packageVersion. When the store has
 * changed the package since (409 OFFER_CHANGED), the offer and the order are read again, so the new
 * package and figures show under the message before the employee accepts again.
 */
export function useAcceptPackage(orderId: string) {
  return useOrderMutation(
    (body: TAcceptOrder) => callEndpoint(orderAcceptanceApi.accept, { params: { orderId }, body }),
    (error, queryClient) => {
      if (!(error instanceof ApiError) || error.code !== "OFFER_CHANGED") return;
      void refreshMyBike(queryClient, "offer");
    },
  );
}

/** Answers the helpdesk's question on the order; the order then waits for the helpdesk. */
export function useAnswerQuestion(orderId: string) {
  return useOrderMutation((body: TCustomerAnswer) =>
    callEndpoint(ordersApi.answer, { params: { orderId }, body }),
  );
}

export function useRequestSignCode(orderId: string) {
  return useMutation({
    mutationFn: () => callEndpoint(orderAcceptanceApi.signCode, { params: { orderId } }),
    meta: SILENT,
  });
}

export function useSign(orderId: string) {
  return useOrderMutation((code: string) =>
    callEndpoint(orderAcceptanceApi.sign, { params: { orderId }, body: { code } }),
  );
}

/**
 * Starts signing with strong electronic identification: the answer is the broker's page, and the browser
 * leaves for it. The signature itself is made when the broker sends the person back.
 */
export function useStartStrongSigning(orderId: string) {
  return useMutation({
    mutationFn: () => callEndpoint(identificationApi.startSigning, { params: { orderId } }),
    meta: SILENT,
    onSuccess: leaveForBroker,
  });
}
