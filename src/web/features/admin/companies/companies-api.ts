import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { zEventLogPage } from "../../../../contract/admin.ts";
import {
  type TCreateCompany,
  type TGroupCompanyInput,
  type TUpdateCompany,
  zCodeMessage,
  zCompaniesPage,
  zCompanyDetails,
  zCompanyOrdersPage,
  zGroupCompaniesPage,
  zGroupCompany,
} from "../../../../contract/companies.ts";
import { apiFetch } from "../../../lib/api-client.ts";
import {
  COMPANIES_KEY,
  GROUP_COMPANIES_KEY,
  PAGE_SIZE,
  useRefetchCompanies,
} from "../../companies/companies-api.ts";

/**
 * The admin's own calls of the Yritykset and Lisää yritys tabs (src/contract/companies.ts has the
 * list): the companies list, create, update and delete, a company's orders and event history, group
 * companies. What the employer's company settings share (a company, its VAT and people, units, bike
 * policy, payroll report recipients, registration links) is in features/companies/companies-api.ts.
 * Every answer is checked against its contract schema. Mutations are `silent`: the screens word their
 * own outcome (field errors, the SPEC §8 codes).
 */

export { PAGE_SIZE };

const enc = encodeURIComponent;

export type CompanyListFilters = {
  page: number;
  search: string;
  groupCompanyId: string;
  /** "grouped": only companies in a group; "standalone": only those without one. */
  kind: "" | "grouped" | "standalone";
};

export function companiesPath({ page, search, groupCompanyId, kind }: CompanyListFilters): string {
  const params = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE) });
  if (search.trim()) params.set("search", search.trim());
  if (groupCompanyId) params.set("groupCompanyId", groupCompanyId);
  if (kind) params.set("groupCompany", String(kind === "grouped"));
  return `/api/companies?${params}`;
}

/** One page of companies with the list's filters; the previous page stays while the next loads. */
export function useCompanies(filters: CompanyListFilters) {
  return useQuery({
    queryKey: [...COMPANIES_KEY, "list", filters],
    queryFn: () => apiFetch(companiesPath(filters), { schema: zCompaniesPage }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateCompany() {
  const refetch = useRefetchCompanies();
  return useMutation({
    mutationFn: (body: TCreateCompany) =>
      apiFetch("/api/companies", { method: "POST", body, schema: zCompanyDetails }),
    meta: { silent: true },
    onSuccess: refetch,
  });
}

export function useUpdateCompany(id: string) {
  const refetch = useRefetchCompanies();
  return useMutation({
    mutationFn: (body: TUpdateCompany) =>
      apiFetch(`/api/companies/${enc(id)}`, { method: "PUT", body, schema: zCompanyDetails }),
    meta: { silent: true },
    onSuccess: refetch,
  });
}

export function useDeleteCompany(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(`/api/companies/${enc(id)}`, { method: "DELETE", schema: zCodeMessage }),
    meta: { silent: true },
    onSuccess: () => {
      // The page of the deleted company must not ask for it again.
      queryClient.removeQueries({ queryKey: [...COMPANIES_KEY, "one", id] });
      void queryClient.invalidateQueries({ queryKey: [...COMPANIES_KEY, "list"] });
      return queryClient.invalidateQueries({ queryKey: GROUP_COMPANIES_KEY });
    },
  });
}

export function useCompanyOrders(id: string, page: number, activeLeases: boolean) {
  const params = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE) });
  if (activeLeases) params.set("activeLeases", "true");
  return useQuery({
    queryKey: [...COMPANIES_KEY, "one", id, "orders", page, activeLeases],
    queryFn: () => apiFetch(`/api/companies/${enc(id)}/orders?${params}`, { schema: zCompanyOrdersPage }),
    placeholderData: keepPreviousData,
  });
}

export const EVENTS_SHOWN = 10;

/** The company's latest events (GET /api/event-log), newest first. */
export function useCompanyEvents(companyId: string) {
  return useQuery({
    queryKey: [...COMPANIES_KEY, "one", companyId, "events"],
    queryFn: () =>
      apiFetch(`/api/event-log?companyId=${enc(companyId)}&limit=${EVENTS_SHOWN}`, { schema: zEventLogPage }),
  });
}

// ---- Group companies ---------------------------------------------------------------------------------------

/** Every group company as a choice (id and name); the API allows 500 in one answer. */
export function useGroupCompanyOptions() {
  return useQuery({
    queryKey: [...GROUP_COMPANIES_KEY, "options"],
    queryFn: () =>
      apiFetch("/api/group-companies?forDropdown=true&limit=500", { schema: zGroupCompaniesPage }),
    select: (data) => data.items,
  });
}

export function useGroupCompanies(page: number, search: string) {
  const params = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE) });
  if (search.trim()) params.set("search", search.trim());
  return useQuery({
    queryKey: [...GROUP_COMPANIES_KEY, "list", page, search.trim()],
    queryFn: () => apiFetch(`/api/group-companies?${params}`, { schema: zGroupCompaniesPage }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveGroupCompany() {
  const refetch = useRefetchCompanies();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: TGroupCompanyInput }) =>
      apiFetch(id ? `/api/group-companies/${enc(id)}` : "/api/group-companies", {
        method: id ? "PUT" : "POST",
        body,
        schema: zGroupCompany,
      }),
    meta: { silent: true },
    onSuccess: refetch,
  });
}

export function useDeleteGroupCompany() {
  const refetch = useRefetchCompanies();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/group-companies/${enc(id)}`, { method: "DELETE", schema: zCodeMessage }),
    meta: { silent: true },
    onSuccess: refetch,
  });
}
