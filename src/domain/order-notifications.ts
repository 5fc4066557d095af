import type { NotificationPriority, OrderStatus } from "./enums.ts";

/**
 * Which order moves reach the employer admin's bell (ORDER_STATUS_CHANGE). The employer follows the
 * moves that ask something of them or change payroll: the order waits for their approval once the
 * employee has accepted the package (ALL_INFO_PROVIDED), the order is confirmed, the lease starts (the
 * gross-salary deductions begin), the order is cancelled or refunded. The steps between the helpdesk,
 * the store and the leasing company would only be noise to them.
 */
const EMPLOYER_NOTIFIED_ORDER_STATUSES: readonly OrderStatus[] = [
  "ALL_INFO_PROVIDED",
  "CONFIRMED",
  "ACTIVE_LEASING",
  "CANCELLED",
  "REFUNDED",
];

export function notifiesEmployer(status: OrderStatus): boolean {
  return EMPLOYER_NOTIFIED_ORDER_STATUSES.includes(status);
}

/** A cancellation is urgent for the employer (a deduction may have to stop); the rest are normal. */
export function orderStatusPriority(status: OrderStatus): NotificationPriority {
  return status === "CANCELLED" ? "HIGH" : "NORMAL";
}
