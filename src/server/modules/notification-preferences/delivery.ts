import { kindOfEvent } from "../../../domain/notification-kinds.ts";
import { withUnsubscribeFooter } from "../../messaging/notification-preference-mails.ts";
import { pageUrl } from "../../messaging/templates.ts";
import type { OutgoingMail } from "../../messaging/types.ts";
import { unsubscribeToken } from "./unsubscribe-token.ts";

/**
 * A non-essential mail to a person with an account carries its kind's one-click unsubscribe: the
 * List-Unsubscribe and List-Unsubscribe-Post headers a mail client shows as its own button (RFC 8058,
 * a POST to the API), and a line in the footer to the page that asks before it turns the kind off.
 * Essential mails, and mails to no account (a store's, a billing address), carry none.
 */
export function withUnsubscribe<M extends Omit<OutgoingMail, "to">>(
  rendered: M,
  row: { userId: string | null; event: string; language: string },
  deps: { publicUrl: string; serverSecret: string },
): M {
  const def = kindOfEvent(row.event);
  if (!row.userId || !def || def.essential) return rendered;
  const token = unsubscribeToken(deps.serverSecret, row.userId, def.kind);
  const withFooter = withUnsubscribeFooter(
    rendered,
    row.language,
    def.kind,
    pageUrl(deps.publicUrl, row.language, "unsubscribe", { token }),
  );
  return {
    ...withFooter,
    headers: {
      ...rendered.headers,
      "List-Unsubscribe": `<${deps.publicUrl}/api/unsubscribe/${token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
