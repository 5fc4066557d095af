import { z } from "zod";
import { OUTBOX_CHANNELS } from "../domain/enums.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";

/**
 * A person's messages in the message outbox, as the helpdesk sees them on the user's page: what was
 * sent (never the body: it may carry links), its state and the provider's last answer.
 */
/**
 * SKIPPED: not mailed, as the person chose to hear of its kind in the service only; HELD: waiting for
 * the person's daily digest.
 */
const OUTBOX_STATUSES = ["QUEUED", "SENT", "FAILED", "SKIPPED", "HELD"] as const;

export const zOutboxMessage = lazy(() =>
  z.object({
    id: z.uuid(),
    /** The notification table's event it tells of. */
    event: z.string(),
    channel: z.enum(OUTBOX_CHANNELS),
    recipient: z.string(),
    subject: z.string().nullable(),
    status: z.enum(OUTBOX_STATUSES),
    attempts: z.int().nonnegative(),
    lastAnswer: z.string().nullable(),
    /**
     * Whether the helpdesk can send it again: a one-time code (login, signing, contact change) is only
     * recorded, without the code, and a new one is asked for on the page instead.
     */
    resendable: z.boolean(),
    nextAttemptAt: z.iso.datetime(),
    sentAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  }),
);
export type TOutboxMessage = z.infer<typeof zOutboxMessage>;

export const zOutboxMessages = lazy(() => z.object({ items: z.array(zOutboxMessage) }));

const zUserMessageParams = lazy(() => z.object({ userId: z.uuid(), messageId: z.uuid() }));

/** How many of a person's latest messages the helpdesk sees. */
export const OUTBOX_MESSAGES_SHOWN = 50;

export const messageOutboxApi = lazy(() => ({
  list: endpoint({
    method: "GET",
    path: "/system-users/:userId/messages",
    summary: "A person's latest messages in the message outbox, newest first (the admin tier)",
    params: z.object({ userId: z.uuid() }),
    response: zOutboxMessages,
    errors: [400, 401, 403, 404],
  }),
  resend: endpoint({
    method: "POST",
    path: "/system-users/:userId/messages/:messageId/resend",
    summary:
      "Send a person's message again now, with a fresh round of retries; a provider that refuses is " +
      "recorded on the message, never answered as an error; a one-time code's record cannot be sent " +
      "again (409 MESSAGE_NOT_RESENDABLE) (the admin tier)",
    params: zUserMessageParams,
    response: zOutboxMessage,
    errors: [400, 401, 403, 404, 409],
  }),
}));
