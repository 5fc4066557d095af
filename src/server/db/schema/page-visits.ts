import { sql } from "drizzle-orm";
import { check, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { NEWS_PAGES } from "../../../domain/whats-new.ts";
import { timestamptz } from "../columns.ts";
import { users } from "./users.ts";

/**
 * When each person last saw a page that shows what is new (domain/whats-new.ts): one row per user and
 * page, moved forward by the page's explicit "seen" call. What is new is read from the event log; this
 * row only says from when on.
 */
export const pageVisits = pgTable(
  "page_visits",
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    page: text().$type<(typeof NEWS_PAGES)[number]>().notNull(),
    seenAt: timestamptz().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.page] }),
    check("page_visits_page_check", sql.raw(`page in (${NEWS_PAGES.map((page) => `'${page}'`).join(", ")})`)),
  ],
);
