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
 * migrations. A first start copies it instead of running PostgreSQL's initdb in WebAssembly, which is
 * most of a first start's time (5-6 s on the 2-core machine); without a build, initdb runs as before.
 */
export const INITIAL_PGLITE_CLUSTER = resolve("dist/server/pglite-initial-cluster.tar.gz");

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
  /** The connection pool's use now (kind "postgres" only), for the metrics. */
  poolUse?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
};

export type StatementListener = (sql: string, params: unknown[]) => void;

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
  if (options.pgliteDir === "memory://") return fromPglite(await createPglite());
  // PGlite does not create parent folders of its data directory.
  mkdirSync(options.pgliteDir, { recursive: true });
  const fresh = !existsSync(join(options.pgliteDir, "PG_VERSION"));
  const loadDataDir =
    fresh && existsSync(INITIAL_PGLITE_CLUSTER)
      ? new Blob([readFileSync(INITIAL_PGLITE_CLUSTER)])
      : undefined;
  return fromPglite(
    await createPglite({ dataDir: options.pgliteDir, ...(loadDataDir ? { loadDataDir } : {}) }),
  );
}
