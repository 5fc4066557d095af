import { and, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { TDevOutboxQuery, TDevOutboxResponse } from "../../../contract/dev-outbox.ts";
import type { Db } from "../../db/client.ts";
import { outbox } from "../../db/schema/index.ts";

/**
 * The ways a developer may write a recipient in a query string: as stored, in lower case (e-mail), and
 * with the `+` of a phone number restored — an unencoded `+` in a URL arrives as a space, which the
 * contract trims away. All exact matches, so the recipient index still serves the query.
 */
function recipientCandidates(to: string): string[] {
  const candidates = new Set([to, to.toLowerCase()]);
  if (/^\d{5,}$/.test(to)) candidates.add(`+${to}`);
  return [...candidates];
}

/** Newest first, filtered and limited in SQL. */
export async function listOutbox(db: Db, query: TDevOutboxQuery): Promise<TDevOutboxResponse> {
  const filters: SQL[] = [];
  if (query.to) filters.push(inArray(outbox.recipient, recipientCandidates(query.to)));
  if (query.channel) filters.push(eq(outbox.channel, query.channel));
  const rows = await db
    .select({
      id: outbox.id,
      channel: outbox.channel,
      recipient: outbox.recipient,
      subject: outbox.subject,
      text: outbox.bodyText,
      html: outbox.bodyHtml,
      headers: outbox.headers,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .where(filters.length > 0 ? and(...filters) : undefined)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(query.limit);
  return { items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
}
