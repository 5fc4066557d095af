import { randomUUID } from "node:crypto";
import { mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";

/**
 * Where the bytes of stored files live: a folder on this machine (the default, nothing to install) or
 * S3-compatible object storage (s3-blob-store.ts). The files table keeps what a file is (name, type,
 * size, SHA-256, tenant); a blob is only its bytes, under the file's id as key. file-store.ts joins the
 * two; nothing else uses a BlobStore.
 */
export interface BlobStore {
  /** Where the bytes go, for the start line and the health of a deployment. */
  readonly description: string;
  /** Writes the bytes under the key, whole or not at all. */
  put(key: string, content: Buffer, mimeType: string): Promise<void>;
  /** The bytes as a stream, or null when the key holds none. */
  open(key: string): Promise<Readable | null>;
  /** Removes the key's bytes; nothing happens when it holds none. */
  delete(key: string): Promise<void>;
  /** Every key held and when it was written: the sweep finds the bytes whose row is gone. */
  list(): AsyncIterable<{ key: string; writtenAt: Date }>;
  close(): Promise<void>;
}

/** A key is a file's id: nothing else may reach a path or an object name. */
const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isBlobKey(key: string): boolean {
  return KEY.test(key);
}

export function assertBlobKey(key: string): void {
  if (!isBlobKey(key)) throw new Error("a blob key is a file id");
}

/** A temporary file older than this was left by a crash; listing removes it. */
const STALE_PARTIAL_MS = 60 * 60 * 1000;

/**
 * A folder: each file at `<dir>/<first two characters of the id>/<id>`, so no folder holds more than a
 * 256th of them. A write goes to `<dir>/partial/`, is flushed to disk, and is renamed into place: a
 * crash leaves either the whole file or a temporary one, never half a file under its key. The folder is
 * flushed after the rename too, so bytes whose row has committed are still under their key after a
 * power cut.
 */
export function localBlobStore(dir: string): BlobStore {
  const pathOf = (key: string) => {
    assertBlobKey(key);
    return join(dir, key.slice(0, 2), key);
  };
  return {
    description: `the folder ${dir}`,
    async put(key, content) {
      const path = pathOf(key);
      await mkdir(join(dir, key.slice(0, 2)), { recursive: true });
      await mkdir(join(dir, "partial"), { recursive: true });
      const temporary = join(dir, "partial", `${key}.${process.pid}.${randomUUID()}`);
      const handle = await open(temporary, "wx", 0o600);
      try {
        try {
          await handle.writeFile(content);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temporary, path);
      } catch (error) {
        // A write that fails (a full disk, a failed rename) removes its temporary file now, not in an hour.
        await rm(temporary, { force: true });
        throw error;
      }
      await syncFolder(join(dir, key.slice(0, 2)));
    },
    async open(key) {
      const path = pathOf(key);
      // Opened before the stream is made: a file deleted meanwhile answers null, not a stream that fails.
      const handle = await open(path, "r").catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return null;
        throw error;
      });
      return handle ? handle.createReadStream() : null;
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async *list() {
      let shards: string[];
      try {
        shards = await readdir(dir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
        throw error;
      }
      for (const shard of shards) {
        if (shard === "partial") await removeStale(join(dir, shard));
        if (!/^[0-9a-f]{2}$/.test(shard)) continue;
        for (const key of await readdir(join(dir, shard))) {
          const written = await stat(join(dir, shard, key)).catch(() => null);
          if (written && KEY.test(key)) yield { key, writtenAt: written.mtime };
        }
      }
    },
    async close() {},
  };
}

/** Makes a rename in the folder last through a crash (Windows cannot open a folder to flush it). */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, "r").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "EISDIR" || error.code === "EPERM") return null;
    throw error;
  });
  if (!handle) return;
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function removeStale(folder: string): Promise<void> {
  for (const name of await readdir(folder)) {
    const written = await stat(join(folder, name)).catch(() => null);
    if (written && Date.now() - written.mtimeMs > STALE_PARTIAL_MS)
      await rm(join(folder, name), { force: true });
  }
}

/** Bytes kept in this process only: for `FILES_DIR=memory://`, as for the in-memory database. */
export function memoryBlobStore(): BlobStore {
  const held = new Map<string, { content: Buffer; writtenAt: Date }>();
  return {
    description: "memory",
    async put(key, content) {
      assertBlobKey(key);
      held.set(key, { content: Buffer.from(content), writtenAt: new Date() });
    },
    async open(key) {
      assertBlobKey(key);
      const blob = held.get(key);
      return blob ? Readable.from([blob.content]) : null;
    },
    async delete(key) {
      assertBlobKey(key);
      held.delete(key);
    },
    async *list() {
      for (const [key, blob] of held) yield { key, writtenAt: blob.writtenAt };
    },
    async close() {},
  };
}
