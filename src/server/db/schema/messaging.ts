import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { EventEntityType } from "../../../domain/enums.ts";
import { createdAt, id, timestamps, timestamptz } from "../columns.ts";
import { companies } from "./companies.ts";
import { language, notificationPriority, notificationType, outboxChannel, simpleState } from "./enums.ts";
import { orders } from "./orders.ts";
import { users } from "./users.ts";

/** In-app notifications (the bell). read and readAt move together. */
export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: uuid().references(() => companies.id, { onDelete: "cascade" }),
    type: notificationType().notNull(),
    priority: notificationPriority().notNull().default("NORMAL"),
    title: text().notNull(),
    message: text().notNull(),
    read: boolean().notNull().default(false),
    readAt: timestamptz(),
    /** What the notification is about, for a link in the detail view. */
    entityType: text().$type<EventEntityType>(),
    entityId: uuid(),
    data: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_read_created_idx").on(t.userId, t.read, t.createdAt),
    index("notifications_user_created_idx").on(t.userId, t.createdAt),
    index("notifications_company_idx").on(t.companyId),
    check("notifications_read_at_check", sql`${t.read} = (${t.readAt} is not null)`),
  ],
);

/** A message sent through the public contact form (contactFormDataId); the helpdesk checks it. */
export const contactForms = pgTable(
  "contact_forms",
  {
    id: id(),
    name: text().notNull(),
    email: text().notNull(),
    phoneNumber: text(),
    companyName: text(),
    subject: text(),
    message: text().notNull(),
    /** Which page the form was sent from (employer info, employee guide...). */
    source: text(),
    /** The sender's language: customer service answers in it. */
    language: language().notNull().default("fi"),
    checked: boolean().notNull().default(false),
    checkedAt: timestamptz(),
    checkedByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("contact_forms_checked_created_idx").on(t.checked, t.createdAt)],
);

/** Work items for admins and employers (GET /api/tasks), optionally about one entity. */
export const tasks = pgTable(
  "tasks",
  {
    id: id(),
    title: text().notNull(),
    description: text(),
    status: simpleState().notNull().default("PENDING"),
    companyId: uuid().references(() => companies.id, { onDelete: "cascade" }),
    assignedToUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    createdByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    entityType: text(),
    entityId: uuid(),
    dueDate: date({ mode: "string" }),
    completedAt: timestamptz(),
    ...timestamps(),
  },
  (t) => [
    index("tasks_status_due_idx").on(t.status, t.dueDate),
    index("tasks_assignee_status_idx").on(t.assignedToUserId, t.status),
    index("tasks_company_status_idx").on(t.companyId, t.status),
    index("tasks_entity_idx").on(t.entityType, t.entityId),
  ],
);

/**
 * Every outgoing mail and SMS, as sent. Outside production it doubles as the dev outbox
 * (GET /api/dev/outbox) when no SMTP or SMS provider is configured.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: id(),
    channel: outboxChannel().notNull(),
    /** E-mail address or phone number. */
    recipient: text().notNull(),
    subject: text(),
    bodyText: text().notNull(),
    bodyHtml: text(),
    /** The mail's extra header lines (List-Unsubscribe), so a developer sees what a mail client gets. */
    headers: jsonb().$type<Record<string, string>>(),
    /** The template the message was made from, e.g. password-reset. */
    template: text(),
    /** When a real provider accepted it; null in dev outbox mode. */
    sentAt: timestamptz(),
    error: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index("outbox_created_idx").on(t.createdAt),
    index("outbox_recipient_idx").on(t.recipient, t.createdAt),
  ],
);

/**
 * The messages the platform promised to send, written in the same transaction as the event they tell
 * of (a rolled-back change leaves no row, a crash after the commit loses none) and sent afterwards by
 * the job queue with retries and backoff. Each row keeps its state (QUEUED, SENT, FAILED), its tries
 * and the provider's last answer, so the helpdesk sees a person's messages and can send one again.
 */
