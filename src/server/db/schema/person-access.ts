import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { PERSON_ACCESS_KINDS, type PersonAccessKind } from "../../../domain/person-access.ts";
import { createdAt, id } from "../columns.ts";
import { companies } from "./companies.ts";
import { users } from "./users.ts";

/**
 * Who looked at whom (domain/person-access.ts): one row per read of one person's details, files or
 * export by someone else, and one per read of a list of people (no person, the count shown). The
 * person's own export and the helpdesk's page of the person list them.
 */
export const personAccessLog = pgTable(
  "person_access_log",
  {
    id: id(),
    /** Who read; null once their account is gone. */
    viewerUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    /** Whose data was read; null for a list of people. */
    subjectUserId: uuid().references(() => users.id, { onDelete: "cascade" }),
    /** The company whose employee was read, when the read was the employer's. */
    companyId: uuid().references(() => companies.id, { onDelete: "set null" }),
    kind: text().$type<PersonAccessKind>().notNull(),
    /** For a list: how many people the page showed. */
    shownCount: integer(),
    /** The network the read came from (domain/devices.ts maskIpAddress), never the device's address. */
    addressRange: text(),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "person_access_log_kind_check",
      sql.raw(`kind in (${PERSON_ACCESS_KINDS.map((kind) => `'${kind}'`).join(", ")})`),
    ),
    index("person_access_log_subject_idx").on(t.subjectUserId, t.createdAt),
    index("person_access_log_viewer_idx").on(t.viewerUserId, t.createdAt),
  ],
);
