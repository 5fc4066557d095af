import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  storeLinksApi,
  type TStoreDelivery,
  type TStoreDeliveryInput,
  type TStorePackage,
  type TStorePackageInput,
} from "../../../contract/store-links.ts";
import { ApiError } from "../../lib/api-client.ts";
import { callEndpoint, endpointKey, useEndpointQuery } from "../../lib/endpoint-client.ts";
import { SILENT } from "../../lib/query-client.ts";

/**
 * The calls of the bike store's link pages (src/contract/store-links.ts): the package link and the
 * delivery link, by the token of the page's address.
 */

export type { TStoreDelivery, TStoreDeliveryInput, TStorePackage, TStorePackageInput };

/** A link that does not work: 404 STORE_LINK_INVALID, or 400 for a token copied only in part. */
export function isDeadLink(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === "STORE_LINK_INVALID" || (error.status === 400 && error.code === "VALIDATION_ERROR"))
  );
}

export function useStorePackage(token: string) {
  return useEndpointQuery(storeLinksApi.getPackage, { params: { token } }, { meta: SILENT, retry: false });
}

export function useSavePackage(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TStorePackageInput) =>
      callEndpoint(storeLinksApi.putPackage, { params: { token }, body }),
    onSuccess: (data) =>
      client.setQueryData(endpointKey(storeLinksApi.getPackage, { params: { token } }), data),
    meta: SILENT,
  });
}

export function useStoreDelivery(token: string) {
  return useEndpointQuery(storeLinksApi.getDelivery, { params: { token } }, { meta: SILENT, retry: false });
}

export function useSaveDelivery(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TStoreDeliveryInput) =>
      callEndpoint(storeLinksApi.putDelivery, { params: { token }, body }),
    onSuccess: (data) =>
      client.setQueryData(endpointKey(storeLinksApi.getDelivery, { params: { token } }), data),
    meta: SILENT,
  });
}
