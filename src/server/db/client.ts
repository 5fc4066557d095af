import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { PGlite, type Transaction } from "@electric-sql/pglite";
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

/** Hears each SQL statement sent to the database: the query-count tests count a request's statements. */
export type QueryListener = (statement: string) => void;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** The raw PGlite client (kind "pglite" only): the job queue talks to it through pg-boss's db adapter. */
  pglite?: PGlite;
  /** Runs `select 1`; throws when the database does not answer. */
  ping(): Promise<void>;
  /** Applies pending migrations; a no-op when up to date. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Sets (or with null removes) the one listener of every statement this database is sent, a
   * transaction's BEGIN and COMMIT included on both drivers. Without one, a statement costs one check.
   */
  listenToQueries(listener: QueryListener | null): void;
};

/** The listener slot the wrapped drivers read; kept apart from the driver so that setting it is free. */
type QueryTap = { listener: QueryListener | null };

function statementText(query: unknown): string {
  return typeof query === "string" ? query : String((query as { text?: unknown } | null)?.text ?? "");
}

/** Wraps the PGlite client's own query and transaction, which every Drizzle statement goes through. */
function tapPglite(client: PGlite, tap: QueryTap): void {
  const query = client.query.bind(client);
  client.query = ((statement: string, ...rest: unknown[]) => {
    tap.listener?.(statement);
    return (query as (...args: unknown[]) => unknown)(statement, ...rest);
  }) as PGlite["query"];
  const transaction = client.transaction.bind(client);
  client.transaction = (async (callback: (tx: Transaction) => Promise<unknown>) => {
    tap.listener?.("BEGIN");
    try {
      return await transaction((tx) => {
        const txQuery = tx.query.bind(tx);
        const tapped: Transaction = Object.create(tx, {
          query: {
            value: (statement: string, ...rest: unknown[]) => {
              tap.listener?.(statement);
              return (txQuery as (...args: unknown[]) => unknown)(statement, ...rest);
            },
          },
        });
        return callback(tapped);
      });
    } finally {
      tap.listener?.("COMMIT");
    }
  }) as PGlite["transaction"];
}

/** Wraps each pooled connection's query: the pool's own query and Drizzle's transactions use them. */
function tapPool(pool: pg.Pool, tap: QueryTap): void {
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      tap.listener?.(statementText(args[0]));
      return query(...args);
    }) as typeof client.query;
  });
}

export function fromPglite(client: PGlite): Database {
  const tap: QueryTap = { listener: null };
  tapPglite(client, tap);
  const db = drizzlePglite({ client, schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    pglite: client,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: async () => {
      if (!client.closed) await client.close();
    },
    listenToQueries: (listener) => {
      tap.listener = listener;
    },
  };
}

export function fromPostgresUrl(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle client that loses its connection emits 'error'; without a listener that kills the process.
  pool.on("error", () => {});
  const tap: QueryTap = { listener: null };
  tapPool(pool, tap);
  const db = drizzlePg({ client: pool, schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => pool.end(),
    listenToQueries: (listener) => {
      tap.listener = listener;
    },
  };
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
  if (options.pgliteDir === "memory://") return fromPglite(await PGlite.create());
  // PGlite does not create parent folders of its data directory.
  mkdirSync(options.pgliteDir, { recursive: true });
  return fromPglite(await PGlite.create({ dataDir: options.pgliteDir }));
}
