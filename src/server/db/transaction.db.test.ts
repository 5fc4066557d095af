import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db.ts";
import type { Db } from "./client.ts";
import { rawRows } from "./raw.ts";
import { inTransaction, readAll } from "./transaction.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** A read that answers its number after sleeping, so reads sent side by side would finish out of order. */
const numbered = (db: Db, n: number, sleepMs: number) => () =>
  rawRows<{ n: number }>(db, sql`select ${n}::int as n from pg_sleep(${sleepMs / 1000})`);

describe("readAll", () => {
  it("answers the reads in their order, on the pool and inside a transaction", async () => {
    const reads = (db: Db) => [numbered(db, 1, 30), numbered(db, 2, 0), numbered(db, 3, 10)] as const;
    const onPool = await readAll(database.db, reads(database.db));
    expect(onPool.map(([row]) => row?.n)).toEqual([1, 2, 3]);
    // Inside a transaction the reads go one after another: the database tests fail on a query sent to
    // a connection still answering another (tests/helpers/one-query-at-a-time.ts).
    const inside = await inTransaction(database.db, (tx) => readAll(tx, reads(tx)));
    expect(inside.map(([row]) => row?.n)).toEqual([1, 2, 3]);
  });
});
