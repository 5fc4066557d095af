import { z } from "zod";
import { EVENT_ENTITY_TYPES, NOTIFICATION_PRIORITIES, NOTIFICATION_TYPES } from "../domain/enums.ts";
import { zMessage, zPage, zPageQuery } from "./common.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zBooleanString } from "./system-users.ts";
import { zMultiLineText, zSingleLineText } from "./text.ts";

/**
 * Notifications, the employer admin's bell (docs/data-model.md "Notification", docs/product.md "States" notification states, docs/product.md "Roles", docs/api-surface.md
 * "Notifications", docs/product.md "Constants"). Every call needs notifications.read and sees only the caller's own
 * notifications: anybody else's, of the same company too, is 404.
 *
 * - GET /api/notifications?page(1)&limit(20, max 100)&unreadOnly(true|false)&types(comma list of
 *   NOTIFICATION_TYPES)&priority → the default page `{ items, page, limit, total, totalPages, hasNext,
 *   hasPrevious }`, newest first (ties by id).
 * - GET /api/notifications/checker?lastFetch=<ISO datetime> → `{ items, unreadCount, serverTime }`:
 *   the notifications created after lastFetch, newest first, at most 50; send `serverTime` as the
 *   next lastFetch. A notification may come twice across checks; the client keeps one per id.
 * - GET /api/notifications/unread-count → `{ count }`.
 * - GET /api/notifications/{id} → `zNotification`; DELETE /api/notifications/{id} → `{ message }`.
 * - POST /api/notifications/system-update `zSystemUpdate` (notifications.publish, the admin tier) →
 *   `{ recipients }`: a SYSTEM_UPDATE in every active employer admin's bell, in their language (en and
 *   sv fall back to fi), logged as SYSTEM_UPDATE_PUBLISHED.
 * - PUT /api/notifications/mark-as-read `{ notificationIds? }` (at most 500; omitted = all of the
 *   caller's) → `{ updated, unreadCount }`: sets read and readAt together; ids that are not the
 *   caller's (or are already read) are passed over, not an error.
 */

/** The checker's page: the bell polls every 30 s, so this many is plenty. */
export const NOTIFICATION_CHECK_LIMIT = 50;
/** The most ids one mark-as-read call takes (docs/product.md "Constants": the unnamed limit 500). */
const MARK_AS_READ_MAX_IDS = 500;

export const zNotification = lazy(() =>
  z.object({
    id: z.uuid(),
    type: z.enum(NOTIFICATION_TYPES),
    title: z.string(),
    message: z.string(),
    read: z.boolean(),
    readAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    priority: z.enum(NOTIFICATION_PRIORITIES),
    /** The company the notification concerns; null for platform-wide ones (SYSTEM_UPDATE). */
    companyId: z.uuid().nullable(),
    /** What it is about, for a link in the detail view (e.g. `beneficiaryEmployee` and its id). */
    entityType: z.enum(EVENT_ENTITY_TYPES).nullable(),
    entityId: z.uuid().nullable(),
    data: z.record(z.string(), z.unknown()).nullable(),
  }),
);
export type TNotification = z.infer<typeof zNotification>;

/** `types=EMPLOYEE_ORDER,GENERAL`: a comma list; blanks and repeats are dropped, empty = no filter. */
const zNotificationTypeList = lazy(() =>
  z
    .string()
    .max(500)
    .transform((value) => [
      ...new Set(
        value
          .split(",")
          .map((part) => part.trim())
          .filter((part) => part !== ""),
      ),
    ])
    .pipe(z.array(z.enum(NOTIFICATION_TYPES))),
);

export const zNotificationsQuery = lazy(() =>
  zPageQuery.extend({
    unreadOnly: zBooleanString.optional(),
    types: zNotificationTypeList.optional(),
    priority: z.enum(NOTIFICATION_PRIORITIES).optional(),
  }),
);
export type TNotificationsQuery = z.infer<typeof zNotificationsQuery>;

