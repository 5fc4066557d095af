import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { messageOutbox } from "../../db/schema/index.ts";
import { afterCommit } from "../../db/transaction.ts";
import { resolveLanguage } from "../../messaging/templates.ts";

/**
 * How every mail and SMS leaves: a row in the message outbox, written in the caller's transaction, so a
 * change that rolls back sends nothing and a crash after the commit loses nothing. The row holds what
 * the message is about (its event and params), never its body: the outbox renderers
 * (outbox-renderers.ts) make it when it is sent, with this deployment's links, and a link with a token
 * is minted then, so no token or code is ever kept here (docs/security.md).
 */
export type OutboxMessage = {
  /** The person it is for, when they have an account: the helpdesk's list of a person's messages. */
  userId?: string | null;
  /** The notification table's event it tells of; the outbox renderers render it by this. */
  event: string;
  channel: "EMAIL" | "SMS";
  /** E-mail address or phone number. */
  recipient: string;
  language?: string | null;
  /** What the renderer needs, and nothing secret. */
  params?: Record<string, unknown>;
};

/** The app's sender of the outbox on one database (jobs/message-outbox.ts startOutboxSender). */
export type OutboxSender = {
  /** Tries the messages now, in the background. */
  sendNow(ids: readonly string[]): Promise<void>;
  /** Resolves when the tries started so far are done. */
  idle(): Promise<void>;
  /** Sends what is due now (the minute's sweep). */
  sendDue(now?: Date): Promise<{ sent: number; retrying: number; failed: number }>;
};

/** Per database, the senders of the apps running on it; the newest sends (a test may run two apps). */
const senders = new WeakMap<Db, OutboxSender[]>();

/**
 * The app's sender of the outbox on `db`: queued messages leave right after their commit. Answers the
 * unregistering, for the app's close.
 */
export function registerOutboxSender(db: Db, sender: OutboxSender): () => void {
  const list = senders.get(db) ?? [];
  list.push(sender);
  senders.set(db, list);
  return () => {
    const index = list.indexOf(sender);
    if (index >= 0) list.splice(index, 1);
  };
}

/** The sender registered for `db`, if an app runs on it. */
export function outboxSenderOf(db: Db): OutboxSender | undefined {
  return senders.get(db)?.at(-1);
}

/**
 * Queues messages in the outbox inside `tx`, and asks for them to be sent as soon as the transaction
 * commits (a password link does not wait for the minute's sweep, which stays for the retries). Outside
 * a transaction the row is committed already and is sent at once.
 */
export async function queueMessages(tx: Db, messages: readonly OutboxMessage[]): Promise<string[]> {
  if (messages.length === 0) return [];
  const rows = await tx
    .insert(messageOutbox)
    .values(
      messages.map((message) => ({
        userId: message.userId ?? null,
        event: message.event,
        channel: message.channel,
        recipient: message.recipient,
        language: resolveLanguage(message.language),
        params: message.params ?? {},
      })),
    )
    .returning({ id: messageOutbox.id });
  const ids = rows.map((row) => row.id);
  const queuedInTransaction = afterCommit((db) => outboxSenderOf(db)?.sendNow(ids));
  if (!queuedInTransaction && !(tx instanceof PgTransaction)) await outboxSenderOf(tx)?.sendNow(ids);
  return ids;
}

/** Queues one message; see queueMessages. */
export async function queueMessage(tx: Db, message: OutboxMessage): Promise<void> {
  await queueMessages(tx, [message]);
}

/**
 * A one-time code the person waits for on screen (a login code, a signing code, a contact change's
 * code) is sent at once by the caller and only recorded here: its row holds no code and says SENT or
 * FAILED with the provider's answer. It has no renderer, so the helpdesk cannot send it again (a new
 * code is asked for on the page). A failure is recorded and then thrown on to the caller, as before.
 */
export async function sendRecordedCode(
  db: Db,
  message: Omit<OutboxMessage, "params"> & { template?: string | null; subject?: string | null },
  send: () => Promise<void>,
): Promise<void> {
  const row = {
    userId: message.userId ?? null,
    event: message.event,
    channel: message.channel,
    recipient: message.recipient,
    language: resolveLanguage(message.language),
    params: {},
    subject: message.subject ?? null,
    template: message.template ?? null,
    attempts: 1,
  };
  try {
    await send();
  } catch (error) {
    await db.insert(messageOutbox).values({ ...row, status: "FAILED" as const, lastAnswer: answerOf(error) });
    throw error;
  }
  await db
    .insert(messageOutbox)
    .values({ ...row, status: "SENT" as const, sentAt: new Date(), lastAnswer: "accepted" });
}

/** The provider's answer in words that hold no body, code or link (an SMTP error may quote them). */
export function answerOf(error: unknown): string {
  if (error instanceof Error) return error.message.slice(0, 300);
  return "unknown error";
}
