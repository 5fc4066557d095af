// Starts the built server as `npm start` would, twice, and checks what a newcomer relies on:
// health within 20 s on the first start and 10 s after, the page title, a clean stop on SIGTERM, and
// data kept across restarts. The first start creates the embedded database (PGlite's initdb, 5-6 s on
// the 2-core CI machine), migrates (1.4 s) and seeds the demo (about 3 s, the order journey's orders
// made through the services with their signed PDFs): 12 s measured there, so it gets its own limit.
// Usage: node scripts/smoke-start.mjs            (embedded PGlite in a temporary folder)
//        DATABASE_URL=postgres://... node scripts/smoke-start.mjs
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const port = 3300 + Math.floor(Math.random() * 500);
const dataDir = mkdtempSync(join(tmpdir(), "pedaali-smoke-"));
const env = { ...process.env, PORT: String(port), PGLITE_DIR: join(dataDir, "pglite"), LOG_LEVEL: "info" };
const base = `http://127.0.0.1:${port}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

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
        console.info(`${label}: health-check 200 after ${ms} ms`);
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
  const code = await Promise.race([exited, sleep(10_000).then(() => "timeout")]);
  if (code !== 0) throw new Error(`${label}: stopping on SIGTERM ended with ${code}\n${run.output()}`);
  console.info(`${label}: stopped cleanly on SIGTERM`);
}

try {
  const first = await start("first start", 20_000);
  const html = await (await fetch(`${base}/`)).text();
  if (!html.includes("<title>Pedaali</title>")) throw new Error("GET / is not the Pedaali page");
  if (!first.output().includes("demo data seeded"))
    throw new Error(`first start did not seed:\n${first.output()}`);
  await stop(first, "first start");

  const second = await start("second start", 10_000);
  if (!second.output().includes("demo data already present")) {
    throw new Error(`second start did not find the data of the first:\n${second.output()}`);
  }
  await stop(second, "second start");
  console.info("smoke-start: passed");
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
