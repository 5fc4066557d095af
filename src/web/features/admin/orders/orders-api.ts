import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TCreateInvoice } from "../../../../contract/invoices.ts";
import { leasingDecisionsApi, type TLeasingDecisionInput } from "../../../../contract/leasing-decisions.ts";
import {
  type TBulkOrderStatus,
  type TBulkOrderStatusResult,
  zBulkOrderStatusResult,
} from "../../../../contract/order-processing.ts";
import {
  type OrderStatusGroup,
  type TOrderDetails,
  type TOrderItem,
  zOrderDetails,
  zOrderListData,
  zOrderPage,
} from "../../../../contract/orders.ts";
import {
  type StoreLinkKind,
  type TStoreLinkIssued,
  zStoreLinkIssued,
} from "../../../../contract/store-links.ts";
import { zTasks } from "../../../../contract/tasks.ts";
import type { OrderStatus } from "../../../../domain/enums.ts";
import { apiFetch } from "../../../lib/api-client.ts";
import { callEndpoint } from "../../../lib/endpoint-client.ts";

/**
 * The helpdesk's order work: the queue (GET /api/orders/all with the counts of
 * /list-data and the waiting work of /api/tasks), one order's detail, and the admin's actions on it.
 *
 * The actions are the calls of src/contract/order-processing.ts, leasing-decisions.ts, invoices.ts and
 * store-links.ts (a fresh store link).
 */

export const ORDERS_KEY = ["orders"] as const;
export const TASKS_KEY = ["tasks"] as const;
export const ORDERS_PAGE_SIZE = 20;

export type OrderQueueFilter = {
  group: OrderStatusGroup;
  status: OrderStatus | null;
  search: string;
  companyId: string | null;
  page: number;
};

export function ordersPath({ group, status, search, companyId, page }: OrderQueueFilter): string {
  const params = new URLSearchParams({ page: String(page), limit: String(ORDERS_PAGE_SIZE) });
  params.set("statusGroup", group);
  if (status) params.set("status", status);
  if (search.trim()) params.set("search", search.trim());
  if (companyId) params.set("companyId", companyId);
  return `/api/orders/all?${params}`;
}

/** GET /api/orders/all: one page, newest first; the previous page stays while the next loads. */
export function useOrderQueue(filter: OrderQueueFilter) {
  return useQuery({
    queryKey: [...ORDERS_KEY, "list", filter],
    queryFn: () => apiFetch(ordersPath(filter), { schema: zOrderPage }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/orders/list-data: how many orders wait in each status (of one company, or all). */
export function useOrderCounts(companyId: string | null) {
  const path = companyId
    ? `/api/orders/list-data?${new URLSearchParams({ companyId })}`
    : "/api/orders/list-data";
  return useQuery({
    queryKey: [...ORDERS_KEY, "counts", companyId],
    queryFn: () => apiFetch(path, { schema: zOrderListData }),
    select: (data) => new Map(data.statusCounts.map((row) => [row.status, row.count])),
  });
}

/** GET /api/tasks: what waits for the helpdesk, most urgent kind first. */
export function useHelpdeskTasks() {
  return useQuery({
    queryKey: TASKS_KEY,
    queryFn: () => apiFetch("/api/tasks", { schema: zTasks }),
    select: (data) => data.data,
  });
}

// --- The order's detail and its invoices ---------------------------------------------------------

export type TAdminOrder = TOrderDetails;
export type { TOrderItem };

const orderPath = (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}`;

/** GET /api/orders/{orderId}: the order with its package, agreement and timeline; the page shows a 404 itself. */
export function useAdminOrder(orderId: string) {
  return useQuery({
    queryKey: [...ORDERS_KEY, "detail", orderId],
    queryFn: () => apiFetch(orderPath(orderId), { schema: zOrderDetails }),
    meta: { silent: true },
  });
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

function post(path: string, body?: unknown) {
  return apiFetch<unknown>(path, { method: "POST", ...(body === undefined ? {} : { body }) });
}

async function runAction(orderId: string, action: OrderAction): Promise<OrderActionResult> {
  const order = orderPath(orderId);
  switch (action.kind) {
    case "sendToLeasingCompany":
      await post(`${order}/send-to-leasing-company`);
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
      await post(`${order}/process`);
      break;
    case "addInvoice":
      await post("/api/invoices", action.body);
      break;
    case "matchInvoice":
      await post(`/api/invoices/${encodeURIComponent(action.invoiceId)}/match`);
      break;
    case "storeLink": {
      const link = await apiFetch(`${order}/store-link`, {
        method: "POST",
        body: { kind: action.linkKind },
        schema: zStoreLinkIssued,
      });
      return { kind: action.kind, storeLink: link };
    }
    case "bill":
      await post(`${order}/bill`);
      break;
    case "startLeasing":
      await post(`${order}/start-leasing`);
      break;
    case "move":
      await post(`${order}/status`, { to: action.to, ...(action.note ? { note: action.note } : {}) });
      break;
  }
  return { kind: action.kind };
}

/** Runs one action on the order; afterwards the order, the queue, its counts and the tasks refetch. */
export function useOrderAction(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: OrderAction) => runAction(orderId, action),
    // The dialog or the action bar shows the error by its code.
    meta: { silent: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: TASKS_KEY });
      return queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    },
  });
}

/** POST /api/orders/bulk-status: one move for many orders; each answers ok or its refusal's code. */
export function useBulkStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBulkOrderStatus) =>
      apiFetch("/api/orders/bulk-status", { method: "POST", body, schema: zBulkOrderStatusResult }),
    meta: { silent: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: TASKS_KEY });
      return queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    },
  });
}
