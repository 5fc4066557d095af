import { keepPreviousData } from "@tanstack/react-query";
import { adminApi } from "../../../../contract/admin.ts";
import { companiesApi } from "../../../../contract/companies.ts";
import { systemUsersApi } from "../../../../contract/system-users.ts";
import type { EventType } from "../../../../domain/enums.ts";
import { useEndpointQuery } from "../../../lib/endpoint-client.ts";
import { COMPANY_NAMES } from "../users/users-api.ts";

/** Platform reporting and the event log of the admin's Raportointi tab (docs/product.md "Screens"). */

export const EVENT_LOG_PAGE_SIZE = 20;

/** GET /api/admin/reports: without dates the API takes the last 12 whole months and the current one. */
export function usePlatformReport(range: { from: string; to: string }) {
  return useEndpointQuery(
    adminApi.report,
    { query: { from: range.from, to: range.to } },
    { placeholderData: keepPreviousData },
  );
}

export type EventLogFilter = {
  types: EventType[];
  actorUserId: string;
  companyId: string;
  from: string;
  to: string;
  page: number;
};

/** GET /api/event-log: one page, newest first (an empty filter is left out of the address). */
export function useEventLog(filter: EventLogFilter) {
  const query = {
    page: filter.page,
    limit: EVENT_LOG_PAGE_SIZE,
    types: filter.types.join(","),
    actorUserId: filter.actorUserId,
    companyId: filter.companyId,
    from: filter.from,
    to: filter.to,
  };
  return useEndpointQuery(adminApi.eventLog, { query }, { placeholderData: keepPreviousData });
}

/** GET /api/companies?names=true&limit=500: every company as a choice. */
export function useCompanyOptions() {
  return useEndpointQuery(companiesApi.list, COMPANY_NAMES, {
    select: (data) => data.items.map((company) => ({ value: company.id, label: company.name })),
    staleTime: 5 * 60_000,
  });
}

/** GET /api/system-users?email=…: up to 10 users whose e-mail contains the text (2 characters or more). */
export function useUserOptions(email: string) {
  const text = email.trim();
  return useEndpointQuery(
    systemUsersApi.list,
    { query: { page: 1, limit: 10, email: text } },
    {
      enabled: text.length >= 2,
      select: (data) =>
        data.items.map((user) => ({
          value: user.userId,
          label: `${user.firstName} ${user.lastName} (${user.workEmail})`,
        })),
      placeholderData: keepPreviousData,
    },
  );
}
