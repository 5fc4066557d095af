/**
 * The database-stop test (`npm run test:resilience -- --only db-stop --yes-stop-postgres`): PostgreSQL
 * itself is stopped under a steady load (`pg_ctlcluster ... stop -m fast`, as a crashed or restarted
 * database server goes away) and started again. Meanwhile every call answers 503 SERVICE_UNAVAILABLE with
 * Retry-After, within 5 s and never a 500, and the health check answers 503; once the database accepts
 * connections again the calls answer 200 within 5 s, with no restart of the app.
 *
 * It stops the machine's PostgreSQL (the newest cluster in /etc/postgresql, which DATABASE_URL must
 * reach on this machine), so every other user of it fails meanwhile: resilience.ts runs it only with
 * `--yes-stop-postgres`. PostgreSQL is started again whatever happens; when it cannot be, the run says
 * so loudly.
 *
 * The server runs on a fresh database with the demo data (demo-server.ts) rather than on the bench's:
 * the outage is the same whatever the data, and the bench's 100,000 employees take minutes to seed on a
 * machine that has not seeded them. The calls are the bench's hot calls whose users the demo data has.
 */
import { execFile } from "node:child_process";
import { readdirSync } from "node:fs";
import { promisify } from "node:util";
import { hotCalls, LOGINS, type Who } from "../bench/hot-calls.ts";
import { headersOf, login, nextAddress, type Session } from "../bench/server.ts";
import { databaseUrlNamed, startDemoServer } from "./demo-server.ts";

const run = promisify(execFile);

const BEFORE_MS = 10_000;
const OUTAGE_MS = 8_000;
/** How long the load goes on after the database accepts connections again. */
const AFTER_MS = 10_000;
const WORKERS = 8;
const HEALTH_EVERY_MS = 250;
/** Longer than this is a hang: a user's call must not wait on a database that is not there. */
const HANG_MS = 5_000;
const RECOVERY_GOAL_MS = 5_000;

type Answer = {
  key: string;
  startedAt: number;
  endedAt: number;
  status: number;
  code: string | null;
  retryAfter: string | null;
};

/** The newest PostgreSQL cluster of this machine (as .ci/run starts it). */
function clusterVersion(): string {
  const versions = readdirSync("/etc/postgresql").sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  if (!newest) throw new Error("No PostgreSQL cluster in /etc/postgresql");
  return newest;
}

const cluster = (version: string, action: string, ...more: string[]) =>
  run("pg_ctlcluster", ["--skip-systemctl-redirect", version, "main", action, ...more]);

function serverAddress(): { host: string; port: string } {
  const url = new URL(databaseUrlNamed("postgres"));
  return { host: url.hostname, port: url.port || "5432" };
}

async function accepting(): Promise<boolean> {
  const { host, port } = serverAddress();
  return run("pg_isready", ["-q", "-h", host, "-p", port]).then(
    () => true,
    () => false,
  );
}

