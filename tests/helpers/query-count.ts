import type { Database } from "../../src/server/db/client.ts";

/**
 * The SQL statements `run` sends to the database (BEGIN and COMMIT counted as statements), with what
 * it answered. The listener is removed afterwards, so a test file counts one request at a time.
 */
export async function statementsOf<T>(
  database: Database,
  run: () => Promise<T>,
): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  database.listenToQueries((statement) => statements.push(statement));
  try {
    return { result: await run(), statements };
  } finally {
    database.listenToQueries(null);
  }
}
