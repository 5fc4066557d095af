import { keepPreviousData } from "@tanstack/react-query";
import { adminApi } from "../../../../contract/admin.ts";
import { useEndpointQuery } from "../../../lib/endpoint-client.ts";

/** The shortest text the helpdesk search sends (the API refuses shorter). */
export const MIN_SEARCH_LENGTH = 2;

/** GET /api/admin/search?q: up to 10 companies, users and orders; asks only for 2 characters or more. */
export function useHelpdeskSearch(text: string) {
  const q = text.trim();
  return useEndpointQuery(
    adminApi.search,
    { query: { q } },
    { enabled: q.length >= MIN_SEARCH_LENGTH, placeholderData: keepPreviousData, staleTime: 30_000 },
  );
}
