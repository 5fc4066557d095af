import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { MIGRATIONS_DIR } from "../../src/server/db/client.ts";

/**
 * Where the migrated "golden" database for API tests lives. Keyed by a hash of the migration files,
 * so a schema change rebuilds it and an unchanged schema reuses it across runs.
 */
export function migrationsHash(): string {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(MIGRATIONS_DIR);
  return hash.digest("hex").slice(0, 16);
}

export function pgliteTemplatePath(): string {
  const dir = resolve("node_modules/.cache/pedaali");
  mkdirSync(dir, { recursive: true });
  return join(dir, `pglite-template-${migrationsHash()}.tar`);
}

/** The PostgreSQL suite runs against TEST_DATABASE_URL; unset, tests use in-memory PGlite. */
export function postgresTestUrl(): string | null {
  return process.env.TEST_DATABASE_URL || null;
}

export function templateDatabaseName(): string {
  return `pedaali_tpl_${migrationsHash()}`;
}

/** The URL of another database on the same server. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
