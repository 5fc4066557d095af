import { keepPreviousData, type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  orderCancellationsApi,
  type TOrderCancellationDetails,
  type TOrderCancellationListItem,
  type TUpdateOrderCancellation,
} from "../../../../../contract/order-cancellations.ts";
import type { OrderCancellationRequester, OrderCancellationStatus } from "../../../../../domain/enums.ts";
import { type ActionKeys, useActionKeys } from "../../../../lib/action-keys.ts";
import { callEndpoint, endpointKey, useEndpointQuery } from "../../../../lib/endpoint-client.ts";
import { fileHref } from "../../../../lib/file-href.ts";
import { refreshQueries } from "../../../../lib/query-client.ts";
import { uploadFile } from "../../../../lib/upload.ts";
import { refreshOrders } from "../../orders/orders-api.ts";

/**
 * The helpdesk's calls of order cancellations (src/contract/order-cancellations.ts): the list, one
 * cancellation, its refund's change, completing and withdrawing it, and its receipts. After a change
 * the cancellation, the list and the orders (whose status it may move) refetch.
 */

export type TCancellation = TOrderCancellationDetails;
export type TCancellationRow = TOrderCancellationListItem;

export const CANCELLATIONS_PAGE_SIZE = 20;

export type CancellationFilter = {
  /** null: every status (the list opens on the open ones, PENDING). */
  status: OrderCancellationStatus | null;
  requestedBy: OrderCancellationRequester | null;
  companyId: string | null;
  search: string;
  page: number;
};

export function useCancellations({ status, requestedBy, companyId, search, page }: CancellationFilter) {
  const query = {
    page,
    limit: CANCELLATIONS_PAGE_SIZE,
    status: status ?? undefined,
    requestedBy: requestedBy ?? undefined,
    companyId: companyId ?? undefined,
    search: search.trim(),
  };
  return useEndpointQuery(
    orderCancellationsApi.list,
    { query },
    { placeholderData: keepPreviousData, meta: { silent: true } },
  );
}

/** One cancellation, with what the helpdesk may do with it now (its allowedActions). */
export function useCancellation(id: string) {
  return useEndpointQuery(orderCancellationsApi.details, { params: { id } }, { meta: { silent: true } });
}

/** The receipt's file answers its bytes, opened by its address. */
export function refundFileHref(refundUploadId: string): string {
  return fileHref(orderCancellationsApi.receiptFile, { params: { id: refundUploadId } });
}

/** Every change on one cancellation, by name: each is one call of the contract. */
export type CancellationAction =
  | { kind: "update"; body: TUpdateOrderCancellation }
  | { kind: "complete" }
  | { kind: "withdraw" }
  | { kind: "upload"; file: File; amountCents: number | null }
  | { kind: "deleteReceipt"; refundUploadId: string };

async function run(id: string, action: CancellationAction, keys: ActionKeys): Promise<void> {
  const cancellation = { params: { id } };
  switch (action.kind) {
    case "update":
      await callEndpoint(orderCancellationsApi.update, { ...cancellation, body: action.body });
      return;
    case "complete":
      // The refund moves money: a retry after a lost answer sends the same key and does not act twice.
      await keys.run([action.kind, id], (idempotencyKey) =>
        callEndpoint(orderCancellationsApi.complete, cancellation, { idempotencyKey }),
      );
      return;
    case "withdraw":
      await callEndpoint(orderCancellationsApi.withdraw, cancellation);
      return;
    case "upload": {
      // The receipt's bytes are the body: an upload, not a JSON call.
      const query = {
        orderCancellationId: id,
        ...(action.amountCents !== null ? { amountCents: action.amountCents } : {}),
      };
      await uploadFile(orderCancellationsApi.uploadReceipt, { query }, action.file);
      return;
    }
    case "deleteReceipt":
      await callEndpoint(orderCancellationsApi.deleteReceipt, { params: { id: action.refundUploadId } });
      return;
  }
}

/** The cancellations' answers a change makes stale: the list and every cancellation read. */
const CANCELLATION_READS = [orderCancellationsApi.list, orderCancellationsApi.details];

/** After a change of a cancellation: the cancellations and the orders whose status it may move. */
function refreshCancellations(queryClient: QueryClient) {
  void refreshOrders(queryClient);
  return refreshQueries(
    queryClient,
    CANCELLATION_READS.map((read) => endpointKey(read)),
  );
}

export function useCancellationAction(id: string) {
  const queryClient = useQueryClient();
  const keys = useActionKeys();
  return useMutation({
    mutationFn: (action: CancellationAction) => run(id, action, keys),
    // The page shows the error where the action was asked for.
    meta: { silent: true },
    onSuccess: () => refreshCancellations(queryClient),
  });
}
