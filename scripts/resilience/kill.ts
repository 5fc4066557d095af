/**
 * The kill test (`npm run test:resilience -- --only kill`): the production build is SIGKILLed in the
 * middle of signings, order moves and uploads, started again on the same database and files folder,
 * and the database's promises (src/server/db/consistency.ts, the file store's bytes included) are
 * checked after the kill and again after the restart. No transaction may be left half done, no file row
 * without its bytes.
 *
 * On a database of its own with the demo data (demo-server.ts). Each round first readies its work
 * through the API (so some flows start at the signature, the employer's approval or the leasing
 * company's submission, not only at the acceptance), then starts its 26 flows at once — as many
 * requests in flight — and kills the server `--kill-ms` (by default 50–500) ms later. Each round also
 * counts the event-log and file rows committed before the kill. Each flow ends completed, failed (an error
 * answer before the kill), cut (a request of it was in flight when the kill came) or stopped (its next
 * request found the server gone); the round prints those counts so a kill that found nothing under way
 * shows. A finding fails the test, and so does a run whose kills never cut a request.
 *
 * The per-user limits hold across restarts (they count in the database): the helpdesk's receipts (6 a
 * round, 60 uploads in 10 minutes) and the employees' claims (1 a round, 30 an hour) answer 429 in a run
 * of more than about 10 rounds in 10 minutes; those flows then count as failed, which is no finding.
 */
import { fromPostgresUrl } from "../../src/server/db/client.ts";
import { checkConsistency, type Finding } from "../../src/server/db/consistency.ts";
import { localBlobStore } from "../../src/server/files/blob-store.ts";
import { createFileStore } from "../../src/server/files/file-store.ts";
import { startDemoServer } from "./demo-server.ts";
import {
  CLAIM_UPLOADS,
  logIn,
  OUTCOMES,
  type Outcome,
  pickData,
  Round,
  readyRound,
  SIGNING_CHAINS,
  startFlows,
  writtenRows,
} from "./flows.ts";

type KillRound = {
  round: number;
  killAfterMs: number;
  requestsInFlightAtKill: number;
  /** Event-log and file rows the round's flows committed before the kill: the kill came amid writes. */
  committedBeforeKill: { events: number; files: number };
  flows: Record<string, Record<Outcome, number>>;
  failures: string[];
  cutAt: Record<string, number>;
  restartMs: number;
  findingsAfterKill: Finding[];
  findingsAfterRestart: Finding[];
};

export type KillReport = { rounds: KillRound[]; missed: string[] };

function printFindings(when: string, findings: Finding[]): void {
  if (findings.length === 0) return;
  console.info(`    BROKEN ${when}:`);
  for (const f of findings) console.info(`      ${f.rule}: ${f.count} rows, e.g. ${f.ids.join(", ")}`);
}

/**
 * `kills` rounds, each killing the server a random time within `window` after its flows start (by
 * default 50–500 ms: amid the first requests' transactions; a later window reaches the chains' later
 * steps, as the flows of a round take a few seconds on a busy machine).
 */
