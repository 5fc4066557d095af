import { and, asc, eq } from "drizzle-orm";
import type { TOrderAgreement, TOrderEvent } from "../../../contract/orders.ts";
import { ORDER_STATUSES, type OrderStatus } from "../../../domain/enums.ts";
import { ORDER_WAITING_ON, type OrderParty } from "../../../domain/order-state-machine.ts";
import { personName } from "../../../domain/person-name.ts";
import type { Db } from "../../db/client.ts";
import { eventLog, type orders, systemUsers, users } from "../../db/schema/index.ts";

/**
 * The order's timeline as every side reads it (the employee, the employer, the helpdesk and the bike
 * store): its event rows oldest first, each with the move it made and who made it. The names of the
 * people who acted are the helpdesk's alone (`showActors`); the others see a user, the store's link or
 * the system.
 */
export async function orderTimelineOf(
  db: Db,
  orderId: string,
  { showActors }: { showActors: boolean },
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
      createdAt: event.createdAt.toISOString(),
    };
  });
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
 * helpdesk, a signed order for the employer's approval where the policy asks; else its status says.
 */
export function orderWaitingOn(
  o: Pick<typeof orders.$inferSelect, "orderStatus" | "employerApprovalRequired" | "employerApprovedAt">,
  agreement: Pick<TOrderAgreement, "status"> | null,
  cancellationOpen: boolean,
): OrderParty | null {
  if (cancellationOpen) return "HELPDESK";
  if (awaitsEmployer(o, agreement)) return "EMPLOYER";
  return ORDER_WAITING_ON[o.orderStatus];
}
