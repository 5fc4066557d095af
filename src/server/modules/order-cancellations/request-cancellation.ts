import { and, eq } from "drizzle-orm";
import type { OrderCancellationRequester } from "../../../domain/enums.ts";
import { cancelsAtOnce, isCancellableBeforeDelivery } from "../../../domain/order-cancellations.ts";
import { type OrderMoneyFacts, storedRefund, suggestRefund } from "../../../domain/order-refunds.ts";
import type { Db } from "../../db/client.ts";
import { recordEvent } from "../../db/event-log.ts";
import { isUniqueViolation } from "../../db/postgres-errors.ts";
import { invoices, orderCancellations, userPayments } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { lockOrder } from "../orders/order-rows.ts";
import { type CancellationActor, type CancellationRow, cancelOrderNow, sideRoles } from "./cancel-order.ts";
import { cancellationOpen, orderNotCancellable } from "./errors.ts";

/** What money moved for the order: its user payments and invoices (src/domain/order-refunds.ts). */
async function orderMoneyFacts(db: Db, orderId: string): Promise<OrderMoneyFacts> {
  // One after another: this runs inside the cancellation's transaction, on its one connection.
  const payments = await db
    .select({
      kind: userPayments.kind,
      paymentStatus: userPayments.paymentStatus,
      amountCents: userPayments.amountCents,
    })
    .from(userPayments)
    .where(eq(userPayments.orderId, orderId));
  const orderInvoices = await db
    .select({
      payerType: invoices.payerType,
      bikeStoreId: invoices.bikeStoreId,
      status: invoices.status,
      totalCents: invoices.totalCents,
    })
    .from(invoices)
    .where(eq(invoices.orderId, orderId));
  return { userPayments: payments, invoices: orderInvoices };
}

export type CancellationRequest = {
  orderId: string;
  /** Null only for an employer's refusal of the order, where a reason is asked for but not required. */
  reason: string | null;
  note?: string | null | undefined;
  /** The side the actor asks as: the employee, the employer, the helpdesk. */
  side: OrderCancellationRequester;
};

export type RequestedCancellation = {
  orderCancellationId: string;
  /** The cancellation cancelled the order (else it waits for the helpdesk as a request). */
  atOnce: boolean;
};

/**
 * Asks for the order's cancellation as the given side: 409 ORDER_NOT_CANCELLABLE once the order is past
 * delivery, 409 ORDER_CANCELLATION_OPEN while another is open (the order's row lock makes a second,
 * simultaneous one wait and then see the first). It carries the refund the order's money suggests, and
 * cancels the order at once when the side may (src/domain/order-cancellations.ts).
 */
export async function requestCancellation(
  ctx: WriteContext<CancellationActor>,
  input: CancellationRequest,
): Promise<RequestedCancellation> {
  const { tx, now } = ctx;
  const order = await lockOrder(tx, input.orderId);
  if (!isCancellableBeforeDelivery(order.orderStatus, order.previousStatus)) throw orderNotCancellable();
  const [open] = await tx
    .select({ id: orderCancellations.id })
    .from(orderCancellations)
    .where(and(eq(orderCancellations.orderId, order.id), eq(orderCancellations.status, "PENDING")));
  if (open) throw cancellationOpen();
  const refund = storedRefund(suggestRefund(await orderMoneyFacts(tx, order.id)));
  const atOnce = cancelsAtOnce(input.side, order.orderStatus, order.previousStatus);
  let created: CancellationRow | undefined;
  try {
    [created] = await tx
      .insert(orderCancellations)
      .values({
        orderId: order.id,
        companyId: order.companyId,
        status: "PENDING",
        reason: input.reason,
        note: input.note || null,
        ...refund,
        requestedBy: input.side,
        orderStatusAtRequest: order.orderStatus,
        requestedByUserId: ctx.actor.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
  } catch (error) {
    // The open-cancellation index stands behind the check above, whatever the isolation level.
    if (isUniqueViolation(error)) throw cancellationOpen();
    throw error;
  }
  const cancellation = created as CancellationRow;
  await recordEvent(ctx, {
    type: "ORDER_CANCELLATION_REQUESTED",
    entity: { type: "orderCancellation", id: cancellation.id },
    companyId: cancellation.companyId,
    data: {
      orderId: order.id,
      orderNumber: order.orderNumber,
      requestedBy: input.side,
      orderStatus: order.orderStatus,
      atOnce,
      reason: input.reason,
      ...refund,
    },
  });
  const asSide = { ...ctx, actor: { ...ctx.actor, roleNames: sideRoles(input.side, ctx.actor.roleNames) } };
  if (atOnce) await cancelOrderNow(asSide, cancellation);
  return { orderCancellationId: cancellation.id, atOnce };
}
