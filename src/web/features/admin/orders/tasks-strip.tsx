import { Group, Paper, Skeleton, Text, UnstyledButton } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { TTask } from "../../../../contract/tasks.ts";
import { AppLink } from "../../../components/app-link.tsx";
import { STATUS_LABEL_KEYS } from "../../../components/status-labels.ts";
import { useAdminNav } from "../admin-nav.ts";
import {
  AFTER_SALES_SEGMENTS,
  AFTER_SALES_TASK_OF_VIEW,
  AFTER_SALES_VIEWS,
  type AfterSalesView,
} from "./helpdesk-paths.ts";
import { groupOfStatus, sinceText } from "./order-labels.ts";
import { useHelpdeskTasks } from "./orders-api.ts";
import { useOrderLinks } from "./use-order-links.tsx";

type AfterSalesTaskKind = Exclude<
  TTask["kind"],
  "ORDER" | "CUSTOMER_ANSWER" | "COMPANY_APPLICATION" | "CONTACT_FORM" | "TASK" | "PAYROLL_DELIVERY_FAILED"
>;

/** Where each kind of after-sale work is done, and its name. */
const VIEW_OF_TASK = Object.fromEntries(
  AFTER_SALES_VIEWS.map((view) => [AFTER_SALES_TASK_OF_VIEW[view], view]),
) as Record<AfterSalesTaskKind, AfterSalesView>;
const AFTER_SALES_TASK_KEYS: Record<AfterSalesTaskKind, string> = {
  ORDER_CANCELLATION: "adminOrders.tasks.ORDER_CANCELLATION",
  INSURANCE_CLAIM: "adminOrders.tasks.INSURANCE_CLAIM",
  BIKE_REDEMPTION: "adminOrders.tasks.BIKE_REDEMPTION",
  USER_PAYMENT: "adminOrders.tasks.USER_PAYMENT",
  BROKERAGE_INQUIRY: "adminOrders.tasks.BROKERAGE_INQUIRY",
};

/** The queue's address for the orders waiting in one status (its subset chosen so the status is in it). */
function queueSearchOf(task: TTask): string {
  if (!task.orderStatus) return "";
  const group = groupOfStatus(task.orderStatus);
  const params = new URLSearchParams();
  if (group !== "GENERAL") params.set("group", group);
  params.set("status", task.orderStatus);
  return `?${params}`;
}

/**
 * What waits for the helpdesk (GET /api/tasks), one card per kind or order status, most urgent first:
 * each says how many and how long the oldest has waited, and leads to where the work is done.
 */
export function TasksStrip() {
  const { t } = useTranslation();
  const { pathOf } = useAdminNav();
  const links = useOrderLinks();
  const tasks = useHelpdeskTasks();

  if (tasks.isPending) return <Skeleton height={56} radius="md" />;
  if (tasks.isError) return null;
  const items = tasks.data ?? [];
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t("adminOrders.tasks.none")}
      </Text>
    );

  function targetOf(task: TTask): string | null {
    switch (task.kind) {
      case "ORDER":
      case "CUSTOMER_ANSWER":
        return links.queuePath(queueSearchOf(task));
      case "COMPANY_APPLICATION":
        return links.applicationsPath();
      case "CONTACT_FORM":
        return pathOf("contactForms");
      case "TASK":
        return null;
      case "PAYROLL_DELIVERY_FAILED":
        // Re-sent from the company's delivery log, which the company's settings show.
        return pathOf("companies");
      default:
        return pathOf("applications", AFTER_SALES_SEGMENTS[VIEW_OF_TASK[task.kind]]);
    }
  }
  function titleOf(task: TTask): string {
    switch (task.kind) {
      case "ORDER":
        return task.orderStatus ? t(STATUS_LABEL_KEYS.order[task.orderStatus] ?? task.orderStatus) : "";
      case "CUSTOMER_ANSWER":
        return t("adminOrders.tasks.CUSTOMER_ANSWER");
      case "COMPANY_APPLICATION":
        return t("adminOrders.tasks.COMPANY_APPLICATION");
      case "CONTACT_FORM":
        return t("adminOrders.tasks.CONTACT_FORM");
      case "TASK":
        return t("adminOrders.tasks.TASK");
      case "PAYROLL_DELIVERY_FAILED":
        return t("adminOrders.tasks.PAYROLL_DELIVERY_FAILED");
      default:
        return t(AFTER_SALES_TASK_KEYS[task.kind]);
    }
  }

  return (
    <nav aria-label={t("adminOrders.tasks.label")}>
      <Group gap="sm" wrap="wrap" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {items.map((task) => {
          const target = targetOf(task);
          const body = (
            <>
              <Text size="sm" fw={600}>
                {titleOf(task)}: {task.count}
              </Text>
              <Text size="xs" c="dimmed">
                {t("adminOrders.tasks.oldest", { time: sinceText(t, task.oldestAt) })}
              </Text>
            </>
          );
          return (
            <li key={`${task.kind}-${task.orderStatus ?? ""}`}>
              <Paper withBorder radius="md" px="sm" py={6}>
                {target ? (
                  <UnstyledButton component={AppLink} to={target}>
                    {body}
                  </UnstyledButton>
                ) : (
                  body
                )}
              </Paper>
            </li>
          );
        })}
      </Group>
    </nav>
  );
}
