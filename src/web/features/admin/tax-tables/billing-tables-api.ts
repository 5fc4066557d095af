import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { billingTablesApi, type TBillingTableInput } from "../../../../contract/billing-tables.ts";
import { callEndpoint, endpointKey, useEndpointQuery } from "../../../lib/endpoint-client.ts";
import { refreshQueries } from "../../../lib/query-client.ts";
import { CALCULATOR_PARAMETERS_KEY } from "./tax-tables-api.ts";

/** Billing tables (docs/api-surface.md "Billing tables"): the list, one save (POST or PUT) and delete. */

/** GET /api/billing-table: every table, the default first. */
export function useBillingTables() {
  return useEndpointQuery(billingTablesApi.list, {}, { select: (data) => data.billingTables });
}

function refreshBillingTables(queryClient: QueryClient) {
  // The public calculator prices with the default table.
  void refreshQueries(queryClient, [CALCULATOR_PARAMETERS_KEY]);
  return refreshQueries(queryClient, [endpointKey(billingTablesApi.list)]);
}

export function useSaveBillingTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: TBillingTableInput }) =>
      id
        ? callEndpoint(billingTablesApi.update, { params: { id }, body })
        : callEndpoint(billingTablesApi.create, { body }),
    meta: { silent: true },
    onSuccess: () => refreshBillingTables(queryClient),
  });
}

export function useDeleteBillingTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(billingTablesApi.remove, { params: { id } }),
    meta: { silent: true },
    onSuccess: () => refreshBillingTables(queryClient),
  });
}