async function waitUntilAccepting(ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await accepting()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/** Starts PostgreSQL if it is down; says so loudly when it cannot. */
async function ensurePostgresRuns(version: string): Promise<void> {
  if (await accepting()) return;
  try {
    await cluster(version, "start");
  } catch (error) {
    console.error(error);
  }
  if (await waitUntilAccepting(60_000)) return;
  const line = "!".repeat(100);
  console.error(
    `\n${line}\n!!! PostgreSQL ${version} did NOT start again after the database-stop test.\n!!! Start it by hand: pg_ctlcluster --skip-systemctl-redirect ${version} main start\n${line}\n`,
  );
}

export type DbStopReport = {
  missed: string[];
  postgres: string;
  before: { answers: number; statuses: Record<string, number> };
  outage: {
    answers: number;
    statuses: Record<string, number>;
    slowestMs: number;
    withoutRetryAfter: number;
    healthChecks: Record<string, number>;
  };
  aroundTheStop: { answers: number; statuses: Record<string, number>; slowestMs: number };
  afterTheStart: { answers: number; statuses: Record<string, number> };
  stopTookMs: number;
  startToAcceptingMs: number;
  recoveryMs: number | null;
  healthRecoveryMs: number | null;
  fiveHundreds: number;
};

/**
 * Below 0 the app served before pg_isready, polled every 50 ms through a process of its own, saw the
 * database accept connections: the recovery was then as quick as that poll can tell.
 */
const afterAccepting = (ms: number | null) =>
  ms === null ? "never" : ms <= 0 ? `at once (${ms} ms)` : `${ms} ms after that`;

const countStatuses = (answers: Answer[]) => {
  const counts: Record<string, number> = {};
  for (const a of answers) counts[String(a.status)] = (counts[String(a.status)] ?? 0) + 1;
  return counts;
};
const slowest = (answers: Answer[]) =>
  Math.round(Math.max(0, ...answers.map((a) => a.endedAt - a.startedAt)));

export async function dbStopTest(): Promise<DbStopReport> {
  const { host } = serverAddress();
  if (!["127.0.0.1", "localhost", "::1", "[::1]"].includes(host)) {
    throw new Error(`db-stop stops this machine's PostgreSQL, but DATABASE_URL reaches ${host}`);
  }
  const version = clusterVersion();
  if (!(await accepting())) throw new Error(`PostgreSQL ${version} is not running before the test`);
  console.info("db-stop: a fresh database with the demo data...");
  // Every call of the outage would log its error: the test counts the answers itself.
  const server = await startDemoServer("dbstop", { logLevel: "fatal" });
  let stopped = false;
  try {
    const who: Who[] = ["employee", "employer", "helpdesk"];
    const sessions = {} as Record<Who, Session>;
    for (const w of who) sessions[w] = await login(server.base, LOGINS[w]);
    const calls = hotCalls().filter((c) => c.key !== "login" && !c.afterCursorOf && c.as !== "group");

    const answers: Answer[] = [];
    let loading = true;
    let next = 0;
    const ask = async (key: string, path: string, init: RequestInit) => {
      const startedAt = performance.now();
      let answer: Omit<Answer, "key" | "startedAt" | "endedAt">;
      try {
        const res = await fetch(`${server.base}${path}`, { ...init, signal: AbortSignal.timeout(20_000) });
        const text = await res.text();
        let code: string | null = null;
        try {
          code = (JSON.parse(text) as { code?: string }).code ?? null;
        } catch {}
        answer = { status: res.status, code, retryAfter: res.headers.get("retry-after") };
      } catch {
        // No answer at all (a timeout or a dropped connection): status 0.
        answer = { status: 0, code: null, retryAfter: null };
      }
      answers.push({ key, startedAt, endedAt: performance.now(), ...answer });
    };
    const worker = async () => {
      while (loading) {
        const call = calls[next++ % calls.length];
        if (!call) break;
        const headers = headersOf(call, call.as ? sessions[call.as] : null);
        if (call.manyAddresses) headers["x-forwarded-for"] = nextAddress();
        await ask(call.key, call.path, {
          method: call.method,
          headers,
          ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
        });
      }
    };
    const health = async () => {
      while (loading) {
        await ask("health", "/api/health-check", {});
        await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
      }
    };
    const exitedEarly = new Promise<never>((_, reject) =>
      server.child.once("exit", (code, signal) =>
        reject(new Error(`The server stopped during the database-stop test (exit ${code ?? signal})`)),
      ),
    );
    exitedEarly.catch(() => {});
    const load = Promise.all([...Array.from({ length: WORKERS }, worker), health()]);
    const sleep = (ms: number) =>
      Promise.race([new Promise((resolve) => setTimeout(resolve, ms)), exitedEarly]);

    await sleep(BEFORE_MS);
    console.info(`db-stop: stopping PostgreSQL ${version} (pg_ctlcluster ... stop -m fast)`);
    const stopIssued = performance.now();
    stopped = true;
    await cluster(version, "stop", "-m", "fast");
    const stopDone = performance.now();
    await sleep(OUTAGE_MS);
    console.info(`db-stop: starting PostgreSQL ${version}`);
    const startIssued = performance.now();
    const start = cluster(version, "start");
    if (!(await waitUntilAccepting(60_000)))
      throw new Error("PostgreSQL did not accept connections within 60 s");
    const acceptingAt = performance.now();
    await start;
    stopped = false;
    await sleep(AFTER_MS);
    loading = false;
    await Promise.race([load, exitedEarly]);

    const api = answers.filter((a) => a.key !== "health");
    const before = api.filter((a) => a.endedAt < stopIssued);
    const around = answers.filter((a) => a.startedAt < stopDone && a.endedAt >= stopIssued);
    const outage = answers.filter((a) => a.startedAt >= stopDone && a.startedAt < startIssued);
    const outageApi = outage.filter((a) => a.key !== "health");
    const outageHealth = outage.filter((a) => a.key === "health");
    const afterStart = answers.filter((a) => a.startedAt >= startIssued);
    const refused = (a: Answer) => a.status === 503 && a.code === "SERVICE_UNAVAILABLE";

    // Recovered: the first 200 after the last call that did not answer 200.
    const recoveredFrom = (of: Answer[]) => {
      const lastFailure = Math.max(
        startIssued,
        ...of.filter((a) => a.status !== 200).map((a) => a.startedAt),
      );
      const firstOk = of
        .filter((a) => a.startedAt > lastFailure && a.status === 200)
        .sort((a, b) => a.endedAt - b.endedAt)[0];
      return firstOk ? Math.round(firstOk.endedAt - acceptingAt) : null;
    };
    const report: DbStopReport = {
      missed: [],
      postgres: version,
      before: { answers: before.length, statuses: countStatuses(before) },
      aroundTheStop: { answers: around.length, statuses: countStatuses(around), slowestMs: slowest(around) },
      outage: {
        answers: outageApi.length,
        statuses: countStatuses(outageApi),
        slowestMs: slowest(outageApi),
        withoutRetryAfter: outageApi.filter((a) => !a.retryAfter).length,
        healthChecks: countStatuses(outageHealth),
      },
      afterTheStart: { answers: afterStart.length, statuses: countStatuses(afterStart) },
      stopTookMs: Math.round(stopDone - stopIssued),
      startToAcceptingMs: Math.round(acceptingAt - startIssued),
      recoveryMs: recoveredFrom(afterStart.filter((a) => a.key !== "health")),
      healthRecoveryMs: recoveredFrom(afterStart.filter((a) => a.key === "health")),
      fiveHundreds: answers.filter((a) => a.status >= 500 && a.status !== 503).length,
    };
    const missed = report.missed;
    const notOk = before.filter((a) => a.status !== 200).length;
    if (notOk > 0) missed.push(`db-stop: ${notOk} calls before the stop did not answer 200`);
    const wrong = outageApi.filter((a) => !refused(a));
    if (outageApi.length === 0) missed.push("db-stop: no call was made while the database was stopped");
    if (wrong.length > 0) {
      const seen = [...new Set(wrong.map((a) => `${a.key} ${a.status} ${a.code ?? ""}`))].slice(0, 5);
      missed.push(
        `db-stop: ${wrong.length} calls during the outage did not answer 503 SERVICE_UNAVAILABLE (${seen.join("; ")})`,
      );
    }
    if (report.outage.withoutRetryAfter > 0) {
      missed.push(`db-stop: ${report.outage.withoutRetryAfter} answers during the outage had no Retry-After`);
    }
    const hung = [...around, ...outage].filter((a) => a.endedAt - a.startedAt > HANG_MS).length;
    if (hung > 0)
      missed.push(`db-stop: ${hung} calls around the stop or during the outage took over ${HANG_MS} ms`);
    if (report.fiveHundreds > 0)
      missed.push(`db-stop: ${report.fiveHundreds} answers were a 5xx other than 503`);
    if (outageHealth.length === 0 || outageHealth.some((a) => a.status !== 503)) {
      missed.push(
        `db-stop: the health check answered ${JSON.stringify(report.outage.healthChecks)} during the outage, not 503`,
      );
    }
    if (report.recoveryMs === null || report.recoveryMs > RECOVERY_GOAL_MS) {
      missed.push(
        `db-stop: the calls answered 200 again ${report.recoveryMs === null ? "never" : `${report.recoveryMs} ms`} after the database accepted connections (goal ${RECOVERY_GOAL_MS} ms)`,
      );
    }

    console.info(
      `db-stop: before the stop ${before.length} calls ${JSON.stringify(report.before.statuses)}; the stop took ${report.stopTookMs} ms, calls across it ${JSON.stringify(report.aroundTheStop.statuses)} (slowest ${report.aroundTheStop.slowestMs} ms)`,
    );
    console.info(
      `db-stop: during the ${OUTAGE_MS / 1000} s outage ${outageApi.length} calls ${JSON.stringify(report.outage.statuses)}, slowest ${report.outage.slowestMs} ms, ${report.outage.withoutRetryAfter} without Retry-After; health checks ${JSON.stringify(report.outage.healthChecks)}`,
    );
    console.info(
      `db-stop: PostgreSQL accepted connections ${report.startToAcceptingMs} ms after its start; the calls answered 200 again ${afterAccepting(report.recoveryMs)} and the health check ${afterAccepting(report.healthRecoveryMs)}; after the start ${JSON.stringify(report.afterTheStart.statuses)}`,
    );
    return report;
  } finally {
    if (stopped || !(await accepting())) await ensurePostgresRuns(version);
    await server.dispose().catch((error: unknown) => console.error("db-stop: could not clean up:", error));
  }
}
