import { keepPreviousData, type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { storePayoutsApi as api, type TPayoutBatchDetails } from "../../../../contract/store-payouts.ts";
import type { Language } from "../../../../domain/enums.ts";
import { useActionKeys } from "../../../lib/action-keys.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { callEndpoint, endpointKey, useEndpointQuery } from "../../../lib/endpoint-client.ts";
import { fileHref } from "../../../lib/file-href.ts";
import { refreshQueries, SILENT } from "../../../lib/query-client.ts";

/**
 * The helpdesk's calls of the stores' payouts (src/contract/store-payouts.ts): what is open per store,
 * the batches, one batch, and its changes; the two files are downloaded by their addresses.
 */

/** The batches listed on one page. */
export const BATCHES_PAGE_SIZE = 10;

/** Every cached answer a batch's change makes stale: what is open, the lists, each batch. */
const PAYOUT_ENDPOINTS = [api.open, api.payables, api.batches, api.batch, api.ofStore] as const;

function refreshPayouts(queryClient: QueryClient) {
  return refreshQueries(
    queryClient,
    PAYOUT_ENDPOINTS.map((read) => endpointKey(read)),
  );
}

/** GET /api/store-payouts/open: the open payables per store. */
export function useOpenPayables() {
  return useEndpointQuery(api.open, {}, { meta: SILENT });
}

/** GET /api/store-payouts/batches: one page, newest first; the page stays while the next loads. */
export function usePayoutBatches(page: number) {
  return useEndpointQuery(
    api.batches,
    { query: { page, limit: BATCHES_PAGE_SIZE } },
    { placeholderData: keepPreviousData, meta: SILENT },
  );
}

/** GET /api/store-payouts/batches/{id}: the batch with its stores, orders and the caller's actions. */
export function usePayoutBatch(id: string) {
  return useEndpointQuery(api.batch, { params: { id } }, { meta: SILENT });
}

/** POST /api/store-payouts/batches: every store's open payables, or one store's. */
export function useCreateBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bikeStoreId: string | null): Promise<TPayoutBatchDetails> =>
      callEndpoint(api.createBatch, { body: bikeStoreId ? { bikeStoreId } : {} }),
    meta: SILENT,
    onSuccess: () => refreshPayouts(queryClient),
  });
}

export type BatchAction =
  | { kind: "approve"; executionDate: string; approvalDigest: string }
  | { kind: "paid"; paidDate: string }
  | { kind: "discard" };

/**
 * Approves the batch, marks it paid or discards it; what is open, the lists and the batch refetch
 * afterwards. Approving and marking paid move money: each sends its action's Idempotency-Key, so a
 * retry after a lost answer does not act twice.
 */
export function useBatchAction(id: string) {
  const queryClient = useQueryClient();
  const keys = useActionKeys();
  return useMutation({
    mutationFn: async (action: BatchAction): Promise<unknown> => {
      const params = { id };
      if (action.kind === "approve") {
        const body = { executionDate: action.executionDate, approvalDigest: action.approvalDigest };
        return keys.run([action.kind, id, body], (idempotencyKey) =>
          callEndpoint(api.approve, { params, body }, { idempotencyKey }),
        );
      }
      if (action.kind === "discard") return callEndpoint(api.discard, { params });
      const body = { paidDate: action.paidDate };
      return keys.run([action.kind, id, body], (idempotencyKey) =>
        callEndpoint(api.markPaid, { params, body }, { idempotencyKey }),
      );
    },
    // The dialog shows the error by its code.
    meta: SILENT,
    onSuccess: () => refreshPayouts(queryClient),
    // The batch changed since the page read it (an account, an order): the page reads it again, so
    // what the approver sees next is what an approval would pay.
    onError: (error) => {
      if (error instanceof ApiError && error.code === "PAYOUT_BATCH_CHANGED")
        return refreshPayouts(queryClient);
    },
  });
}

/** The address of an approved batch's pain.001 credit transfer file. */
export function paymentFileHref(batchId: string): string {
  return fileHref(api.paymentFile, { params: { id: batchId } });
}

/** The address of the reconciliation CSV of one batch or of the batches paid in a period. */
export function reconciliationHref(
  of: { batchId: string } | { paidFrom: string; paidTo: string },
  language: Language,
): string {
  return fileHref(api.reconciliation, { query: { ...of, language } });
}
