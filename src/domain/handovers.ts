import type { DeliveryMethod, OrderStatus } from "./enums.ts";
import { DELIVERY_EDITABLE } from "./store-orders.ts";
import { addDays } from "./user-payments.ts";

/**
 * Handing the bike over. A store with an account records the handover instead of a bare delivery
 * date: the frame number, the battery's serial, the accessories and photos of the bike as it leaves.
 *
 * - A bike picked up at the store (PICKUP) is handed over in person: the employee shows the pickup
 *   code from their own page, the store types it in, and the employee signs on the store's device or
 *   later on their own phone.
 * - A shipped bike (HOME_DELIVERY) is recorded when it leaves; the employee signs for it when it
 *   arrives, and may report a defect for a window after that, since nobody checked it with them.
 *
 * Both sign: the store when it records the handover, the employee after. The handover date is the
 * employee's signature's day, the bike's delivery date: the lease starts from it by the agreement's
 * rule (lease-dates.ts, the first day of the following month).
 */

export const HANDOVER_KINDS = ["IN_STORE", "SHIPPED"] as const;
export type HandoverKind = (typeof HANDOVER_KINDS)[number];

export const HANDOVER_STATUSES = ["AWAITING_EMPLOYEE", "COMPLETED"] as const;
export type HandoverStatus = (typeof HANDOVER_STATUSES)[number];

/** Where the employee signed: on the store's device at the counter, or on their own phone. */
export const EMPLOYEE_SIGNING_PLACES = ["STORE_DEVICE", "OWN_DEVICE"] as const;
export type EmployeeSigningPlace = (typeof EMPLOYEE_SIGNING_PLACES)[number];

/** The pickup code's digits: short enough to read out at a counter. */
export const PICKUP_CODE_LENGTH = 6;
/** Wrong pickup codes an order takes in the window before the store must wait (guessing is hopeless). */
export const PICKUP_CODE_MAX_FAILURES = 5;
export const PICKUP_CODE_FAILURE_WINDOW_SECONDS = 15 * 60;

/** How long after a shipped bike arrives its employee may report a defect through the handover. */
export const DEFECT_REPORT_WINDOW_DAYS = 14;

export const MAX_HANDOVER_PHOTOS = 8;
export const MAX_HANDOVER_ACCESSORIES = 20;

/** How the bike reaches the employee follows from the order's delivery method (pickup when unset). */
export function handoverKindOf(deliveryMethod: DeliveryMethod | null): HandoverKind {
  return deliveryMethod === "HOME_DELIVERY" ? "SHIPPED" : "IN_STORE";
}

/**
 * Whether an order's bike is handed over (the record, the pickup code, both signatures and the
 * protocol) rather than given as a bare frame number and date: whenever its store has an account,
 * whose users record handovers. Such an order gets no delivery link, and a delivery link issued before
 * the store had its account no longer gives the delivery.
 */
export function orderTakesHandover(store: { hasAccount: boolean }): boolean {
  return store.hasAccount;
}

/** The store records the handover while the order waits for its delivery, and nothing holds it. */
export function canRecordHandover(status: OrderStatus, cancellationRequested: boolean): boolean {
  return DELIVERY_EDITABLE.includes(status) && !cancellationRequested;
}

/** The last day (inclusive) on which a defect of a shipped bike is reported; null for one handed over in person. */
export function defectWindowEndsOn(kind: HandoverKind, handoverDate: string): string | null {
  return kind === "SHIPPED" ? addDays(handoverDate, DEFECT_REPORT_WINDOW_DAYS) : null;
}

/** Whether a defect may be reported today: a completed shipped handover within its window. */
export function canReportDefect(
  handover: { status: HandoverStatus; defectWindowEndsOn: string | null },
  today: string,
): boolean {
  return (
    handover.status === "COMPLETED" &&
    handover.defectWindowEndsOn !== null &&
    today <= handover.defectWindowEndsOn
  );
}

/**
 * The pickup code from a keyed hash of the order (hex): its first 48 bits as six decimal digits. The
 * server keeps no code: it computes the same one for the employee's page and for the store's check.
 */
export function pickupCodeFromHash(hexHash: string): string {
  const value = Number.parseInt(hexHash.slice(0, 12), 16);
  if (!Number.isFinite(value)) throw new RangeError("Not a hex hash");
  return (value % 10 ** PICKUP_CODE_LENGTH).toString().padStart(PICKUP_CODE_LENGTH, "0");
}

/** What a person types as the code, without the spaces and dashes people put in to read it out. */
export function normalizePickupCode(typed: string): string {
  return typed.replace(/[\s-]/g, "");
}
