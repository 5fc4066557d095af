import { sql } from "drizzle-orm";
import type { TMarkSeen, TWhatsNew } from "../../../contract/whats-new.ts";
import type { NewsPage } from "../../../domain/whats-new.ts";
import type { AppContext } from "../../context.ts";
import { pageVisits } from "../../db/schema/index.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { whatsNewOf } from "./queries.ts";

/** What is new on a page for its reader, and the reader's word that they have seen it. */
export function createWhatsNewService(ctx: AppContext) {
  const db = ctx.database.db;
  return {
    news: (user: CurrentUser, page: NewsPage, now = new Date()): Promise<TWhatsNew> =>
      whatsNewOf(db, page, user, now),

    /**
     * The reader has seen the page's news up to the instant of the list they were shown: the visit
     * moves forward only, and never past now, so news that came after the list stays new.
     */
    markSeen: async (user: CurrentUser, page: NewsPage, input: TMarkSeen, now = new Date()) => {
      const shown = new Date(input.seenUpTo);
      const seenAt = shown > now ? now : shown;
      const [row] = await db
        .insert(pageVisits)
        .values({ userId: user.id, page, seenAt })
        .onConflictDoUpdate({
          target: [pageVisits.userId, pageVisits.page],
          set: { seenAt: sql`greatest(${pageVisits.seenAt}, excluded.seen_at)` },
        })
        .returning({ seenAt: pageVisits.seenAt });
      return { seenAt: (row?.seenAt ?? seenAt).toISOString() };
    },
  };
}
