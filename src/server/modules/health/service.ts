import type { THealthCheckResponse } from "../../../contract/health.ts";
import type { Database } from "../../db/client.ts";

/** Answers whether the app can reach its database; null when it cannot. */
export async function checkHealth(database: Database): Promise<THealthCheckResponse | null> {
  try {
    await database.ping();
    return { status: "ok", database: database.kind, time: new Date().toISOString() };
  } catch {
    return null;
  }
}
