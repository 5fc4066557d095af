// Starts the built server as `npm start` would, twice, and checks what a newcomer relies on: the
// health check answers in time, the page title, a clean stop on SIGTERM, and data kept across restarts.
// The goals: a first start (the embedded database made from the build's empty cluster, migrated, the
// demo seeded) answers within 10 s, a start on existing data within 3 s. Measured in a CI run on the
// 2-core machine: 8.7 s and 3.4 s on the embedded database, 6.1 s and 1.9 s on PostgreSQL. On a day
// the same machine ran everything 2.5 times slower, the first start took 15.0 s of wall time (21 s of
// server CPU, most of it the embedded database opening its files), so the limits below leave room
// for such a day, and a start past them is a regression. The 24 s once read as a first start was the
// CI step's time, which then held a 10 s timer after each run; in CI on 2026-11-30 the first start on
// the embedded database answered after 11.3 s alone and 15.5 s beside the PostgreSQL one (its seed is
// 4.7 s of it: 3,726 statements), so the first start's limit stays 40 s. Each start prints its wall
// time and the server's CPU time.
// Usage: node scripts/smoke-start.mjs            (embedded PGlite in a temporary folder)
//        DATABASE_URL=postgres://... node scripts/smoke-start.mjs
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A port the system picks as free now, for both starts: a run beside this one (another checkout's CI)
 * is handed another, where a guess from a fixed range could meet it.
 */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), "pedaali-smoke-"));
const env = {
  ...process.env,
  PORT: String(port),
  PGLITE_DIR: join(dataDir, "pglite"),
  FILES_DIR: join(dataDir, "files"),
  LOG_LEVEL: "info",
};
const base = `http://127.0.0.1:${port}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const FIRST_START_LIMIT_MS = 40_000;
const RESTART_LIMIT_MS = 8_000;

/** The CPU time a process has used so far, from Linux's /proc (null elsewhere). */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    // utime and stime, fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

async function start(label, limitMs) {
  const startedAt = Date.now();
  const child = spawn(process.execPath, ["dist/server/main.js"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  while (Date.now() - startedAt < limitMs) {
    try {
      const res = await fetch(`${base}/api/health-check`);
      if (res.ok) {
        const ms = Date.now() - startedAt;
        const cpu = cpuMs(child.pid);
        console.info(
          `${label}: health-check 200 after ${ms} ms${cpu === null ? "" : ` (server CPU ${cpu} ms)`}`,
        );
        return { child, output: () => output, ms };
      }
    } catch {}
    if (child.exitCode !== null) break;
    await sleep(100);
  }
  child.kill("SIGKILL");
  throw new Error(`${label}: no healthy answer within ${limitMs / 1000} s\n${output}`);
}

async function stop(run, label) {
  const exited = new Promise((resolve) => run.child.on("exit", (code) => resolve(code)));
  run.child.kill("SIGTERM");
  // The limit's timer must not outlive a clean stop: a pending one kept the script, and CI's step,
  // waiting its full 10 s after "passed".
  let limit;
  const code = await Promise.race([
    exited,
    new Promise((resolve) => {
      limit = setTimeout(() => resolve("timeout"), 10_000);
    }),
  ]);
  clearTimeout(limit);
  if (code !== 0) throw new Error(`${label}: stopping on SIGTERM ended with ${code}\n${run.output()}`);
  console.info(`${label}: stopped cleanly on SIGTERM`);
}

try {
  const first = await start("first start", FIRST_START_LIMIT_MS);
  const html = await (await fetch(`${base}/`)).text();
  if (!html.includes("<title>Pedaali</title>")) throw new Error("GET / is not the Pedaali page");
  if (!first.output().includes("demo data seeded"))
    throw new Error(`first start did not seed:\n${first.output()}`);
  await stop(first, "first start");

  const second = await start("second start", RESTART_LIMIT_MS);
  if (!second.output().includes("demo data already present")) {
    throw new Error(`second start did not find the data of the first:\n${second.output()}`);
  }
  await stop(second, "second start");
  console.info("smoke-start: passed");
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
