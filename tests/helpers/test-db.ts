import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type Database, fromPglite, fromPostgresUrl } from "../../src/server/db/client.ts";
import { pgliteTemplatePath, postgresTestUrl, templateDatabaseName, withDatabase } from "./template-db.ts";

/**
 * A fresh, migrated database of its own for one test file: a copy of the template built by
 * global-setup. In-memory PGlite by default; a new PostgreSQL database when TEST_DATABASE_URL is set.
 * Closing it throws the copy away.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = postgresTestUrl();
  if (!url) {
    const client = await PGlite.create({ loadDataDir: new Blob([readFileSync(pgliteTemplatePath())]) });
    return fromPglite(client);
  }
  const name = `pedaali_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(url, `create database "${name}" template "${templateDatabaseName()}"`);
  const database = fromPostgresUrl(withDatabase(url, name), { max: 4 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(url, `drop database if exists "${name}" with (force)`);
    },
  };
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
