import { keepPreviousData, type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { companiesApi } from "../../../../contract/companies.ts";
import type { EndpointDef } from "../../../../contract/endpoint.ts";
import { invoicesApi, type TCreateInvoice } from "../../../../contract/invoices.ts";
import { leasingDecisionsApi, type TLeasingDecisionInput } from "../../../../contract/leasing-decisions.ts";
import {
  orderProcessingApi,
  type TBulkOrderStatus,
  type TBulkOrderStatusResult,
} from "../../../../contract/order-processing.ts";
import { type OrderStatusGroup, ordersApi, type TOrderDetails } from "../../../../contract/orders.ts";
import {
  type StoreLinkKind,
  storeLinksApi,
  type TStoreLinkIssued,
} from "../../../../contract/store-links.ts";
import { tasksApi } from "../../../../contract/tasks.ts";
import type { OrderStatus } from "../../../../domain/enums.ts";
import { type ActionKeys, useActionKeys } from "../../../lib/action-keys.ts";
import { callEndpoint, endpointKey, endpointQuery, useEndpointQuery } from "../../../lib/endpoint-client.ts";
import { fileHref } from "../../../lib/file-href.ts";
import { refreshQueries } from "../../../lib/query-client.ts";
import { COMPANY_NAMES } from "../users/users-api.ts";

/**
 * The helpdesk's order work: the queue (GET /api/orders/all with the counts of
 * /list-data and the waiting work of /api/tasks), one order's detail, and the admin's actions on it.
 *
 * The actions are the calls of src/contract/order-processing.ts, leasing-decisions.ts, invoices.ts and
 * store-links.ts (a fresh store link).
 */

export const ORDERS_PAGE_SIZE = 20;

/**
 * What a change of an order makes stale in the helpdesk's views: the queue, its counts, the order
 * itself (under the one key every side reads it by) and the tasks.
 */
const ORDER_READS: readonly EndpointDef[] = [
  ordersApi.list,
  ordersApi.listData,
  ordersApi.details,
  tasksApi.list,
];

/** Refetches the helpdesk's order views after a change of an order, made here or in an after-sale case. */
export function refreshOrders(queryClient: QueryClient) {
  return refreshQueries(
    queryClient,
    ORDER_READS.map((read) => endpointKey(read)),
  );
}

export type OrderQueueFilter = {
  group: OrderStatusGroup;
  status: OrderStatus | null;
  search: string;
  companyId: string | null;
  page: number;
};

/** The query of GET /api/orders/all for the queue's filters. */
function orderQueueQuery({ group, status, search, companyId, page }: OrderQueueFilter) {
  return {
    page,
    limit: ORDERS_PAGE_SIZE,
    statusGroup: group,
    status: status ?? undefined,
    search: search.trim(),
    companyId: companyId ?? undefined,
  };
}

/** GET /api/orders/all: one page, newest first; the previous page stays while the next loads. */
export function useOrderQueue(filter: OrderQueueFilter) {
  return useEndpointQuery(
    ordersApi.list,
    { query: orderQueueQuery(filter) },
    { placeholderData: keepPreviousData },
  );
}

/**
 * The first view of the helpdesk's queue (/admin itself): the page of orders, the counts of its
 * statuses, what waits in each view and the companies its filter offers, read before the area is shown
 * (app/route-guard.tsx FirstData).
 */
export function orderQueueFirstQueries(filter: OrderQueueFilter) {
  return [
    endpointQuery(ordersApi.list, { query: orderQueueQuery(filter) }),
    endpointQuery(ordersApi.listData, { query: filter.companyId ? { companyId: filter.companyId } : {} }),
    endpointQuery(tasksApi.list, {}),
    endpointQuery(companiesApi.list, COMPANY_NAMES),
  ];
}

/** GET /api/orders/list-data: how many orders wait in each status (of one company, or all). */
export function useOrderCounts(companyId: string | null) {
  return useEndpointQuery(
    ordersApi.listData,
    { query: companyId ? { companyId } : {} },
    { select: (data) => new Map(data.statusCounts.map((row) => [row.status, row.count])) },
  );
}

/** GET /api/tasks: what waits for the helpdesk, most urgent kind first. */
export function useHelpdeskTasks() {
  return useEndpointQuery(tasksApi.list, {}, { select: (data) => data.data });
}

// --- The order's detail and its invoices ---------------------------------------------------------

export type TAdminOrder = TOrderDetails;

/**
 * GET /api/orders/{orderId}: the order with its package, agreement, timeline and what the helpdesk may
 * do with it now; the page shows a 404 itself.
 */
export function useAdminOrder(orderId: string) {
  return useEndpointQuery(ordersApi.details, { params: { orderId } }, { meta: { silent: true } });
}

// --- Actions ---------------------------------------------------------------------------------------

export type { StoreLinkKind };
export type TStoreLink = TStoreLinkIssued;

export type TBulkStatusResult = TBulkOrderStatusResult;

/** Every action the detail offers, by name: each is one call of api.md. */
export type OrderAction =
  | { kind: "sendToLeasingCompany" }
  | { kind: "decision"; agreementId: string; body: TLeasingDecisionInput }
  | { kind: "sync" }
  | { kind: "process" }
  | { kind: "addInvoice"; body: TCreateInvoice }
  | { kind: "matchInvoice"; invoiceId: string }
  | { kind: "storeLink"; linkKind: StoreLinkKind }
  | { kind: "bill" }
  | { kind: "startLeasing" }
  | { kind: "move"; to: OrderStatus; note?: string };

export type OrderActionResult = { kind: OrderAction["kind"]; storeLink?: TStoreLink };

async function runAction(orderId: string, action: OrderAction, keys: ActionKeys): Promise<OrderActionResult> {
  const order = { params: { orderId } };
  switch (action.kind) {
    case "sendToLeasingCompany":
      await callEndpoint(orderProcessingApi.sendToLeasingCompany, order);
      break;
    case "decision":
      await callEndpoint(leasingDecisionsApi.record, {
        params: { id: action.agreementId },
        body: action.body,
      });
      break;
    case "sync":
      await callEndpoint(leasingDecisionsApi.sync, {});
      break;
    case "process":
      await callEndpoint(orderProcessingApi.process, order);
      break;
    case "addInvoice":
      await callEndpoint(invoicesApi.create, { body: action.body });
      break;
    case "matchInvoice":
      await callEndpoint(invoicesApi.match, { params: { id: action.invoiceId } });
      break;
    case "storeLink": {
      const link = await callEndpoint(storeLinksApi.reissue, { ...order, body: { kind: action.linkKind } });
      return { kind: action.kind, storeLink: link };
    }
    case "bill":
      await callEndpoint(orderProcessingApi.bill, order);
      break;
    case "startLeasing":
      await callEndpoint(orderProcessingApi.startLeasing, order);
      break;
    case "move": {
      // A move may refund the order: a retry after a lost answer sends the same key and moves it once.
      const body = { to: action.to, ...(action.note ? { note: action.note } : {}) };
      await keys.run([action.kind, orderId, body], (idempotencyKey) =>
        callEndpoint(orderProcessingApi.moveStatus, { ...order, body }, { idempotencyKey }),
      );
      break;
    }
  }
  return { kind: action.kind };
}

/** Runs one action on the order; afterwards the order, the queue, its counts and the tasks refetch. */
export function useOrderAction(orderId: string) {
  const queryClient = useQueryClient();
  const keys = useActionKeys();
  return useMutation({
    mutationFn: (action: OrderAction) => runAction(orderId, action, keys),
    // The dialog or the action bar shows the error by its code.
    meta: { silent: true },
    onSuccess: () => refreshOrders(queryClient),
  });
}

/** POST /api/orders/bulk-status: one move for many orders; each answers ok or its refusal's code. */
export function useBulkStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBulkOrderStatus) => callEndpoint(orderProcessingApi.bulkStatus, { body }),
    meta: { silent: true },
    onSuccess: () => refreshOrders(queryClient),
  });
}

/** Our bill's Finvoice file: a download the browser takes by its address, not a JSON call. */
export function eInvoiceHref(invoiceId: string): string {
  return fileHref(invoicesApi.eInvoice, { params: { id: invoiceId } });
}
