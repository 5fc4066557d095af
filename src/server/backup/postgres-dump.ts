import { spawn } from "node:child_process";
import pg from "pg";
import { type Db, onPostgresConnection } from "../db/client.ts";

/**
 * PostgreSQL's own tools for the backup: pg_dump in its custom format and pg_restore, from PATH. Their
 * major version must be the server's or newer (pg_dump refuses a newer server). The password is
 * handed over in PGPASSWORD, never on the command line, where any user of the machine could read it.
 */

/** The URL without its password, and the environment that carries the password. */
function connectionFor(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return {
    dbname: parsed.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env },
  };
}

/** The database's name in a URL, for messages (never the URL: it may hold a password). */
export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

function run(tool: "pg_dump" | "pg_restore", args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let errors = "";
    child.stderr.on("data", (data) => {
      errors += data;
    });
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new Error(`${tool} is not installed (Debian: apt-get install postgresql-client)`)
          : error,
      ),
    );
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${tool} ended with ${code}:\n${errors.trim()}`));
    });
  });
}

/**
 * Dumps the database to `file` as the database stood at one moment, and answers what `read` read at
 * that same moment: the transaction here exports its snapshot, pg_dump dumps from it, and `read` runs
 * in it. So the stored files the backup copies are exactly those the dump names, whatever is written
 * meanwhile.
 */
export async function dumpPostgres<T>(url: string, file: string, read: (db: Db) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const { rows } = await client.query<{ snapshot: string }>("select pg_export_snapshot() as snapshot");
    const what = await read(onPostgresConnection(client));
    const { dbname, env } = connectionFor(url);
    await run(
      "pg_dump",
      ["--format=custom", `--snapshot=${rows[0]?.snapshot}`, `--file=${file}`, `--dbname=${dbname}`],
      env,
    );
    await client.query("commit");
    return what;
  } finally {
    await client.end();
  }
}

/** Opens the maintenance database of the URL's server (create and drop database run there). */
async function maintenance<T>(url: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const target = new URL(url);
  target.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: target.toString() });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * How many tables, views and sequences the database holds outside PostgreSQL's own schemas: 0 for a
 * new database. Creates the database when it does not exist yet, as a restore into a new one expects.
 */
export async function preparePostgresTarget(url: string): Promise<{ created: boolean; relations: number }> {
  const probe = new pg.Client({ connectionString: url });
  let created = false;
  try {
    await probe.connect();
  } catch (error) {
    if ((error as { code?: string }).code !== "3D000") throw error;
    await maintenance(url, (admin) =>
      admin.query(`create database "${databaseName(url).replaceAll('"', '""')}"`),
    );
    created = true;
  } finally {
    await probe.end().catch(() => {});
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(
      `select count(*) as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
         and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')`,
    );
    return { created, relations: Number(rows[0]?.count ?? 0) };
  } finally {
    await client.end();
  }
}

/**
 * Restores a custom-format dump into the database, all of it in one transaction: a failure leaves the
 * database as it was. `replace` drops each object of the dump first (a target that is not empty).
 * Owners and grants are left out: the objects belong to the user the restore runs as, the app's.
 */
export async function restorePostgres(
  url: string,
  file: string,
  options: { replace: boolean },
): Promise<void> {
  const { dbname, env } = connectionFor(url);
  await run(
    "pg_restore",
    [
      "--exit-on-error",
      "--single-transaction",
      "--no-owner",
      "--no-privileges",
      ...(options.replace ? ["--clean", "--if-exists"] : []),
      `--dbname=${dbname}`,
      file,
    ],
    env,
  );
}
