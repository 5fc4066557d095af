import { eq } from "drizzle-orm";
import {
  deliveryOf,
  kindOfEvent,
  NOTIFICATION_CHOICES,
  NOTIFICATION_KINDS,
  type NotificationChoice,
  type NotificationKind,
} from "../../../domain/notification-kinds.ts";
import type { Db } from "../../db/client.ts";
import { notificationPreferences } from "../../db/schema/index.ts";

export type StoredChoices = Partial<Record<NotificationKind, NotificationChoice>>;

/** A person's stored choices by kind; a kind never chosen is absent (and mailed). */
export async function storedChoices(db: Db, userId: string): Promise<StoredChoices> {
  const rows = await db
    .select({ kind: notificationPreferences.kind, choice: notificationPreferences.choice })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const choices: StoredChoices = {};
  for (const row of rows) {
    // A row of a kind since removed, or a choice no longer offered, counts as never chosen.
    if (
      (NOTIFICATION_KINDS as readonly string[]).includes(row.kind) &&
      (NOTIFICATION_CHOICES as readonly string[]).includes(row.choice)
    ) {
      choices[row.kind as NotificationKind] = row.choice;
    }
  }
  return choices;
}

/** Stores a person's choice of each kind given, replacing what they chose before. */
export async function storeChoices(
  db: Db,
  userId: string,
  choices: readonly { kind: NotificationKind; choice: NotificationChoice }[],
): Promise<void> {
  if (choices.length === 0) return;
  for (const { kind, choice } of choices) {
    await db
      .insert(notificationPreferences)
      .values({ userId, kind, choice })
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.kind],
        set: { choice, updatedAt: new Date() },
      });
  }
}

/**
 * How a queued message leaves, as its recipient chose for its kind: the one place the message outbox
 * asks, so every mail that goes through it keeps the person's choice. A text message, a message for no
 * account, and a mail of an essential kind are always sent.
 */
export async function preferenceFor(
  db: Db,
  row: { userId: string | null; event: string; channel: "EMAIL" | "SMS" },
): Promise<NotificationChoice> {
  if (row.channel !== "EMAIL" || !row.userId) return "MAIL";
  // An essential mail, or one of no kind, needs no read of the person's choices.
  const kind = kindOfEvent(row.event);
  if (!kind || kind.essential) return "MAIL";
  return deliveryOf(row.event, await storedChoices(db, row.userId));
}
