import type { OrderStatus } from "./enums.ts";
import { canTransition, type OrderTransitionEvent } from "./order-state-machine.ts";

/**
 * The moves the helpdesk makes by naming the status (POST /api/orders/{orderId}/status and the bulk
 * move): the side state for the customer's comment and back, cancelling and refunding, CASE_X in and
 * out. The milestone moves have their own actions, which check what the move needs (an accepted
 * agreement before processing, a matched invoice, the bill to the leasing company), so they are not
 * made by status name.
 */
const GENERIC_ADMIN_EVENTS: readonly OrderTransitionEvent[] = [
  "requestCustomerComment",
  "resumeAfterCustomerComment",
  "cancelOrder",
  "refundOrder",
  "markCaseX",
  "resolveCaseX",
];

/** Whether the helpdesk may move an order from `from` to `to` by status name (the table decides). */
export function isGenericAdminMove(
  from: OrderStatus,
  to: OrderStatus,
  previousStatus: OrderStatus | null = null,
): boolean {
  const check = canTransition({ from, to, actor: "INTERNAL_ADMIN", previousStatus });
  return check.ok && GENERIC_ADMIN_EVENTS.includes(check.event);
}
