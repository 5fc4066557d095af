import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { timestamptz } from "../columns.ts";
import { users } from "./users.ts";

/**
 * The Idempotency-Keys of the money-moving calls (src/domain/idempotency.ts, plugins/idempotency.ts):
 * one row per user and key, written before the call acts (so two calls at once under one key cannot both
 * act: the primary key lets one in), then given the call's answer. A row lives 24 hours; the retention
 * job deletes older ones, and a new call under a lapsed key deletes it first.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text().notNull(),
    method: text().notNull(),
    /** The address called, without its query (the query is in the fingerprint). */
    path: text().notNull(),
    /** SHA-256 (hex) of the call's body and query, in canonical JSON. */
    requestHash: text().notNull(),
    /** The first call's answer: its status and body (JSON as sent); null while it is under way. */
    statusCode: integer(),
    responseBody: text(),
    createdAt: timestamptz().notNull(),
    answeredAt: timestamptz(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index("idempotency_keys_created_idx").on(t.createdAt),
    check("idempotency_keys_key_check", sql`${t.key} ~ '^[A-Za-z0-9_-]{8,100}$'`),
    check(
      "idempotency_keys_answer_check",
      sql`(${t.statusCode} is null) = (${t.answeredAt} is null)
        and (${t.statusCode} is null) = (${t.responseBody} is null)`,
    ),
  ],
);
