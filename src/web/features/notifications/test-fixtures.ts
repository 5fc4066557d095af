import type { TNotification, TNotificationsPage } from "../../../contract/notifications.ts";

/** Notifications and list answers for the bell's component tests (not part of the app). */

export const MINUTE = 60_000;

/** An ISO time `ms` before now. */
export const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

export const notificationId = (n: number) => `aaaaaaaa-aaaa-4aaa-8aaa-${String(n).padStart(12, "0")}`;

/** Notification n: unread, a join request, n minutes old. */
export function notification(n: number, overrides: Partial<TNotification> = {}): TNotification {
  return {
    id: notificationId(n),
    type: "EMPLOYEE_REGISTRATION",
    title: `Ilmoitus ${n}`,
    message: `Viesti ${n}`,
    read: false,
    readAt: null,
    createdAt: ago(n * MINUTE),
    priority: "NORMAL",
    companyId: null,
    entityType: null,
    entityId: null,
    data: null,
    ...overrides,
  };
}

/** A GET /api/notifications answer for the fake API. */
export function notificationsPage(
  items: TNotification[],
  { page = 1, limit = 20, total = items.length } = {},
) {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  const body: TNotificationsPage = {
    items,
    page,
    limit,
    total,
    totalPages,
    hasNext: page < totalPages,
    hasPrevious: page > 1,
  };
  return { status: 200, body };
}
