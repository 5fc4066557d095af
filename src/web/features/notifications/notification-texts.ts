import type { TFunction } from "i18next";
import { relativeTime } from "../../../domain/dates.ts";
import type { NotificationPriority, NotificationType } from "../../../domain/enums.ts";
import type { NotificationTarget } from "../../../domain/notifications.ts";

/** The labels by value, spelled out so that the catalogue check (locales.test.ts) sees every key used. */
export const TYPE_LABELS: Record<NotificationType, string> = {
  EMPLOYEE_ORDER: "notifications.types.EMPLOYEE_ORDER",
  EMPLOYEE_REGISTRATION: "notifications.types.EMPLOYEE_REGISTRATION",
  SYSTEM_UPDATE: "notifications.types.SYSTEM_UPDATE",
  PAYMENT_REMINDER: "notifications.types.PAYMENT_REMINDER",
  ORDER_STATUS_CHANGE: "notifications.types.ORDER_STATUS_CHANGE",
  GENERAL: "notifications.types.GENERAL",
};

export const PRIORITY_LABELS: Record<NotificationPriority, string> = {
  LOW: "notifications.priorities.LOW",
  NORMAL: "notifications.priorities.NORMAL",
  HIGH: "notifications.priorities.HIGH",
};

/** The detail view's link text, by where it leads. */
export const TARGET_LABELS: Record<NotificationTarget["kind"], string> = {
  joinRequests: "notifications.targets.joinRequests",
  employeeManagement: "notifications.targets.employeeManagement",
  reporting: "notifications.targets.reporting",
};

/** [one, many] per unit of docs/product.md "Constants" relative time. */
const RELATIVE_KEYS = {
  minutes: ["notifications.time.minute", "notifications.time.minutes"],
  hours: ["notifications.time.hour", "notifications.time.hours"],
  days: ["notifications.time.day", "notifications.time.days"],
} as const;

/** "juuri nyt", "5 minuuttia sitten", "3 tuntia sitten", "2 päivää sitten" (docs/product.md "Constants") in the reader's language. */
export function relativeTimeText(t: TFunction, createdAt: string, now: Date = new Date()): string {
  const time = relativeTime(new Date(createdAt), now);
  if (time.unit === "justNow") return t("notifications.time.justNow");
  const [one, many] = RELATIVE_KEYS[time.unit];
  return t(time.value === 1 ? one : many, { value: time.value });
}
