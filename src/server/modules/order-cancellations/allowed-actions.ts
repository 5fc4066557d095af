import type { CancellationActionName } from "../../../contract/order-cancellations.ts";
import type {
  OrderCancellationRequester,
  OrderCancellationStatus,
  OrderStatus,
} from "../../../domain/enums.ts";
import { isCancellableBeforeDelivery } from "../../../domain/order-cancellations.ts";
import type { Permission } from "../../../domain/permissions.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { isCompanyInScope } from "../auth/tenancy.ts";

/** Who may do what with a cancellation: the rules its actions check, and the list its page shows. */

type Caller = Pick<CurrentUser, "id" | "scope" | "permissions">;

const can = (caller: Caller, permission: Permission) => caller.permissions.includes(permission);

/** The order has followed its cancellation: it is cancelled (and maybe refunded). */
export const isCancelled = (status: string) => status === "CANCELLED" || status === "REFUNDED";

/** The helpdesk's reach for its work on the cancellation. */
const helpdeskOf = (caller: Caller, companyId: string) =>
  can(caller, "order-cancellations.manage") && isCompanyInScope(caller, companyId);

/**
 * Who may withdraw a request: the helpdesk any it reaches, the employee their own request, the
 * employer their companies' requests.
 */
export function mayWithdraw(
  caller: Caller,
  c: { companyId: string; requestedBy: OrderCancellationRequester; employeeUserId: string },
): boolean {
  const own = can(caller, "own-order.manage") && c.employeeUserId === caller.id;
  const employer = can(caller, "orders.approve") && isCompanyInScope(caller, c.companyId);
  return (
    helpdeskOf(caller, c.companyId) ||
    (c.requestedBy === "EMPLOYEE" && own) ||
    (c.requestedBy === "EMPLOYER" && employer)
  );
}

export type CancellationFacts = {
  status: OrderCancellationStatus;
  companyId: string;
  requestedBy: OrderCancellationRequester;
  employeeUserId: string;
  refundAmountCents: number;
  receiptCount: number;
  orderStatus: OrderStatus;
  previousStatus: OrderStatus | null;
};

/**
 * What the caller may do with the cancellation now (contract/order-cancellations.ts
 * CANCELLATION_ACTIONS), by the rules its actions check when they are done: only while it is open; a
 * completion cancels an order that has not followed yet only before delivery
 * (src/domain/order-cancellations.ts), and a refund above 0 needs its receipt; a withdrawal only while
 * the order has not followed.
 */
export function cancellationActions(caller: Caller, c: CancellationFacts): CancellationActionName[] {
  if (c.status !== "PENDING") return [];
  const actions: CancellationActionName[] = [];
  const helpdesk = helpdeskOf(caller, c.companyId);
  const followed = isCancelled(c.orderStatus);
  if (helpdesk) {
    actions.push("UPDATE", "UPLOAD_RECEIPT", "DELETE_RECEIPT");
    const cancellable = followed || isCancellableBeforeDelivery(c.orderStatus, c.previousStatus);
    if (cancellable && (c.refundAmountCents === 0 || c.receiptCount > 0)) actions.push("COMPLETE");
  }
  if (!followed && mayWithdraw(caller, c)) actions.push("WITHDRAW");
  return actions;
}
