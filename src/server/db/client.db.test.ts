import { randomBytes } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { adminQuery, withDatabase } from "../../../tests/helpers/template-db.ts";
import { postgresTestUrl } from "../../../tests/helpers/test-db.ts";
import { type Database, fromPostgresUrl, openDatabase } from "./client.ts";

describe("openDatabase", () => {
  const serverUrl = postgresTestUrl();
  // Every migration from the first on a fresh in-memory database: the one test that does not start from
  // the prepared cluster, and slow on a busy machine (10 s). In the PGlite suite only: the PostgreSQL
  // suite opens no PGlite, and its run's template is migrated from the first migration on.
  it.skipIf(serverUrl)(
    "opens an in-memory PGlite, migrates it and answers a ping",
    async () => {
      const database = await openDatabase({ databaseUrl: null, pgliteDir: "memory://" });
      try {
        expect(database.kind).toBe("pglite");
        await database.migrate();
        await expect(database.ping()).resolves.toBeUndefined();
      } finally {
        await database.close();
      }
    },
    60_000,
  );

  it.runIf(serverUrl)("creates a missing PostgreSQL database outside production", async () => {
    const name = `pedaali_created_${randomBytes(4).toString("hex")}`;
    const url = withDatabase(serverUrl as string, name);
    const database = await openDatabase({ databaseUrl: url, pgliteDir: "memory://", nodeEnv: "development" });
    try {
      expect(database.kind).toBe("postgres");
      await database.migrate();
      await database.ping();
    } finally {
      await database.close();
      const admin = new pg.Client({ connectionString: serverUrl as string });
      await admin.connect();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });

  it.runIf(serverUrl)(
    "lets instances starting together migrate a new database one after another",
    async () => {
      const name = `pedaali_created_${randomBytes(4).toString("hex")}`;
      const url = withDatabase(serverUrl as string, name);
      await adminQuery(serverUrl as string, `create database "${name}"`);
      // One of them with a pool of one connection, as the test setup migrates its template.
      const instances = [fromPostgresUrl(url, { max: 1 }), fromPostgresUrl(url), fromPostgresUrl(url)];
      try {
        // Without the lock two of three failed: each made the same tables at once.
        const results = await Promise.allSettled(instances.map((instance) => instance.migrate()));
        expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
        await (instances[0] as Database).ping();
      } finally {
        await Promise.all(instances.map((instance) => instance.close()));
        await adminQuery(serverUrl as string, `drop database if exists "${name}" with (force)`);
      }
    },
  );

  it.runIf(serverUrl)("leaves a missing database missing in production", async () => {
    const url = withDatabase(serverUrl as string, `pedaali_absent_${randomBytes(4).toString("hex")}`);
    const database = await openDatabase({ databaseUrl: url, pgliteDir: "memory://", nodeEnv: "production" });
    try {
      const failure = await database.ping().catch((error: Error) => error);
      expect(String((failure as Error).cause)).toMatch(/does not exist/);
    } finally {
      await database.close();
    }
  });
});
