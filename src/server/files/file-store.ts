import { createHash, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { files } from "../db/schema/index.ts";
import type { BlobStore } from "./blob-store.ts";
import type { VirusScanner } from "./virus-scan.ts";

/**
 * Stored files (docs/architecture.md "Files": signed agreements, refund receipts, redemption offers, claim
 * photos). The files table says what a file is — name, type, size, SHA-256, tenant — and rows that use
 * a file point at it with a restricting FK; the bytes live in a BlobStore under the file's id (a folder
 * by default, S3 when configured).
 *
 * Crash safety: the bytes are written before the row, and the row commits with the change that uses
 * the file. A crash or a rolled-back change leaves bytes without a row, never a row without bytes;
 * deleting a file deletes its row in the change, and `sweep` later removes bytes whose row is gone.
 */
type StoredFile = { fileName: string; mimeType: string; content: Buffer };

type PutFile = StoredFile & {
  /** The tenant the file belongs to, when it belongs to one. */
  companyId: string | null;
  uploadedByUserId: string | null;
};

/** A file to send: what it is and its bytes as a stream. */
export type OpenedFile = { fileName: string; mimeType: string; sizeBytes: number; content: Readable };

export type FileStore = {
  /** Where the bytes go, for the start line. */
  readonly description: string;
  /** The scan of uploads, when a ClamAV daemon is configured (uploads.ts asks it before storing). */
  readonly scanner: VirusScanner | null;
  /**
   * Writes the bytes, then the row on `db` (pass the change's transaction so the row commits with it).
   * Answers the file's id and the hex SHA-256 of the content.
   */
  put(db: Db, file: PutFile): Promise<{ id: string; sha256: string }>;
  /** The file with its bytes as a stream, or null when there is none with this id. */
  open(db: Db, id: string): Promise<OpenedFile | null>;
  /** The file with its bytes in memory, or null: for the few callers that need the whole (a PDF's hash). */
  read(db: Db, id: string): Promise<StoredFile | null>;
  /**
   * Removes bytes whose row is gone (a deleted receipt, a change that rolled back, a crash between the
   * two writes) once they are older than `olderThan`, so a change still under way keeps its bytes.
   * Answers how many it removed.
   */
  sweep(db: Db, olderThan: Date): Promise<number>;
  /** The ids of file rows whose bytes are neither in the table nor in the BlobStore (the consistency check). */
  missingBytes(db: Db): Promise<string[]>;
  /** Moves bytes still held in the files table (stored before the BlobStore) out of it. */
  moveOutOfDatabase(db: Db): Promise<number>;
  close(): Promise<void>;
};

export function sha256Hex(content: Uint8Array): string {
  return createHash("sha256").update(content).digest("hex");
}

/** Rows moved out of the table per round: each round holds at most this many files in memory. */
const MOVE_BATCH = 20;

export function createFileStore(blobs: BlobStore, scanner: VirusScanner | null = null): FileStore {
  const describe = async (db: Db, id: string) => {
    const [row] = await db
      .select({
        fileName: files.fileName,
        mimeType: files.mimeType,
        sizeBytes: files.sizeBytes,
        inTable: sql<boolean>`${files.content} is not null`,
      })
      .from(files)
      .where(eq(files.id, id));
    return row ?? null;
  };
  /** Bytes stored before the BlobStore are read from the table until they are moved. */
  const tableContent = async (db: Db, id: string) => {
    const [row] = await db.select({ content: files.content }).from(files).where(eq(files.id, id));
    return row?.content ?? null;
  };
  const bytesOf = async (db: Db, id: string, row: { inTable: boolean }): Promise<Readable | null> => {
    if (!row.inTable) return blobs.open(id);
    const content = await tableContent(db, id);
    return content ? Readable.from([content]) : null;
  };
  const open = async (db: Db, id: string): Promise<OpenedFile | null> => {
    const row = await describe(db, id);
    if (!row) return null;
    const content = await bytesOf(db, id, row);
    if (!content) throw new Error(`the bytes of file ${id} are missing from ${blobs.description}`);
    return { fileName: row.fileName, mimeType: row.mimeType, sizeBytes: row.sizeBytes, content };
  };

  return {
    description: blobs.description,
    scanner,
    async put(db, file) {
      const id = randomUUID();
      const sha256 = sha256Hex(file.content);
      await blobs.put(id, file.content, file.mimeType);
      await db.insert(files).values({
        id,
        fileName: file.fileName,
        mimeType: file.mimeType,
        sizeBytes: file.content.byteLength,
        sha256,
        companyId: file.companyId,
        uploadedByUserId: file.uploadedByUserId,
      });
      return { id, sha256 };
    },
    open,
    async read(db, id) {
      const file = await open(db, id);
      if (!file) return null;
      return { fileName: file.fileName, mimeType: file.mimeType, content: await buffer(file.content) };
    },
    async sweep(db, olderThan) {
      let removed = 0;
      let candidates: string[] = [];
      const removeOrphans = async () => {
        const kept = await db.select({ id: files.id }).from(files).where(inArray(files.id, candidates));
        const keptIds = new Set(kept.map((row) => row.id));
        for (const key of candidates) {
          if (keptIds.has(key)) continue;
          await blobs.delete(key);
          removed += 1;
        }
        candidates = [];
      };
      for await (const blob of blobs.list()) {
        if (blob.writtenAt >= olderThan) continue;
        candidates.push(blob.key);
        if (candidates.length >= 500) await removeOrphans();
      }
      if (candidates.length > 0) await removeOrphans();
      return removed;
    },
    async missingBytes(db) {
      const held = new Set<string>();
      for await (const blob of blobs.list()) held.add(blob.key);
      const rows = await db.select({ id: files.id }).from(files).where(isNull(files.content));
      return rows.map((row) => row.id).filter((id) => !held.has(id));
    },
    async moveOutOfDatabase(db) {
      let moved = 0;
      for (;;) {
        const batch = await db
          .select({ id: files.id, mimeType: files.mimeType, content: files.content })
          .from(files)
          .where(isNotNull(files.content))
          .orderBy(files.id)
          .limit(MOVE_BATCH);
        if (batch.length === 0) return moved;
        for (const row of batch) {
          if (!row.content) continue;
          await blobs.put(row.id, row.content, row.mimeType);
          // Only once the bytes are written: a crash in between leaves them in both places.
          await db
            .update(files)
            .set({ content: null })
            .where(and(eq(files.id, row.id), isNotNull(files.content)));
          moved += 1;
        }
      }
    },
    close: () => blobs.close(),
  };
}

/** Files older than this without a row are swept: no change takes that long between its two writes. */
const SWEEP_GRACE_MS = 60 * 60 * 1000;

/** For the sweep's schedule and the consistency check: bytes written before this may be swept. */
export function sweepBefore(now: Date): Date {
  return new Date(now.getTime() - SWEEP_GRACE_MS);
}
