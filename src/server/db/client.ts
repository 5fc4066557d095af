import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
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

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs `select 1`; throws when the database does not answer. */
  ping(): Promise<void>;
  /** Applies pending migrations; a no-op when up to date. */
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite({ client, schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

export function fromPostgresUrl(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle client that loses its connection emits 'error'; without a listener that kills the process.
  pool.on("error", () => {});
  const db = drizzlePg({ client: pool, schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => pool.end(),
  };
}

/** Opens the configured database: PostgreSQL when a URL is given, else the embedded PGlite. */
export async function openDatabase(options: {
  databaseUrl: string | null;
  pgliteDir: string;
}): Promise<Database> {
  if (options.databaseUrl) return fromPostgresUrl(options.databaseUrl);
  if (options.pgliteDir === "memory://") return fromPglite(await PGlite.create());
  // PGlite does not create parent folders of its data directory.
  mkdirSync(options.pgliteDir, { recursive: true });
  return fromPglite(await PGlite.create({ dataDir: options.pgliteDir }));
}
