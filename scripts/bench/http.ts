/**
 * `npm run bench`: the API over HTTP, measured as a customer's procurement would; what it calls is in
 * ./hot-calls.ts. It starts the production build (`node dist/server/main.js`, as `npm start` does)
 * on PostgreSQL (DATABASE_URL's server, database `pedaali_bench`; `--pglite` for the embedded
 * database) with the bench's data (./seed.ts, seeded once and kept: `--fresh` seeds again), logs in
 * the bench's users and, for each hot call:
 * - loads it with autocannon at `--connections` (32) for `--duration` seconds (5): requests/s, p50,
 *   p99 and errors;
 * - loads the server's bare route (BENCH_ROUTES) serving the same answer's bytes behind the same
 *   session check (none for an anonymous call): ratio (a) is the call's throughput against it;
 * - times the call alone (one connection, one request at a time) and the SQL it ran (recorded by the
 *   server) straight through `pg`: ratio (b) is the call's median against its statements' median;
 * - divides the CPU that the call's load cost the server (Node) and PostgreSQL by the calls answered
 *   (./cpu.ts): the CPU per call on each side, to choose which one to make cheaper.
 * The table prints here and goes to bench/results/<time>-<database>.json with the server's peak RSS.
 *
 * The server runs with NODE_ENV=development only because the bench's routes and the dev outbox (the
 * two-factor codes of the bench's logins) exist only there; logging is at warn, as a production
 * server's would be. Calls that are rate-limited per address (login, the calculator) send each request
 * from another X-Forwarded-For address through TRUST_PROXY=loopback, as many users behind a proxy do.
 */
import { execSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { cpuMeter } from "./cpu.ts";
import { type Call, hotCalls, LOGINS, type Who } from "./hot-calls.ts";
import { BENCH_SCALE_EMPLOYEES } from "./seed.ts";
import {
  benchDatabaseUrl,
  freePort,
  headersOf,
  login,
  nextAddress,
  peakRssMb,
  prepareDatabase,
  type Session,
  startServer,
} from "./server.ts";

const { values: options } = parseArgs({
  options: {
    "in-process": { type: "boolean", default: false },
    pglite: { type: "boolean", default: false },
    fresh: { type: "boolean", default: false },
    connections: { type: "string", default: "32" },
    duration: { type: "string", default: "5" },
    only: { type: "string" },
    profile: { type: "boolean", default: false },
  },
});
const CONNECTIONS = Number(options.connections);
const DURATION = Number(options.duration);
/** Requests timed one at a time for each call's median alone. */
const SINGLE_RUNS = 100;
/** Times the recorded statements are replayed through pg. */
const SQL_RUNS = 50;
const RESULTS_DIR = "bench/results";

async function callOnce(base: string, call: Call, session: Session | null): Promise<Response> {
  return fetch(`${base}${call.path}`, {
    method: call.method,
    headers: {
      ...headersOf(call, session),
      ...(call.manyAddresses ? { "x-forwarded-for": nextAddress() } : {}),
    },
    ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
  });
}

async function load(
  url: string,
  call: Pick<Call, "method" | "body" | "manyAddresses">,
  headers: Record<string, string>,
) {
  const body = call.body === undefined ? undefined : JSON.stringify(call.body);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    method: call.method,
    headers,
    ...(body === undefined ? {} : { body }),
    ...(call.manyAddresses
      ? {
          requests: [
            {
              setupRequest: (request) => ({
                ...request,
                headers: { ...request.headers, "x-forwarded-for": nextAddress() },
              }),
            },
          ],
        }
      : {}),
  });
  return {
    requests: result.requests.total,
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

async function aloneMedian(base: string, call: Call, session: Session | null): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < SINGLE_RUNS; i++) {
    const started = performance.now();
    const res = await callOnce(base, call, session);
    await res.arrayBuffer();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

type Statement = { sql: string; params: unknown[] };

async function recordStatements(base: string, call: Call, session: Session | null, bench: Session) {
  const start = await fetch(`${base}/api/bench/statements`, {
    method: "POST",
    headers: headersOf({ ...call, body: undefined }, bench),
  });
  if (!start.ok) throw new Error(`recording: ${start.status}`);
  await (await callOnce(base, call, session)).arrayBuffer();
  const res = await fetch(`${base}/api/bench/statements`, {
    headers: headersOf({ ...call, body: undefined }, bench),
  });
  return ((await res.json()) as { items: Statement[] }).items;
}

const READ_ONLY = /^\s*(select|with)\b/i;

/** The median time of the call's read statements run one after another straight through pg. */
async function sqlMedian(client: pg.Client, statements: Statement[]): Promise<number> {
  const reads = statements.filter((s) => READ_ONLY.test(s.sql));
  const samples: number[] = [];
  for (let i = 0; i < SQL_RUNS + 3; i++) {
    const started = performance.now();
    for (const statement of reads) await client.query(statement.sql, statement.params);
    if (i >= 3) samples.push(performance.now() - started);
  }
  return median(samples);
}

type Row = {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  bareRps: number;
  ratioA: number;
  /** The server's CPU (user + system) over the load ÷ the calls answered, ms. */
  nodeCpuMs: number | null;
  /** PostgreSQL's (./cpu.ts: pg_stat_statements or the backends' CPU) over the load ÷ the calls, ms. */
  pgCpuMs: number | null;
  aloneMs: number;
  sqlMs: number | null;
  ratioB: number | null;
  statements: number;
  writes: number;
};

function printTable(rows: Row[]): void {
  const head = [
    "call",
    "req/s",
    "p50",
    "p99",
    "err",
    "Node CPU",
    "PG CPU",
    "bare req/s",
    "(a)",
    "alone",
    "SQL",
    "(b)",
    "stmts",
  ];
  const fmt = (n: number | null, digits = 1) => (n === null ? "—" : n.toFixed(digits));
  const lines = rows.map((r) => [
    r.label,
    fmt(r.rps, 0),
    `${fmt(r.p50, 0)} ms`,
    `${fmt(r.p99, 0)} ms${r.p99 >= 50 ? " ✗" : ""}`,
    String(r.errors),
    r.nodeCpuMs === null ? "—" : `${fmt(r.nodeCpuMs, 2)} ms`,
    r.pgCpuMs === null ? "—" : `${fmt(r.pgCpuMs, 2)} ms`,
    fmt(r.bareRps, 0),
    `${fmt(r.ratioA, 2)}${r.ratioA < 0.3 ? " ✗" : ""}`,
    `${fmt(r.aloneMs, 2)} ms`,
    r.sqlMs === null ? "—" : `${fmt(r.sqlMs, 2)} ms`,
    r.ratioB === null ? "—" : `${fmt(r.ratioB, 2)}${r.ratioB > 1.5 ? " ✗" : ""}`,
    r.writes ? `${r.statements} (${r.writes} w)` : String(r.statements),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] as string).length)));
  const row = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number)))
      .join("  ");
  console.info(row(head));
  for (const line of lines) console.info(row(line));
}

/** The call with the `after` cursor its page is reached by (afterCursorOf), or as it is. */
async function withCursor(base: string, call: Call, session: Session | null): Promise<Call> {
  if (!call.afterCursorOf) return call;
  const before = await callOnce(base, { ...call, path: call.afterCursorOf }, session);
  const { nextCursor } = (await before.json()) as { nextCursor?: string | null };
  if (!nextCursor) throw new Error(`${call.label}: ${call.afterCursorOf} gave no nextCursor`);
  return { ...call, path: `${call.path}&after=${encodeURIComponent(nextCursor)}` };
}

