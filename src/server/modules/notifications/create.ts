import type { EventEntityType, NotificationPriority, NotificationType } from "../../../domain/enums.ts";
import type { Db } from "../../db/client.ts";
import { notifications } from "../../db/schema/index.ts";

/** One notification for one user's bell, as other modules make them on real events. */
export type NewNotification = {
  userId: string;
  /** The company it concerns; leave out for platform-wide ones (SYSTEM_UPDATE). */
  companyId?: string | null;
  type: NotificationType;
  /** NORMAL when left out. */
  priority?: NotificationPriority;
  title: string;
  message: string;
  /** What it is about, for a link in the detail view (e.g. `beneficiaryEmployee` and its id). */
  entityType?: EventEntityType | null;
  entityId?: string | null;
  data?: Record<string, unknown> | null;
  /** Seeds and tests only: backdates the notification (default: the database's now). */
  createdAt?: Date;
  /** Seeds and tests only: the notification was already read at this time. */
  readAt?: Date | null;
};

/**
 * Inserts notifications, inside the caller's transaction so that they appear with the event they
 * tell about (or not at all). Answers the new ids in the order of `rows`; no rows, no query.
 */
export async function createNotifications(tx: Db, rows: readonly NewNotification[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await tx
    .insert(notifications)
    .values(
      rows.map((row) => ({
        userId: row.userId,
        companyId: row.companyId ?? null,
        type: row.type,
        priority: row.priority ?? "NORMAL",
        title: row.title,
        message: row.message,
        entityType: row.entityType ?? null,
        entityId: row.entityId ?? null,
        data: row.data ?? null,
        // read and readAt move together (notifications_read_at_check).
        read: row.readAt != null,
        readAt: row.readAt ?? null,
        ...(row.createdAt ? { createdAt: row.createdAt } : {}),
      })),
    )
    .returning({ id: notifications.id });
  return inserted.map((row) => row.id);
}
