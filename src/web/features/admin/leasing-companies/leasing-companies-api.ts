import { useQuery } from "@tanstack/react-query";
import type {
  TLastFetchTime,
  TLeasingCompanyList,
  TLeasingCompanyOptions,
} from "../../../../contract/leasing-companies.ts";
import { apiFetch } from "../../../lib/api-client.ts";

/** Leasing companies (SPEC §7 "Leasing"): read only; the sync job keeps them. */

export const LEASING_COMPANIES_KEY = ["leasing-companies"] as const;

/** GET /api/leasing-companies: every company by name, with its details. */
export function useLeasingCompanies() {
  return useQuery({
    queryKey: [...LEASING_COMPANIES_KEY, "all"],
    queryFn: () => apiFetch<TLeasingCompanyList>("/api/leasing-companies"),
    select: (data) => data.leasingCompanies,
  });
}

/** GET /api/leasing-companies?forDropdown=true: the active companies as choices. */
export function useLeasingCompanyOptions() {
  return useQuery({
    queryKey: [...LEASING_COMPANIES_KEY, "options"],
    queryFn: () => apiFetch<TLeasingCompanyOptions>("/api/leasing-companies?forDropdown=true"),
    select: (data) => data.leasingCompanies,
  });
}

/** GET /api/last-fetch-time: when the companies' data was last fetched, or null. */
export function useLastFetchTime() {
  return useQuery({
    queryKey: [...LEASING_COMPANIES_KEY, "last-fetch-time"],
    queryFn: () => apiFetch<TLastFetchTime>("/api/last-fetch-time"),
    select: (data) => data.lastFetchTime,
  });
}
