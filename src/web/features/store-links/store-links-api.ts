import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  TStoreDelivery,
  TStoreDeliveryInput,
  TStorePackage,
  TStorePackageInput,
} from "../../../contract/store-links.ts";
import { ApiError, apiFetch } from "../../lib/api-client.ts";

/**
 * The calls of the bike store's link pages (src/contract/store-links.ts): the package link and the
 * delivery link, by the token of the page's address. Type-only imports keep zod out of the chunk.
 */

export type { TStoreDelivery, TStoreDeliveryInput, TStorePackage, TStorePackageInput };

const SILENT = { silent: true };
const packagePath = (token: string) => `/api/store-links/package/${encodeURIComponent(token)}`;
const deliveryPath = (token: string) => `/api/store-links/delivery/${encodeURIComponent(token)}`;

/** A link that does not work: 404 STORE_LINK_INVALID, or 400 for a token copied only in part. */
export function isDeadLink(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === "STORE_LINK_INVALID" || (error.status === 400 && error.code === "VALIDATION_ERROR"))
  );
}

export function useStorePackage(token: string) {
  return useQuery({
    queryKey: ["store-package", token],
    queryFn: ({ signal }) => apiFetch<TStorePackage>(packagePath(token), { signal }),
    meta: SILENT,
    retry: false,
  });
}

export function useSavePackage(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TStorePackageInput) =>
      apiFetch<TStorePackage>(packagePath(token), { method: "PUT", body }),
    onSuccess: (data) => client.setQueryData(["store-package", token], data),
    meta: SILENT,
  });
}

export function useStoreDelivery(token: string) {
  return useQuery({
    queryKey: ["store-delivery", token],
    queryFn: ({ signal }) => apiFetch<TStoreDelivery>(deliveryPath(token), { signal }),
    meta: SILENT,
    retry: false,
  });
}

export function useSaveDelivery(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TStoreDeliveryInput) =>
      apiFetch<TStoreDelivery>(deliveryPath(token), { method: "PUT", body }),
    onSuccess: (data) => client.setQueryData(["store-delivery", token], data),
    meta: SILENT,
  });
}
