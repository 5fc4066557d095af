import { useMatches } from "react-router";
import type { RouteId } from "../../domain/routes.ts";

/** What every generated route carries in its `handle` (see app/routes.tsx). */
export type RouteHandle = { routeId: RouteId };

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === "object" && value !== null && "routeId" in value;
}

/** The route id of the innermost generated route (its `handle`), for pages shared by several routes. */
export function useRouteId(): RouteId | undefined {
  const handle = useMatches().findLast((m) => isRouteHandle(m.handle))?.handle;
  return isRouteHandle(handle) ? handle.routeId : undefined;
}
