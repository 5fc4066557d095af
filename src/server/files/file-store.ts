import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { files } from "../db/schema/index.ts";

/**
 * Where files live (DESIGN.md §5 "Files": signed agreements, refund receipts, redemption offers):
 * behind this small interface, in the database's files table by default. The caller names the MIME
 * type of content it made itself (a rendered PDF); uploads get their type sniffed and their size
 * limited before they reach here (uploads.ts).
 */
export type StoredFile = { fileName: string; mimeType: string; content: Buffer };

export type PutFile = StoredFile & {
  /** The tenant the file belongs to, when it belongs to one. */
  companyId: string | null;
  uploadedByUserId: string | null;
};

export interface FileStore {
  /** Stores the bytes as they are; answers the file's id and the hex SHA-256 of the content. */
  put(file: PutFile): Promise<{ id: string; sha256: string }>;
  /** The file, or null when there is none with this id. */
  get(id: string): Promise<StoredFile | null>;
}

export function sha256Hex(content: Uint8Array): string {
  return createHash("sha256").update(content).digest("hex");
}

/** The files table as a FileStore; pass a transaction's Db to store the file within it. */
export function databaseFileStore(db: Db): FileStore {
  return {
    async put(file) {
      const sha256 = sha256Hex(file.content);
      const [row] = await db
        .insert(files)
        .values({
          fileName: file.fileName,
          mimeType: file.mimeType,
          sizeBytes: file.content.byteLength,
          sha256,
          content: file.content,
          companyId: file.companyId,
          uploadedByUserId: file.uploadedByUserId,
        })
        .returning({ id: files.id });
      return { id: row?.id as string, sha256 };
    },
    async get(id) {
      const [row] = await db
        .select({ fileName: files.fileName, mimeType: files.mimeType, content: files.content })
        .from(files)
        .where(eq(files.id, id));
      return row ?? null;
    },
  };
}
