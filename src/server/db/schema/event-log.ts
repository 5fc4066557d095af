import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import type { EventEntityType } from "../../../domain/enums.ts";
import { createdAt, id } from "../columns.ts";
import { companies } from "./companies.ts";
import { eventType } from "./enums.ts";
import { users } from "./users.ts";

/**
 * The event log (docs/product.md "States" event types): one row per state change, written in the same transaction as
 * the change. entityType + entityId point at any table (no FK), so history survives deletions.
 */
export const eventLog = pgTable(
  "event_log",
  {
    id: id(),
    type: eventType().notNull(),
    /** Null for system jobs (e.g. automatic deactivation). */
    actorUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    companyId: uuid().references(() => companies.id, { onDelete: "set null" }),
    /** The table's singular name in camelCase: order, user, leasingAgreement, bikeRedemption... */
    entityType: text().$type<EventEntityType>().notNull(),
    entityId: uuid().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("event_log_entity_idx").on(t.entityType, t.entityId, t.createdAt),
    index("event_log_company_created_idx").on(t.companyId, t.createdAt),
    index("event_log_type_created_idx").on(t.type, t.createdAt),
    index("event_log_actor_idx").on(t.actorUserId),
    // The audit view's unfiltered newest-first page, ties by id: its deep pages walk this index alone.
    index("event_log_created_idx").on(t.createdAt, t.id),
    check("event_log_entity_type_check", sql`length(${t.entityType}) > 0`),
  ],
);
