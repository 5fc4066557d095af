import type { QueryClient } from "@tanstack/react-query";
import { authenticatorApi } from "../../../contract/authenticator.ts";
import { passkeysApi } from "../../../contract/passkeys.ts";
import { ownSessionsApi } from "../../../contract/sessions.ts";
import { endpointKey } from "../../lib/endpoint-client.ts";
import { refreshQueries } from "../../lib/query-client.ts";

/** What a change on /kayttaja touched: the passkeys, the authenticator app, or the person's logins. */
type AccountChange = "passkeys" | "authenticator" | "sessions";

const STALE = {
  passkeys: passkeysApi.passkeys,
  authenticator: authenticatorApi.authenticator,
  sessions: ownSessionsApi.sessions,
} as const;

/** Refetches what a change of the person's own sign-in made stale; resolves when it is read again. */
export function refreshAccount(queryClient: QueryClient, change: AccountChange) {
  return refreshQueries(queryClient, [endpointKey(STALE[change])]);
}