export const messageOutbox = pgTable(
  "message_outbox",
  {
    id: id(),
    /** The person it is for, when it is for an account (the helpdesk's list of a person's messages). */
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
    /** The notification table's event it tells of. */
    event: text().notNull(),
    channel: outboxChannel().notNull(),
    /** E-mail address or phone number. */
    recipient: text().notNull(),
    /** The reader's language and what the message says (rendered when it is sent, with the links). */
    language: language().notNull().default("fi"),
    params: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** The message as last sent: subject and template (the body, with its links, is never kept). */
    subject: text(),
    template: text(),
    /**
     * SKIPPED: not mailed, as the recipient chose to hear of its kind in the service only; HELD: kept for
     * the recipient's daily digest, which marks it SENT when the digest is queued.
     */
    status: text().$type<"QUEUED" | "SENT" | "FAILED" | "SKIPPED" | "HELD">().notNull().default("QUEUED"),
    attempts: integer().notNull().default(0),
    /** When the next try is due; a QUEUED row waits for it. */
    nextAttemptAt: timestamptz().notNull().defaultNow(),
    /** The provider's answer of the last try (an error's words; never the body). */
    lastAnswer: text(),
    sentAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    check("message_outbox_status_check", sql`${t.status} in ('QUEUED', 'SENT', 'FAILED', 'SKIPPED', 'HELD')`),
    check("message_outbox_attempts_check", sql`${t.attempts} >= 0`),
    index("message_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("message_outbox_user_idx").on(t.userId, t.createdAt),
    // The daily digest finds the held mails of each person.
    index("message_outbox_held_idx").on(t.userId, t.createdAt).where(sql`${t.status} = 'HELD'`),
  ],
);

/**
 * How a person hears of each kind of notification (src/domain/notification-kinds.ts): inbox only, mail
 * or the daily digest. A kind without a row is mailed; an essential kind is never stored otherwise.
 */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    choice: text().$type<"INBOX_ONLY" | "MAIL" | "DIGEST">().notNull(),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ name: "notification_preferences_pkey", columns: [t.userId, t.kind] }),
    check("notification_preferences_choice_check", sql`${t.choice} in ('INBOX_ONLY', 'MAIL', 'DIGEST')`),
  ],
);

/**
 * The reminders sent: one row per reminder kind, step, what it is about and the instant the wait began
 * (or, for a deadline's reminder, the deadline itself), written in the same transaction as the
 * reminder's outbox rows. Its unique keys send each step once, however often the job runs and on
 * however many instances; an order that leaves the status and comes back waits anew, and a deadline
 * that moves (a lease that ends sooner) is reminded anew.
 */
export const reminderSends = pgTable(
  "reminder_sends",
  {
    id: id(),
    /** The order it concerns; null for a payment that belongs to no order. */
    orderId: uuid().references(() => orders.id, { onDelete: "cascade" }),
    /**
     * What a deadline's reminder is about (a handover, a redemption case, a payment, the order for its
     * lease's end); null for the reminders of an order left waiting, which the order keys.
     */
    subjectId: uuid(),
    kind: text().notNull(),
    step: integer().notNull(),
    /** When the order entered the status it waits in; for a deadline's reminder, the deadline. */
    waitingSince: timestamptz().notNull(),
    /** How many messages the step queued (none when it found no one to tell). */
    messages: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("reminder_sends_unique").on(t.orderId, t.kind, t.step, t.waitingSince),
    uniqueIndex("reminder_sends_subject_unique")
      .on(t.subjectId, t.kind, t.step, t.waitingSince)
      .where(sql`${t.subjectId} is not null`),
    check("reminder_sends_step_check", sql`${t.step} > 0`),
    check("reminder_sends_about_check", sql`${t.orderId} is not null or ${t.subjectId} is not null`),
  ],
);
