import type { Db } from "./client.ts";

/** Seeds the demo data when the database has none yet. Filled in by the demo-data work. */
export async function seedDemoIfEmpty(_db: Db): Promise<void> {}
