import { resolve } from "node:path";
import type { Config } from "../config.ts";
import { type BlobStore, localBlobStore, memoryBlobStore } from "./blob-store.ts";
import { createFileStore, type FileStore } from "./file-store.ts";
import { createVirusScanner } from "./virus-scan.ts";

/**
 * The FileStore the configuration asks for: S3-compatible object storage when S3_BUCKET is set, else
 * the folder FILES_DIR (memory:// for bytes kept in memory only), with ClamAV's scan of uploads when
 * CLAMAV_HOST is set. The AWS SDK loads only when S3 is used.
 */
export async function fileStoreFromConfig(
  config: Pick<Config, "s3" | "filesDir" | "clamav">,
): Promise<FileStore> {
  return createFileStore(await blobStoreFromConfig(config), createVirusScanner(config.clamav));
}

/** The store of the bytes alone, for what copies them whole (the backup and its restore). */
export async function blobStoreFromConfig(config: Pick<Config, "s3" | "filesDir">): Promise<BlobStore> {
  if (config.s3) {
    const { s3BlobStore } = await import("./s3-blob-store.ts");
    return s3BlobStore(config.s3);
  }
  if (config.filesDir === "memory://") return memoryBlobStore();
  return localBlobStore(resolve(config.filesDir));
}
