import { timingSafeEqual } from "node:crypto";
import { NOTIFICATION_KINDS, type NotificationKind } from "../../../domain/notification-kinds.ts";
import { keyedHash } from "../../server-keys.ts";

/** The key the unsubscribe tokens are signed with: the server's secret, for this use alone. */
const UNSUBSCRIBE_INFO = "pedaali unsubscribe";
/** 128 bits of the keyed hash: enough that nobody guesses one, short enough for a mail's header. */
const MAC_HEX_LENGTH = 32;

function macOf(serverSecret: string, userId: string, kind: NotificationKind): string {
  return keyedHash(serverSecret, UNSUBSCRIBE_INFO, `${userId}.${kind}`).slice(0, MAC_HEX_LENGTH);
}

/**
 * A mail's unsubscribe token: the person and the kind, signed with the server's secret. Nothing is
 * stored, so it never expires; all it can ever do is turn that one kind to inbox only, which the person
 * can undo on their own page. A new JWT_SECRET makes the links of mails already sent stop working.
 */
export function unsubscribeToken(serverSecret: string, userId: string, kind: NotificationKind): string {
  return `${userId}.${kind}.${macOf(serverSecret, userId, kind)}`;
}

/** The person and kind of a token, or null when it was not made by this server (altered or forged). */
export function readUnsubscribeToken(
  serverSecret: string,
  token: string,
): { userId: string; kind: NotificationKind } | null {
  const [userId, kind, mac, ...rest] = token.split(".");
  if (!userId || !kind || !mac || rest.length > 0) return null;
  if (!(NOTIFICATION_KINDS as readonly string[]).includes(kind)) return null;
  const expected = Buffer.from(macOf(serverSecret, userId, kind as NotificationKind));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, kind: kind as NotificationKind };
}