export async function runHttpBench(): Promise<void> {
  const startedAt = new Date();
  execSync("node scripts/ensure-build.mjs", { stdio: "inherit" });
  await prepareDatabase({ pglite: options.pglite, fresh: options.fresh });
  const port = await freePort();
  const { child, base } = await startServer(port, {
    pglite: options.pglite,
    profileDir: options.profile ? `${RESULTS_DIR}/profiles` : undefined,
  });
  const pgClient = options.pglite ? null : new pg.Client({ connectionString: benchDatabaseUrl() });
  await pgClient?.connect();
  try {
    const meter = await cpuMeter(pgClient, child.pid as number);
    const sessions = {} as Record<Who, Session>;
    for (const who of Object.keys(LOGINS) as Who[]) sessions[who] = await login(base, LOGINS[who]);
    const only = options.only ? new RegExp(options.only, "i") : null;
    const rows: Row[] = [];
    console.info(
      `\n${options.pglite ? "PGlite" : "PostgreSQL"}, ${CONNECTIONS} connections, ${DURATION} s per load; (a) = req/s ÷ bare req/s, (b) = alone ÷ SQL; CPU per call: Node the server's, PG ${meter.source === "pg_stat_statements" ? "the statements' plan + execution time (pg_stat_statements)" : meter.source === "backends" ? "the backends' (/proc)" : "not measured"}\n`,
    );
    for (const listed of hotCalls()) {
      if (only && !only.test(listed.label) && !only.test(listed.key)) continue;
      const session = listed.as ? sessions[listed.as] : null;
      const call = await withCursor(base, listed, session);
      const bench = session ?? sessions.employee;
      const first = await callOnce(base, call, session);
      if (!first.ok) throw new Error(`${call.label}: ${first.status} ${await first.text()}`);
      // An anonymous call's ceiling is served without a session too.
      const answers = call.as ? "answers" : "anonymous-answers";
      const kept = await fetch(`${base}/api/bench/${answers}/${call.key}`, {
        method: "PUT",
        headers: { ...headersOf({ ...call, body: {} }, bench) },
        body: await first.text(),
      });
      if (!kept.ok) throw new Error(`keeping ${call.key}: ${kept.status}`);
      const statements = await recordStatements(base, call, session, bench);
      const aloneMs = await aloneMedian(base, call, session);
      const sqlMs = pgClient && statements.length ? await sqlMedian(pgClient, statements) : null;
      const { result: measured, cpu } = await meter.measure(() =>
        load(`${base}${call.path}`, call, headersOf(call, session)),
      );
      const perCall = (ms: number | null) =>
        ms === null || measured.requests === 0 ? null : ms / measured.requests;
      const bare = await load(
        `${base}/api/bench/${answers}/${call.key}`,
        { method: "GET" },
        headersOf({ ...call, body: undefined }, session),
      );
      const row: Row = {
        label: call.label,
        rps: measured.rps,
        p50: measured.p50,
        p99: measured.p99,
        errors: measured.errors,
        nodeCpuMs: perCall(cpu.nodeMs),
        pgCpuMs: perCall(cpu.postgresMs),
        bareRps: bare.rps,
        ratioA: measured.rps / bare.rps,
        aloneMs,
        sqlMs,
        ratioB: sqlMs ? aloneMs / sqlMs : null,
        statements: statements.length,
        writes: statements.filter((s) => !READ_ONLY.test(s.sql)).length,
      };
      rows.push(row);
      console.info(
        `${call.label}: ${row.rps.toFixed(0)} req/s, p99 ${row.p99} ms, CPU per call Node ${row.nodeCpuMs?.toFixed(2) ?? "—"} ms, PG ${row.pgCpuMs?.toFixed(2) ?? "—"} ms, bare ${row.bareRps.toFixed(0)} req/s, alone ${aloneMs.toFixed(2)} ms, SQL ${sqlMs?.toFixed(2) ?? "—"} ms`,
      );
    }
    const rss = peakRssMb(child.pid as number);
    console.info(`\nServer peak RSS: ${rss} MB\n`);
    printTable(rows);
    mkdirSync(RESULTS_DIR, { recursive: true });
    const file = `${RESULTS_DIR}/${startedAt.toISOString().replaceAll(":", "-").slice(0, 19)}-${options.pglite ? "pglite" : "postgres"}.json`;
    writeFileSync(
      file,
      `${JSON.stringify({ startedAt, database: options.pglite ? "pglite" : "postgres", connections: CONNECTIONS, durationSeconds: DURATION, postgresCpuSource: meter.source, scaleEmployees: BENCH_SCALE_EMPLOYEES, serverPeakRssMb: rss, rows }, null, 2)}\n`,
    );
    console.info(
      `\nWritten to ${file} (${((Date.now() - startedAt.getTime()) / 1000).toFixed(0)} s in all).`,
    );
  } finally {
    await pgClient?.end();
    child.kill("SIGTERM");
  }
}
