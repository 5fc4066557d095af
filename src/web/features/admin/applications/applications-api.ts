import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type TAcceptApplication,
  type TRejectApplication,
  zApplicationAccepted,
  zCompanyApplication,
  zCompanyApplicationsPage,
} from "../../../../contract/admin.ts";
import { companiesApi } from "../../../../contract/companies.ts";
import type { RequestStatus } from "../../../../domain/enums.ts";
import { apiFetch } from "../../../lib/api-client.ts";
import { endpointKey, useEndpointQuery } from "../../../lib/endpoint-client.ts";

/** Company applications of /register: the list, accept and reject. */

export const APPLICATIONS_KEY = ["company-applications"] as const;
export const APPLICATIONS_PAGE_SIZE = 10;

export type ApplicationsFilter = { status: RequestStatus | null; search: string; page: number };

export function applicationsPath({ status, search, page }: ApplicationsFilter): string {
  const params = new URLSearchParams({ page: String(page), limit: String(APPLICATIONS_PAGE_SIZE) });
  if (status) params.set("status", status);
  if (search.trim()) params.set("search", search.trim());
  return `/api/company-applications?${params}`;
}

/** GET /api/company-applications: one page, newest first; the previous page stays while the next loads. */
export function useApplications(filter: ApplicationsFilter) {
  return useQuery({
    queryKey: [...APPLICATIONS_KEY, "list", filter],
    queryFn: () => apiFetch(applicationsPath(filter), { schema: zCompanyApplicationsPage }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/group-companies?forDropdown=true: the groups a new company can join. */
export function useGroupCompanyOptions() {
  return useEndpointQuery(
    companiesApi.groupList,
    { query: { forDropdown: "true", limit: 500 } },
    { select: (data) => data.items.map((group) => ({ value: group.groupCompanyId, label: group.name })) },
  );
}

function useRefetchApplications() {
  const queryClient = useQueryClient();
  return () => {
    // A new company shows in the companies' lists and dropdowns too.
    for (const stale of [companiesApi.list, companiesApi.groupList, companiesApi.groupGet]) {
      void queryClient.invalidateQueries({ queryKey: endpointKey(stale) });
    }
    return queryClient.invalidateQueries({ queryKey: APPLICATIONS_KEY });
  };
}

/** POST /api/company-applications/{id}/accept; the dialog shows a 409 itself. */
export function useAcceptApplication() {
  const refetch = useRefetchApplications();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TAcceptApplication }) =>
      apiFetch(`/api/company-applications/${encodeURIComponent(id)}/accept`, {
        method: "POST",
        body,
        schema: zApplicationAccepted,
      }),
    meta: { silent: true },
    onSuccess: refetch,
  });
}

/** POST /api/company-applications/{id}/reject; the dialog shows a 409 itself. */
export function useRejectApplication() {
  const refetch = useRefetchApplications();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TRejectApplication }) =>
      apiFetch(`/api/company-applications/${encodeURIComponent(id)}/reject`, {
        method: "POST",
        body,
        schema: zCompanyApplication,
      }),
    meta: { silent: true },
    onSuccess: refetch,
  });
}