/** The default list envelope: the spec's pagination fields (page, limit, total, …) beside the items. */
export const zNotificationsPage = lazy(() => zPage(zNotification));
export type TNotificationsPage = z.infer<typeof zNotificationsPage>;

const zNotificationCheckQuery = lazy(() =>
  z.object({
    /** The `serverTime` of the previous check (or any ISO date-time: the first check sends "now"). */
    lastFetch: z.iso.datetime({ offset: true }),
  }),
);

export const zNotificationCheck = lazy(() =>
  z.object({
    items: z.array(zNotification),
    unreadCount: z.int(),
    /** The lastFetch of the next check. */
    serverTime: z.iso.datetime(),
  }),
);
export type TNotificationCheck = z.infer<typeof zNotificationCheck>;

export const zUnreadCount = lazy(() => z.object({ count: z.int() }));

const zNotificationIdParams = lazy(() => z.object({ id: z.uuid() }));

const zMarkAsRead = lazy(() =>
  z.object({
    /** Omitted: every unread notification of the caller. */
    notificationIds: z.array(z.uuid()).max(MARK_AS_READ_MAX_IDS).optional(),
  }),
);
export type TMarkAsRead = z.infer<typeof zMarkAsRead>;

export const zMarkAsReadResult = lazy(() =>
  z.object({
    /** How many notifications went from unread to read. */
    updated: z.int(),
    unreadCount: z.int(),
  }),
);

const zUpdateText = lazy(() =>
  z.object({
    title: zSingleLineText({ min: 1, max: 120 }),
    message: zMultiLineText({ min: 1, max: 2000 }),
  }),
);

/** A system update from the helpdesk (a maintenance break, a new feature), written in fi, en and sv. */
const zSystemUpdate = lazy(() =>
  z.object({
    fi: zUpdateText,
    en: zUpdateText.optional(),
    sv: zUpdateText.optional(),
    priority: z.enum(NOTIFICATION_PRIORITIES).default("NORMAL"),
  }),
);
export type TSystemUpdate = z.infer<typeof zSystemUpdate>;

const zSystemUpdateResult = lazy(() => z.object({ recipients: z.int() }));

/** The calls of the bell: every one on the caller's own notifications (anybody else's is 404). */
export const notificationsApi = lazy(() => ({
  list: endpoint({
    method: "GET",
    path: "/notifications",
    summary: "The caller's notifications, newest first, filtered and paged",
    query: zNotificationsQuery,
    response: zNotificationsPage,
    errors: [400, 401, 403],
  }),
  check: endpoint({
    method: "GET",
    path: "/notifications/checker",
    summary:
      "The caller's notifications created after lastFetch (at most 50), the unread count and the next lastFetch",
    query: zNotificationCheckQuery,
    response: zNotificationCheck,
    errors: [400, 401, 403],
  }),
  unreadCount: endpoint({
    method: "GET",
    path: "/notifications/unread-count",
    summary: "How many of the caller's notifications are unread (the bell's badge)",
    response: zUnreadCount,
    errors: [400, 401, 403],
  }),
  publishSystemUpdate: endpoint({
    method: "POST",
    path: "/notifications/system-update",
    summary: "Publish a system update to every employer admin's bell, in their language (the admin tier)",
    body: zSystemUpdate,
    response: zSystemUpdateResult,
    errors: [400, 401, 403],
  }),
  markAsRead: endpoint({
    method: "PUT",
    path: "/notifications/mark-as-read",
    summary: "Mark the given notifications, or all of the caller's, as read",
    body: zMarkAsRead,
    response: zMarkAsReadResult,
    errors: [400, 401, 403],
  }),
  get: endpoint({
    method: "GET",
    path: "/notifications/:id",
    summary: "One of the caller's notifications; anybody else's is 404",
    params: zNotificationIdParams,
    response: zNotification,
    errors: [400, 401, 403, 404],
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/notifications/:id",
    summary: "Delete one of the caller's notifications; anybody else's is 404",
    params: zNotificationIdParams,
    response: zMessage,
    errors: [400, 401, 403, 404],
  }),
}));
