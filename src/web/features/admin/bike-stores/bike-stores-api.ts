import { keepPreviousData, type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { bikeStoresApi } from "../../../../contract/bike-stores.ts";
import { storeAccountsApi, type TStoreUserInvite } from "../../../../contract/store-accounts.ts";
import { storePayoutsApi } from "../../../../contract/store-payouts.ts";
import { callEndpoint, endpointKey, useEndpointQuery } from "../../../lib/endpoint-client.ts";
import { refreshQueries } from "../../../lib/query-client.ts";

/**
 * The helpdesk's calls of the bike stores (src/contract/bike-stores.ts): the stores, one store, its
 * users (store-accounts.ts) and its payouts (store-payouts.ts). Inviting or removing a user refreshes
 * the store's user list.
 */

export const STORES_PAGE_SIZE = 20;
export const STORE_USERS_PAGE_SIZE = 10;
export const STORE_PAYABLES_PAGE_SIZE = 10;

/** GET /api/bike-stores: one page by name, searched by name or city; the page stays while the next loads. */
export function useBikeStores(query: { page: number; search: string }) {
  return useEndpointQuery(
    bikeStoresApi.list,
    {
      query: { page: query.page, limit: STORES_PAGE_SIZE, ...(query.search ? { search: query.search } : {}) },
    },
    { placeholderData: keepPreviousData },
  );
}

/** GET /api/bike-stores/{id}: the store. */
export function useBikeStore(id: string) {
  return useEndpointQuery(bikeStoresApi.get, { params: { id } });
}

/** GET /api/bike-stores/{id}/users: one page of the store's users, newest first. */
export function useStoreUsers(id: string, page: number) {
  return useEndpointQuery(
    storeAccountsApi.users,
    { params: { id }, query: { page, limit: STORE_USERS_PAGE_SIZE } },
    { placeholderData: keepPreviousData },
  );
}

/** GET /api/bike-stores/{id}/payouts: the store's payouts as the store itself reads them. */
export function useStorePayoutsOf(id: string, page: number) {
  return useEndpointQuery(
    storePayoutsApi.ofStore,
    { params: { id }, query: { page, limit: STORE_PAYABLES_PAGE_SIZE } },
    { placeholderData: keepPreviousData },
  );
}

/** After a store's user is invited or removed: the stores' user lists. */
function refreshBikeStores(queryClient: QueryClient) {
  return refreshQueries(queryClient, [endpointKey(storeAccountsApi.users)]);
}

/** POST /api/bike-stores/{id}/users: the new (or an existing store's) user gets the store. */
export function useInviteStoreUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TStoreUserInvite) =>
      callEndpoint(storeAccountsApi.inviteUser, { params: { id }, body }),
    // The form says a refusal at its fields.
    meta: { silent: true },
    onSuccess: () => refreshBikeStores(queryClient),
  });
}

/** DELETE /api/bike-stores/{id}/users/{userId}: the user no longer acts for the store. */
export function useRemoveStoreUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => callEndpoint(storeAccountsApi.removeUser, { params: { id, userId } }),
    // The dialog says why it failed.
    meta: { silent: true },
    onSuccess: () => refreshBikeStores(queryClient),
  });
}
