import {
  keepPreviousData,
  type QueryClient,
  type QueryKey,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import type { z } from "zod";
import { adminApi } from "../../../../contract/admin.ts";
import {
  companiesApi as api,
  type TCreateCompany,
  type TGroupCompanyInput,
  type TUpdateCompany,
  type zCompaniesPage,
} from "../../../../contract/companies.ts";
import type { EndpointQuery, EndpointResponse } from "../../../../contract/endpoint.ts";
import { singleSignOnApi, type zUpdateCompanyIdentity } from "../../../../contract/single-sign-on.ts";
import { systemUsersApi } from "../../../../contract/system-users.ts";
import { callEndpoint, endpointKey, useEndpointQuery } from "../../../lib/endpoint-client.ts";
import { refreshQueries } from "../../../lib/query-client.ts";
import { PAGE_SIZE, refreshCompanies } from "../../companies/index.ts";

/**
 * The admin's own calls of the Yritykset and Lisää yritys tabs (src/contract/companies.ts has the
 * list): the companies list, create, update and delete, a company's orders and event history, group
 * companies, a company's identity settings. What the employer's company settings share (a company, its VAT and people, units, bike
 * policy, payroll report recipients, registration links) is in features/companies/companies-api.ts.
 * Every answer is checked against its contract schema. Mutations are `silent`: the screens word their
 * own outcome (field errors, the docs/product.md "Errors").
 */

export { PAGE_SIZE };

export type CompanyListFilters = {
  page: number;
  search: string;
  groupCompanyId: string;
  /** "grouped": only companies in a group; "standalone": only those without one. */
  kind: "" | "grouped" | "standalone";
};

/** The list's filters as GET /api/companies takes them (an empty filter is left out of the address). */
function companiesQuery({
  page,
  search,
  groupCompanyId,
  kind,
}: CompanyListFilters): EndpointQuery<typeof api.list> {
  return {
    page,
    limit: PAGE_SIZE,
    search: search.trim(),
    groupCompanyId,
    groupCompany: kind === "" ? undefined : kind === "grouped" ? "true" : "false",
  };
}

/** Without names=true the list answers the full items. */
const fullItems = (answer: EndpointResponse<typeof api.list>) => answer as z.output<typeof zCompaniesPage>;

/** One page of companies with the list's filters; the previous page stays while the next loads. */
export function useCompanies(filters: CompanyListFilters) {
  return useEndpointQuery(
    api.list,
    { query: companiesQuery(filters) },
    { placeholderData: keepPreviousData, select: fullItems },
  );
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateCompany) => callEndpoint(api.create, { body }),
    meta: { silent: true },
    onSuccess: () => refreshCompanies(queryClient),
  });
}

export function useUpdateCompany(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateCompany) => callEndpoint(api.update, { params: { id }, body }),
    meta: { silent: true },
    onSuccess: () => refreshCompanies(queryClient),
  });
}

/** A cached answer about the company: its own (`params.id`) or a list filtered to it (`query.companyId`). */
function isOf(queryKey: QueryKey, companyId: string): boolean {
  const input = queryKey[2] as { params?: { id?: string } | null; query?: { companyId?: string } | null };
  return input?.params?.id === companyId || input?.query?.companyId === companyId;
}

/** After the admin's own changes: a company deleted (the lists it was in), or a company's identity settings. */
function refreshAdminCompanies(queryClient: QueryClient, change: "deleted" | "identity") {
  if (change === "identity")
    return refreshQueries(queryClient, [endpointKey(singleSignOnApi.companyIdentity)]);
  void refreshQueries(queryClient, [endpointKey(api.list), endpointKey(api.groupGet)]);
  return refreshQueries(queryClient, [endpointKey(api.groupList)]);
}

export function useDeleteCompany(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(api.remove, { params: { id } }),
    meta: { silent: true },
    onSuccess: () => {
      // The page of the deleted company must not ask for it, its orders, people or events again.
      for (const gone of [api.get, api.orders, systemUsersApi.list, adminApi.eventLog]) {
        queryClient.removeQueries({
          queryKey: endpointKey(gone),
          predicate: ({ queryKey }) => isOf(queryKey, id),
        });
      }
      return refreshAdminCompanies(queryClient, "deleted");
    },
  });
}

export function useCompanyOrders(id: string, page: number, activeLeases: boolean) {
  return useEndpointQuery(
    api.orders,
    { params: { id }, query: { page, limit: PAGE_SIZE, activeLeases: activeLeases ? "true" : undefined } },
    { placeholderData: keepPreviousData },
  );
}

export const EVENTS_SHOWN = 10;

/** The company's latest events (GET /api/event-log), newest first. */
export function useCompanyEvents(companyId: string) {
  return useEndpointQuery(adminApi.eventLog, { query: { companyId, limit: EVENTS_SHOWN } });
}

// ---- Group companies ---------------------------------------------------------------------------------------

/** Every group company as a choice (id and name); the API allows 500 in one answer. */
export function useGroupCompanyOptions() {
  return useEndpointQuery(
    api.groupList,
    { query: { forDropdown: "true", limit: 500 } },
    { select: (data) => data.items },
  );
}

export function useGroupCompanies(page: number, search: string) {
  return useEndpointQuery(
    api.groupList,
    { query: { page, limit: PAGE_SIZE, search: search.trim() } },
    { placeholderData: keepPreviousData },
  );
}

export function useSaveGroupCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: TGroupCompanyInput }) =>
      id ? callEndpoint(api.groupUpdate, { params: { id }, body }) : callEndpoint(api.groupCreate, { body }),
    meta: { silent: true },
    onSuccess: () => refreshCompanies(queryClient),
  });
}

export function useDeleteGroupCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(api.groupRemove, { params: { id } }),
    meta: { silent: true },
    onSuccess: () => refreshCompanies(queryClient),
  });
}

// ---- A company's identity settings ------------------------------------------------------------------------

/** How the company's orders are signed and its single sign-on, with the redirect URI to register. */
export function useCompanyIdentity(companyId: string) {
  return useEndpointQuery(singleSignOnApi.companyIdentity, { params: { companyId } });
}

/** Sets them (sso: null removes the company's provider); the answer is the settings as now kept. */
export function useSaveCompanyIdentity(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof zUpdateCompanyIdentity>) =>
      callEndpoint(singleSignOnApi.updateCompanyIdentity, { params: { companyId }, body }),
    meta: { silent: true },
    onSuccess: () => refreshAdminCompanies(queryClient, "identity"),
  });
}
