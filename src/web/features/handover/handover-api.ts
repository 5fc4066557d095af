import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  handoversApi as api,
  type THandoverPhoto,
  type THandoverRecord,
  type TOrderHandover,
  type TRecordHandover,
  type TStoreHandover,
} from "../../../contract/handovers.ts";
import { storeAccountsApi } from "../../../contract/store-accounts.ts";
import { callEndpoint, endpointKey, endpointQuery, useEndpointQuery } from "../../lib/endpoint-client.ts";
import { fileHref } from "../../lib/file-href.ts";
import { refreshQueries, SILENT } from "../../lib/query-client.ts";
import { uploadFile } from "../../lib/upload.ts";

/**
 * The store's calls of the handover (src/contract/handovers.ts): its photos and record; and what every
 * side shares: the order's handover as the employee, employer and helpdesk read it, and the protocol's
 * address. A store's change refreshes the handover and the order it gives a delivery. The employee's
 * own calls (signing, a defect) are /mybike's (mybike/handover-api.ts).
 */

export type { THandoverPhoto, THandoverRecord, TOrderHandover, TStoreHandover };

/** The protocol and the photos are files the browser opens by address, not JSON calls. */
export const storeProtocolHref = (orderId: string) => fileHref(api.storeProtocol, { params: { orderId } });
export const orderProtocolHref = (orderId: string) => fileHref(api.orderProtocol, { params: { orderId } });
export const storePhotoHref = (orderId: string, photoId: string) =>
  fileHref(api.photo, { params: { orderId, photoId } });

export function useStoreHandover(orderId: string) {
  return useEndpointQuery(api.ofStore, { params: { orderId } });
}

/** After a change of the store's: the handover, and the order and the list whose delivery it may give. */
function refreshStoreHandover(queryClient: QueryClient, orderId: string) {
  return refreshQueries(queryClient, [
    endpointKey(api.ofStore, { params: { orderId } }),
    endpointKey(storeAccountsApi.order, { params: { orderId } }),
    endpointKey(storeAccountsApi.orders),
  ]);
}

export function useRecordHandover(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TRecordHandover) => callEndpoint(api.record, { params: { orderId }, body }),
    meta: SILENT,
    onSuccess: () => refreshStoreHandover(queryClient, orderId),
  });
}

/** Sends the photos one by one; answers those the server refused, with why. */
export function useAddHandoverPhotos(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (files: readonly File[]) => {
      const failed: { file: File; error: unknown }[] = [];
      for (const file of files) {
        try {
          await uploadFile(api.addPhoto, { params: { orderId } }, file);
        } catch (error) {
          failed.push({ file, error });
        }
      }
      return failed;
    },
    meta: SILENT,
    onSettled: () => refreshStoreHandover(queryClient, orderId),
  });
}

export function useRemoveHandoverPhoto(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoId: string) => callEndpoint(api.removePhoto, { params: { orderId, photoId } }),
    meta: SILENT,
    onSuccess: () => refreshStoreHandover(queryClient, orderId),
  });
}

/** An order's handover, read ahead of the page that shows it (a page's first data). */
export function orderHandoverQuery(orderId: string) {
  return endpointQuery(api.ofOrder, { params: { orderId } });
}

/** An order's handover as the employee, the employer and the helpdesk read it. */
export function useOrderHandover(orderId: string) {
  return useEndpointQuery(api.ofOrder, { params: { orderId } }, { meta: SILENT });
}
