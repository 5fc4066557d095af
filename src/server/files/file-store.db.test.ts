import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buffer } from "node:stream/consumers";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestS3 } from "../../../tests/helpers/s3-server.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db.ts";
import { files } from "../db/schema/index.ts";
import { inTransaction } from "../db/transaction.ts";
import { type BlobStore, localBlobStore } from "./blob-store.ts";
import { createFileStore, type FileStore, sha256Hex } from "./file-store.ts";

/**
 * The FileStore over a folder and over S3 (s3rver): the row says what a file is, the folder holds its bytes under the
 * row's id. What a crash or a rolled-back change leaves behind is bytes without a row, which the sweep
 * removes; bytes stored in the table before the folder existed move out of it.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** Where the bytes go: each backend gets an empty store of its own. */
type Backend = { blobs: BlobStore; stop(): Promise<void> };

async function folder(): Promise<Backend> {
  const dir = mkdtempSync(join(tmpdir(), "pedaali-file-store-"));
  return { blobs: localBlobStore(dir), stop: async () => rmSync(dir, { recursive: true, force: true }) };
}

async function s3(): Promise<Backend> {
  const server = await startTestS3();
  const blobs = await server.freshStore();
  return {
    blobs,
    stop: async () => {
      await blobs.close();
      await server.stop();
    },
  };
}

const receipt = (text: string) => ({
  fileName: "kuitti.pdf",
  mimeType: "application/pdf",
  content: Buffer.from(`%PDF-1.4\n${text}\n%%EOF`),
  companyId: null,
  uploadedByUserId: null,
});

const keysOf = async (blobs: BlobStore) => {
  const held: string[] = [];
  for await (const blob of blobs.list()) held.push(blob.key);
  return held.sort();
};

const future = () => new Date(Date.now() + 60_000);

describe.each([
  ["a folder", folder],
  ["S3", s3],
])("the FileStore over %s", (_where, start) => {
  let backend: Backend;
  let blobs: BlobStore;
  let store: FileStore;
  beforeAll(async () => {
    backend = await start();
    blobs = backend.blobs;
    store = createFileStore(blobs);
  });
  afterAll(() => backend?.stop());
  const keys = () => keysOf(blobs);

  it("keeps the bytes in the store under the row's id, with the content's SHA-256, and streams them back", async () => {
    const file = receipt("Hyvitys 125,50 EUR");
    const { id, sha256 } = await store.put(database.db, file);
    expect(sha256).toBe(sha256Hex(file.content));
    const [row] = await database.db.select().from(files).where(eq(files.id, id));
    expect(row).toMatchObject({ sha256, sizeBytes: file.content.length, content: null });
    expect(await keys()).toContain(id);

    const opened = await store.open(database.db, id);
    expect(opened).toMatchObject({
      fileName: "kuitti.pdf",
      mimeType: "application/pdf",
      sizeBytes: file.content.length,
    });
    if (!opened) throw new Error("the file was not found");
    expect((await buffer(opened.content)).equals(file.content)).toBe(true);
    expect((await store.read(database.db, id))?.content.equals(file.content)).toBe(true);
    expect(await store.open(database.db, "00000000-0000-4000-8000-000000000000")).toBeNull();
  });

  it("leaves bytes without a row when the change rolls back, and the sweep removes them once old enough", async () => {
    const kept = await store.put(database.db, receipt("kept"));
    let orphan = "";
    await expect(
      inTransaction(database.db, async (tx) => {
        orphan = (await store.put(tx, receipt("rolled back"))).id;
        throw new Error("the change fails after storing its file");
      }),
    ).rejects.toThrow("the change fails");
    expect(await database.db.$count(files, eq(files.id, orphan))).toBe(0);
    expect(await keys()).toContain(orphan);

    // Bytes newer than the grace period may belong to a change still under way: kept.
    expect(await store.sweep(database.db, new Date(Date.now() - 60_000))).toBe(0);
    expect(await keys()).toContain(orphan);
    expect(await store.sweep(database.db, future())).toBe(1);
    const left = await keys();
    expect(left).not.toContain(orphan);
    expect(left).toContain(kept.id);
  });

  it("removes a deleted file's bytes in the sweep after its row is gone", async () => {
    const { id } = await store.put(database.db, receipt("deleted"));
    await database.db.delete(files).where(eq(files.id, id));
    expect(await store.sweep(database.db, future())).toBe(1);
    expect(await keys()).not.toContain(id);
  });

  it("says which file's bytes are missing instead of sending an empty file", async () => {
    const { id } = await store.put(database.db, receipt("lost"));
    await blobs.delete(id);
    await expect(store.open(database.db, id)).rejects.toThrow(`the bytes of file ${id} are missing`);
  });

  it("moves bytes stored in the table out of it, serving them from either place meanwhile", async () => {
    const legacy = [receipt("vanha 1"), receipt("vanha 2"), receipt("vanha 3")];
    const ids: string[] = [];
    for (const file of legacy) {
      const [row] = await database.db
        .insert(files)
        .values({
          fileName: file.fileName,
          mimeType: file.mimeType,
          sizeBytes: file.content.length,
          sha256: sha256Hex(file.content),
          content: file.content,
        })
        .returning({ id: files.id });
      ids.push(row?.id as string);
    }
    expect(
      (await store.read(database.db, ids[0] as string))?.content.equals(legacy[0]?.content as Buffer),
    ).toBe(true);

    expect(await store.moveOutOfDatabase(database.db)).toBe(3);
    expect(await store.moveOutOfDatabase(database.db)).toBe(0);
    for (const [i, id] of ids.entries()) {
      const [row] = await database.db.select({ content: files.content }).from(files).where(eq(files.id, id));
      expect(row?.content).toBeNull();
      expect(await keys()).toContain(id);
      expect((await store.read(database.db, id))?.content.equals(legacy[i]?.content as Buffer)).toBe(true);
    }
  });
});
