import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db.ts";
import type { Db } from "./client.ts";
import { LockOrderError, leaveLocksUnchecked, lockRows, lockTrailOf } from "./lock-order.ts";
import { rawRows } from "./raw.ts";
import { afterCommit, CONCURRENCY_RETRIES, inTransaction, readAll } from "./transaction.ts";

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

/** An error as node-postgres gives it when PostgreSQL aborts the transaction with `code`. */
const aborted = (code: string) => Object.assign(new Error(`aborted with ${code}`), { code });

describe("inTransaction's retry", () => {
  it("runs a transaction PostgreSQL aborted as a deadlock or serialization failure again", async () => {
    for (const code of ["40P01", "40001"]) {
      let attempts = 0;
      const answer = await inTransaction(database.db, async () => {
        attempts += 1;
        if (attempts < 3) throw aborted(code);
        return "committed";
      });
      expect({ code, answer, attempts }).toEqual({ code, answer: "committed", attempts: 3 });
    }
  });

  it("gives up after three retries, and never retries another error", async () => {
    let attempts = 0;
    const deadlocked = await inTransaction(database.db, async () => {
      attempts += 1;
      throw aborted("40P01");
    }).catch((error: unknown) => error);
    expect(deadlocked).toMatchObject({ code: "40P01" });
    expect(attempts).toBe(1 + CONCURRENCY_RETRIES);

    attempts = 0;
    const refused = await inTransaction(database.db, async () => {
      attempts += 1;
      throw aborted("23505");
    }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "23505" });
    expect(attempts).toBe(1);
  });

  it("runs the after-commit callbacks of the attempt that committed only", async () => {
    let attempts = 0;
    const ran: number[] = [];
    await inTransaction(database.db, async () => {
      attempts += 1;
      const attempt = attempts;
      afterCommit(() => {
        ran.push(attempt);
      });
      if (attempt === 1) throw aborted("40P01");
    });
    expect(ran).toEqual([2]);
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
