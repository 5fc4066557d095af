import { keepPreviousData, type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { type EndpointDef, endpointUrl } from "../../../../contract/endpoint.ts";
import { identificationApi } from "../../../../contract/identification.ts";
import { orderAcceptanceApi, type TEmployerDecision } from "../../../../contract/order-acceptance.ts";
import { ordersApi, type TOrderListItem } from "../../../../contract/orders.ts";
import { callEndpoint, endpointKey, useEndpointQuery } from "../../../lib/endpoint-client.ts";
import { refreshQueries, SILENT } from "../../../lib/query-client.ts";
import { leaveForBroker } from "../../../lib/strong-identification.ts";
import { showSuccessToast } from "../../../lib/toast.ts";

/**
 * The calls of the Orders tab of /tyonantaja (src/contract/orders.ts, order-acceptance.ts): the orders
 * waiting for the employer's approval, the company's orders (scoped by the server to the caller's
 * companies), one order with its package and timeline, and the decision, plainly or with strong
 * identification (identification.ts).
 */

export const ORDERS_PAGE_SIZE = 10;

/**
 * What a change of an order makes stale on the employer's screens: the orders waiting for approval,
 * the company's orders, and the order itself (under the one key every side reads it by).
 */
const EMPLOYER_ORDER_READS: readonly EndpointDef[] = [
  orderAcceptanceApi.awaitingEmployer,
  ordersApi.list,
  ordersApi.details,
];

/** Refetches the employer's order views after a change of an order, made here or in an after-sale case. */
export function refreshEmployerOrders(queryClient: QueryClient) {
  return refreshQueries(
    queryClient,
    EMPLOYER_ORDER_READS.map((read) => endpointKey(read)),
  );
}

export function useAwaitingApproval() {
  return useEndpointQuery(
    orderAcceptanceApi.awaitingEmployer,
    {},
    { select: (data) => data.items, meta: SILENT },
  );
}

const companyOrdersQuery = (page: number) => ({ page, limit: ORDERS_PAGE_SIZE });

/** The address of one page of the company's orders. */
export function companyOrdersPath(page: number): string {
  return endpointUrl(ordersApi.list, { query: companyOrdersQuery(page) });
}

export function useCompanyOrders(page: number) {
  return useEndpointQuery(
    ordersApi.list,
    { query: companyOrdersQuery(page) },
    // The table shows its own error state with a retry.
    { placeholderData: keepPreviousData, meta: SILENT },
  );
}

/** One order, with what the caller may do with it now (its allowedActions). */
export function useOrderDetails(orderId: string | null) {
  return useEndpointQuery(
    ordersApi.details,
    { params: { orderId: orderId ?? "" } },
    { enabled: orderId !== null, meta: SILENT },
  );
}

/**
 * The employer's decision on an order waiting for it. The outcome is said here, by the mutation itself:
 * the card or dialog that asked leaves the screen as the lists refresh, and a callback of its own would
 * be dropped with it.
 */
export function useEmployerDecision() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: ({ order, decision }: { order: TOrderListItem; decision: TEmployerDecision }) =>
      callEndpoint(orderAcceptanceApi.employerDecision, {
        params: { orderId: order.orderId },
        body: decision,
      }),
    meta: SILENT,
    onSuccess: (_answer, { order, decision }) => {
      const text = decision.approve ? "employerOrders.approved" : "employerOrders.rejected";
      showSuccessToast(t(text, { name: order.employee.name }));
      void refreshEmployerOrders(queryClient);
    },
  });
}

/**
 * Starts approving an order with strong electronic identification: the answer is the broker's page, and
 * the browser leaves for it. The approval itself is made when the broker sends the employer back.
 */
export function useStartStrongApproval() {
  return useMutation({
    mutationFn: (orderId: string) => callEndpoint(identificationApi.startApproval, { params: { orderId } }),
    meta: SILENT,
    onSuccess: leaveForBroker,
  });
}
