import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { zEventLogPage, zPlatformReport } from "../../../../contract/admin.ts";
import { companiesApi } from "../../../../contract/companies.ts";
import { zSystemUsersPage } from "../../../../contract/system-users.ts";
import type { EventType } from "../../../../domain/enums.ts";
import { apiFetch } from "../../../lib/api-client.ts";
import { useEndpointQuery } from "../../../lib/endpoint-client.ts";

/** Platform reporting and the event log of the admin's Raportointi tab (SPEC §2). */

export const EVENT_LOG_PAGE_SIZE = 20;

/** GET /api/admin/reports: without dates the API takes the last 12 whole months and the current one. */
export function usePlatformReport(range: { from: string; to: string }) {
  const params = new URLSearchParams();
  if (range.from) params.set("from", range.from);
  if (range.to) params.set("to", range.to);
  const query = params.size > 0 ? `?${params}` : "";
  return useQuery({
    queryKey: ["platform-report", range],
    queryFn: () => apiFetch(`/api/admin/reports${query}`, { schema: zPlatformReport }),
    placeholderData: keepPreviousData,
  });
}

export type EventLogFilter = {
  types: EventType[];
  actorUserId: string;
  companyId: string;
  from: string;
  to: string;
  page: number;
};

export function eventLogPath(filter: EventLogFilter): string {
  const params = new URLSearchParams({ page: String(filter.page), limit: String(EVENT_LOG_PAGE_SIZE) });
  if (filter.types.length > 0) params.set("types", filter.types.join(","));
  if (filter.actorUserId) params.set("actorUserId", filter.actorUserId);
  if (filter.companyId) params.set("companyId", filter.companyId);
  if (filter.from) params.set("from", filter.from);
  if (filter.to) params.set("to", filter.to);
  return `/api/event-log?${params}`;
}

/** GET /api/event-log: one page, newest first. */
export function useEventLog(filter: EventLogFilter) {
  return useQuery({
    queryKey: ["event-log", filter],
    queryFn: () => apiFetch(eventLogPath(filter), { schema: zEventLogPage }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/companies?names=true&limit=500: every company as a choice. */
export function useCompanyOptions() {
  return useEndpointQuery(
    companiesApi.list,
    { query: { names: "true", limit: 500 } },
    {
      select: (data) => data.items.map((company) => ({ value: company.id, label: company.name })),
      staleTime: 5 * 60_000,
    },
  );
}

/** GET /api/system-users?email=…: up to 10 users whose e-mail contains the text (2 characters or more). */
export function useUserOptions(email: string) {
  const text = email.trim();
  return useQuery({
    queryKey: ["system-users", "options", text],
    queryFn: () =>
      apiFetch(`/api/system-users?${new URLSearchParams({ page: "1", limit: "10", email: text })}`, {
        schema: zSystemUsersPage,
      }),
    enabled: text.length >= 2,
    select: (data) =>
      data.items.map((user) => ({
        value: user.userId,
        label: `${user.firstName} ${user.lastName} (${user.workEmail})`,
      })),
    placeholderData: keepPreviousData,
  });
}
