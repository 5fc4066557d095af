import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { bytea, createdAt, id } from "../columns.ts";
import { companies } from "./companies.ts";
import { users } from "./users.ts";

/**
 * Uploaded and generated files (refund receipts, redemption offers, signed agreements, claim photos):
 * what each file is. Its bytes live in the FileStore's BlobStore under the row's id (a folder or S3,
 * src/server/files/file-store.ts). Rows that use a file point at it with a restricting FK, so a file
 * in use cannot vanish.
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
    /**
     * The bytes of a file stored before they moved to the BlobStore; null once moved. The app moves
     * them at start (FileStore.moveOutOfDatabase) and writes none here.
     */
    content: bytea(),
    uploadedByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    /** The tenant the file belongs to, when it belongs to one. */
    companyId: uuid().references(() => companies.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("files_company_idx").on(t.companyId),
    index("files_sha256_idx").on(t.sha256),
    check(
      "files_size_check",
      sql`${t.sizeBytes} >= 0 and (${t.content} is null or ${t.sizeBytes} = octet_length(${t.content}))`,
    ),
    check("files_sha256_check", sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);
