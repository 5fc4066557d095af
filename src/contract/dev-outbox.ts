import { z } from "zod";
import { OUTBOX_CHANNELS } from "../domain/enums.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zSingleLineText } from "./text.ts";

/**
 * GET /api/dev/outbox — the mails and SMS the app sent, newest first. Exists only when DEV_OUTBOX is
 * on (never in production; there the path answers the JSON 404).
 *
 * Query: `to` (exact recipient: an e-mail address, also matched in lower case, or a phone number;
 * digits alone also match the +number, as an unencoded `+` in a URL arrives as a space),
 * `channel` (EMAIL | SMS), `limit` (1–100, default 20).
 *
 * 200: `{ items: [{ id, channel, recipient, subject, text, html, createdAt }] }` where `subject` and
 * `html` are null for SMS and `createdAt` is an ISO timestamp. 400: the error body (VALIDATION_ERROR).
 */
const zDevOutboxQuery = lazy(() =>
  z.object({
    /** Empty means no filter, so a form can always send the field. */
    to: zSingleLineText({ max: 320 }).optional(),
    channel: z.enum(OUTBOX_CHANNELS).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  }),
);
export type TDevOutboxQuery = z.infer<typeof zDevOutboxQuery>;

const zDevOutboxItem = lazy(() =>
  z.object({
    id: z.uuid(),
    channel: z.enum(OUTBOX_CHANNELS),
    /** E-mail address or phone number, as sent. */
    recipient: z.string(),
    subject: z.string().nullable(),
    text: z.string(),
    html: z.string().nullable(),
    /** The mail's extra header lines (List-Unsubscribe…); null for SMS and mails without them. */
    headers: z.record(z.string(), z.string()).nullable(),
    createdAt: z.iso.datetime(),
  }),
);

export const zDevOutboxResponse = lazy(() => z.object({ items: z.array(zDevOutboxItem) }));
export type TDevOutboxResponse = z.infer<typeof zDevOutboxResponse>;

export const devOutboxApi = lazy(() => ({
  list: endpoint({
    method: "GET",
    path: "/dev/outbox",
    summary: "Mails and SMS sent by the app, newest first (development only, never in production)",
    query: zDevOutboxQuery,
    response: zDevOutboxResponse,
    errors: [400],
  }),
}));
