import { eq } from "drizzle-orm";
import { handoverKindOf } from "../../../domain/handovers.ts";
import { sentChannels } from "../../../domain/notification-table.ts";
import type { Db } from "../../db/client.ts";
import { beneficiaryEmployees, orders, systemUsers, users } from "../../db/schema/index.ts";
import {
  EMPLOYEE_NOTICE_EVENTS,
  type EmployeeNoticeEvent,
  type EmployeeNoticeParams,
  employeeNoticeMail,
  pickupCodeSms,
} from "../../messaging/employee-notice-mails.ts";
import { pageUrl, type RenderedMail, type RenderedSms } from "../../messaging/templates.ts";
import { pickupCodeOf } from "../handovers/pickup-code.ts";
import { takesHandover } from "../store-links/handover-rule.ts";
import { queueMessages } from "./outbox.ts";

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
  extra: { reason?: string | null; question?: string | null } = {},
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
      phoneNumber: users.phoneNumber,
      firstName: systemUsers.firstName,
      orderNumber: orders.orderNumber,
      bikeStoreId: orders.bikeStoreId,
      deliveryMethod: orders.deliveryMethod,
    })
    .from(orders)
    .innerJoin(beneficiaryEmployees, eq(beneficiaryEmployees.id, orders.beneficiaryEmployeeId))
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
    .where(eq(orders.id, orderId));
  if (!employee) return;
  // The bike is handed over at the store only when the store records it in its account; a bike
  // shipped home, or given by the store's link, has no pickup code to send.
  if (
    event === "ORDER_HANDOVER_READY" &&
    (handoverKindOf(employee.deliveryMethod) !== "IN_STORE" || !(await takesHandover(tx, employee)))
  ) {
    return;
  }
  // The pickup code goes to the phone the employee logs in with; without one the mail and the page tell it.
  const recipients: { channel: "EMAIL" | "SMS"; to: string }[] = channels.flatMap(
    (channel): { channel: "EMAIL" | "SMS"; to: string }[] => {
      if (channel === "EMAIL") return [{ channel: "EMAIL" as const, to: employee.email }];
      if (channel === "SMS" && employee.phoneNumber)
        return [{ channel: "SMS" as const, to: employee.phoneNumber }];
      return [];
    },
  );
  const params: Omit<EmployeeNoticeParams, "myBikeUrl"> & { orderId: string } = {
    orderId,
    name: employee.firstName,
    orderNumber: employee.orderNumber,
    ...(extra.reason ? { reason: extra.reason } : {}),
    ...(extra.question ? { question: extra.question } : {}),
  };
  if (recipients.length === 0) return;
  await queueMessages(
    tx,
    recipients.map(({ channel, to }) => ({
      userId: employee.userId,
      event,
      channel,
      recipient: to,
      language: employee.language,
      params,
    })),
  );
}

/** Whether the employee's notice sender renders this event. */
export function isEmployeeNoticeEvent(event: string): event is EmployeeNoticeEvent {
  return Object.hasOwn(EMPLOYEE_NOTICE_EVENTS, event);
}

/** What a queued message needs when it is sent: the links of this deployment and its secret. */
export type RenderDeps = { publicUrl: string; serverSecret: string };

/**
 * Renders a queued employee notice as it is sent: the mail with this deployment's links, or the text
 * message with the pickup code, derived then and never kept in the outbox.
 */
export function renderEmployeeNotice(
  row: { event: string; channel: "EMAIL" | "SMS"; language: string; params: Record<string, unknown> },
  deps: RenderDeps,
): { kind: "mail"; mail: RenderedMail } | { kind: "sms"; sms: RenderedSms } {
  const params = row.params as Omit<EmployeeNoticeParams, "myBikeUrl"> & { orderId: string };
  if (row.channel === "SMS") {
    const pickupCode = pickupCodeOf(deps.serverSecret, params.orderId);
    return { kind: "sms", sms: pickupCodeSms(row.language, { orderNumber: params.orderNumber, pickupCode }) };
  }
  const mail = employeeNoticeMail(row.event as EmployeeNoticeEvent, row.language, {
    ...params,
    // Under the reader's language prefix, so the page opens in the language the mail was written in.
    myBikeUrl: pageUrl(deps.publicUrl, row.language, "myBike"),
  });
  return { kind: "mail", mail };
}
