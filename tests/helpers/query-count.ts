import type { Database } from "../../src/server/db/client.ts";

/**
 * The SQL statements `run` has the app send through Drizzle (Database.observeStatements), with what it
 * answered. The listener is removed afterwards, so a test file counts one request at a time.
 */
export async function statementsOf<T>(
  database: Database,
  run: () => Promise<T>,
): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const stop = database.observeStatements((statement) => statements.push(statement));
  try {
    return { result: await run(), statements };
  } finally {
    stop();
  }
}
