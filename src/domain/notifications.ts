import { NOTIFICATION_BADGE_CAP, NOTIFICATION_PREVIEW_LENGTH } from "./constants.ts";
import type { NotificationType } from "./enums.ts";
import { buildPath } from "./routes.ts";

/**
 * The notification bell's rules (docs/product.md "Screens" bell, docs/product.md "States" notification states, docs/product.md "Constants" constants): where a
 * notification leads, the badge's text and the preview of a message. The bell (src/web/features/
 * notifications) shows what these decide.
 */

/** What a notification's link opens: the kind names the link in the UI, the path is where it goes. */
export type NotificationTarget = {
  kind: "joinRequests" | "employeeManagement" | "reporting";
  path: string;
};

/** The employee page's manage tab (the employer page's `valilehti` parameter). */
const MANAGE_TAB_QUERY = "?valilehti=hallinnoi";

/**
 * Where the detail view's link goes, by the notification's type: a join request to /tyonantaja, whose
 * default tab lists the requests to accept; an order or its status change to the manage tab; a payment
 * reminder to /raportointi. A system update or a general notice is about nothing to open (null).
 */
export function notificationTarget(type: NotificationType): NotificationTarget | null {
  switch (type) {
    case "EMPLOYEE_REGISTRATION":
      return { kind: "joinRequests", path: buildPath("employer") };
    case "EMPLOYEE_ORDER":
    case "ORDER_STATUS_CHANGE":
      return { kind: "employeeManagement", path: `${buildPath("employer")}${MANAGE_TAB_QUERY}` };
    case "PAYMENT_REMINDER":
      return { kind: "reporting", path: buildPath("reporting") };
    case "SYSTEM_UPDATE":
    case "GENERAL":
      return null;
  }
}

/**
 * The badge on the bell: the unread count, or "99+" above NOTIFICATION_BADGE_CAP (docs/product.md "Constants" "a 'more
 * than 99' text"); null when nothing is unread, so no badge shows.
 */
export function notificationBadgeText(unread: number): string | null {
  if (!(unread > 0)) return null;
  return unread > NOTIFICATION_BADGE_CAP ? `${NOTIFICATION_BADGE_CAP}+` : String(Math.floor(unread));
}

/** Whether the badge shows the capped text rather than the count. */
export function isNotificationBadgeCapped(unread: number): boolean {
  return unread > NOTIFICATION_BADGE_CAP;
}

/**
 * A message's preview in a list (docs/product.md "Constants"): on one line, cut at NOTIFICATION_PREVIEW_LENGTH characters
 * with an ellipsis when longer. Characters are counted as the reader sees them (code points), so an
 * emoji is never cut in half.
 */
export function notificationPreview(message: string, length = NOTIFICATION_PREVIEW_LENGTH): string {
  const oneLine = message.replace(/\s+/g, " ").trim();
  const chars = Array.from(oneLine);
  if (chars.length <= length) return oneLine;
  return `${chars.slice(0, length).join("").trimEnd()}…`;
}

type Listed = { id: string; createdAt: string };

/**
 * Merges notifications that a check brought into a list: one per id (the newer copy wins, since its
 * read state is the server's latest), newest first with ties by id, as GET /api/notifications orders
 * them. The checker may bring the same notification twice (src/contract/notifications.ts).
 */
export function mergeNotifications<T extends Listed>(current: readonly T[], incoming: readonly T[]): T[] {
  const byId = new Map<string, T>();
  for (const item of current) byId.set(item.id, item);
  for (const item of incoming) byId.set(item.id, item);
  return [...byId.values()].sort(
    (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
  );
}
