import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  TBillingTable,
  TBillingTableInput,
  TBillingTables,
} from "../../../../contract/billing-tables.ts";
import { apiFetch } from "../../../lib/api-client.ts";
import { CALCULATOR_PARAMETERS_KEY } from "./tax-tables-api.ts";

/** Billing tables (SPEC §7 "Billing tables"): the list, one save (POST or PUT) and delete. */

export const BILLING_TABLES_KEY = ["billing-tables"] as const;

/** GET /api/billing-table: every table, the default first. */
export function useBillingTables() {
  return useQuery({
    queryKey: BILLING_TABLES_KEY,
    queryFn: () => apiFetch<TBillingTables>("/api/billing-table"),
    select: (data) => data.billingTables,
  });
}

function useRefetch() {
  const queryClient = useQueryClient();
  return () => {
    // The public calculator prices with the default table.
    void queryClient.invalidateQueries({ queryKey: CALCULATOR_PARAMETERS_KEY });
    return queryClient.invalidateQueries({ queryKey: BILLING_TABLES_KEY });
  };
}

export function useSaveBillingTable() {
  const refetch = useRefetch();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: TBillingTableInput }) =>
      apiFetch<TBillingTable>(id ? `/api/billing-table/${encodeURIComponent(id)}` : "/api/billing-table", {
        method: id ? "PUT" : "POST",
        body,
      }),
    meta: { silent: true },
    onSuccess: refetch,
  });
}

export function useDeleteBillingTable() {
  const refetch = useRefetch();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<{ message: string }>(`/api/billing-table/${encodeURIComponent(id)}`, { method: "DELETE" }),
    meta: { silent: true },
    onSuccess: refetch,
  });
}
