import type { TFunction } from "i18next";
import { ORDER_STATUS_GROUPS, type OrderStatusGroup } from "../../../../contract/orders.ts";
import {
  ORDER_STATUS_FILTER_FROM_PROCESSED,
  ORDER_STATUS_FILTER_GENERAL,
  ORDER_STATUS_FILTER_POST_PROCESSING,
  type OrderStatus,
} from "../../../../domain/enums.ts";
import type { OrderParty } from "../../../../domain/order-state-machine.ts";
import { relativeTimeText } from "../../notifications/index.ts";

/** The three status subsets of the order lists of docs/product.md "States", as the queue's first filter. */
export const GROUP_STATUSES: Record<OrderStatusGroup, readonly OrderStatus[]> = {
  GENERAL: ORDER_STATUS_FILTER_GENERAL,
  POST_PROCESSING: ORDER_STATUS_FILTER_POST_PROCESSING,
  FROM_PROCESSED: ORDER_STATUS_FILTER_FROM_PROCESSED,
};

/** The subset a status is shown in: the general one unless only another has it (WIX, REFUNDED). */
export function groupOfStatus(status: OrderStatus): OrderStatusGroup {
  return ORDER_STATUS_GROUPS.find((group) => GROUP_STATUSES[group].includes(status)) ?? "GENERAL";
}

/** The label keys, spelled out so that the catalogue check sees every key in use. */
export const GROUP_LABELS: Record<OrderStatusGroup, string> = {
  GENERAL: "adminOrders.groups.GENERAL",
  POST_PROCESSING: "adminOrders.groups.POST_PROCESSING",
  FROM_PROCESSED: "adminOrders.groups.FROM_PROCESSED",
};

export const WAITING_ON_LABELS: Record<OrderParty, string> = {
  EMPLOYEE: "adminOrders.waitingOn.EMPLOYEE",
  EMPLOYER: "adminOrders.waitingOn.EMPLOYER",
  BIKE_STORE: "adminOrders.waitingOn.BIKE_STORE",
  HELPDESK: "adminOrders.waitingOn.HELPDESK",
  LEASING_COMPANY: "adminOrders.waitingOn.LEASING_COMPANY",
};

export const TAX_REGIME_LABELS = {
  GRANDFATHERED: "adminOrders.agreement.taxRegimes.GRANDFATHERED",
  EXEMPT_2025_ONLY: "adminOrders.agreement.taxRegimes.EXEMPT_2025_ONLY",
  TAXABLE: "adminOrders.agreement.taxRegimes.TAXABLE",
} as const;

/** "5 minuuttia sitten" (docs/product.md "Constants"), for how long an order has waited. */
export function sinceText(t: TFunction, at: string, now: Date = new Date()): string {
  return relativeTimeText(t, at, now);
}
