/**
 * What the kill and the database-stop tests share: a database of their own on DATABASE_URL's server
 * (`pedaali_<kind>_<pid>`, dropped at the end) and a temporary files folder, with the production build
 * started on them with the demo data and the dev outbox (codes come back as `devCode`).
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { newDataKeyEntry } from "../../src/server/data-keys.ts";
import { freePort, startServer } from "../bench/server.ts";

/** DATABASE_URL's server (default the local PostgreSQL) with another database name. */
export function databaseUrlNamed(name: string): string {
  const url = new URL(process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrlNamed("postgres") });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Drops a database of DATABASE_URL's server, if it is there. */
export function dropDatabase(name: string): Promise<void> {
  return onServer(`drop database if exists "${name}" with (force)`);
}

export type DemoServer = {
  databaseUrl: string;
  filesDir: string;
  base: string;
  child: ChildProcess;
  /** Starts the build again on the same database and folder; answers the milliseconds until it is healthy. */
  restart(): Promise<number>;
  /** SIGKILL: no handler runs, no transaction ends cleanly; resolves once the process is gone. */
  kill(): Promise<void>;
  /** Stops the server and drops the database and the folder. */
  dispose(): Promise<void>;
};

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

export async function startDemoServer(
  kind: string,
  options: { logLevel?: string } = {},
): Promise<DemoServer> {
  const name = `pedaali_${kind}_${process.pid}`;
  const databaseUrl = databaseUrlNamed(name);
  const filesDir = mkdtempSync(join(tmpdir(), `pedaali-${kind}-files-`));
  const port = await freePort();
  // A secret of the run's own: the sessions outlive each restart, and nothing is written to ./data.
  const jwtSecret = randomBytes(48).toString("base64url");
  const dataKeys = newDataKeyEntry("resilience");
  const env = (demoSeed: boolean) => ({
    DATABASE_URL: databaseUrl,
    FILES_DIR: filesDir,
    NODE_ENV: "development",
    DEV_OUTBOX: "1",
    // The first start seeds the demo data; a restart must not, as the seed's reset of the demo fixtures
    // would change rows before the check reads what the kill left.
    DEMO_SEED: demoSeed ? "1" : "0",
    JWT_SECRET: jwtSecret,
    DATA_KEYS: dataKeys,
    LOG_LEVEL: options.logLevel ?? "warn",
  });
  const drop = async () => {
    rmSync(filesDir, { recursive: true, force: true });
    await dropDatabase(name);
  };

  await onServer(`create database "${name}"`);
  let started: Awaited<ReturnType<typeof startServer>>;
  try {
    started = await startServer(port, { pglite: false, env: env(true) });
  } catch (error) {
    await drop();
    throw error;
  }
  const server: DemoServer = {
    databaseUrl,
    filesDir,
    base: started.base,
    child: started.child,
    async restart() {
      const at = performance.now();
      const again = await startServer(port, { pglite: false, env: env(false) });
      server.child = again.child;
      return Math.round(performance.now() - at);
    },
    async kill() {
      const gone = exited(server.child);
      server.child.kill("SIGKILL");
      await gone;
    },
    async dispose() {
      const gone = exited(server.child);
      server.child.kill("SIGKILL");
      await gone;
      await drop();
    },
  };
  return server;
}
