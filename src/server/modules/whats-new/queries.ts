import { and, desc, eq, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { TNewsItem } from "../../../contract/whats-new.ts";
import type { EventType } from "../../../domain/enums.ts";
import {
  isOwnDoing,
  NEWS_LIMIT,
  type NewsPage,
  newsEventTypesOf,
  newsOf,
  newsSince,
  ORDER_MOVE_EVENT_TYPES,
} from "../../../domain/whats-new.ts";
import type { Db } from "../../db/client.ts";
import {
  beneficiaryEmployees,
  bikeRedemptions,
  eventLog,
  insuranceClaims,
  orderCancellations,
  orders,
  pageVisits,
} from "../../db/schema/index.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { companyScopeWhere } from "../auth/tenancy.ts";

export type NewsReader = Pick<CurrentUser, "id" | "scope" | "storeIds">;

/** When the reader last saw the page; null before their first visit. */
async function lastSeenOf(db: Db, userId: string, page: NewsPage): Promise<Date | null> {
  const [row] = await db
    .select({ seenAt: pageVisits.seenAt })
    .from(pageVisits)
    .where(and(eq(pageVisits.userId, userId), eq(pageVisits.page, page)));
  return row?.seenAt ?? null;
}

/** The orders a page's reader reads: their own, their stores', their companies'. */
function ordersOfReader(page: NewsPage, reader: NewsReader): SQL | undefined {
  switch (page) {
    case "myBike":
      return inArray(
        orders.beneficiaryEmployeeId,
        sql`(select ${beneficiaryEmployees.id} from ${beneficiaryEmployees} where ${beneficiaryEmployees.userId} = ${reader.id})`,
      );
    case "storeOrders":
      return reader.storeIds.length > 0 ? inArray(orders.bikeStoreId, [...reader.storeIds]) : sql`false`;
    case "employerOrders":
      return companyScopeWhere(reader, orders.companyId);
  }
}

/**
 * The order an event is about: the order itself, or the order of its cancellation, claim or redemption
 * case (the event log names the case, not the order).
 */
const orderIdOfEvent = sql<string>`coalesce(
  case when ${eventLog.entityType} = 'order' then ${eventLog.entityId} end,
  ${orderCancellations.orderId}, ${insuranceClaims.orderId}, ${bikeRedemptions.orderId})`;

/**
 * The news of the reader's orders on the page since `since`, newest first: read from the event log by
 * the kinds the page follows (its type-and-time index), never the reader's own doing.
 */
async function newsOfReader(db: Db, page: NewsPage, reader: NewsReader, since: Date): Promise<TNewsItem[]> {
  const types = newsEventTypesOf(page);
  const moves = ORDER_MOVE_EVENT_TYPES.filter((type) => types.includes(type));
  const rows = await db
    .select({
      id: eventLog.id,
      type: eventLog.type,
      data: eventLog.data,
      actorUserId: eventLog.actorUserId,
      createdAt: eventLog.createdAt,
      orderId: orders.id,
      orderNumber: orders.orderNumber,
    })
    .from(eventLog)
    .leftJoin(
      orderCancellations,
      and(eq(eventLog.entityType, "orderCancellation"), eq(orderCancellations.id, eventLog.entityId)),
    )
    .leftJoin(
      insuranceClaims,
      and(eq(eventLog.entityType, "insuranceClaim"), eq(insuranceClaims.id, eventLog.entityId)),
    )
    .leftJoin(
      bikeRedemptions,
      and(eq(eventLog.entityType, "bikeRedemption"), eq(bikeRedemptions.id, eventLog.entityId)),
    )
    .innerJoin(orders, eq(orders.id, orderIdOfEvent))
    .where(
      and(
        inArray(eventLog.type, types as EventType[]),
        sql`${eventLog.createdAt} > ${since.toISOString()}`,
        or(isNull(eventLog.actorUserId), ne(eventLog.actorUserId, reader.id)),
        // A bookkeeping row of a move type (neither a move nor the package replaced) is nobody's news.
        moves.length > 0
          ? or(
              sql`${eventLog.type} not in (${sql.join(
                moves.map((type) => sql`${type}`),
                sql`, `,
              )})`,
              sql`${eventLog.data} ? 'to'`,
              sql`${eventLog.data}->>'change' = 'packageReplaced'`,
            )
          : undefined,
        page === "storeOrders" ? sql`coalesce(${eventLog.data}->>'by', '') <> 'bikeStoreToken'` : undefined,
        ordersOfReader(page, reader),
      ),
    )
    .orderBy(desc(eventLog.createdAt), desc(eventLog.id))
    .limit(NEWS_LIMIT[page]);
  return rows.flatMap((row): TNewsItem[] => {
    const data = row.data ?? {};
    const news = newsOf(page, { type: row.type, data });
    if (!news || isOwnDoing(page, { actorUserId: row.actorUserId, data }, reader.id)) return [];
    const note =
      news.kind === "DEFECT_REPORTED" && page !== "myBike" && typeof data.description === "string"
        ? data.description
        : null;
    return [
      {
        eventId: row.id,
        orderId: row.orderId,
        orderNumber: row.orderNumber,
        kind: news.kind,
        status: news.status,
        note,
        createdAt: row.createdAt.toISOString(),
      },
    ];
  });
}

/** The page's news for the reader since their last visit (at most the window back). */
export async function whatsNewOf(db: Db, page: NewsPage, reader: NewsReader, now: Date) {
  const since = newsSince(await lastSeenOf(db, reader.id, page), now);
  return {
    since: since.toISOString(),
    readAt: now.toISOString(),
    items: await newsOfReader(db, page, reader, since),
  };
}
