import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, rmSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The browser tests run in as many workers as the machine has cores (E2E_WORKERS changes it), and
 * each worker talks to a server of its own on a database of its own, so that journeys running side by
 * side never see each other's data.
 *
 * Two runs on one machine (two checkouts, or one twice) never meet either: each run's servers listen
 * on ports the system gave it, and its files (the servers' logs, the shared key set, Playwright's
 * results and report) are in a folder of its own. Playwright reads this file in its runner and again
 * in every worker: the runner chooses, and its servers and workers find the choice in the environment
 * they inherit (E2E_RUN_DIR, E2E_PORTS).
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? availableParallelism());

const RESULTS = fileURLToPath(new URL("../../test-results/", import.meta.url));
const RUN_PREFIX = "run-";

// The runner, on reading the config, chooses; a worker finds the runner's choice already made.
if (process.env.E2E_RUN_DIR === undefined) {
  removeFinishedRuns();
  process.env.E2E_RUN_DIR = join(RESULTS, `${RUN_PREFIX}${process.pid}`);
}
process.env.E2E_PORTS ??= serverPorts().join(",");

/** This run's folder: test-results/run-<the runner's process id>. */
export const RUN_DIR = process.env.E2E_RUN_DIR as string;

const PORTS = (process.env.E2E_PORTS as string).split(",").map(Number);

/**
 * Worker i's server port: E2E_PORT + i when E2E_PORT is set (a developer's fixed choice), else one the
 * system hands out as free now. Ports are chosen before the servers start, since each server's own
 * address (PUBLIC_URL), Playwright's check that it is up and the identity providers' redirects all
 * name it.
 */
function serverPorts(): number[] {
  const base = process.env.E2E_PORT;
  if (base) return Array.from({ length: E2E_WORKERS }, (_, index) => Number(base) + index);
  return freePortsNow(E2E_WORKERS);
}

/**
 * `count` different ports the system picks for listeners on 127.0.0.1, found synchronously (the config
 * cannot wait): a child process listens on port 0 that many times at once, prints the ports it got
 * and lets them go. The servers take them a few seconds later. The system picks a listener's port at
 * random among some 28,000, so another run being handed one of them in between is unlikely, not
 * impossible; a taken port fails the run at the start (its server cannot listen, app-servers-ready.ts),
 * never a journey midway.
 */
function freePortsNow(count: number): number[] {
  const script = `
    const { createServer } = require("node:net");
    const held = [];
    const next = () => {
      if (held.length === ${count}) {
        console.log(JSON.stringify(held.map((s) => s.address().port)));
        for (const s of held) s.close();
        return;
      }
      const server = createServer();
      server.listen(0, "127.0.0.1", () => { held.push(server); next(); });
    };
    next();`;
  return JSON.parse(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" })) as number[];
}

/**
 * The folders of earlier runs whose runner has ended, as Playwright empties test-results at the start
 * of a run: a run still going (another terminal, another checkout's twin) keeps its folder.
 */
function removeFinishedRuns(): void {
  if (!existsSync(RESULTS)) return;
  for (const name of readdirSync(RESULTS)) {
    if (!name.startsWith(RUN_PREFIX)) continue;
    const pid = Number(name.slice(RUN_PREFIX.length));
    if (Number.isInteger(pid) && pid > 0 && isRunning(pid)) continue;
    rmSync(join(RESULTS, name), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function serverPort(workerIndex: number): number {
  const port = PORTS[workerIndex];
  if (port === undefined) throw new Error(`No server for worker ${workerIndex} (E2E_WORKERS ${E2E_WORKERS})`);
  return port;
}

export function serverUrl(workerIndex: number): string {
  return `http://localhost:${serverPort(workerIndex)}`;
}

/**
 * Worker i's server writes its log here, at info as in production, for the check after the journeys
 * that no password, token, code or identity code reaches the log (log-secrets-check.ts).
 */
export function serverLogFile(workerIndex: number): string {
  return join(RUN_DIR, `server-${workerIndex}.log`);
}

/** Written when worker i's server ends (its exit status), so the wait for the servers stops at once. */
export function serverExitFile(workerIndex: number): string {
  return join(RUN_DIR, `server-${workerIndex}.exit`);
}

/** The platform's client at the local providers (npm run identity-providers, the browser journeys). */
export const LOCAL_CLIENT_ID = "pedaali-local";
export const LOCAL_CLIENT_SECRET = "local-provider-secret";

/** The key set the app servers share behind the broker's one client, made by the providers' script. */
export const OIDC_KEYS_FILE = join(RUN_DIR, "oidc-keys.json");

/**
 * The local strong identification broker and company identity provider (scripts/identity-providers.ts)
 * listen on ports the system picks and print their addresses; the config's first web server reads
 * them from that output into these variables, which the app servers and the workers then inherit.
 */
export const PROVIDER_ADDRESSES = {
  strongIdIssuer: "E2E_STRONG_ID_ISSUER",
  companyIdpIssuer: "E2E_COMPANY_IDP_ISSUER",
} as const;

/** The company identity provider's issuer, for a journey that sets a company's single sign-on. */
export function companyIdpIssuer(): string {
  const issuer = process.env[PROVIDER_ADDRESSES.companyIdpIssuer];
  if (!issuer)
    throw new Error("The identity providers have not said where they listen (playwright.config.ts)");
  return issuer;
}
