import type { RouteId } from "../../../domain/routes.ts";

/** A next step offered on an area's landing page: its texts under `landing.steps.<key>` and where it goes. */
export type NextStep = { key: string; to: string };

/**
 * The areas whose screens come in later issues (SPEC §2): each landing page says what the area will hold
 * and offers the steps the reader can take today. Texts: `landing.<routeId>.*` in the page catalogues.
 */
export type AreaLanding = {
  /** What the area's main list shows when empty: where the reader goes from here. */
  empty: NextStep;
  next: readonly NextStep[];
};

const FAQ = "/usein-kysytyt-kysymykset";
const CONTACT = "/ota-yhteytta";

export const AREA_LANDINGS = {
  bikeBrokerage: {
    empty: { key: "helpdesk", to: CONTACT },
    next: [
      { key: "helpdesk", to: CONTACT },
      { key: "faq", to: FAQ },
    ],
  },
} as const satisfies Partial<Record<RouteId, AreaLanding>>;

export type LandingRouteId = keyof typeof AREA_LANDINGS;

export function isLandingRoute(id: RouteId): id is LandingRouteId {
  return id in AREA_LANDINGS;
}
