import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type {
  TProvinceTaxTable,
  TStateIncomeTaxTable,
  TTaxpayerDeductionsTable,
  TTaxTable,
} from "../../../../contract/tax-tables.ts";
import { apiFetch } from "../../../lib/api-client.ts";

/**
 * The four tax tables of the calculator (SPEC §7 "Tax tables: full CRUD"): one list call per table
 * for a tax year, and one save and one delete that work for each. A save or delete refetches the
 * table it changed.
 */

export type TaxResource =
  | "tax-table"
  | "state-income-tax-table"
  | "taxpayer-deductions-table"
  | "province-tax-table";

type RowOf = {
  "tax-table": TTaxTable;
  "state-income-tax-table": TStateIncomeTaxTable;
  "taxpayer-deductions-table": TTaxpayerDeductionsTable;
  "province-tax-table": TProvinceTaxTable;
};

export type TaxPage<T> = {
  items: T[];
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  hasNext: boolean;
  hasPrevious: boolean;
};

export const TAX_TABLES_KEY = ["tax-tables"] as const;
/** The public calculator's cached parameters (features/calculator), which these tables feed. */
export const CALCULATOR_PARAMETERS_KEY = ["calculator-parameters"] as const;

/** A year's rows fit one page (the API allows 500). */
export const YEAR_PAGE_SIZE = 500;
/** Municipalities are paged: about 300 a year. */
export const MUNICIPAL_PAGE_SIZE = 50;

export type ListParams = { page: number; limit: number; year?: number; search?: string };

export function taxListPath(resource: TaxResource, { page, limit, year, search }: ListParams): string {
  const params = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (year !== undefined) params.set("year", String(year));
  if (search?.trim()) params.set("search", search.trim());
  return `/api/${resource}?${params}`;
}

/** One page of a tax table; the previous page stays on screen while the next loads. */
export function useTaxRows<R extends TaxResource>(resource: R, params: ListParams) {
  return useQuery({
    queryKey: [...TAX_TABLES_KEY, resource, params],
    queryFn: () => apiFetch<TaxPage<RowOf[R]>>(taxListPath(resource, params)),
    placeholderData: keepPreviousData,
  });
}

/** Every year's payroll parameters (one row a year), newest first: the years the tab offers. */
export function useTaxYears() {
  return useTaxRows("tax-table", { page: 1, limit: YEAR_PAGE_SIZE });
}

function refetchAfterChange(queryClient: QueryClient, resource: TaxResource) {
  void queryClient.invalidateQueries({ queryKey: CALCULATOR_PARAMETERS_KEY });
  return queryClient.invalidateQueries({ queryKey: [...TAX_TABLES_KEY, resource] });
}

/** POST (no id) or PUT (id) of one row; the form shows the errors itself. */
export function useSaveTaxRow<R extends TaxResource>(resource: R) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: unknown }) =>
      apiFetch<RowOf[R]>(id ? `/api/${resource}/${encodeURIComponent(id)}` : `/api/${resource}`, {
        method: id ? "PUT" : "POST",
        body,
      }),
    meta: { silent: true },
    onSuccess: () => refetchAfterChange(queryClient, resource),
  });
}

/** DELETE of one row; the section shows the outcome. */
export function useDeleteTaxRow(resource: TaxResource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<{ message: string }>(`/api/${resource}/${encodeURIComponent(id)}`, { method: "DELETE" }),
    meta: { silent: true },
    onSuccess: () => refetchAfterChange(queryClient, resource),
  });
}
