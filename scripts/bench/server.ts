/**
 * What the bench and the resilience tests share: the bench's database (seeded once and kept), the
 * production build started on it, and the bench's users' sessions.
 */

import { spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { sql } from "drizzle-orm";
import pg from "pg";
import { TEST_DATA_KEYS } from "../../src/server/data-keys.ts";
import { type Database, openDatabase } from "../../src/server/db/client.ts";
import { DEMO_PASSWORD } from "../../src/server/db/seed/demo-data.ts";
import { localBlobStore } from "../../src/server/files/blob-store.ts";
import { createFileStore } from "../../src/server/files/file-store.ts";
import type { Call } from "./hot-calls.ts";
import { SCALE_ADMIN_EMAIL, seedBenchData } from "./seed.ts";

// --- the database ---------------------------------------------------------------------------------

const PGLITE_DIR = process.env.BENCH_PGLITE_DIR ?? "/tmp/pedaali-bench-pglite";
/** The stored files' folder of the bench's data (the demo's signed agreements and receipts). */
const FILES_DIR = process.env.BENCH_FILES_DIR ?? "/tmp/pedaali-bench-files";

export function benchDatabaseUrl(): string {
  const url = new URL(process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
  url.pathname = `/${process.env.BENCH_DATABASE ?? "pedaali_bench"}`;
  return url.toString();
}

async function dropPostgres(url: string): Promise<void> {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`drop database if exists "${name}" with (force)`);
  await client.end();
}

export type Target = { pglite: boolean };

/** Seeds the bench's data once; a database that has it is used as it is (`fresh`: seeded again). */
export async function prepareDatabase(options: Target & { fresh: boolean }): Promise<void> {
  if (options.fresh) {
    if (options.pglite) rmSync(PGLITE_DIR, { recursive: true, force: true });
    else await dropPostgres(benchDatabaseUrl());
    rmSync(FILES_DIR, { recursive: true, force: true });
  }
  const database: Database = await openDatabase({
    databaseUrl: options.pglite ? null : benchDatabaseUrl(),
    pgliteDir: PGLITE_DIR,
    nodeEnv: "development",
  });
  try {
    await database.migrate();
    const seeded = await database.db.execute(
      sql`select exists (select 1 from order_cancellations) and exists (select 1 from users where email = ${SCALE_ADMIN_EMAIL}) as done`,
    );
    const done = (seeded as unknown as { rows: { done: boolean }[] }).rows[0]?.done;
    if (done) {
      console.info(`The bench's data is in place (${database.kind}); --fresh seeds it again.`);
      return;
    }
    const started = performance.now();
    await seedBenchData(database, createFileStore(localBlobStore(FILES_DIR)));
    console.info(`Seeded in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
  } finally {
    await database.close();
  }
}

// --- the server -----------------------------------------------------------------------------------

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * Starts the production build on the bench's database; `profile` writes the server's CPU profile to
 * `profileDir` when it stops, `env` adds to the server's environment.
 */
export async function startServer(
  port: number,
  options: Target & { profileDir?: string | undefined; env?: Record<string, string> },
) {
  // --profile: the server's CPU profile over the whole run, written when it stops (open it in Chrome's
  // DevTools or speedscope) to see where a call's time goes before choosing what to make faster.
  const profile = options.profileDir ? ["--cpu-prof", `--cpu-prof-dir=${options.profileDir}`] : [];
  const child = spawn(process.execPath, [...profile, "dist/server/main.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "development",
      DEMO_SEED: "0",
      LOG_LEVEL: "warn",
      BENCH_ROUTES: "1",
      TRUST_PROXY: "loopback",
      // The bench's data is sealed under the tests' key (seed.ts), so any checkout reads it.
      DATA_KEYS: TEST_DATA_KEYS,
      FILES_DIR,
      ...(options.pglite ? { DATABASE_URL: "", PGLITE_DIR } : { DATABASE_URL: benchDatabaseUrl() }),
      ...options.env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`The server stopped at start (exit ${child.exitCode}).`);
    const up = await fetch(`${base}/api/health-check`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return { child, base };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error("The server did not answer within 60 s.");
}

/** The server's peak resident memory so far, in MB (Linux). */
export function peakRssMb(pid: number): number | null {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
  return kb ? Math.round(Number(kb) / 1024) : null;
}

// --- calls ----------------------------------------------------------------------------------------

export type Session = { cookie: string; csrf: string };

function cookiesOf(res: Response, jar: Map<string, string>): void {
  for (const line of res.headers.getSetCookie()) {
    const [pair = ""] = line.split(";");
    const at = pair.indexOf("=");
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
}

export async function login(base: string, email: string): Promise<Session> {
  const jar = new Map<string, string>();
  const json = { "content-type": "application/json" };
  const res = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  cookiesOf(res, jar);
  if (res.status === 202) {
    const { devCode } = (await res.json()) as { devCode: string };
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const verified = await fetch(`${base}/api/verify`, {
      method: "POST",
      headers: { ...json, cookie },
      body: JSON.stringify({ email, code: devCode }),
    });
    if (!verified.ok) throw new Error(`${email}: verify answered ${verified.status}`);
    cookiesOf(verified, jar);
  } else if (!res.ok) {
    throw new Error(`${email}: login answered ${res.status} ${await res.text()}`);
  }
  return { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "), csrf: jar.get("csrfToken") ?? "" };
}

let addressCounter = 0;
/** Another client address each time (10.x.y.z), for the limits that count per address. */
export function nextAddress(): string {
  addressCounter++;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export function headersOf(call: Call, session: Session | null): Record<string, string> {
  return {
    // As a browser asks: answers over 1 KB are compressed, and that is part of their cost.
    "accept-encoding": "br, gzip",
    ...(call.body === undefined ? {} : { "content-type": "application/json" }),
    ...(session ? { cookie: session.cookie, "x-csrf-token": session.csrf } : {}),
  };
}
