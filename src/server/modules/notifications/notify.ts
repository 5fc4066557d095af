import { eq } from "drizzle-orm";
import { sentChannels } from "../../../domain/notification-table.ts";
import type { Db } from "../../db/client.ts";
import { beneficiaryEmployees, messageOutbox, orders, systemUsers, users } from "../../db/schema/index.ts";
import {
  EMPLOYEE_NOTICE_EVENTS,
  type EmployeeNoticeEvent,
  type EmployeeNoticeParams,
  employeeNoticeMail,
} from "../../messaging/employee-notice-mails.ts";

/**
 * The one sender of the employee's order notices: it reads the notification table for the channels the
 * event is sent by, and queues each message in the message outbox inside the caller's transaction, so
 * a move that rolls back sends nothing and a crash after the commit loses nothing. The outbox job
 * (outbox-sender.ts) sends them with retries; a provider that is down never fails the person's action.
 */
export async function notifyEmployee(
  tx: Db,
  event: EmployeeNoticeEvent,
  orderId: string,
  extra: { reason?: string | null } = {},
): Promise<void> {
  const channels = sentChannels(event, "EMPLOYEE").filter((channel) =>
    (EMPLOYEE_NOTICE_EVENTS[event] as readonly string[]).includes(channel),
  );
  if (channels.length === 0) return;
  const [employee] = await tx
    .select({
      userId: users.id,
      email: users.email,
      language: users.language,
      firstName: systemUsers.firstName,
      orderNumber: orders.orderNumber,
    })
    .from(orders)
    .innerJoin(beneficiaryEmployees, eq(beneficiaryEmployees.id, orders.beneficiaryEmployeeId))
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
    .where(eq(orders.id, orderId));
  if (!employee) return;
  const params: Omit<EmployeeNoticeParams, "myBikeUrl"> = {
    name: employee.firstName,
    orderNumber: employee.orderNumber,
    ...(extra.reason ? { reason: extra.reason } : {}),
  };
  await tx.insert(messageOutbox).values(
    channels.map((channel) => ({
      userId: employee.userId,
      event,
      channel: channel === "SMS" ? ("SMS" as const) : ("EMAIL" as const),
      recipient: employee.email,
      language: employee.language,
      params,
    })),
  );
}

/** Whether the employee's notice sender renders this event. */
export function isEmployeeNoticeEvent(event: string): event is EmployeeNoticeEvent {
  return Object.hasOwn(EMPLOYEE_NOTICE_EVENTS, event);
}

/** Renders a queued employee notice as it is sent, with the links of this deployment. */
export function renderEmployeeNotice(
  row: { event: string; language: string; params: Record<string, unknown> },
  publicUrl: string,
) {
  const params = row.params as Omit<EmployeeNoticeParams, "myBikeUrl">;
  return employeeNoticeMail(row.event as EmployeeNoticeEvent, row.language, {
    ...params,
    myBikeUrl: `${publicUrl}/mybike`,
  });
}
