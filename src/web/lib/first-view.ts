import { FIRST_VIEW_ID } from "../../domain/constants.ts";
import type { RouteId } from "../../domain/routes.ts";

/**
 * The signed-in pages whose head (the h1 and the lead under it) is the same for every user: the
 * build renders it in each language (entry-server.tsx), the server writes it into the page's HTML for
 * a user the page is for (server plugins/spa.ts), and the page itself shows these texts. A phone then
 * shows what the page is at once, where it showed an empty frame for the seconds its code took to arrive
 * and start. The helpdesk's first page is not here: the admin area has a frame of its own, and the
 * largest text of its first view is the open tab's.
 */
export const FIRST_VIEW_HEADS = {
  employer: { title: "routes.employer.title", description: "employerEmployees.description" },
  companySettings: { title: "routes.companySettings.title", description: "employerSettings.description" },
  reporting: { title: "routes.reporting.title", description: "employerReporting.description" },
  myBike: { title: "routes.myBike.title", description: "myBike.description" },
  bikeStore: { title: "routes.bikeStore.title", description: "storeAccount.description" },
} as const satisfies Partial<Record<RouteId, { title: string; description: string }>>;

export type FirstViewRouteId = keyof typeof FIRST_VIEW_HEADS | "admin";

/** The head in the page's HTML, taken when the app starts, and the page it is the head of. */
let taken: { pathname: string; element: Element } | null = null;

/**
 * Takes the head the server wrote into the page (FIRST_VIEW_ID) before the app's first render replaces
 * the frame it stands in, so that the page loader can keep showing it (firstViewOf).
 */
export function takeFirstView(): void {
  const element = document.getElementById(FIRST_VIEW_ID);
  taken = element ? { pathname: window.location.pathname, element } : null;
}

/**
 * The head to show above the page loader while the page at `pathname` loads: the one the page's HTML
 * came with, for that page only; null anywhere else. The build's own markup, with no user's data in it.
 */
export function firstViewOf(pathname: string): Element | null {
  return taken?.pathname === pathname ? taken.element : null;
}
