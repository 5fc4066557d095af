import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db.ts";
import type { Db } from "./client.ts";
import { LockOrderError, leaveLocksUnchecked, lockRows, lockTrailOf } from "./lock-order.ts";
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

describe("the lock order inside a transaction", () => {
  const one = (tx: Db) => rawRows(tx, sql`select 1 as n`);

  it("refuses a lock above a kind the transaction holds, before the query runs", async () => {
    let ran = false;
    // A query as Drizzle's are: run only when awaited.
    const recorded: PromiseLike<unknown[]> = {
      // biome-ignore lint/suspicious/noThenProperty: a thenable query that records whether it ran
      then(onfulfilled, onrejected) {
        ran = true;
        return Promise.resolve([]).then(onfulfilled, onrejected);
      },
    };
    const error = await inTransaction(database.db, async (tx) => {
      await lockRows(tx, "storePayable", one(tx));
      await lockRows(tx, "payoutBatch", recorded);
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LockOrderError);
    expect(ran).toBe(false);
  });

  it("takes a savepoint's locks off the trail when it rolls back, as PostgreSQL lets them go", async () => {
    const trail = await inTransaction(database.db, async (tx) => {
      await lockRows(tx, "order", one(tx));
      await inTransaction(tx, async (savepoint) => {
        await lockRows(savepoint, "storePayable", one(savepoint));
        throw new Error("rolled back");
      }).catch(() => undefined);
      await lockRows(tx, "payoutBatch", one(tx));
      await inTransaction(tx, (savepoint) => lockRows(savepoint, "invoice", one(savepoint)));
      return [...(lockTrailOf(tx) ?? [])];
    });
    expect(trail).toEqual(["order", "payoutBatch", "invoice"]);
  });

  it("notes no lock of a query that found no row: it holds nothing", async () => {
    const trail = await inTransaction(database.db, async (tx) => {
      await lockRows(tx, "employee", rawRows(tx, sql`select 1 as n where false`));
      await lockRows(tx, "invitation", one(tx));
      return [...(lockTrailOf(tx) ?? [])];
    });
    expect(trail).toEqual(["invitation"]);
  });

  it("checks nothing on the pool or in a transaction the demo seed leaves unchecked", async () => {
    await expect(lockRows(database.db, "invoice", one(database.db))).resolves.toHaveLength(1);
    await inTransaction(database.db, async (tx) => {
      leaveLocksUnchecked(tx);
      await lockRows(tx, "invoice", one(tx));
      await expect(lockRows(tx, "order", one(tx))).resolves.toHaveLength(1);
    });
  });
});
