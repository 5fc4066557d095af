import { and, desc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  messageOutboxApi as api,
  OUTBOX_MESSAGES_SHOWN,
  type TOutboxMessage,
} from "../../../contract/message-outbox.ts";
import type { AppContext } from "../../context.ts";
import { messageOutbox, users } from "../../db/schema/index.ts";
import { conflict, notFound } from "../../errors.ts";
import { sendOutboxMessage } from "../../jobs/message-outbox.ts";
import { createGuards } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { isResendable } from "./outbox-renderers.ts";

const tags = ["system-users"];

type Row = typeof messageOutbox.$inferSelect;

function toMessage(row: Row): TOutboxMessage {
  return {
    id: row.id,
    event: row.event,
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastAnswer: row.lastAnswer,
    resendable: isResendable(row.event),
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The helpdesk's view of a person's messages on the user's page, and its resend. The admin tier only
 * (system-users.manage): the list shows addresses and what was said to the person.
 */
export const messageOutboxRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const guards = createGuards(ctx);
  const manage = guards.permission("system-users.manage");
  const db = ctx.database.db;

  async function requireUser(userId: string) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw notFound("User");
  }

  app.route({
    ...endpointRoute(api.list, tags),
    preValidation: manage,
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      await requireUser(request.params.userId);
      const rows = await db
        .select()
        .from(messageOutbox)
        .where(eq(messageOutbox.userId, request.params.userId))
        .orderBy(desc(messageOutbox.createdAt), desc(messageOutbox.id))
        .limit(OUTBOX_MESSAGES_SHOWN);
      return { items: rows.map(toMessage) };
    },
  });

  app.route({
    ...endpointRoute(api.resend, tags),
    preValidation: manage,
    handler: async (request) => {
      const { userId, messageId } = request.params;
      const now = new Date();
      const [message] = await db
        .select({ event: messageOutbox.event })
        .from(messageOutbox)
        .where(and(eq(messageOutbox.id, messageId), eq(messageOutbox.userId, userId)));
      if (!message) throw notFound("Message");
      // A one-time code is never kept: the person asks for a new one where they wait for it.
      if (!isResendable(message.event)) {
        throw conflict("MESSAGE_NOT_RESENDABLE", "A one-time code's message cannot be sent again");
      }
      // A fresh round of tries from now; the provider's answer is kept on the message.
      const [queued] = await db
        .update(messageOutbox)
        .set({ status: "QUEUED", attempts: 0, nextAttemptAt: now })
        .where(and(eq(messageOutbox.id, messageId), eq(messageOutbox.userId, userId)))
        .returning({ id: messageOutbox.id });
      if (!queued) throw notFound("Message");
      await sendOutboxMessage(
        {
          db,
          messaging: ctx.messaging,
          publicUrl: ctx.config.publicUrl,
          serverSecret: ctx.config.jwtSecret,
          log: request.log,
        },
        messageId,
        now,
        // Sent again on purpose: a person who says they got nothing gets it, whatever they chose.
        { keepChoice: false },
      );
      const [row] = await db.select().from(messageOutbox).where(eq(messageOutbox.id, messageId));
      if (!row) throw notFound("Message");
      return toMessage(row);
    },
  });
};
