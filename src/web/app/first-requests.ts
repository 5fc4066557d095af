import type { RouteId } from "../../domain/routes.ts";

/**
 * (The employer's header also asks for its unread notifications; an employee's and a store's do not.)
 *
 * The GETs the first view of a signed-in page makes at its plain address (no tab or filter in it), below
 * /api/ and separated by spaces: started together with the page's code (lib/api-client.ts fetchAhead),
 * so the page's data does not wait for its code to arrive first. Each page's own firstData reads them
 * through its queries; first-requests.test.ts checks that these are the calls the pages make. A chunk
 * of its own that imports nothing, so that the list weighs nothing in the home page's download and the
 * bundler keeps the entry whole (app/lazy-pages.ts).
 */
export const FIRST_REQUESTS: Partial<Record<RouteId, string>> = {
  employer:
    "beneficiary-employee/employeesOptimizedList?page=1&pageSize=10&filterType=PENDING notifications/unread-count",
  myBike: "orders/my orders/my/benefit account/invitations whats-new/myBike user-payment calculator/my-terms",
  admin:
    "orders/all?page=1&limit=20&statusGroup=GENERAL orders/list-data tasks contact-forms/unchecked-count",
  bikeStore: "store/orders?page=1&limit=20 whats-new/storeOrders",
};

/** The first view's calls of the page at `pathname`: none unless it is opened at its plain address. */
export function firstRequests(routeId: RouteId, pathname: string, search: string): string[] {
  // Below /admin a tab of its own, whose calls are its own.
  if (search || (routeId === "admin" && !pathname.endsWith("/admin"))) return [];
  return (FIRST_REQUESTS[routeId]?.split(" ") ?? []).map((path) => `/api/${path}`);
}
