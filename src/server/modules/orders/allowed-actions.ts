import type { OrderActionName, TOrderAfterSales, TOrderAgreement } from "../../../contract/orders.ts";
import type { OrderStatus } from "../../../domain/enums.ts";
import { isBikeInUse, redemptionCaseOpenable } from "../../../domain/lease-dates.ts";
import { isGenericAdminMove } from "../../../domain/order-admin-moves.ts";
import {
  cancelsAtOnce,
  isCancellableBeforeDelivery,
  movableByNameWhileCancellationOpen,
} from "../../../domain/order-cancellations.ts";
import { canTransition, nextStatuses } from "../../../domain/order-state-machine.ts";
import type { Permission } from "../../../domain/permissions.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { isCompanyInScope } from "../auth/tenancy.ts";
import { sideOf } from "../order-cancellations/queries.ts";

/** Who asks: their roles and permissions decide which of the order's next steps are theirs. */
export type OrderCaller = Pick<CurrentUser, "id" | "scope" | "permissions" | "roleNames">;

/** What of the order its next steps depend on. */
export type OrderFacts = {
  orderStatus: OrderStatus;
  previousStatus: OrderStatus | null;
  companyId: string;
  /** The account of the order's employee. */
  employeeUserId: string;
  employerApprovalRequired: boolean;
  employerApprovedAt: Date | null;
  deliveryDate: string | null;
  agreement: Pick<TOrderAgreement, "status" | "signedAt" | "startDate" | "endDate"> | null;
  /** A cancellation of the order is open (PENDING): another one waits until it is settled. */
  cancellationOpen: boolean;
  /** The lease's end case and the insurance claims: whether the lease is still there to end. */
  afterSales: Pick<TOrderAfterSales, "redemption" | "insuranceClaims">;
  /** Today in Europe/Helsinki. */
  today: string;
};

const can = (caller: OrderCaller, permission: Permission) => caller.permissions.includes(permission);

/**
 * The actions that carry the order on along its main line (or hand the store a link to do so): none is
 * offered while a cancellation request is open, as moveOrder refuses them then. Recording what the
 * leasing company decided is a fact from outside, and stays.
 */
const CARRIES_ORDER_ON: ReadonlySet<OrderActionName> = new Set([
  "ACCEPT_PACKAGE",
  "SIGN",
  "EMPLOYER_DECISION",
  "SEND_TO_LEASING_COMPANY",
  "PROCESS",
  "MATCH_INVOICE",
  "PACKAGE_LINK",
  "DELIVERY_LINK",
  "BILL",
  "START_LEASING",
]);

/**
 * What the caller may do with the order now (contract/orders.ts ORDER_ACTIONS), by the same rules the
 * actions check when they are done: the transition table (src/domain/order-state-machine.ts), the
 * moves by status name (order-admin-moves.ts), who may cancel and when (order-cancellations.ts), and
 * what each action needs of the agreement. The web shows its buttons from this list.
 */
export function orderActions(caller: OrderCaller, o: OrderFacts): OrderActionName[] {
  const actions = nextSteps(caller, o);
  return o.cancellationOpen ? actions.filter((action) => !CARRIES_ORDER_ON.has(action)) : actions;
}

/**
 * The employee may open an early end of their lease (the employment ends, a long absence) by the rule
 * openRedemptionCase checks: the agreement accepted and dated, the order billed or leasing, no case open,
 * and a running lease not settled yet (a lease past its end without a case still is).
 */
function earlyEndOpenable(o: OrderFacts): boolean {
  if (!redemptionCaseOpenable(o)) return false;
  const { redemption, insuranceClaims } = o.afterSales;
  if (redemption?.status === "PENDING") return false;
  if (o.orderStatus !== "ACTIVE_LEASING") return true;
  return isBikeInUse(
    { orderStatus: o.orderStatus, agreementEndDate: null, redemption, claimOutcomes: insuranceClaims },
    o.today,
  );
}

function nextSteps(caller: OrderCaller, o: OrderFacts): OrderActionName[] {
  const status = o.orderStatus;
  const agreement = o.agreement;
  const actions: OrderActionName[] = [];

  const ownOrder = can(caller, "own-order.manage") && o.employeeUserId === caller.id;
  if (ownOrder && status === "PACKAGE_PROVIDED") actions.push("ACCEPT_PACKAGE");
  const signed = agreement !== null && (agreement.status === "SIGNED" || agreement.signedAt !== null);
  if (ownOrder && status === "ALL_INFO_PROVIDED" && agreement && !signed) actions.push("SIGN");

  const decider = can(caller, "orders.approve") && isCompanyInScope(caller, o.companyId);
  if (
    decider &&
    status === "ALL_INFO_PROVIDED" &&
    o.employerApprovalRequired &&
    o.employerApprovedAt === null
  )
    actions.push("EMPLOYER_DECISION");

  // The side's cancellation cancels at once while the transition table lets the side make the move,
  // else it is a request the helpdesk carries out: the dialog says which before the side confirms.
  const side = sideOf(caller, { companyId: o.companyId, employeeUserId: o.employeeUserId });
  if (side && !o.cancellationOpen && isCancellableBeforeDelivery(status, o.previousStatus))
    actions.push(cancelsAtOnce(side, status, o.previousStatus) ? "CANCEL" : "REQUEST_CANCELLATION");

  if (ownOrder && earlyEndOpenable(o)) actions.push("OPEN_LEASE_END");

  if (!can(caller, "orders.process")) return actions;
  if (status === "CONFIRMED" && agreement?.status === "SIGNED") actions.push("SEND_TO_LEASING_COMPANY");
  if (status === "CONFIRMED" && agreement?.status === "PENDING" && can(caller, "leasing.manage"))
    actions.push("RECORD_LEASING_DECISION", "SYNC_LEASING_DECISIONS");
  const accepted = agreement?.status === "ACCEPTED";
  if (status === "CONFIRMED" && accepted) actions.push("PROCESS");
  if (status === "WAITING_FOR_INVOICE_MATCH") actions.push("MATCH_INVOICE");
  // A fresh link while the store has that step of the order to make through its link.
  const storeMakes = (to: OrderStatus) =>
    canTransition({ from: status, to, actor: "BIKE_STORE_TOKEN", previousStatus: o.previousStatus }).ok;
  if (storeMakes("PACKAGE_PROVIDED")) actions.push("PACKAGE_LINK");
  if (storeMakes("READY_FOR_BILLING")) actions.push("DELIVERY_LINK");
  if (status === "READY_FOR_BILLING" && accepted) actions.push("BILL");
  if (status === "GRENKE_INVOICE_SENT" && accepted && o.deliveryDate) actions.push("START_LEASING");
  return actions;
}

/**
 * The statuses the caller may move the order to by name now (POST /api/orders/{orderId}/status): the
 * helpdesk's moves of the transition table that have no action of their own.
 */
export function orderMoves(
  caller: OrderCaller,
  o: Pick<OrderFacts, "orderStatus" | "previousStatus" | "cancellationOpen">,
): OrderStatus[] {
  if (!can(caller, "orders.process")) return [];
  const from = o.orderStatus;
  const previousStatus = o.previousStatus;
  // In the table's order, so a choice of targets reads along the order's life.
  return nextStatuses(from, "INTERNAL_ADMIN", previousStatus).filter(
    (to) =>
      isGenericAdminMove(from, to, previousStatus) &&
      (!o.cancellationOpen || movableByNameWhileCancellationOpen(to)) &&
      caller.roleNames.some((role) => canTransition({ from, to, actor: role, previousStatus }).ok),
  );
}
