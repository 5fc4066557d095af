import type { RouteId } from "../../domain/routes.ts";

/**
 * The GETs the first view of a signed-in page makes at its plain address (no tab or filter in it), below
 * /api/ and separated by spaces: started together with the page's code (lib/api-client.ts fetchAhead),
 * so the page's data does not wait for its code to arrive first. Each page's own firstData reads them
 * through its queries; first-requests.test.ts checks that these are the calls the pages make. In the
 * app's entry, so that the calls leave as soon as the user's answer is here.
 */
export const FIRST_REQUESTS: Partial<Record<RouteId, string>> = {
  employer: "beneficiary-employee/employeesOptimizedList?page=1&pageSize=10&filterType=PENDING",
  myBike:
    "orders/my orders/my/benefit account/invitations whats-new/myBike user-payment calculator/my-terms bike-stores/minimal",
  admin:
    "orders/all?page=1&limit=20&statusGroup=GENERAL orders/list-data tasks companies?names=true&limit=500 contact-forms/unchecked-count",
  bikeStore: "store/orders?page=1&limit=20 whats-new/storeOrders",
};

/** What the header's bell asks as it appears (features/notifications/notification-bell.tsx). */
const BELL_REQUESTS = "notifications/unread-count";

/**
 * Which of them the page's user makes (app/user-asks.ts asksOf decides, by the page's own rules): the
 * page's own calls, and the bell's where the header shows it to them.
 */
export type Asks = { page: boolean; bell: boolean };

/**
 * The first calls of the page at `pathname` that its user makes: the page's own only when it is opened
 * at its plain address, the bell's on any.
 */
export function firstRequests(routeId: RouteId, pathname: string, search: string, asks: Asks): string[] {
  // Below /admin a tab of its own, whose calls are its own.
  const plain = !search && !(routeId === "admin" && !pathname.endsWith("/admin"));
  const page = asks.page && plain ? (FIRST_REQUESTS[routeId]?.split(" ") ?? []) : [];
  const bell = asks.bell ? BELL_REQUESTS.split(" ") : [];
  return [...page, ...bell].map((path) => `/api/${path}`);
}
