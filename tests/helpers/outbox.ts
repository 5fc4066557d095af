import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../src/server/db/client.ts";
import { messageOutbox } from "../../src/server/db/schema/index.ts";
import { outboxSenderOf } from "../../src/server/modules/notifications/outbox.ts";

/**
 * Sends what the message outbox holds, as the app does after a commit and the minute's sweep do: waits
 * for the sends the app started after its commits, then sends whatever is still due, batch after batch. A test that reads
 * the mails or text messages a request made calls this first.
 */
export async function sendQueuedMessages(database: Database, now = new Date()): Promise<void> {
  const sender = outboxSenderOf(database.db);
  if (!sender) throw new Error("no app runs on this database: build the test app first");
  await sender.idle();
  // The sweep takes a batch at a time; a database with a backlog (the demo's queued mails) needs more.
  // A message the provider refused is due again only later than `now`, so this ends.
  for (;;) {
    const counts = await sender.sendDue(now);
    if (counts.sent + counts.retrying + counts.failed === 0) return;
  }
}

/**
 * The message outbox's rows of `event` whose params hold `params`, newest first: what a change queued,
 * as the sender and the helpdesk's list read it.
 */
export async function outboxRowsOf(database: Database, event: string, params: Record<string, string> = {}) {
  return database.db
    .select()
    .from(messageOutbox)
    .where(
      and(eq(messageOutbox.event, event), sql`${messageOutbox.params} @> ${JSON.stringify(params)}::jsonb`),
    )
    .orderBy(desc(messageOutbox.createdAt));
}
