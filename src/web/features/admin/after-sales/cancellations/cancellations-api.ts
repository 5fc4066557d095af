import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { zMessage } from "../../../../../contract/common.ts";
import {
  type TOrderCancellationDetails,
  type TOrderCancellationListItem,
  type TUpdateOrderCancellation,
  zOrderCancellationDetails,
  zOrderCancellationPage,
  zRefundUpload,
} from "../../../../../contract/order-cancellations.ts";
import type { OrderCancellationRequester, OrderCancellationStatus } from "../../../../../domain/enums.ts";
import { apiFetch } from "../../../../lib/api-client.ts";
import { uploadFile } from "../../../../lib/upload.ts";
import { ORDERS_KEY, TASKS_KEY } from "../../orders/orders-api.ts";

/**
 * The helpdesk's calls of order cancellations (src/contract/order-cancellations.ts): the list, one
 * cancellation, its refund's change, completing and withdrawing it, and its receipts. After a change
 * the cancellation, the list and the orders (whose status it may move) refetch.
 */

export type TCancellation = TOrderCancellationDetails;
export type TCancellationRow = TOrderCancellationListItem;

export const CANCELLATIONS_KEY = ["order-cancellations"] as const;
export const CANCELLATIONS_PAGE_SIZE = 20;
const enc = encodeURIComponent;

export type CancellationFilter = {
  /** null: every status (the list opens on the open ones, PENDING). */
  status: OrderCancellationStatus | null;
  requestedBy: OrderCancellationRequester | null;
  companyId: string | null;
  search: string;
  page: number;
};

export function cancellationsPath({
  status,
  requestedBy,
  companyId,
  search,
  page,
}: CancellationFilter): string {
  const params = new URLSearchParams({ page: String(page), limit: String(CANCELLATIONS_PAGE_SIZE) });
  if (status) params.set("status", status);
  if (requestedBy) params.set("requestedBy", requestedBy);
  if (companyId) params.set("companyId", companyId);
  if (search.trim()) params.set("search", search.trim());
  return `/api/order-cancellations?${params}`;
}

export function useCancellations(filter: CancellationFilter) {
  return useQuery({
    queryKey: [...CANCELLATIONS_KEY, "list", filter],
    queryFn: () => apiFetch(cancellationsPath(filter), { schema: zOrderCancellationPage }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

export function useCancellation(id: string) {
  return useQuery({
    queryKey: [...CANCELLATIONS_KEY, "detail", id],
    queryFn: () =>
      apiFetch(`/api/order-cancellations/get-details/${enc(id)}`, { schema: zOrderCancellationDetails }),
    meta: { silent: true },
  });
}

export function refundFileHref(refundUploadId: string): string {
  return `/api/refund/${enc(refundUploadId)}/file`;
}

/** Every change on one cancellation, by name: each is one call of the contract. */
export type CancellationAction =
  | { kind: "update"; body: TUpdateOrderCancellation }
  | { kind: "complete" }
  | { kind: "withdraw" }
  | { kind: "upload"; file: File; amountCents: number | null }
  | { kind: "deleteReceipt"; refundUploadId: string };

async function run(id: string, action: CancellationAction): Promise<void> {
  const path = `/api/order-cancellations/${enc(id)}`;
  switch (action.kind) {
    case "update":
      await apiFetch(path, { method: "PUT", body: action.body, schema: zOrderCancellationDetails });
      return;
    case "complete":
      await apiFetch(`${path}/complete`, { method: "POST", schema: zOrderCancellationDetails });
      return;
    case "withdraw":
      await apiFetch(path, { method: "DELETE", schema: zMessage });
      return;
    case "upload": {
      const query: Record<string, string> = { orderCancellationId: id };
      if (action.amountCents !== null) query.amountCents = String(action.amountCents);
      await uploadFile("/api/refund/upload", query, action.file, zRefundUpload);
      return;
    }
    case "deleteReceipt":
      await apiFetch(`/api/delete-refund/${enc(action.refundUploadId)}`, {
        method: "DELETE",
        schema: zMessage,
      });
      return;
  }
}

export function useCancellationAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: CancellationAction) => run(id, action),
    // The page shows the error where the action was asked for.
    meta: { silent: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      void queryClient.invalidateQueries({ queryKey: TASKS_KEY });
      return queryClient.invalidateQueries({ queryKey: CANCELLATIONS_KEY });
    },
  });
}
