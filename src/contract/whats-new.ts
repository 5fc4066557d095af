import { z } from "zod";
import { ORDER_STATUSES } from "../domain/enums.ts";
import { NEWS_KINDS, NEWS_PAGES } from "../domain/whats-new.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";

/**
 * What is new where each person looks (domain/whats-new.ts): the employee's /mybike, the bike store's
 * order list and drawer, the employer's order list. Read from the event log; the page says it has seen
 * the list by an explicit call, never by reading it.
 *
 * - GET /api/whats-new/{page} → `zWhatsNew`: the news of the caller's orders on that page since they
 *   last saw it (at most 30 days back), newest first; `readAt` is the server's time of the read.
 * - POST /api/whats-new/{page}/seen `{ seenUpTo }` → `{ seenAt }`: the caller has seen the page's news up
 *   to `seenUpTo` (the `readAt` of the list shown, so news that came after stays new); a visit never
 *   moves back, nor past the server's now.
 *
 * The page's permission: myBike own-order.manage, storeOrders store-orders.read, employerOrders
 * orders.read; the news are of the caller's own orders, of their stores' and of their companies'.
 */

const zNewsPageParams = lazy(() => z.object({ page: z.enum(NEWS_PAGES) }));

const zNewsItem = lazy(() =>
  z.object({
    /** The event log row it is read from. */
    eventId: z.uuid(),
    orderId: z.uuid(),
    orderNumber: z.int(),
    kind: z.enum(NEWS_KINDS),
    /** The status the order entered (STATUS_CHANGED). */
    status: z.enum(ORDER_STATUSES).nullable(),
    /** The employee's own words of a defect, for the store that must answer it. */
    note: z.string().nullable(),
    createdAt: z.iso.datetime(),
  }),
);
export type TNewsItem = z.infer<typeof zNewsItem>;

export const zWhatsNew = lazy(() =>
  z.object({
    /** News are from after this instant. */
    since: z.iso.datetime(),
    readAt: z.iso.datetime(),
    items: z.array(zNewsItem),
  }),
);
export type TWhatsNew = z.infer<typeof zWhatsNew>;

const zMarkSeen = lazy(() => z.object({ seenUpTo: z.iso.datetime() }));
export type TMarkSeen = z.infer<typeof zMarkSeen>;

export const zSeen = lazy(() => z.object({ seenAt: z.iso.datetime() }));

export const whatsNewApi = lazy(() => ({
  news: endpoint({
    method: "GET",
    path: "/whats-new/:page",
    summary: "What changed on the caller's orders since they last saw the page (at most 30 days back)",
    params: zNewsPageParams,
    response: zWhatsNew,
    errors: [400, 401, 403],
  }),
  markSeen: endpoint({
    method: "POST",
    path: "/whats-new/:page/seen",
    summary: "The page has shown the caller its news up to seenUpTo: they are no longer new",
    params: zNewsPageParams,
    body: zMarkSeen,
    response: zSeen,
    errors: [400, 401, 403],
  }),
}));
