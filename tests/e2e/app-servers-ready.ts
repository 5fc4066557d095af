import { existsSync, readFileSync } from "node:fs";
import { E2E_WORKERS, serverExitFile, serverLogFile, serverUrl } from "./servers.ts";

/**
 * Playwright's first global setup: waits until every worker's app server has started. The servers are
 * started side by side (playwright.config.ts starts them without waiting for each in turn), since
 * each one migrates and seeds a database of its own, most of a run's start; this is where the run
 * waits for all of them.
 *
 * A server counts as started when its own log, in this run's folder, says it is running and its
 * health check answers: a server that could not take its port (another program has it) never writes
 * that line, so a run never talks to a stranger on the port. A server that ended leaves its exit
 * status beside its log, and the run stops at once, its error printed above by Playwright.
 */

/**
 * Two servers migrating and seeding side by side take some 30 s on an idle 2-core machine and
 * minutes on one shared with other work; past this the run fails.
 */
const START_TIMEOUT_MS = 240_000;
const POLL_MS = 250;
const RUNNING = "Pedaali is running at";

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/health-check`)).ok;
  } catch {
    return false;
  }
}

async function started(index: number): Promise<boolean> {
  const exit = serverExitFile(index);
  if (existsSync(exit)) {
    throw new Error(
      `App server ${index} ended while starting (exit status ${readFileSync(exit, "utf8").trim()}); its error is printed above, its log is ${serverLogFile(index)}`,
    );
  }
  const log = serverLogFile(index);
  if (!existsSync(log) || !readFileSync(log, "utf8").includes(RUNNING)) return false;
  return healthy(serverUrl(index));
}

export default async function appServersReady(): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  const waiting = new Set(Array.from({ length: E2E_WORKERS }, (_, index) => index));
  while (waiting.size > 0) {
    for (const index of [...waiting]) if (await started(index)) waiting.delete(index);
    if (waiting.size === 0) return;
    if (Date.now() > deadline) {
      throw new Error(
        `App servers ${[...waiting].join(", ")} did not start in ${START_TIMEOUT_MS / 1000} s (logs: ${[...waiting].map(serverLogFile).join(", ")})`,
      );
    }
    await new Promise((done) => setTimeout(done, POLL_MS));
  }
}
