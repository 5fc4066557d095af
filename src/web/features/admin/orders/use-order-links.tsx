import type { ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { AppLink } from "../../../components/app-link.tsx";
import { useAdminNav } from "../admin-nav.ts";
import { APPLICATIONS_SEGMENT, ORDER_SEGMENT } from "./helpdesk-paths.ts";

/** Where the queue came from, kept in the history entry so the detail's back link returns to the same filters. */
type FromQueue = { queueSearch?: string };

/**
 * The paths of the Hakemukset tab's views: the queue (with a query), an order's detail (which remembers
 * the queue's filters it was opened from) and the company applications.
 */
export function useOrderLinks() {
  const { pathOf } = useAdminNav();
  const navigate = useNavigate();
  const location = useLocation();
  const detailPath = (orderId: string) => pathOf("applications", ORDER_SEGMENT, orderId);
  const state: FromQueue = { queueSearch: location.search };
  const queueSearch = (location.state as FromQueue | null)?.queueSearch ?? "";
  return {
    detailPath,
    open: (orderId: string) => navigate(detailPath(orderId), { state }),
    link: (orderId: string, children: ReactNode) => (
      <AppLink to={detailPath(orderId)} state={state}>
        {children}
      </AppLink>
    ),
    /** The queue with the given query (`?status=CONFIRMED`), or with the filters the detail was opened from. */
    queuePath: (search?: string) => `${pathOf("applications")}${search ?? queueSearch}`,
    applicationsPath: () => pathOf("applications", APPLICATIONS_SEGMENT),
  };
}
