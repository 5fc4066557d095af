import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { buildApp } from "../../src/server/app.ts";
import { type Config, testConfig } from "../../src/server/config.ts";
import type { Database } from "../../src/server/db/client.ts";
import { createTestDatabase, testFileStore } from "./test-db.ts";

export type TestApp = { app: FastifyInstance; database: Database };

/**
 * Builds the real app on a fresh database for the test file and closes both afterwards; with
 * `demoData` the database holds the demo companies and users (README's table).
 * Use the returned object's fields inside tests (they are set in beforeAll).
 */
export function setupTestApp(
  overrides: Partial<Config> = {},
  options: { demoData?: boolean; sendAfterCommit?: boolean } = {},
): TestApp {
  const holder = {} as TestApp;
  beforeAll(async () => {
    holder.database = await createTestDatabase(options);
    holder.app = await buildApp(testConfig(overrides), {
      database: holder.database,
      files: testFileStore(),
      ...(options.sendAfterCommit === false ? { sendAfterCommit: false } : {}),
    });
    await holder.app.ready();
  });
  afterAll(async () => {
    await holder.app?.close();
    await holder.database?.close();
  });
  return holder;
}
