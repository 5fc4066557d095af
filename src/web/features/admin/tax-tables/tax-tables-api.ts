import { keepPreviousData, type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { calculatorApi } from "../../../../contract/calculator.ts";
import type { EndpointBody, EndpointDef } from "../../../../contract/endpoint.ts";
import { municipalRateImportApi } from "../../../../contract/municipal-rate-import.ts";
import {
  type TProvinceTaxTableItem,
  type TStateIncomeTaxTable,
  type TTaxpayerDeductionsTable,
  type TTaxTable,
  taxTablesApi,
} from "../../../../contract/tax-tables.ts";
import { callEndpoint, endpointKey, useEndpointQuery } from "../../../lib/endpoint-client.ts";
import { refreshQueries } from "../../../lib/query-client.ts";
import { uploadFile } from "../../../lib/upload.ts";

/**
 * The four tax tables of the calculator (docs/api-surface.md "Tax tables: full CRUD"): one list call per table
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
  "province-tax-table": TProvinceTaxTableItem;
};

type TaxPage<T> = {
  items: T[];
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  hasNext: boolean;
  hasPrevious: boolean;
};

/** The public calculator's cached parameters (features/calculator), which these tables feed. */
export const CALCULATOR_PARAMETERS_KEY = endpointKey(calculatorApi.parameters);

/** A year's rows fit one page (the API allows 500). */
export const YEAR_PAGE_SIZE = 500;
/** Municipalities are paged: about 300 a year. */
export const MUNICIPAL_PAGE_SIZE = 50;

export type ListParams = {
  page: number;
  limit: number;
  year?: number;
  search?: string;
  /** The municipal rates alone: all, those changed from the year before, or the unconfirmed ones. */
  show?: "all" | "changed" | "unconfirmed";
};

/** Each table's calls in src/contract/tax-tables.ts. */
const ENDPOINTS = {
  "tax-table": {
    list: taxTablesApi.listTaxTables,
    create: taxTablesApi.createTaxTable,
    update: taxTablesApi.updateTaxTable,
    remove: taxTablesApi.deleteTaxTable,
  },
  "state-income-tax-table": {
    list: taxTablesApi.listStateIncomeTax,
    create: taxTablesApi.createStateIncomeTax,
    update: taxTablesApi.updateStateIncomeTax,
    remove: taxTablesApi.deleteStateIncomeTax,
  },
  "taxpayer-deductions-table": {
    list: taxTablesApi.listDeductions,
    create: taxTablesApi.createDeductions,
    update: taxTablesApi.updateDeductions,
    remove: taxTablesApi.deleteDeductions,
  },
  "province-tax-table": {
    list: taxTablesApi.listProvinces,
    create: taxTablesApi.createProvince,
    update: taxTablesApi.updateProvince,
    remove: taxTablesApi.deleteProvince,
  },
} as const satisfies Record<TaxResource, Record<"list" | "create" | "update" | "remove", EndpointDef>>;

type BodyOf<R extends TaxResource> = EndpointBody<(typeof ENDPOINTS)[R]["create"]>;

/** One page of a tax table; the previous page stays on screen while the next loads. */
export function useTaxRows<R extends TaxResource>(
  resource: R,
  { page, limit, year, search, show }: ListParams,
) {
  // The municipal rates alone are searched and narrowed.
  const query = {
    page,
    limit,
    year,
    ...(search?.trim() ? { search: search.trim() } : {}),
    ...(show && show !== "all" ? { show } : {}),
  };
  const list = ENDPOINTS[resource].list as (typeof ENDPOINTS)["province-tax-table"]["list"];
  return useEndpointQuery(
    list,
    { query },
    { select: (data) => data as unknown as TaxPage<RowOf[R]>, placeholderData: keepPreviousData },
  );
}

/** Every year's payroll parameters (one row a year), newest first: the years the tab offers. */
export function useTaxYears() {
  return useTaxRows("tax-table", { page: 1, limit: YEAR_PAGE_SIZE });
}

/** The years that have municipal rates (a year may have them before its payroll parameters). */
export function useMunicipalRateYears() {
  return useEndpointQuery(taxTablesApi.municipalRateYears, {});
}

/** After a change of a table's rows: the calculator's parameters, the table, and a municipal rate's years. */
function refreshTaxTables(queryClient: QueryClient, resource: TaxResource) {
  void refreshQueries(
    queryClient,
    resource === "province-tax-table"
      ? [CALCULATOR_PARAMETERS_KEY, endpointKey(taxTablesApi.municipalRateYears)]
      : [CALCULATOR_PARAMETERS_KEY],
  );
  return refreshQueries(queryClient, [endpointKey(ENDPOINTS[resource].list)]);
}

/** Reads a list file against the year before; nothing is written. The dialog shows the outcome. */
export function usePreviewMunicipalRates() {
  return useMutation({
    mutationFn: ({ year, file }: { year: number; file: File }) =>
      uploadFile(municipalRateImportApi.preview, { query: { year } }, file),
    meta: { silent: true },
  });
}

export type ImportChoice = { year: number; file: File; source: string; confirmed: boolean; replace: boolean };

/** Writes the year's rows from the file the helpdesk previewed; the lists and the calculator refetch. */
export function useImportMunicipalRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ year, file, source, confirmed, replace }: ImportChoice) =>
      uploadFile(
        municipalRateImportApi.write,
        {
          query: {
            year,
            source,
            confirmed: confirmed ? "true" : "false",
            replace: replace ? "true" : "false",
          },
        },
        file,
      ),
    meta: { silent: true },
    onSuccess: () => refreshTaxTables(queryClient, "province-tax-table"),
  });
}

/** POST (no id) or PUT (id) of one row; the form shows the errors itself. */
export function useSaveTaxRow<R extends TaxResource>(resource: R) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: BodyOf<R> }) => {
      // One table's create and update take the same body; the cast names one of the four for the compiler.
      const { create, update } = ENDPOINTS[resource] as (typeof ENDPOINTS)["province-tax-table"];
      const input = body as BodyOf<"province-tax-table">;
      const row = id
        ? await callEndpoint(update, { params: { id }, body: input })
        : await callEndpoint(create, { body: input });
      return row as unknown as RowOf[R];
    },
    meta: { silent: true },
    onSuccess: () => refreshTaxTables(queryClient, resource),
  });
}

/** DELETE of one row; the section shows the outcome. */
export function useDeleteTaxRow(resource: TaxResource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(ENDPOINTS[resource].remove, { params: { id } }),
    meta: { silent: true },
    onSuccess: () => refreshTaxTables(queryClient, resource),
  });
}
