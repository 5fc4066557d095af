import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { OrderCancellationRequester } from "../../../domain/enums.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { beneficiaryEmployees, orders, systemUsers, users } from "../../db/schema/index.ts";
import { orderCancelledMail, orderRefundedMail } from "../../messaging/cancellation-mails.ts";

/** The order cancellations' mails to the order's employee, after the commit. */

export type MailFailureLog = Pick<FastifyBaseLogger, "error">;

const be = beneficiaryEmployees;

/** The employee of an order, as the mails greet them. */
async function employeeOf(db: Db, orderId: string) {
  const [row] = await db
    .select({
      orderNumber: orders.orderNumber,
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

type Employee = NonNullable<Awaited<ReturnType<typeof employeeOf>>>;
type Mail = ReturnType<typeof orderCancelledMail>;

/** Mails the order's employee after the commit; a failed mail is logged and undoes nothing. */
async function mailEmployee(
  ctx: AppContext,
  log: MailFailureLog,
  orderId: string,
  render: (employee: Employee, myBikeUrl: string) => Mail,
) {
  try {
    const employee = await employeeOf(ctx.database.db, orderId);
    const myBikeUrl = `${ctx.config.publicUrl}/mybike`;
    if (employee) await ctx.messaging.sendMail({ to: employee.email, ...render(employee, myBikeUrl) });
  } catch (error) {
    log.error({ err: error, orderId }, "order cancellation mail failed");
  }
}

/** The employee learns their order was cancelled by someone else, with the reason. */
export function mailOrderCancelled(
  ctx: AppContext,
  log: MailFailureLog,
  orderId: string,
  by: { cancelledBy: Exclude<OrderCancellationRequester, "EMPLOYEE">; reason: string },
) {
  return mailEmployee(ctx, log, orderId, (employee, myBikeUrl) =>
    orderCancelledMail(employee.language, {
      name: employee.firstName,
      orderNumber: employee.orderNumber,
      cancelledBy: by.cancelledBy,
      reason: by.reason,
      myBikeUrl,
    }),
  );
}

/** The employee learns the refund that comes to them. */
export function mailOrderRefunded(
  ctx: AppContext,
  log: MailFailureLog,
  orderId: string,
  amountCents: number,
) {
  return mailEmployee(ctx, log, orderId, (employee, myBikeUrl) =>
    orderRefundedMail(employee.language, {
      name: employee.firstName,
      orderNumber: employee.orderNumber,
      amountCents,
      myBikeUrl,
    }),
  );
}
