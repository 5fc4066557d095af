/**
 * The backup test (`npm run test:resilience -- --only backup`): `npm run backup`'s backup taken while
 * the server is busy writing, then restored as the quarterly drill restores one (docs/deployment.md).
 *
 * On a database of its own with the demo data (demo-server.ts). Each round starts the resilience work's
 * flows (flows.ts: signings, order moves, claims with photos withdrawn again, refund receipts) and,
 * `--backup-ms` (by default 500-2500) ms into them, backs the database and its stored files up. Once the
 * flows have ended, the backup is restored into a new database and an empty files folder, and there
 * every migration must be applied, `npm run db:consistency`'s promises must hold (every file row's
 * bytes among them) and the backup must name no file as missing or damaged. The round also reports how
 * many of its own event-log rows the backup holds: some but not all of them shows the dump was taken
 * amid the writes, as the test means.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createBackup } from "../../src/server/backup/backup.ts";
import { checkRestored, restoreBackup } from "../../src/server/backup/restore.ts";
import { fromPostgresUrl } from "../../src/server/db/client.ts";
import { checkConsistency, type Finding } from "../../src/server/db/consistency.ts";
import { localBlobStore } from "../../src/server/files/blob-store.ts";
import { createFileStore } from "../../src/server/files/file-store.ts";
import { databaseUrlNamed, dropDatabase, startDemoServer } from "./demo-server.ts";
import { logIn, pickData, Round, readyRound, startFlows, writtenRows } from "./flows.ts";

type BackupRound = {
  round: number;
  backupAfterMs: number;
  requestsInFlightAtBackup: number;
  backupMs: number;
  restoreMs: number;
  /** The round's event-log rows: written while the round ran, and held by the backup. */
  events: { written: number; inBackup: number };
  filesInBackup: number;
  missingOrDamaged: string[];
  pendingMigrations: string[];
  findingsRestored: Finding[];
};

export type BackupReport = { rounds: BackupRound[]; missed: string[] };

const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
  version: string;
};

export async function backupTest(
  rounds: number,
  window: { min: number; max: number } = { min: 500, max: 2500 },
): Promise<BackupReport> {
  const results: BackupRound[] = [];
  const missed: string[] = [];
  console.info("backup: a fresh database with the demo data...");
  const server = await startDemoServer("backup");
  const database = fromPostgresUrl(server.databaseUrl, { max: 4 });
  const blobs = localBlobStore(server.filesDir);
  const files = createFileStore(blobs);
  const work = mkdtempSync(join(tmpdir(), "pedaali-backup-drill-"));
  try {
    const data = await pickData(database.db);
    const sessions = await logIn(server.base, data);
    for (let n = 1; n <= rounds; n++) {
      const readied = await readyRound(server.base, database.db, data, sessions);
      const round = new Round(server.base);
      const backupAfterMs = Math.round(window.min + Math.random() * (window.max - window.min));
      const before = await writtenRows(database.db);
      const flows = startFlows(round, data, sessions, readied);
      await new Promise((resolve) => setTimeout(resolve, backupAfterMs));
      const requestsInFlightAtBackup = round.inFlight;
      const backupStarted = performance.now();
      const folder = join(work, `round-${n}`);
      const manifest = await createBackup({
        source: { kind: "postgres", url: server.databaseUrl },
        blobs,
        folder,
        now: new Date(),
        appVersion: version,
      });
      const backupMs = Math.round(performance.now() - backupStarted);
      const outcomes = await Promise.all(flows);
      const after = await writtenRows(database.db);
      const live = await checkConsistency(database.db, files);
      for (const f of live)
        missed.push(`backup round ${n}, the live database: ${f.rule} (${f.ids.join(", ")})`);

      const restoredName = `pedaali_restored_${process.pid}_${n}`;
      const restoredUrl = databaseUrlNamed(restoredName);
      const restoredFiles = join(work, `round-${n}-files`);
      const restoreStarted = performance.now();
      const restored = await restoreBackup({
        folder,
        target: { kind: "postgres", url: restoredUrl },
        blobs: localBlobStore(restoredFiles),
        force: false,
        now: new Date(),
      });
      const restoreMs = Math.round(performance.now() - restoreStarted);
      try {
        const restoredStore = createFileStore(localBlobStore(restoredFiles));
        const state = await checkRestored(restored.database, restoredStore);
        const held = await writtenRows(restored.database.db);
        await restoredStore.close();
        const result: BackupRound = {
          round: n,
          backupAfterMs,
          requestsInFlightAtBackup,
          backupMs,
          restoreMs,
          events: { written: after.events - before.events, inBackup: held.events - before.events },
          filesInBackup: manifest.files.count,
          missingOrDamaged: [...manifest.files.missing, ...manifest.files.damaged],
          pendingMigrations: state.migrations.pending,
          findingsRestored: state.findings,
        };
        results.push(result);
        const completed = outcomes.filter((o) => o.outcome === "completed").length;
        console.info(
          `round ${n}/${rounds}: backed up ${backupAfterMs} ms after ${outcomes.length} flows started, ${requestsInFlightAtBackup} requests in flight, in ${(backupMs / 1000).toFixed(1)} s (${result.filesInBackup} files); restored in ${(restoreMs / 1000).toFixed(1)} s; the backup holds ${result.events.inBackup} of the round's ${result.events.written} events; ${completed} flows completed; consistency of the restored copy: ${state.findings.length === 0 ? "kept" : "BROKEN"}`,
        );
        for (const f of state.findings) {
          console.info(`    ${f.rule}: ${f.count} rows, e.g. ${f.ids.join(", ")}`);
          missed.push(`backup round ${n}, restored: ${f.rule} (${f.ids.join(", ")})`);
        }
        if (result.missingOrDamaged.length > 0) {
          missed.push(
            `backup round ${n}: files missing or damaged in the backup: ${result.missingOrDamaged.join(", ")}`,
          );
        }
        if (result.pendingMigrations.length > 0) {
          missed.push(
            `backup round ${n}: the restored database lacks ${result.pendingMigrations.join(", ")}`,
          );
        }
      } finally {
        await restored.database.close();
        await dropDatabase(restoredName);
      }
    }
    if (results.length > 0 && results.every((r) => r.requestsInFlightAtBackup === 0)) {
      missed.push("backup: no backup started while a request was in flight: nothing was tested");
    }
    return { rounds: results, missed };
  } finally {
    rmSync(work, { recursive: true, force: true });
    await database.close();
    await files.close();
    await server.dispose();
  }
}
