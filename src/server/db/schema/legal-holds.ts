import { sql } from "drizzle-orm";
import { check, date, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import type { HeldEntityType } from "../../../domain/enums.ts";
import { createdAt, id } from "../columns.ts";
import { users } from "./users.ts";

/**
 * What a law makes us keep of a person whose data was erased (docs/privacy.md "Erasure"): one row per
 * kept record (an invoice, a payment, a signed agreement and its identification evidence), the law that
 * keeps it and the day it ends. The nightly retention job erases the record's remaining personal data
 * when the day has passed (src/server/jobs/legal-hold-ends.ts) and removes the hold.
 */
export const legalHolds = pgTable(
  "legal_holds",
  {
    id: id(),
    /** The erased person: the account row stays (without personal data), so the id still says whose. */
    subjectUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    /** The erasure that made the hold (the event log's erasure row names the same id). */
    erasureId: uuid().notNull(),
    /** The kept record: its table's singular name in camelCase and its id. */
    entityType: text().$type<HeldEntityType>().notNull(),
    entityId: uuid().notNull(),
    /** The law that keeps it, in words (Accounting Act 1336/1997 2:10 §...). */
    legalBasis: text().notNull(),
    /** The last day the record is kept; the day after, the retention job erases what is left of the person. */
    endsOn: date({ mode: "string" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("legal_holds_subject_idx").on(t.subjectUserId),
    index("legal_holds_ends_idx").on(t.endsOn),
    index("legal_holds_entity_idx").on(t.entityType, t.entityId),
    check("legal_holds_entity_type_check", sql`length(${t.entityType}) > 0`),
  ],
);
