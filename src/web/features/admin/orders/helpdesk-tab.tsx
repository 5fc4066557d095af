import { Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { useAdminNav } from "../admin-nav.ts";
import { AdminViewSlot, lazyAdminView } from "../admin-views-lazy.tsx";
import {
  AFTER_SALES_SEGMENTS,
  AFTER_SALES_TASK_OF_VIEW,
  AFTER_SALES_VIEWS,
  type AfterSalesView,
  APPLICATIONS_SEGMENT,
  ORDER_SEGMENT,
} from "./helpdesk-paths.ts";
import { OrderDetail } from "./order-detail.tsx";
import { OrderQueue } from "./order-queue.tsx";
import { useHelpdeskTasks } from "./orders-api.ts";
import { type HelpdeskView, ViewSwitch } from "./view-switch.tsx";

const CancellationsView = lazyAdminView("CancellationsView");
const ClaimsView = lazyAdminView("ClaimsView");
const RedemptionsView = lazyAdminView("RedemptionsView");
const UserPaymentsView = lazyAdminView("UserPaymentsView");
const BrokerageView = lazyAdminView("BrokerageView");
const ApplicationsTab = lazyAdminView("ApplicationsTab");

const AFTER_SALES: Record<AfterSalesView, (id: string | null) => ReactNode> = {
  cancellations: (id) => <CancellationsView id={id} />,
  claims: (id) => <ClaimsView id={id} />,
  redemptions: (id) => <RedemptionsView id={id} />,
  payments: (id) => <UserPaymentsView id={id} />,
  brokerage: (id) => <BrokerageView id={id} />,
};

function viewOf(segment: string | undefined): HelpdeskView {
  if (segment === APPLICATIONS_SEGMENT) return "applications";
  return AFTER_SALES_VIEWS.find((view) => AFTER_SALES_SEGMENTS[view] === segment) ?? "orders";
}

/**
 * The admin's Hakemukset tab, the helpdesk's work (the default of /admin): the order queue first,
 * one order's detail at /admin/hakemukset/tilaus/{orderId}; what follows the sale (ADR 009), each view
 * at a segment of its own with one object's page below it (/admin/hakemukset/vahingot/{insuranceId});
 * and the company applications of /register at /admin/hakemukset/yrityshakemukset. The switch shows
 * how many wait for the helpdesk in each view (GET /api/tasks).
 */
export function HelpdeskTab() {
  const { rest } = useAdminNav();
  const [first, second] = rest;
  if (first === ORDER_SEGMENT && second) return <OrderDetail orderId={second} />;
  const view = viewOf(first);
  return (
    <Stack gap="md">
      <HelpdeskViewSwitch view={view} />
      {view === "orders" && <OrderQueue />}
      <AdminViewSlot>
        {view === "applications" && <ApplicationsTab />}
        {view !== "orders" && view !== "applications" && AFTER_SALES[view](second ?? null)}
      </AdminViewSlot>
    </Stack>
  );
}

/** The view switch with the counts of GET /api/tasks, each view at its path. */
function HelpdeskViewSwitch({ view }: { view: HelpdeskView }) {
  const { go } = useAdminNav();
  const tasks = useHelpdeskTasks();
  const pendingOf = (value: HelpdeskView) => {
    if (value === "orders") return 0;
    const kind = value === "applications" ? "COMPANY_APPLICATION" : AFTER_SALES_TASK_OF_VIEW[value];
    return tasks.data?.find((task) => task.kind === kind)?.count ?? 0;
  };
  return (
    <ViewSwitch
      view={view}
      pendingOf={pendingOf}
      onChange={(next) => {
        if (next === "orders") go("applications");
        else if (next === "applications") go("applications", APPLICATIONS_SEGMENT);
        else go("applications", AFTER_SALES_SEGMENTS[next]);
      }}
    />
  );
}
