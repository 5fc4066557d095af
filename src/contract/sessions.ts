import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";

/**
 * A person's own logins on /kayttaja (any active user, their own sessions only; another person's
 * session answers 404):
 * - GET /api/account/sessions → `{ items }`: one per login still alive, this browser's first, then the
 *   most recently used. The place is the address's network only (192.168.1.x, an IPv6 /48), never the
 *   full address; no token ever leaves the server.
 * - DELETE /api/account/sessions/{id} → `{ ended }`: logs that login out on its device at once; this
 *   browser's own logs it out here too, as logout does.
 * - DELETE /api/account/sessions → `{ ended }`: logs out every other login, keeping this one.
 */

const zOwnSession = lazy(() =>
  z.object({
    /** The login's id (every token rotated from one login shares it). */
    id: z.uuid(),
    /** Browser and operating system ("Chrome, Windows"); null when the browser did not say. */
    device: z.string().nullable(),
    /** The network the login was last used from ("192.168.1.x", "2001:db8:85a3::/48"). */
    place: z.string().nullable(),
    startedAt: z.iso.datetime({ offset: true }),
    lastUsedAt: z.iso.datetime({ offset: true }),
    /** The login of the browser that asks. */
    current: z.boolean(),
  }),
);
export type TOwnSession = z.infer<typeof zOwnSession>;

export const zOwnSessions = lazy(() => z.object({ items: z.array(zOwnSession) }));
export type TOwnSessions = z.infer<typeof zOwnSessions>;

const zOwnSessionParams = lazy(() => z.object({ id: z.uuid() }));

/** How many logins were ended: 1 for one, any number for "every other". */
const zSessionsEnded = lazy(() => z.object({ ended: z.int().min(0) }));
export type TSessionsEnded = z.infer<typeof zSessionsEnded>;

export const ownSessionsApi = lazy(() => ({
  sessions: endpoint({
    method: "GET",
    path: "/account/sessions",
    summary: "The caller's own logins that are still alive, with device, network and last use",
    response: zOwnSessions,
    errors: [401, 403],
  }),
  endSession: endpoint({
    method: "DELETE",
    path: "/account/sessions/:id",
    summary: "Log out one of the caller's own logins (this browser's own logs it out here)",
    params: zOwnSessionParams,
    response: zSessionsEnded,
    errors: [400, 401, 403, 404, 429],
  }),
  endOtherSessions: endpoint({
    method: "DELETE",
    path: "/account/sessions",
    summary: "Log out every other login of the caller, keeping this browser's",
    response: zSessionsEnded,
    errors: [401, 403, 429],
  }),
}));
