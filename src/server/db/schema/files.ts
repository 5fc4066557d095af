import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { bytea, createdAt, id } from "../columns.ts";
import { companies } from "./companies.ts";
import { users } from "./users.ts";

/**
 * Uploaded and generated files (refund receipts, redemption offers, signed agreements, invoices),
 * stored in the database by default behind the FileStore interface. Rows that use a file point at it
 * with a restricting FK, so a file in use cannot vanish.
 */
export const files = pgTable(
  "files",
  {
    id: id(),
    fileName: text().notNull(),
    /** Sniffed from the content, not taken from the upload's header. */
    mimeType: text().notNull(),
    sizeBytes: integer().notNull(),
    /** Hex sha256 of the content. */
    sha256: text().notNull(),
    content: bytea().notNull(),
    uploadedByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    /** The tenant the file belongs to, when it belongs to one. */
    companyId: uuid().references(() => companies.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("files_company_idx").on(t.companyId),
    index("files_sha256_idx").on(t.sha256),
    check("files_size_check", sql`${t.sizeBytes} >= 0 and ${t.sizeBytes} = octet_length(${t.content})`),
    check("files_sha256_check", sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);
