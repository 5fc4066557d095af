import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  leasingCompaniesApi,
  type TLeasingCompany,
  type TLeasingCompanyEInvoiceInput,
  type TLeasingCompanyOption,
} from "../../../../contract/leasing-companies.ts";
import { callEndpoint, endpointKey, useEndpointQuery } from "../../../lib/endpoint-client.ts";
import { refreshQueries } from "../../../lib/query-client.ts";

/**
 * Leasing companies (docs/api-surface.md "Leasing"): the sync job keeps them; the helpdesk sets only where our
 * e-invoices to each go.
 */

/** GET /api/leasing-companies: every company by name, with its details. */
export function useLeasingCompanies() {
  return useEndpointQuery(
    leasingCompaniesApi.list,
    {},
    // Without forDropdown every company comes with its details.
    { select: (data) => data.leasingCompanies as TLeasingCompany[] },
  );
}

/** GET /api/leasing-companies?forDropdown=true: the active companies as choices. */
export function useLeasingCompanyOptions() {
  return useEndpointQuery(
    leasingCompaniesApi.list,
    { query: { forDropdown: "true" } },
    { select: (data): TLeasingCompanyOption[] => data.leasingCompanies },
  );
}

/** GET /api/last-fetch-time: when the companies' data was last fetched, or null. */
export function useLastFetchTime() {
  return useEndpointQuery(leasingCompaniesApi.lastFetchTime, {}, { select: (data) => data.lastFetchTime });
}

/** After a leasing company's e-invoice address changes: the list and the company. */
function refreshLeasingCompanies(queryClient: QueryClient) {
  return refreshQueries(
    queryClient,
    [leasingCompaniesApi.list, leasingCompaniesApi.get].map((read) => endpointKey(read)),
  );
}

/** PUT /api/leasing-companies/{id}/e-invoice: the list and the company refetch afterwards. */
export function useSetLeasingEInvoice(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TLeasingCompanyEInvoiceInput) =>
      callEndpoint(leasingCompaniesApi.setEInvoice, { params: { id }, body }),
    // The form says a refusal at its fields.
    meta: { silent: true },
    onSuccess: () => refreshLeasingCompanies(queryClient),
  });
}
