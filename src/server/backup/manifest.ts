import { createHash } from "node:crypto";
import { createReadStream, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

/**
 * A backup is a folder: the database's dump, the stored files' bytes under files/<first two characters
 * of the id>/<id> (the layout of FILES_DIR), and manifest.json, which says what each part is and its
 * SHA-256, so that a restore can prove every part whole before it touches anything.
 */

export const BACKUP_FORMAT = "pedaali-backup/1";
const MANIFEST_FILE = "manifest.json";
const FILES_FOLDER = "files";

/** The dump's file name by database: pg_dump's custom format, or PGlite's gzipped data directory. */
export const DUMP_FILE = { postgres: "database.dump", pglite: "database.tar.gz" } as const;

const zSha256 = z.string().regex(/^[0-9a-f]{64}$/);
const zFileId = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

const zBackupManifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  createdAt: z.iso.datetime(),
  app: z.object({ version: z.string() }),
  database: z.object({
    kind: z.enum(["postgres", "pglite"]),
    file: z.string(),
    bytes: z.int().nonnegative(),
    sha256: zSha256,
    /** The migrations the dumped database had applied: the newest one's name and how many. */
    migrations: z.object({ applied: z.int().nonnegative(), head: z.string().nullable() }),
  }),
  files: z.object({
    count: z.int().nonnegative(),
    bytes: z.int().nonnegative(),
    /** Every stored file the dumped database names, with the SHA-256 its row records. */
    entries: z.array(
      z.object({
        id: zFileId,
        mimeType: z.string(),
        bytes: z.int().nonnegative(),
        sha256: zSha256,
      }),
    ),
    /** Files the database names whose bytes the store did not have when the backup was made. */
    missing: z.array(zFileId),
    /** Files whose bytes in the store were not the bytes their row's SHA-256 names. */
    damaged: z.array(zFileId),
  }),
});

export type BackupManifest = z.infer<typeof zBackupManifest>;
export type BackupFileEntry = BackupManifest["files"]["entries"][number];

export function writeManifest(folder: string, manifest: BackupManifest): void {
  writeFileSync(join(folder, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
}

export function readManifest(folder: string): BackupManifest {
  let text: string;
  try {
    text = readFileSync(join(folder, MANIFEST_FILE), "utf8");
  } catch {
    throw new Error(`${folder} is not a backup: it has no ${MANIFEST_FILE}`);
  }
  const parsed = zBackupManifest.safeParse(JSON.parse(text));
  if (!parsed.success) {
    throw new Error(
      `${join(folder, MANIFEST_FILE)} is not a ${BACKUP_FORMAT} manifest: ${parsed.error.message}`,
    );
  }
  return parsed.data;
}

/** Where a stored file's bytes are in the backup folder. */
export function backupFilePath(folder: string, id: string): string {
  return join(folder, FILES_FOLDER, id.slice(0, 2), id);
}

/** The SHA-256 (hex) and size of a file on disk, read as a stream (a dump may be gigabytes). */
export async function hashFile(path: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).byteLength;
  }
  return { sha256: hash.digest("hex"), bytes };
}
