import { Badge, Group, SegmentedControl, Stack, VisuallyHidden } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useAdminNav } from "../admin-nav.ts";
import { BrokerageView } from "../after-sales/brokerage/brokerage-view.tsx";
import { CancellationsView } from "../after-sales/cancellations/cancellations-view.tsx";
import { ClaimsView } from "../after-sales/claims/claims-view.tsx";
import { UserPaymentsView } from "../after-sales/payments/payments-view.tsx";
import { RedemptionsView } from "../after-sales/redemptions/redemptions-view.tsx";
import { ApplicationsTab } from "../applications/applications-tab.tsx";
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

type View = "orders" | AfterSalesView | "applications";
const VIEWS: readonly View[] = ["orders", ...AFTER_SALES_VIEWS, "applications"];

const AFTER_SALES: Record<AfterSalesView, (id: string | null) => ReactNode> = {
  cancellations: (id) => <CancellationsView id={id} />,
  claims: (id) => <ClaimsView id={id} />,
  redemptions: (id) => <RedemptionsView id={id} />,
  payments: (id) => <UserPaymentsView id={id} />,
  brokerage: (id) => <BrokerageView id={id} />,
};

function viewOf(segment: string | undefined): View {
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
      <ViewSwitch view={view} />
      {view === "orders" && <OrderQueue />}
      {view === "applications" && <ApplicationsTab />}
      {view !== "orders" && view !== "applications" && AFTER_SALES[view](second ?? null)}
    </Stack>
  );
}

function ViewSwitch({ view }: { view: View }) {
  const { t } = useTranslation();
  const { go } = useAdminNav();
  const tasks = useHelpdeskTasks();
  // Seven names do not fit side by side on a phone or a tablet: there they stack.
  const narrow = useMediaQuery("(max-width: 62em)");
  const pendingOf = (value: View) => {
    if (value === "orders") return 0;
    const kind = value === "applications" ? "COMPANY_APPLICATION" : AFTER_SALES_TASK_OF_VIEW[value];
    return tasks.data?.find((task) => task.kind === kind)?.count ?? 0;
  };
  const label = (value: View): ReactNode => {
    const text = t(`adminOrders.views.${value}`);
    const pending = pendingOf(value);
    if (pending === 0) return text;
    return (
      <Group gap={6} wrap="nowrap" justify="center">
        <span>{text}</span>
        {/* The switch gives each name an equal share and lets a label shrink: the badge's own minimum
            width keeps its count readable beside a long name (a dot alone says nothing). */}
        <Badge size="sm" variant="filled" color="pedaali" miw="max-content">
          {pending}
          <VisuallyHidden>{` ${t("adminOrders.views.pending")}`}</VisuallyHidden>
        </Badge>
      </Group>
    );
  };
  return (
    <SegmentedControl
      aria-label={t("adminOrders.views.label")}
      value={view}
      onChange={(value) => {
        const next = value as View;
        if (next === "orders") go("applications");
        else if (next === "applications") go("applications", APPLICATIONS_SEGMENT);
        else go("applications", AFTER_SALES_SEGMENTS[next]);
      }}
      orientation={narrow ? "vertical" : "horizontal"}
      fullWidth={narrow}
      style={narrow ? undefined : { alignSelf: "flex-start" }}
      data={VIEWS.map((value) => ({ value, label: label(value) }))}
    />
  );
}
