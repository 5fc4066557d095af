import { and, asc, eq, lte } from "drizzle-orm";
import { afterFailedAttempt, OUTBOX_CLAIM_MS } from "../../domain/message-outbox.ts";
import type { Db } from "../db/client.ts";
import { messageOutbox } from "../db/schema/index.ts";
import { isReminderMailEvent, type ReminderMailParams, reminderMail } from "../messaging/reminder-mails.ts";
import type { RenderedMail, RenderedSms } from "../messaging/templates.ts";
import type { Messaging } from "../messaging/types.ts";
import { type RenderDeps, renderEmployeeNotice } from "../modules/notifications/notify.ts";

/** The job that sends the message outbox: every minute, what is due. */
export const MESSAGE_OUTBOX_QUEUE = "send-message-outbox";
export const MESSAGE_OUTBOX_CRON = "* * * * *";

/** At most this many messages per run; the next run takes the rest. */
export const MESSAGE_OUTBOX_BATCH = 50;

export type OutboxSenderDeps = RenderDeps & {
  db: Db;
  messaging: Messaging;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
};

/** The provider's answer in words that hold no body, code or link (an SMTP error may quote them). */
function answerOf(error: unknown): string {
  if (error instanceof Error) return error.message.slice(0, 300);
  return "unknown error";
}

/** Renders a queued message by its event: a reminder, or an employee's notice of an order step. */
export function renderOutboxMessage(
  row: { event: string; channel: "EMAIL" | "SMS"; language: string; params: Record<string, unknown> },
  deps: RenderDeps,
): { kind: "mail"; mail: RenderedMail } | { kind: "sms"; sms: RenderedSms } {
  if (isReminderMailEvent(row.event)) {
    const params = row.params as ReminderMailParams;
    return {
      kind: "mail",
      mail: reminderMail(row.event, row.language, { ...params, publicUrl: deps.publicUrl }),
    };
  }
  return renderEmployeeNotice(row, deps);
}

/**
 * Sends one queued message, taken first by a conditional update so that two senders never send it
 * twice: a sender that finds it taken or sent leaves it. A provider's refusal is recorded on the row
 * with its answer and the next try's time (or FAILED after the last), never thrown.
 */
export async function sendOutboxMessage(
  deps: OutboxSenderDeps,
  id: string,
  now = new Date(),
): Promise<"SENT" | "QUEUED" | "FAILED" | "TAKEN"> {
  const [row] = await deps.db
    .update(messageOutbox)
    .set({ nextAttemptAt: new Date(now.getTime() + OUTBOX_CLAIM_MS) })
    .where(
      and(
        eq(messageOutbox.id, id),
        eq(messageOutbox.status, "QUEUED"),
        lte(messageOutbox.nextAttemptAt, now),
      ),
    )
    .returning();
  if (!row) return "TAKEN";
  const attempts = row.attempts + 1;
  try {
    const rendered = renderOutboxMessage(row, deps);
    if (rendered.kind === "sms") await deps.messaging.sendSms({ to: row.recipient, ...rendered.sms });
    else await deps.messaging.sendMail({ to: row.recipient, ...rendered.mail });
    // An SMS has no subject; the mail's is kept so the helpdesk sees what was sent.
    const subject = rendered.kind === "mail" ? rendered.mail.subject : null;
    const template = rendered.kind === "mail" ? rendered.mail.template : rendered.sms.template;
    await deps.db
      .update(messageOutbox)
      .set({
        status: "SENT",
        attempts,
        sentAt: now,
        subject,
        template,
        lastAnswer: "accepted",
      })
      .where(eq(messageOutbox.id, id));
    deps.log.info({ messageId: id, event: row.event, channel: row.channel }, "outbox message sent");
    return "SENT";
  } catch (error) {
    const outcome = afterFailedAttempt(attempts, now);
    await deps.db
      .update(messageOutbox)
      .set({
        status: outcome.status,
        attempts,
        lastAnswer: answerOf(error),
        ...(outcome.status === "QUEUED" ? { nextAttemptAt: outcome.nextAttemptAt } : {}),
      })
      .where(eq(messageOutbox.id, id));
    deps.log.warn(
      { messageId: id, event: row.event, channel: row.channel, attempts, status: outcome.status },
      "outbox message not sent",
    );
    return outcome.status;
  }
}

/** Sends the messages that are due, oldest first; answers how each went. */
export async function sendDueMessages(deps: OutboxSenderDeps, now = new Date()) {
  const due = await deps.db
    .select({ id: messageOutbox.id })
    .from(messageOutbox)
    .where(and(eq(messageOutbox.status, "QUEUED"), lte(messageOutbox.nextAttemptAt, now)))
    .orderBy(asc(messageOutbox.nextAttemptAt), asc(messageOutbox.createdAt))
    .limit(MESSAGE_OUTBOX_BATCH);
  const counts = { sent: 0, retrying: 0, failed: 0 };
  for (const { id } of due) {
    const status = await sendOutboxMessage(deps, id, now);
    if (status === "SENT") counts.sent++;
    else if (status === "QUEUED") counts.retrying++;
    else if (status === "FAILED") counts.failed++;
  }
  return counts;
}
