import { existsSync, renameSync, writeFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { fromPglite, fromPostgresUrl } from "../../src/server/db/client.ts";
import { pgliteTemplatePath, postgresTestUrl, templateDatabaseName, withDatabase } from "./template-db.ts";

/**
 * Runs once per test run: migrates one database and keeps it as the template every API test file
 * copies (a fresh PGlite with migrations costs ~2 s; a copy of the template ~0.5 s).
 */
export default async function setup(): Promise<void> {
  const url = postgresTestUrl();
  if (url) {
    await preparePostgresTemplate(url);
    return;
  }
  const path = pgliteTemplatePath();
  if (existsSync(path)) return;
  const client = await PGlite.create();
  const database = fromPglite(client);
  await database.migrate();
  const dump = await client.dumpDataDir("none");
  await database.close();
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  renameSync(tmp, path);
}

async function preparePostgresTemplate(url: string): Promise<void> {
  const name = templateDatabaseName();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (exists.rowCount) return;
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const template = fromPostgresUrl(withDatabase(url, name), { max: 1 });
  try {
    await template.migrate();
  } finally {
    await template.close();
  }
}
