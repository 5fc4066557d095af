import type { SessionUser } from "../../lib/session.ts";

/** The permission of the bell and its polling (docs/product.md "Roles": the employer admin's). */
const NOTIFICATIONS_PERMISSION = "notifications.read";

/**
 * Whether a user gets the bell and its checker: holds notifications.read and is not deactivated. The one
 * rule for the header's bell and for the unread count asked ahead of it (app/user-asks.ts): anyone else
 * is answered 403. A module of its own, without the bell, because the entry's guard reads it.
 */
export function canUseNotifications(user: Pick<SessionUser, "deactivated" | "permissions">): boolean {
  return !user.deactivated && user.permissions.includes(NOTIFICATIONS_PERMISSION);
}
