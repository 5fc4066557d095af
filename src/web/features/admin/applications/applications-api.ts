import { keepPreviousData, type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { adminApi, type TAcceptApplication, type TRejectApplication } from "../../../../contract/admin.ts";
import { companiesApi } from "../../../../contract/companies.ts";
import type { RequestStatus } from "../../../../domain/enums.ts";
import { callEndpoint, endpointKey, useEndpointQuery } from "../../../lib/endpoint-client.ts";
import { refreshQueries } from "../../../lib/query-client.ts";

/** Company applications of /register: the list, accept and reject. */

export const APPLICATIONS_PAGE_SIZE = 10;

export type ApplicationsFilter = { status: RequestStatus | null; search: string; page: number };

/** GET /api/company-applications: one page, newest first; the previous page stays while the next loads. */
export function useApplications({ status, search, page }: ApplicationsFilter) {
  return useEndpointQuery(
    adminApi.applications,
    { query: { page, limit: APPLICATIONS_PAGE_SIZE, status: status ?? undefined, search: search.trim() } },
    { placeholderData: keepPreviousData },
  );
}

/** GET /api/group-companies?forDropdown=true: the groups a new company can join. */
export function useGroupCompanyOptions() {
  return useEndpointQuery(
    companiesApi.groupList,
    { query: { forDropdown: "true", limit: 500 } },
    { select: (data) => data.items.map((group) => ({ value: group.groupCompanyId, label: group.name })) },
  );
}

function refreshApplications(queryClient: QueryClient) {
  // A new company shows in the companies' lists and dropdowns too.
  void refreshQueries(
    queryClient,
    [companiesApi.list, companiesApi.groupList, companiesApi.groupGet].map((read) => endpointKey(read)),
  );
  return refreshQueries(
    queryClient,
    [adminApi.applications, adminApi.pendingApplications, adminApi.application].map((read) =>
      endpointKey(read),
    ),
  );
}

/** POST /api/company-applications/{id}/accept; the dialog shows a 409 itself. */
export function useAcceptApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TAcceptApplication }) =>
      callEndpoint(adminApi.acceptApplication, { params: { id }, body }),
    meta: { silent: true },
    onSuccess: () => refreshApplications(queryClient),
  });
}

/** POST /api/company-applications/{id}/reject; the dialog shows a 409 itself. */
export function useRejectApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TRejectApplication }) =>
      callEndpoint(adminApi.rejectApplication, { params: { id }, body }),
    meta: { silent: true },
    onSuccess: () => refreshApplications(queryClient),
  });
}
