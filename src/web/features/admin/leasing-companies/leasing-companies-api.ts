import {
  leasingCompaniesApi,
  type TLeasingCompany,
  type TLeasingCompanyOption,
} from "../../../../contract/leasing-companies.ts";
import { useEndpointQuery } from "../../../lib/endpoint-client.ts";

/** Leasing companies (SPEC §7 "Leasing"): read only; the sync job keeps them. */

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
