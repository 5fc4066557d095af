import { and, asc, eq, lt } from "drizzle-orm";
import { afterFailedAttempt, OUTBOX_CLAIM_MS } from "../../domain/message-outbox.ts";
import { nextMillisecond } from "../db/millisecond.ts";
import { messageOutbox } from "../db/schema/index.ts";
import type { Messaging } from "../messaging/types.ts";
import { preferenceFor } from "../modules/notification-preferences/choices.ts";
import { withUnsubscribe } from "../modules/notification-preferences/delivery.ts";
import { answerOf, type OutboxSender, registerOutboxSender } from "../modules/notifications/outbox.ts";
import { type OutboxRenderDeps, renderOutboxMessage } from "../modules/notifications/outbox-renderers.ts";

export { renderOutboxMessage };

/** The job that sends the message outbox: every minute, what is due. */
export const MESSAGE_OUTBOX_QUEUE = "send-message-outbox";
export const MESSAGE_OUTBOX_CRON = "* * * * *";

/** At most this many messages per run; the next run takes the rest. */
const MESSAGE_OUTBOX_BATCH = 50;

export type OutboxSenderDeps = OutboxRenderDeps & {
  messaging: Messaging;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
};

/**
 * Sends one queued message, taken first by a conditional update so that two senders never send it
 * twice: a sender that finds it taken or sent leaves it. A provider's refusal is recorded on the row
 * with its answer and the next try's time (or FAILED after the last), never thrown. A mail keeps its
 * recipient's choice for its kind (preferenceFor): not mailed (SKIPPED) or held for the daily digest
 * (HELD), unless the helpdesk sends it again on purpose (`keepChoice` false).
 */
export async function sendOutboxMessage(
  deps: OutboxSenderDeps,
  id: string,
  now = new Date(),
  { keepChoice = true }: { keepChoice?: boolean } = {},
): Promise<"SENT" | "QUEUED" | "FAILED" | "TAKEN" | "SKIPPED" | "HELD"> {
  const [row] = await deps.db
    .update(messageOutbox)
    .set({ nextAttemptAt: new Date(now.getTime() + OUTBOX_CLAIM_MS) })
    .where(
      and(
        eq(messageOutbox.id, id),
        eq(messageOutbox.status, "QUEUED"),
        lt(messageOutbox.nextAttemptAt, nextMillisecond(now)),
      ),
    )
    .returning();
  if (!row) return "TAKEN";
  const attempts = row.attempts + 1;
  try {
    const rendered = await renderOutboxMessage(row, deps);
    if (!rendered) {
      // Nothing to say any more (the account got its password meanwhile, or is gone): closed, unsent.
      await deps.db
        .update(messageOutbox)
        .set({ status: "SENT", attempts, sentAt: now, lastAnswer: "not needed any more" })
        .where(eq(messageOutbox.id, id));
      return "SENT";
    }
    const choice = rendered.kind === "mail" && keepChoice ? await preferenceFor(deps.db, row) : "MAIL";
    if (rendered.kind === "mail" && choice !== "MAIL") {
      const status = choice === "DIGEST" ? "HELD" : "SKIPPED";
      await deps.db
        .update(messageOutbox)
        .set({
          status,
          subject: rendered.mail.subject,
          template: rendered.mail.template,
          lastAnswer:
            status === "HELD" ? "held for the daily digest" : "not mailed: the person chose inbox only",
        })
        .where(eq(messageOutbox.id, id));
      deps.log.info({ messageId: id, event: row.event, status }, "outbox mail kept as the person chose");
      return status;
    }
    if (rendered.kind === "sms") await deps.messaging.sendSms({ to: row.recipient, ...rendered.sms });
    else await deps.messaging.sendMail({ to: row.recipient, ...withUnsubscribe(rendered.mail, row, deps) });
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
    .where(and(eq(messageOutbox.status, "QUEUED"), lt(messageOutbox.nextAttemptAt, nextMillisecond(now))))
    .orderBy(asc(messageOutbox.nextAttemptAt), asc(messageOutbox.createdAt))
    .limit(MESSAGE_OUTBOX_BATCH);
  const counts = { sent: 0, retrying: 0, failed: 0, skipped: 0, held: 0 };
  for (const { id } of due) {
    const status = await sendOutboxMessage(deps, id, now);
    if (status === "SENT") counts.sent++;
    else if (status === "QUEUED") counts.retrying++;
    else if (status === "FAILED") counts.failed++;
    else if (status === "SKIPPED") counts.skipped++;
    else if (status === "HELD") counts.held++;
  }
  return counts;
}

/**
 * The app's sender of what a commit just queued: each message is tried at once, in the background, so
 * the person's request never waits for the provider nor fails with it; a message the provider did not
 * take stays QUEUED with its answer for the minute's sweep (sendDueMessages) and its backoff. `idle`
 * resolves when the tries started so far are done (the app's close, and the tests' "send what is queued").
 */
export function startOutboxSender({ enabled = true, ...deps }: OutboxSenderDeps & { enabled?: boolean }) {
  const inFlight = new Set<Promise<unknown>>();
  function track(work: Promise<unknown>) {
    const job = work
      .catch((error) => deps.log.warn({ err: error }, "outbox send after commit failed"))
      .finally(() => inFlight.delete(job));
    inFlight.add(job);
  }
  const sender: OutboxSender = {
    sendDue: (now = new Date()) => sendDueMessages(deps, now),
    // Awaited by the commit's caller, as the mails sent directly always were; a message never throws
    // (a provider's refusal is kept on its row for the sweep), so the person's action never fails.
    async sendNow(ids: readonly string[]) {
      if (!enabled) return;
      const work = (async () => {
        for (const id of ids) await sendOutboxMessage(deps, id);
      })();
      track(work);
      await work.catch(() => undefined);
    },
    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
  const unregister = registerOutboxSender(deps.db, sender);
  return {
    ...sender,
    /** Waits for the tries under way and hands the database's sending to no one (the app's close). */
    async close() {
      await sender.idle();
      unregister();
    },
  };
}
