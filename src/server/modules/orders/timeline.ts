import { and, asc, eq } from "drizzle-orm";
import type { TCustomerQuestion, TOrderAgreement, TOrderEvent } from "../../../contract/orders.ts";
import { ORDER_STATUSES, type OrderStatus } from "../../../domain/enums.ts";
import {
  CUSTOMER_COMMENT_STATUS,
  ORDER_WAITING_ON,
  type OrderParty,
} from "../../../domain/order-state-machine.ts";
import { personName } from "../../../domain/person-name.ts";
import type { Db } from "../../db/client.ts";
import { eventLog, type orders, systemUsers, users } from "../../db/schema/index.ts";

/**
 * Which words of the timeline a reader sees: the helpdesk every note of its moves ("all"), the employee
 * the question asked of them and their answer ("conversation"), the employer and the store none.
 */
export type TimelineMessages = "all" | "conversation" | "none";

/** The helpdesk's question: the note of the move that paused the order for the customer's comment. */
const isCustomerQuestion = (data: Record<string, unknown>) => data.event === "requestCustomerComment";

/** The words an event row carries for this reader (see TimelineMessages). */
function messageOf(type: string, data: Record<string, unknown>, messages: TimelineMessages): string | null {
  if (messages === "none") return null;
  if (type === "ORDER_CUSTOMER_ANSWERED") return typeof data.answer === "string" ? data.answer : null;
  if (messages === "conversation" && !isCustomerQuestion(data)) return null;
  return typeof data.note === "string" ? data.note : null;
}

/**
 * The order's timeline as every side reads it (the employee, the employer, the helpdesk and the bike
 * store): its event rows oldest first, each with the move it made and who made it. The names of the
 * people who acted are the helpdesk's alone (`showActors`); the others see a user, the store's link or
 * the system. The words of the rows are shown as `messages` says.
 */
export async function orderTimelineOf(
  db: Db,
  orderId: string,
  { showActors, messages = "none" }: { showActors: boolean; messages?: TimelineMessages },
): Promise<TOrderEvent[]> {
  const events = await db
    .select({
      event: eventLog,
      firstName: systemUsers.firstName,
      lastName: systemUsers.lastName,
      email: users.email,
    })
    .from(eventLog)
    .leftJoin(users, eq(users.id, eventLog.actorUserId))
    .leftJoin(systemUsers, eq(systemUsers.userId, eventLog.actorUserId))
    .where(and(eq(eventLog.entityType, "order"), eq(eventLog.entityId, orderId)))
    .orderBy(asc(eventLog.createdAt), asc(eventLog.id));
  return events.map(({ event, ...actor }): TOrderEvent => {
    const data = event.data ?? {};
    const status = (value: unknown) =>
      typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value)
        ? (value as OrderStatus)
        : null;
    const by =
      data.by === "bikeStoreToken" || data.by === "system" ? data.by : event.actorUserId ? "user" : "system";
    const name = personName(actor.firstName, actor.lastName, actor.email ?? "");
    return {
      id: event.id,
      type: event.type,
      from: status(data.from),
      to: status(data.to),
      by,
      actorName: showActors && event.actorUserId && name ? name : null,
      message: messageOf(event.type, data, messages),
      createdAt: event.createdAt.toISOString(),
    };
  });
}

/**
 * The open question of an order waiting for the customer's comment, from its timeline: the latest move
 * into the side state with its question, and the answer given after it, if any.
 */
export function customerQuestionOf(
  timeline: readonly TOrderEvent[],
  order: Pick<typeof orders.$inferSelect, "orderStatus">,
): TCustomerQuestion | null {
  if (order.orderStatus !== CUSTOMER_COMMENT_STATUS) return null;
  const askedIndex = timeline.findLastIndex((e) => e.to === CUSTOMER_COMMENT_STATUS);
  const asked = timeline[askedIndex];
  if (!asked) return null;
  const answer = timeline.slice(askedIndex + 1).find((e) => e.type === "ORDER_CUSTOMER_ANSWERED");
  return {
    question: asked.message,
    askedAt: asked.createdAt,
    answer: answer?.message ?? null,
    answeredAt: answer?.createdAt ?? null,
  };
}

/** When the order entered its status: its latest move there, or, before any move, when it was made. */
export function statusSinceOf(
  timeline: readonly TOrderEvent[],
  order: { orderStatus: OrderStatus; createdAt: Date },
): string {
  const lastMove = [...timeline].reverse().find((e) => e.to === order.orderStatus);
  return lastMove?.createdAt ?? order.createdAt.toISOString();
}

/** Signed by the employee and waiting for the employer's approval the bike policy asked for. */
function awaitsEmployer(
  o: Pick<typeof orders.$inferSelect, "orderStatus" | "employerApprovalRequired" | "employerApprovedAt">,
  agreement: Pick<TOrderAgreement, "status"> | null,
): boolean {
  return (
    o.orderStatus === "ALL_INFO_PROVIDED" &&
    o.employerApprovalRequired &&
    o.employerApprovedAt === null &&
    agreement?.status === "SIGNED"
  );
}

/**
 * Whom the order waits for, the same for every side: an open cancellation request holds it for the
 * helpdesk, and so does the employee's answer to its question; a signed order waits for the employer's
 * approval where the policy asks; else its status says.
 */
export function orderWaitingOn(
  o: Pick<
    typeof orders.$inferSelect,
    "orderStatus" | "employerApprovalRequired" | "employerApprovedAt" | "customerAnsweredAt"
  >,
  agreement: Pick<TOrderAgreement, "status"> | null,
  cancellationOpen: boolean,
): OrderParty | null {
  if (cancellationOpen) return "HELPDESK";
  // The employee has answered the helpdesk's question: the helpdesk reads it and moves the order on.
  if (o.orderStatus === CUSTOMER_COMMENT_STATUS && o.customerAnsweredAt) return "HELPDESK";
  if (awaitsEmployer(o, agreement)) return "EMPLOYER";
  return ORDER_WAITING_ON[o.orderStatus];
}
