import { randomUUID } from "node:crypto";
import { and, count, desc, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import {
  NOTIFICATION_CHECK_LIMIT,
  type TMarkAsRead,
  type TNotification,
  type TNotificationCheck,
  type TNotificationsPage,
  type TNotificationsQuery,
  type TSystemUpdate,
} from "../../../contract/notifications.ts";
import type { AppContext } from "../../context.ts";
import { recordEvent } from "../../db/event-log.ts";
import { countOver, readPage } from "../../db/paging.ts";
import { preparedPerDatabase } from "../../db/prepared.ts";
import { notifications } from "../../db/schema/index.ts";
import { write } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";
import { resolveLanguage } from "../../messaging/templates.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { createNotifications } from "./create.ts";
import { allEmployerAdmins } from "./recipients.ts";

type NotificationRow = typeof notifications.$inferSelect;

function toNotification(row: NotificationRow): TNotification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    read: row.read,
    readAt: row.readAt ? row.readAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    priority: row.priority,
    companyId: row.companyId,
    entityType: row.entityType,
    entityId: row.entityId,
    data: row.data ?? null,
  };
}

/** Newest first, ties by id: a stable order for paging (notifications_user_*_created_idx). */
const NEWEST_FIRST = [desc(notifications.createdAt), desc(notifications.id)];

// The bell of every open page polls these two every 30 s: prepared once per database.
const UNREAD_OF_USER = and(
  eq(notifications.userId, sql.placeholder("userId")),
  eq(notifications.read, false),
);
const unreadCountStatement = preparedPerDatabase((db) =>
  db.select({ n: count() }).from(notifications).where(UNREAD_OF_USER).prepare("notifications_unread_count"),
);
/**
 * The poll in one statement: the unread count, and beside it each notification newer than lastFetch
 * (none: one row whose notification is null).
 */
const checkStatement = preparedPerDatabase((db) => {
  const unread = db
    .select({ n: count().as("n") })
    .from(notifications)
    .where(UNREAD_OF_USER)
    .as("unread");
  const newer = db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, sql.placeholder("userId")),
        gt(notifications.createdAt, sql.placeholder("lastFetch")),
      ),
    )
    .orderBy(...NEWEST_FIRST)
    .limit(NOTIFICATION_CHECK_LIMIT)
    .as("newer");
  return db.select().from(unread).leftJoinLateral(newer, sql`true`).prepare("notifications_check");
});

/**
 * The caller's own notifications (docs/api-surface.md "Notifications"). Every query starts from
 * `notifications.userId = caller`, so anybody else's notification, of the same company too, is 404.
 */
export function createNotificationsService(ctx: AppContext) {
  const { db } = ctx.database;
  const own = (user: CurrentUser) => eq(notifications.userId, user.id);

  async function unreadCount(user: CurrentUser): Promise<number> {
    const [row] = await unreadCountStatement(db).execute({ userId: user.id });
    return row?.n ?? 0;
  }

  return {
    async list(user: CurrentUser, query: TNotificationsQuery): Promise<TNotificationsPage> {
      const filters: (SQL | undefined)[] = [own(user)];
      if (query.unreadOnly) filters.push(eq(notifications.read, false));
      if (query.types && query.types.length > 0) filters.push(inArray(notifications.type, query.types));
      if (query.priority) filters.push(eq(notifications.priority, query.priority));
      const where = and(...filters);
      return readPage(query, {
        rows: ({ limit, offset }) =>
          db
            .select({ notification: notifications, total: countOver() })
            .from(notifications)
            .where(where)
            .orderBy(...NEWEST_FIRST)
            .limit(limit)
            .offset(offset),
        items: (rows) => rows.map((row) => toNotification(row.notification)),
        countPastEnd: async () =>
          (await db.select({ n: count() }).from(notifications).where(where))[0]?.n ?? 0,
      });
    },

    /**
     * The poll of the bell: what came after lastFetch. The server time is taken before the query, so a
     * notification made during the check is in this answer or the next (possibly both; the client keeps
     * one per id).
     */
    async check(user: CurrentUser, lastFetch: string): Promise<TNotificationCheck> {
      const serverTime = new Date();
      const rows = await checkStatement(db).execute({ userId: user.id, lastFetch: new Date(lastFetch) });
      return {
        items: rows.flatMap((row) => (row.newer ? [toNotification(row.newer)] : [])),
        unreadCount: rows[0]?.unread.n ?? 0,
        serverTime: serverTime.toISOString(),
      };
    },

    async unreadCount(user: CurrentUser): Promise<{ count: number }> {
      return { count: await unreadCount(user) };
    },

    async get(user: CurrentUser, id: string): Promise<TNotification> {
      const [row] = await db
        .select()
        .from(notifications)
        .where(and(own(user), eq(notifications.id, id)));
      if (!row) throw notFound("Notification");
      return toNotification(row);
    },

    async remove(user: CurrentUser, id: string): Promise<{ message: string }> {
      const deleted = await db
        .delete(notifications)
        .where(and(own(user), eq(notifications.id, id)))
        .returning({ id: notifications.id });
      if (deleted.length === 0) throw notFound("Notification");
      return { message: "Notification deleted" };
    },

    /** A SYSTEM_UPDATE to every active employer admin, in their language, logged in the same transaction. */
    async publishSystemUpdate(actor: CurrentUser, input: TSystemUpdate): Promise<{ recipients: number }> {
      return write(db, { actor: { userId: actor.id } }, async (change) => {
        const { tx } = change;
        const admins = await allEmployerAdmins(tx);
        // One update, many notifications: its own id ties them to the event-log row.
        const systemUpdateId = randomUUID();
        const ids = await createNotifications(
          tx,
          admins.map((admin) => {
            const text = input[resolveLanguage(admin.language)] ?? input.fi;
            return {
              userId: admin.userId,
              type: "SYSTEM_UPDATE" as const,
              priority: input.priority,
              title: text.title,
              message: text.message,
              data: { systemUpdateId },
            };
          }),
        );
        await recordEvent(change, {
          type: "SYSTEM_UPDATE_PUBLISHED",
          entity: { type: "systemUpdate", id: systemUpdateId },
          companyId: null,
          data: { title: input.fi.title, recipients: ids.length },
        });
        return { recipients: ids.length };
      });
    },

    /** Ids that are not the caller's, or are read already, are passed over; [] marks nothing. */
    async markAsRead(
      user: CurrentUser,
      input: TMarkAsRead,
    ): Promise<{ updated: number; unreadCount: number }> {
      const ids = input.notificationIds;
      let updated = 0;
      if (ids === undefined || ids.length > 0) {
        const filters: SQL[] = [own(user), eq(notifications.read, false)];
        if (ids) filters.push(inArray(notifications.id, [...new Set(ids)]));
        const rows = await db
          .update(notifications)
          // read and readAt move together (notifications_read_at_check).
          .set({ read: true, readAt: new Date() })
          .where(and(...filters))
          .returning({ id: notifications.id });
        updated = rows.length;
      }
      return { updated, unreadCount: await unreadCount(user) };
    },
  };
}
