import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createPglite, type Database, type Db, fromPglite } from "../db/client.ts";

/**
 * The embedded database's backup: PGlite's own dump of its data directory (a gzipped tar), which it
 * loads back into a new directory. PGlite is one process's database: while the app has the directory
 * open, nothing else may open it, so the backup refuses a directory in use.
 */

/**
 * PGlite writes postmaster.pid when it opens its directory and removes it when it closes it, so the
 * file says the app has it open now, or stopped without closing it (killed, or the machine stopped).
 */
function pgliteInUse(dir: string): boolean {
  return existsSync(join(dir, "postmaster.pid"));
}

const PGLITE_IN_USE =
  "has postmaster.pid: the app has it open (stop the app first), or stopped without closing it " +
  "(start and stop the app once, or remove the file if you are sure nothing has the folder open)";

/** Dumps the data directory to `file` (gzipped tar), answering what `read` read from it meanwhile. */
export async function dumpPglite<T>(dir: string, file: string, read: (db: Db) => Promise<T>): Promise<T> {
  if (!existsSync(join(dir, "PG_VERSION"))) throw new Error(`${dir} holds no embedded database`);
  if (pgliteInUse(dir)) throw new Error(`${dir} ${PGLITE_IN_USE}`);
  const database = fromPglite(await createPglite({ dataDir: dir }));
  try {
    const what = await read(database.db);
    const dump = await database.pglite?.dumpDataDir("gzip");
    if (!dump) throw new Error("PGlite made no dump");
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    return what;
  } finally {
    await database.close();
  }
}

/** Whether a folder holds anything (a folder that does not exist holds nothing). */
function folderHoldsAnything(dir: string): boolean {
  return existsSync(dir) && readdirSync(dir).length > 0;
}

/**
 * Loads the dump into `dir`, which must be empty or absent; with `replace`, a directory that holds
 * something is moved aside to `<dir>.before-restore-<time>` (never removed: it may be all there is).
 * A directory in use is refused even so. Answers the opened database and where the old one went.
 */
export async function restorePglite(
  dir: string,
  file: string,
  options: { replace: boolean; now: Date },
): Promise<{ database: Database; movedAside: string | null }> {
  let movedAside: string | null = null;
  if (folderHoldsAnything(dir)) {
    if (pgliteInUse(dir)) throw new Error(`${dir} ${PGLITE_IN_USE}`);
    if (!options.replace) throw new Error(`${dir} is not empty: restore into a new folder, or pass --force`);
    movedAside = `${dir}.before-restore-${options.now.toISOString().replaceAll(":", "")}`;
    renameSync(dir, movedAside);
  }
  mkdirSync(dir, { recursive: true });
  const client = await createPglite({ dataDir: dir, loadDataDir: new Blob([readFileSync(file)]) });
  return { database: fromPglite(client), movedAside };
}
