import { Badge, Group, SegmentedControl, Stack, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useAdminNav } from "../admin-nav.ts";
import { ApplicationsTab } from "../applications/applications-tab.tsx";
import { APPLICATIONS_SEGMENT, ORDER_SEGMENT } from "./helpdesk-paths.ts";
import { OrderDetail } from "./order-detail.tsx";
import { OrderQueue } from "./order-queue.tsx";
import { useHelpdeskTasks } from "./orders-api.ts";

type View = "orders" | "applications";

/**
 * The admin's Hakemukset tab, the helpdesk's work (the default of /admin): the order queue first,
 * one order's detail at /admin/hakemukset/tilaus/{orderId}, and the company applications of /register
 * at /admin/hakemukset/yrityshakemukset, with the count of pending ones on the switch.
 */
export function HelpdeskTab() {
  const { rest } = useAdminNav();
  const [first, second] = rest;
  if (first === ORDER_SEGMENT && second) return <OrderDetail orderId={second} />;
  const view: View = first === APPLICATIONS_SEGMENT ? "applications" : "orders";
  return (
    <Stack gap="md">
      <ViewSwitch view={view} />
      {view === "applications" ? <ApplicationsTab /> : <OrderQueue />}
    </Stack>
  );
}

function ViewSwitch({ view }: { view: View }) {
  const { t } = useTranslation();
  const { go } = useAdminNav();
  const tasks = useHelpdeskTasks();
  const pending = tasks.data?.find((task) => task.kind === "COMPANY_APPLICATION")?.count ?? 0;
  return (
    <SegmentedControl
      aria-label={t("adminOrders.views.label")}
      value={view}
      onChange={(value) =>
        value === "applications" ? go("applications", APPLICATIONS_SEGMENT) : go("applications")
      }
      style={{ alignSelf: "flex-start" }}
      data={[
        { value: "orders", label: t("adminOrders.views.orders") },
        {
          value: "applications",
          label: (
            <Group gap={6} wrap="nowrap" justify="center">
              <span>{t("adminOrders.views.applications")}</span>
              {pending > 0 && (
                <Badge size="sm" variant="filled" color="pedaali">
                  {pending}
                  <VisuallyHidden>{` ${t("adminOrders.views.pending")}`}</VisuallyHidden>
                </Badge>
              )}
            </Group>
          ),
        },
      ]}
    />
  );
}
