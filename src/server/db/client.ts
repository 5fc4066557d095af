import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
/** One database type for both drivers: services never know which one they run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Migrations are resolved from the working directory, so the bundled server finds them too. */
export const MIGRATIONS_DIR = resolve("src/server/db/migrations");

/**
 * The empty embedded database the build makes (scripts/build-pglite-cluster.mjs), resolved like the
 * migrations. A new database (a first start, or any start in memory) copies it instead of running
 * PostgreSQL's initdb in WebAssembly, which is most of a first start's time (5-6 s on the 2-core
 * machine); without a build, initdb runs as before.
 */
const INITIAL_PGLITE_CLUSTER = resolve("dist/server/pglite-initial-cluster.tar.gz");

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** The raw PGlite client (kind "pglite" only): the job queue talks to it through pg-boss's db adapter. */
  pglite?: PGlite;
  /** Runs `select 1`; throws when the database does not answer. */
  ping(): Promise<void>;
  /** Applies pending migrations; a no-op when up to date. */
  migrate(): Promise<void>;
  /**
   * Calls the listener with every statement the app runs through `db` (its SQL and parameters) until
   * the returned function is called. Costs one empty loop per statement while nobody listens.
   */
  observeStatements(listener: StatementListener): () => void;
  /**
   * Listens on a notification channel: `message` with each payload sent to it (pg_notify), `live(true)`
   * once listening and `live(false)` when the listening connection is lost; a lost connection is made
   * again by itself until the returned listening is closed. PostgreSQL listens on a connection of its
   * own, outside the pool; PGlite calls `message` before the statement that committed it answers.
   */
  listen(channel: string, handlers: ChannelHandlers): Listening;
  /** The connection pool's use now (kind "postgres" only), for the metrics. */
  poolUse?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
};

export type StatementListener = (sql: string, params: unknown[]) => void;

export type ChannelHandlers = { message(payload: string): void; live(listening: boolean): void };

export type Listening = {
  /** The server process of the listening connection (PostgreSQL), null while there is none. */
  backendPid(): number | null;
  close(): Promise<void>;
};

/** The names a notification channel may have here: quoted into LISTEN as they are. */
const CHANNEL_NAME = /^[a-z_]+$/;

function checkedChannel(channel: string): string {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  return channel;
}

/** How long a lost listening connection waits before it is made again, doubling up to the last. */
const RELISTEN_DELAYS_MS = [50, 100, 200, 500, 1_000, 2_000] as const;

function listenOnPostgres(url: string, channel: string, handlers: ChannelHandlers): Listening {
  let client: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  const lost = (lostClient: pg.Client) => {
    if (client !== lostClient) return;
    client = null;
    handlers.live(false);
    lostClient.end().catch(() => {});
    if (closed) return;
    const delay = RELISTEN_DELAYS_MS[Math.min(failures, RELISTEN_DELAYS_MS.length - 1)];
    failures++;
    retry = setTimeout(connect, delay);
    retry.unref();
  };
  const connect = async () => {
    const next = new pg.Client({
      connectionString: url,
      application_name: `pedaali listener ${channel}`,
      connectionTimeoutMillis: 3_000,
      // A connection that went away without a word (a network cut) is noticed in seconds.
      keepAlive: true,
    });
    client = next;
    next.on("error", () => lost(next));
    next.on("end", () => lost(next));
    next.on("notification", (note) => {
      if (note.channel === channel) handlers.message(note.payload ?? "");
    });
    try {
      await next.connect();
      await next.query(`LISTEN "${channel}"`);
    } catch {
      lost(next);
      return;
    }
    if (client !== next) return;
    if (closed) {
      client = null;
      await next.end().catch(() => {});
      return;
    }
    failures = 0;
    handlers.live(true);
  };
  void connect();
  return {
    backendPid: () => (client as (pg.Client & { processID?: number }) | null)?.processID ?? null,
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const last = client;
      client = null;
      if (last) {
        handlers.live(false);
        await last.end().catch(() => {});
      }
    },
  };
}

function listenOnPglite(pglite: PGlite, channel: string, handlers: ChannelHandlers): Listening {
  let closed = false;
  const subscribed = pglite.listen(channel, (payload) => handlers.message(payload));
  subscribed.then(
    () => {
      if (!closed) handlers.live(true);
    },
    () => {
      // Not listening: the cache stays off and every request reads the database.
    },
  );
  return {
    backendPid: () => null,
    close: async () => {
      if (closed) return;
      closed = true;
      handlers.live(false);
      const unsubscribe = await subscribed.catch(() => null);
      if (unsubscribe && !pglite.closed) await unsubscribe().catch(() => {});
    },
  };
}

/**
 * Drizzle's query logger, turned into a list of listeners: the bench's recording and the query-plan
 * checks (tests/scale/) read the SQL the app runs from it.
 */
