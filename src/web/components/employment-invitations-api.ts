import type { QueryClient } from "@tanstack/react-query";
import { employmentInvitationsApi } from "../../contract/employment-invitations.ts";
import { endpointKey } from "../lib/endpoint-client.ts";
import { refreshQueries } from "../lib/query-client.ts";

/**
 * After the person answers a company's invitation: an accepted one gives a new employment, which changes
 * the session's companies and everything the person's pages show (every query, the empty key's start);
 * a declined one only leaves the invitations.
 */
export function refreshEmploymentInvitations(queryClient: QueryClient, answer: "accepted" | "declined") {
  return refreshQueries(queryClient, [
    answer === "accepted" ? [] : endpointKey(employmentInvitationsApi.ownInvitations),
  ]);
}
