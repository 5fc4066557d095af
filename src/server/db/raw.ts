import type { SQL } from "drizzle-orm";
import type { Db } from "./client.ts";

/**
 * The rows of a hand-written query (one the query builder cannot say, such as a join on
 * generate_series). Both drivers answer `{ rows }`; name every column with `as` in the SQL.
 */
export async function rawRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
