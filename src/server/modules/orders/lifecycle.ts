import { and, eq } from "drizzle-orm";
import type { StoreLinkKind } from "../../../contract/store-links.ts";
import type { EventType, OrderStatus } from "../../../domain/enums.ts";
import { EMPLOYEE_NOTICE_ON_ENTRY } from "../../../domain/notification-table.ts";
import { heldByOpenCancellation } from "../../../domain/order-cancellations.ts";
import {
  CUSTOMER_COMMENT_STATUS,
  canTransition,
  type OrderActor,
  type OrderTransitionEvent,
} from "../../../domain/order-state-machine.ts";
import type { RoleName } from "../../../domain/roles.ts";
import { recordEvent } from "../../db/event-log.ts";
import { lockRows } from "../../db/lock-order.ts";
import { orders } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { forbidden, notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { isEmployeeNoticeEvent, notifyEmployee } from "../notifications/notify.ts";
import { notifyApprovers } from "../notifications/notify-approvers.ts";
import { tellStoreOfCancellation } from "../notifications/notify-store.ts";
import { notifyOrderEvent } from "../notifications/order-events.ts";
import { hasOpenCancellation } from "../order-cancellations/queries.ts";
import { storeLinkOnEntry } from "../store-links/tokens.ts";
import { orderHeldByCancellation, orderMoveNotAllowed } from "./errors.ts";
import { applyStatusEntryEffects } from "./state-effects.ts";

/**
 * The one way an order changes status (docs/architecture.md): the move is applied only when the domain's
 * transition table allows it for this actor from the order's current status, and it is written in the
 * caller's transaction together with its event-log row, the employer's notification and what the new
 * status requires of the order's money (state-effects.ts), so a move is either whole or absent.
 */

/**
 * Who acts on an order, the orders module's actor: a logged-in user with their roles (the transition
 * table allows a move by role), the bike store by its token link, or a job.
 */
export type OrderMover =
  | { kind: "user"; userId: string; roleNames: readonly RoleName[] }
  | { kind: "bikeStoreToken"; userId: null }
  | { kind: "system"; userId: null };

/** A logged-in user acting on an order: the employee, the employer or the helpdesk. */
export type OrderUser = Extract<OrderMover, { kind: "user" }>;

/** The logged-in caller as the actor of their change of an order. */
export const asOrderUser = (user: Pick<CurrentUser, "id" | "roleNames">): OrderUser => ({
  kind: "user",
  userId: user.id,
  roleNames: user.roleNames,
});

/** The bike store by its link, and the platform itself (a job, the step that follows another). */
export const BY_BIKE_STORE = { kind: "bikeStoreToken", userId: null } as const satisfies OrderMover;
export const BY_SYSTEM = { kind: "system", userId: null } as const satisfies OrderMover;

export type OrderMove = {
  orderId: string;
  to: OrderStatus;
  /** What the event row records besides the move itself (a reason, a note); never secrets. */
  data?: Record<string, unknown>;
  /** Columns that change with the status (the package's price, the frame serial number...). */
  set?: Partial<Omit<typeof orders.$inferInsert, "id" | "orderStatus" | "previousStatus">>;
};

export type OrderMoveResult = {
  orderId: string;
  from: OrderStatus;
  to: OrderStatus;
  event: OrderTransitionEvent;
  eventLogId: string;
  /**
   * The kind of the bike store's link the move issued (entering PENDING or WAITING_FOR_DELIVERY_DATE):
   * its mail is queued with the move, and the link minted when the mail is sent (store-links/mails.ts).
   */
  storeLink?: StoreLinkKind;
};

/** 409 ORDER_TRANSITION_NOT_ALLOWED unless the order is in `status`, the one a milestone action leaves from. */
export function requireStatus(
  order: { orderStatus: OrderStatus },
  status: OrderStatus,
  to: OrderStatus,
): void {
  if (order.orderStatus !== status) throw orderMoveNotAllowed(order.orderStatus, to);
}

function actorsOf(by: OrderMover): readonly OrderActor[] {
  if (by.kind === "user") return by.roleNames;
  return by.kind === "bikeStoreToken" ? ["BIKE_STORE_TOKEN"] : ["SYSTEM"];
}

/** The timestamps and flags a status sets when the order enters it. */
function enteredColumns(to: OrderStatus, now: Date) {
  if (to === "CONFIRMED") return { isOrderConfirmed: true, confirmedAt: now };
  if (to === "PROCESSED") return { processedAt: now };
  if (to === "CANCELLED") return { cancelledAt: now };
  return {};
}

/** Longer than any wait for an order's row lock: a later change than this is no change waited for. */
const LOCK_WAIT_MS = 5 * 60_000;

/**
 * When a move happens: the change's own time, unless another change of the order came after it. A
 * change takes its time as it starts; one that waited for the order's row lock while another person's
 * move went first would otherwise record its move before the move it followed, and the order's
 * timeline (and its status, read from its last move) would say the order went the other way. It then
 * moves a millisecond after the change it waited for. A change dated on its own clock (the demo
 * seed's days, a test's day) keeps its time.
 */
function moveTime(now: Date, orderChangedAt: Date): Date {
  const later = orderChangedAt.getTime() - now.getTime();
  return later > 0 && later <= LOCK_WAIT_MS ? new Date(orderChangedAt.getTime() + 1) : now;
}

/**
 * Applies one move by `ctx.actor` inside `ctx.tx` (open a transaction around it; another move of the
 * same order waits for the row lock and then finds the status changed). Throws 404 for an unknown
 * order, 403 when the table has the move but not for this actor, 409 ORDER_TRANSITION_NOT_ALLOWED when
 * the order's status does not allow it (including a move a concurrent one already made), 409
 * ORDER_CANCELLATION_PENDING for a move along the main line while a cancellation request is open.
 */
export async function moveOrder(outer: WriteContext<OrderMover>, move: OrderMove): Promise<OrderMoveResult> {
  const { tx, actor: by } = outer;
  const [order] = await lockRows(
    tx,
    "order",
    tx
      .select({
        status: orders.orderStatus,
        previousStatus: orders.previousStatus,
        companyId: orders.companyId,
        updatedAt: orders.updatedAt,
      })
      .from(orders)
      .where(eq(orders.id, move.orderId))
      .for("update"),
  );
  if (!order) throw notFound("Order");
  const now = moveTime(outer.now, order.updatedAt);
  const ctx = now === outer.now ? outer : { ...outer, now };

  const from = order.status;
  let allowed: { event: OrderTransitionEvent; eventType: EventType } | null = null;
  let actorRefused = false;
  for (const actor of actorsOf(by)) {
    const check = canTransition({ from, to: move.to, actor, previousStatus: order.previousStatus });
    if (check.ok) {
      allowed = check;
      break;
    }
    if (check.reason === "actorNotAllowed") actorRefused = true;
  }
  if (!allowed) {
    if (actorRefused) throw forbidden(`Not allowed to move an order from ${from} to ${move.to}`);
    throw orderMoveNotAllowed(from, move.to);
  }
  if (heldByOpenCancellation(move.to) && (await hasOpenCancellation(tx, move.orderId)))
    throw orderHeldByCancellation();

  const updated = await tx
    .update(orders)
    .set({
      ...move.set,
      ...enteredColumns(move.to, now),
      orderStatus: move.to,
      // Set exactly while in the side state: where the order returns to.
      previousStatus: move.to === CUSTOMER_COMMENT_STATUS ? from : null,
      // An answer belongs to the question of this stay in the side state: every move clears it.
      customerAnsweredAt: null,
      updatedAt: now,
    })
    .where(and(eq(orders.id, move.orderId), eq(orders.orderStatus, from)))
    .returning({ id: orders.id });
  // The row lock makes this unreachable on PostgreSQL; it keeps the move safe on any isolation level.
  if (updated.length === 0) throw orderMoveNotAllowed(from, move.to);

  const eventLogId = await recordEvent(ctx, {
    type: allowed.eventType,
    entity: { type: "order", id: move.orderId },
    companyId: order.companyId,
    data: { ...move.data, from, to: move.to, event: allowed.event, by: by.kind },
  });
  await applyStatusEntryEffects(ctx, move.orderId, move.to, allowed.event);
  await notifyOrderEvent(tx, move.orderId, { kind: "statusChanged", to: move.to });
  const notice = from === CUSTOMER_COMMENT_STATUS ? undefined : EMPLOYEE_NOTICE_ON_ENTRY[move.to];
  // Entering the side state, the employee's mail carries the helpdesk's question (the move's note).
  const question = typeof move.data?.note === "string" ? move.data.note : null;
  if (notice && isEmployeeNoticeEvent(notice)) await notifyEmployee(tx, notice, move.orderId, { question });
  // A store holding the order's purchase order must not deliver it.
  if (move.to === "CANCELLED") await tellStoreOfCancellation(tx, move.orderId);
  // The order starts waiting for the employer's approval (when its bike policy asks for one): each
  // approver is mailed. A return from waiting for the customer's comment is no new wait.
  if (move.to === "ALL_INFO_PROVIDED" && from !== CUSTOMER_COMMENT_STATUS)
    await notifyApprovers(tx, move.orderId);
  const storeLink = await storeLinkOnEntry(ctx, move.orderId, move.to);
  const result = {
    orderId: move.orderId,
    from,
    to: move.to,
    event: allowed.event,
    eventLogId,
  };
  return storeLink ? { ...result, storeLink } : result;
}
