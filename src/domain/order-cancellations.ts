import type { OrderCancellationRequester, OrderStatus } from "./enums.ts";
import {
  CUSTOMER_COMMENT_STATUS,
  canTransition,
  MAIN_LINE_STATUSES,
  type OrderActor,
} from "./order-state-machine.ts";

/**
 * Who may cancel an order, and when (ADR 009). An order can be cancelled before delivery by its
 * employee, someone of its employer, or the helpdesk, always with a reason. "Before delivery" is every
 * status up to WAITING_FOR_DELIVERY_DATE, an order paused for the customer's comment in one of them, a
 * special case (CASE_X) and an imported online order (WIX). Once the store has given the delivery
 * details (READY_FOR_BILLING and later), or the order is cancelled, refunded or leasing, it is not.
 *
 * Before the agreement is signed nothing is committed, so the employee's and the employer's cancellation
 * cancels the order at once; after that (CONFIRMED onwards) theirs is a request the helpdesk carries out
 * (docs/product.md "Cancelling an order"). The helpdesk cancels at once from any status above.
 * Which it is, is one question to the order's transition table: may this side make the move now.
 */

/** The main-line statuses before the store has given the delivery details. */
const BEFORE_DELIVERY_STATUSES: readonly OrderStatus[] = [
  "NOT_STARTED",
  "PENDING",
  "PACKAGE_PROVIDED",
  "ALL_INFO_PROVIDED",
  "CONFIRMED",
  "PROCESSED",
  "WAITING_FOR_INVOICE_MATCH",
  "WAITING_FOR_DELIVERY_DATE",
];

/** Side states an order can be cancelled from whatever came before (the helpdesk settles them). */
const CANCELLABLE_SIDE_STATUSES: readonly OrderStatus[] = ["CASE_X", "WIX"];

/** Whether the order may still be cancelled; a paused order by the status it was paused in. */
export function isCancellableBeforeDelivery(
  status: OrderStatus,
  previousStatus: OrderStatus | null,
): boolean {
  if (status === CUSTOMER_COMMENT_STATUS)
    return previousStatus !== null && BEFORE_DELIVERY_STATUSES.includes(previousStatus);
  return BEFORE_DELIVERY_STATUSES.includes(status) || CANCELLABLE_SIDE_STATUSES.includes(status);
}

/**
 * The actor of the transition table each side cancels as: the employee as the beneficiary, the employer
 * as its deciders (the admin, the editor and the group admin share the table's rows), the helpdesk as
 * the admin tier (both admin roles share them too).
 */
const CANCELLATION_ACTOR: Readonly<Record<OrderCancellationRequester, OrderActor>> = {
  EMPLOYEE: "BIKE_BENEFICIARY",
  EMPLOYER: "EMPLOYER_ADMIN",
  HELPDESK: "INTERNAL_ADMIN",
};

/**
 * Whether this side's cancellation cancels the order at once (else it is a request for the helpdesk):
 * the transition table lets the side make the move from the order's status now.
 */
export function cancelsAtOnce(
  side: OrderCancellationRequester,
  status: OrderStatus,
  previousStatus: OrderStatus | null,
): boolean {
  return canTransition({ from: status, to: "CANCELLED", actor: CANCELLATION_ACTOR[side], previousStatus }).ok;
}

/**
 * While a cancellation request is open the order holds where it is: nobody carries it on along the main
 * line (the agreement to the leasing company, processing, the store's delivery, billing, the lease, the
 * customer's answer back into the line) until the helpdesk completes the request or it is withdrawn.
 * Moves beside the line stay open: cancelling it is what the request asks, pausing it for the
 * customer's comment or marking a special case is how the helpdesk settles a question about it.
 */
export function heldByOpenCancellation(to: OrderStatus): boolean {
  return (MAIN_LINE_STATUSES as readonly OrderStatus[]).includes(to);
}

/**
 * The helpdesk's moves by status name while a request is open: nothing held, and no cancellation by
 * name either, since completing the request is what cancels the order and settles its refund.
 */
export function movableByNameWhileCancellationOpen(to: OrderStatus): boolean {
  return !heldByOpenCancellation(to) && to !== "CANCELLED";
}
