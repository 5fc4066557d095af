import { eq } from "drizzle-orm";
import type { OrderCancellationRequester } from "../../../domain/enums.ts";
import type { Db } from "../../db/client.ts";
import { beneficiaryEmployees, orders, systemUsers, users } from "../../db/schema/index.ts";
import { orderCancelledMail, orderRefundedMail } from "../../messaging/cancellation-mails.ts";
import { queueMessage } from "../notifications/outbox.ts";
import type { OutboxRenderer } from "../notifications/outbox-renderers.ts";

/**
 * The order cancellations' mails to the order's employee, queued in the message outbox inside the
 * transaction of the cancellation or refund, in the employee's language. The row says who cancelled
 * and why, or the refunded sum; the order's number and the employee's name are read when it is sent.
 */

type CancelledBy = Exclude<OrderCancellationRequester, "EMPLOYEE">;

const be = beneficiaryEmployees;

/** The employee of an order, as the mails greet them. */
async function employeeOf(db: Db, orderId: string) {
  const [row] = await db
    .select({
      orderNumber: orders.orderNumber,
      userId: users.id,
      email: users.email,
      language: users.language,
      firstName: systemUsers.firstName,
    })
    .from(orders)
    .innerJoin(be, eq(be.id, orders.beneficiaryEmployeeId))
    .innerJoin(users, eq(users.id, be.userId))
    .leftJoin(systemUsers, eq(systemUsers.userId, be.userId))
    .where(eq(orders.id, orderId));
  return row;
}

async function queueToEmployee(
  tx: Db,
  event: "ORDER_CANCELLED" | "ORDER_REFUNDED",
  orderId: string,
  params: Record<string, unknown>,
) {
  const employee = await employeeOf(tx, orderId);
  if (!employee) return;
  await queueMessage(tx, {
    userId: employee.userId,
    event,
    channel: "EMAIL",
    recipient: employee.email,
    language: employee.language,
    params: { audience: "EMPLOYEE", orderId, ...params },
  });
}

/** The employee learns their order was cancelled by someone else, with the reason. */
export function queueOrderCancelled(
  tx: Db,
  orderId: string,
  by: { cancelledBy: CancelledBy; reason: string },
): Promise<void> {
  return queueToEmployee(tx, "ORDER_CANCELLED", orderId, by);
}

/** The employee learns the refund that comes to them. */
export function queueOrderRefunded(tx: Db, orderId: string, amountCents: number): Promise<void> {
  return queueToEmployee(tx, "ORDER_REFUNDED", orderId, { amountCents });
}

/** ORDER_CANCELLED (the employee's), ORDER_REFUNDED: with the employee's own page to see the order on. */
export const renderCancellationMail: OutboxRenderer = async (row, deps) => {
  const params = row.params as {
    orderId: string;
    cancelledBy: CancelledBy;
    reason: string;
    amountCents: number;
  };
  const employee = await employeeOf(deps.db, params.orderId);
  if (!employee) return null;
  const common = {
    name: employee.firstName,
    orderNumber: employee.orderNumber,
    myBikeUrl: `${deps.publicUrl}/mybike`,
  };
  const mail =
    row.event === "ORDER_REFUNDED"
      ? orderRefundedMail(row.language, { ...common, amountCents: params.amountCents })
      : orderCancelledMail(row.language, {
          ...common,
          cancelledBy: params.cancelledBy,
          reason: params.reason,
        });
  return { kind: "mail", mail };
};