function statementObservers() {
  const listeners = new Set<StatementListener>();
  return {
    logger: {
      logQuery(query: string, params: unknown[]) {
        for (const listener of listeners) listener(query, params);
      },
    },
    observeStatements(listener: StatementListener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/**
 * Opens an embedded PGlite with the extensions the migrations create: pg_trgm, whose trigram indexes
 * serve the lists' "name contains" searches. Every PGlite the app or a test opens comes from here.
 */
export function createPglite(options: Omit<PGliteOptions, "extensions"> = {}): Promise<PGlite> {
  return PGlite.create({ ...options, extensions: { pg_trgm } });
}

export function fromPglite(client: PGlite): Database {
  const { logger, observeStatements } = statementObservers();
  const db = drizzlePglite({ client, schema, casing: "snake_case", logger }) as unknown as Db;
  return {
    db,
    observeStatements,
    kind: "pglite",
    pglite: client,
    listen: (channel, handlers) => listenOnPglite(client, checkedChannel(channel), handlers),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: async () => {
      if (client.closed) return;
      // A checkpoint first, so the next start does not replay this run's write-ahead log (the demo
      // seed's alone is most of a restart's database time).
      await client.exec("CHECKPOINT").catch(() => undefined);
      await client.close();
    },
  };
}

/** The advisory lock the instances of one database migrate under (any number of the app's own). */
const MIGRATION_LOCK = 7_305_001;

/** PostgreSQL through a pool of `max` connections. */
export function fromPostgresUrl(url: string, options: { max?: number } = {}): Database {
  // A connection that cannot be made in 3 s fails the request (503) instead of holding it.
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, connectionTimeoutMillis: 3_000 });
  // An idle client that loses its connection emits 'error'; without a listener that kills the process.
  pool.on("error", () => {});
  const { logger, observeStatements } = statementObservers();
  const db = drizzlePg({ client: pool, schema, casing: "snake_case", logger }) as unknown as Db;
  return {
    db,
    observeStatements,
    kind: "postgres",
    listen: (channel, handlers) => listenOnPostgres(url, checkedChannel(channel), handlers),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    migrate: async () => {
      // Instances starting together take turns: the first migrates, the others then find nothing to do.
      // The migrations run on the connection holding the lock, so a pool of one connection suffices.
      const lock = await pool.connect();
      try {
        await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
        await migratePg(drizzlePg({ client: lock, casing: "snake_case" }), {
          migrationsFolder: MIGRATIONS_DIR,
        });
      } finally {
        await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
        lock.release();
      }
    },
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/**
 * The Db over one connection its caller holds, inside a transaction the caller opened: the backup
 * reads what it copies in the snapshot pg_dump dumps from.
 */
export function onPostgresConnection(client: pg.Client): Db {
  return drizzlePg({ client, schema, casing: "snake_case" }) as unknown as Db;
}

/** Creates the database named in the URL when the server says it does not exist (SQLSTATE 3D000). */
async function ensurePostgresDatabase(url: string): Promise<void> {
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
    return;
  } catch (error) {
    if ((error as { code?: string }).code !== "3D000") throw error;
  } finally {
    await probe.end().catch(() => {});
  }
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  target.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: target.toString() });
  await admin.connect();
  try {
    await admin.query(`create database "${name.replaceAll('"', '""')}"`);
  } catch (error) {
    // Another process may have created it between the probe and now.
    if ((error as { code?: string }).code !== "42P04") throw error;
  } finally {
    await admin.end();
  }
}

/**
 * Opens the configured database: PostgreSQL when a URL is given (creating a missing database outside
 * production, so `DATABASE_URL=.../new npm start` just works), else the embedded PGlite.
 */
export async function openDatabase(options: {
  databaseUrl: string | null;
  pgliteDir: string;
  nodeEnv?: string;
}): Promise<Database> {
  if (options.databaseUrl) {
    if (options.nodeEnv !== "production") await ensurePostgresDatabase(options.databaseUrl);
    return fromPostgresUrl(options.databaseUrl);
  }
  const initialCluster = () =>
    existsSync(INITIAL_PGLITE_CLUSTER)
      ? { loadDataDir: new Blob([readFileSync(INITIAL_PGLITE_CLUSTER)]) }
      : {};
  // A database in memory is new at every start (the browser tests' servers open one each).
  if (options.pgliteDir === "memory://") return fromPglite(await createPglite(initialCluster()));
  // PGlite does not create parent folders of its data directory.
  mkdirSync(options.pgliteDir, { recursive: true });
  const fresh = !existsSync(join(options.pgliteDir, "PG_VERSION"));
  return fromPglite(await createPglite({ dataDir: options.pgliteDir, ...(fresh ? initialCluster() : {}) }));
}