export async function killTest(
  kills: number,
  window: { min: number; max: number } = { min: 50, max: 500 },
): Promise<KillReport> {
  const rounds: KillRound[] = [];
  const missed: string[] = [];
  console.info("kill: a fresh database with the demo data...");
  const server = await startDemoServer("kill");
  const database = fromPostgresUrl(server.databaseUrl, { max: 4 });
  const files = createFileStore(localBlobStore(server.filesDir));
  try {
    const check = () => checkConsistency(database.db, files);
    const baseline = await check();
    if (baseline.length > 0) {
      printFindings("before any kill (the demo data itself)", baseline);
      return { rounds, missed: ["kill: the fresh demo data already breaks the database's promises"] };
    }
    const data = await pickData(database.db);
    if (data.signers.length < SIGNING_CHAINS || data.claimOwners.length < CLAIM_UPLOADS) {
      throw new Error("The demo data has too few employees for the kill test's flows");
    }
    let sessions = await logIn(server.base, data);
    let loggedInAt = performance.now();
    for (let n = 1; n <= kills; n++) {
      // A session lasts 15 minutes: a long run logs in again before it ends.
      if (performance.now() - loggedInAt > 10 * 60_000) {
        sessions = await logIn(server.base, data);
        loggedInAt = performance.now();
      }
      const readied = await readyRound(server.base, database.db, data, sessions);
      const round = new Round(server.base);
      const killAfterMs = Math.round(window.min + Math.random() * (window.max - window.min));
      const before = await writtenRows(database.db);
      const flows = startFlows(round, data, sessions, readied);
      await new Promise((resolve) => setTimeout(resolve, killAfterMs));
      round.killedAt = performance.now();
      round.inFlightAtKill = round.inFlight;
      await server.kill();
      const results = await Promise.all(flows);
      const after = await writtenRows(database.db);
      const committedBeforeKill = { events: after.events - before.events, files: after.files - before.files };

      const findingsAfterKill = await check();
      const restartMs = await server.restart();
      const findingsAfterRestart = await check();

      const byKind: Record<string, Record<Outcome, number>> = {};
      const cutAt: Record<string, number> = {};
      for (const r of results) {
        byKind[r.kind] ??= { completed: 0, failed: 0, cut: 0, stopped: 0 };
        (byKind[r.kind] as Record<Outcome, number>)[r.outcome]++;
        if (r.outcome === "cut") cutAt[r.step] = (cutAt[r.step] ?? 0) + 1;
      }
      const failures = results
        .filter((r) => r.outcome === "failed")
        .map((r) => `${r.kind} at ${r.step}: ${r.detail ?? ""}`);
      const report: KillRound = {
        round: n,
        killAfterMs,
        requestsInFlightAtKill: round.inFlightAtKill,
        committedBeforeKill,
        flows: byKind,
        failures,
        cutAt,
        restartMs,
        findingsAfterKill,
        findingsAfterRestart,
      };
      rounds.push(report);

      const total = (o: Outcome) => results.filter((r) => r.outcome === o).length;
      console.info(
        `round ${n}/${kills}: killed ${killAfterMs} ms after ${results.length} flows started, ${round.inFlightAtKill} of ${round.requests} requests in flight; ${OUTCOMES.map((o) => `${total(o)} ${o}`).join(", ")}; ${committedBeforeKill.events} events and ${committedBeforeKill.files} files committed before the kill; healthy again in ${(restartMs / 1000).toFixed(1)} s`,
      );
      for (const [kind, counts] of Object.entries(byKind)) {
        console.info(`    ${kind.padEnd(16)} ${OUTCOMES.map((o) => `${counts[o]} ${o}`).join(", ")}`);
      }
      console.info(
        `    cut at: ${
          Object.entries(cutAt)
            .map(([step, count]) => `${step} ${count}`)
            .join(", ") || "nothing"
        }`,
      );
      if (failures.length > 0) console.info(`    failed: ${failures.join("; ")}`);
      printFindings("after the kill", findingsAfterKill);
      printFindings("after the restart", findingsAfterRestart);
      console.info(
        `    consistency: ${findingsAfterKill.length === 0 ? "kept" : "BROKEN"} after the kill, ${
          findingsAfterRestart.length === 0 ? "kept" : "BROKEN"
        } after the restart`,
      );
      for (const [when, findings] of [
        ["after the kill", findingsAfterKill],
        ["after the restart", findingsAfterRestart],
      ] as const) {
        for (const f of findings) missed.push(`kill round ${n}, ${when}: ${f.rule} (${f.ids.join(", ")})`);
      }
    }
    if (rounds.length > 0 && rounds.every((r) => Object.values(r.cutAt).length === 0)) {
      console.info(
        "kill: no kill found a request in flight: nothing was interrupted, so nothing was tested.",
      );
      missed.push("kill: no round's kill cut a request in flight");
    }
    return { rounds, missed };
  } finally {
    await database.close();
    await files.close();
    await server.dispose();
  }
}
