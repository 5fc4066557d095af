import { useMutation, useQueryClient } from "@tanstack/react-query";
import { billingTablesApi, type TBillingTableInput } from "../../../../contract/billing-tables.ts";
import { callEndpoint, endpointKey, useEndpointQuery } from "../../../lib/endpoint-client.ts";
import { CALCULATOR_PARAMETERS_KEY } from "./tax-tables-api.ts";

/** Billing tables (docs/api-surface.md "Billing tables"): the list, one save (POST or PUT) and delete. */

/** GET /api/billing-table: every table, the default first. */
export function useBillingTables() {
  return useEndpointQuery(billingTablesApi.list, {}, { select: (data) => data.billingTables });
}

function useRefetch() {
  const queryClient = useQueryClient();
  return () => {
    // The public calculator prices with the default table.
    void queryClient.invalidateQueries({ queryKey: CALCULATOR_PARAMETERS_KEY });
    return queryClient.invalidateQueries({ queryKey: endpointKey(billingTablesApi.list) });
  };
}

export function useSaveBillingTable() {
  const refetch = useRefetch();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: TBillingTableInput }) =>
      id
        ? callEndpoint(billingTablesApi.update, { params: { id }, body })
        : callEndpoint(billingTablesApi.create, { body }),
    meta: { silent: true },
    onSuccess: refetch,
  });
}

export function useDeleteBillingTable() {
  const refetch = useRefetch();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(billingTablesApi.remove, { params: { id } }),
    meta: { silent: true },
    onSuccess: refetch,
  });
}
