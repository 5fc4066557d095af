import { keepPreviousData, type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  storeAccountsApi,
  type TStoreDetailsInput,
  type TStoreInvoiceInput,
  type TStoreOrder,
  type TStoreOrderListItem,
  type TStoreOrdersQuery,
} from "../../../contract/store-accounts.ts";
import type { TStorePackageInput } from "../../../contract/store-links.ts";
import { callEndpoint, endpointKey, useEndpointQuery } from "../../lib/endpoint-client.ts";
import { fileHref } from "../../lib/file-href.ts";
import { refreshQueries } from "../../lib/query-client.ts";

/**
 * The calls of a bike store's own account (src/contract/store-accounts.ts): its orders, the package,
 * invoice and delivery of one, the store's details and payouts. A change refreshes the list and the order it changed.
 */

export type { TStoreOrder, TStoreOrderListItem };

export function useStoreOrders(query: Partial<TStoreOrdersQuery>) {
  return useEndpointQuery(storeAccountsApi.orders, { query }, { placeholderData: (previous) => previous });
}

export function useStoreOrder(orderId: string | null) {
  return useEndpointQuery(
    storeAccountsApi.order,
    { params: { orderId: orderId ?? "" } },
    { enabled: orderId !== null },
  );
}

/** After a change of the store's: its orders list (an order's change), or its details. */
function refreshStoreAccount(queryClient: QueryClient, change: "orders" | "details") {
  const stale = change === "orders" ? storeAccountsApi.orders : storeAccountsApi.details;
  return refreshQueries(queryClient, [endpointKey(stale)]);
}

function useStoreOrderChange<B>(orderId: string, call: (body: B) => Promise<TStoreOrder>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (order) => {
      client.setQueryData(endpointKey(storeAccountsApi.order, { params: { orderId } }), order);
      return refreshStoreAccount(client, "orders");
    },
    meta: { silent: true },
  });
}

export function useSaveStorePackage(orderId: string) {
  return useStoreOrderChange(orderId, (body: TStorePackageInput) =>
    callEndpoint(storeAccountsApi.putPackage, { params: { orderId }, body }),
  );
}

/** POST /api/store/orders/{orderId}/invoice: the store invoices Pedaali for the order's package. */
export function useSendStoreInvoice(orderId: string) {
  return useStoreOrderChange(orderId, (body: TStoreInvoiceInput) =>
    callEndpoint(storeAccountsApi.sendInvoice, { params: { orderId }, body }),
  );
}

/** The invoice sent from the account as a Finvoice file: a download the browser takes by its address. */
export function storeEInvoiceHref(orderId: string): string {
  return fileHref(storeAccountsApi.eInvoice, { params: { orderId } });
}

export function useStoreDetails(storeId: string | undefined) {
  return useEndpointQuery(storeAccountsApi.details, { query: storeId ? { storeId } : {} });
}

export function useSaveStoreDetails(storeId: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TStoreDetailsInput) =>
      callEndpoint(storeAccountsApi.updateDetails, { query: storeId ? { storeId } : {}, body }),
    onSuccess: () => refreshStoreAccount(client, "details"),
  });
}

/** GET /api/store/payouts: one page of the store's payables with what is open and its payouts. */
export function useStorePayouts(page: number, limit: number, storeId: string | undefined) {
  return useEndpointQuery(
    storeAccountsApi.payouts,
    { query: storeId ? { page, limit, storeId } : { page, limit } },
    { placeholderData: keepPreviousData },
  );
}
