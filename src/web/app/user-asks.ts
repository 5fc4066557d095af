import { accessUserOf, checkRouteAccess } from "../../domain/access.ts";
import { getRoute, type RouteId } from "../../domain/routes.ts";
import { canUseNotifications } from "../features/notifications/notifications-access.ts";
import { mustSetUpSecondFactor, type SessionUser } from "../lib/session.ts";
import type { Asks } from "./first-requests.ts";
import { shellVisibility } from "./shell-visibility.ts";

/**
 * Which of a signed-in page's first calls its user's visit would make (first-requests.ts), by the same
 * rules the guard, the page and the header go by: none for a user the guard turns away; the page's own
 * calls unless the server answers the user nothing else yet; the bell's unread count where the header
 * shows the bell. Asked ahead, a call that the page would not make for this user is answered 403 and
 * fails the browser tests' console watch; so every condition here is the page's own rule, never a copy.
 * null: nothing at all.
 */
export function asksOf(routeId: RouteId, user: SessionUser): Asks | null {
  const route = getRoute(routeId);
  if (checkRouteAccess(route, accessUserOf(user)) !== "allow") return null;
  const { header } = shellVisibility({ layout: route.layout, deactivated: user.deactivated, offline: false });
  return { page: !mustSetUpSecondFactor(user), bell: header && canUseNotifications(user) };
}
