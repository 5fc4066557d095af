import { AsyncLocalStorage } from "node:async_hooks";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { type PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type { Db, Schema } from "./client.ts";
import { followLocks, lockTrailOf } from "./lock-order.ts";
import { isConcurrencyConflict } from "./postgres-errors.ts";

/**
 * An open transaction. A function that takes `Tx` must run inside one (a change and its event row commit
 * together); a function that only reads takes `Db`, which a `Tx` also is.
 *
 * A transaction holds one connection, which answers one query at a time: a read that may run inside a
 * write awaits its queries one after another, never side by side (Promise.all). node-postgres would
 * queue them, and refuses that from pg 9; the database tests fail on it (tests/helpers/one-query-at-a-time.ts).
 * Where running side by side on the pool saves real time (the payroll report's loads), use readAll.
 */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** Who makes a change: a logged-in user, or null for the bike store's link and the daily jobs. */
export type Actor = { userId: string | null };

/**
 * What every write is given: the transaction it writes in, who acts, and the one moment the change
 * happens at (every timestamp and event row of one change carries the same `now`). A module whose rules
 * need more of the actor (the roles of an order mover, the helpdesk flag of a claim) widens `actor`.
 */
export type WriteContext<A extends Actor = Actor> = {
  tx: Tx;
  actor: A;
  now: Date;
  /** The staff file this change writes (modules/employee-import): every event row of it names the import. */
  importId?: string;
};

/**
 * The answers of `reads`, in order: side by side where `db` is the pool (each read on a connection of its
 * own, so a report waits for its slowest read, not their sum), one after another where `db` is a
 * transaction. For heavy reads that serve a request and also run inside a write or the demo seed; a
 * detail page's few small reads simply await one after another.
 */
export async function readAll<const T extends readonly (() => PromiseLike<unknown>)[]>(
  db: Db,
  reads: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  type Answers = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as Answers;
  const answers: unknown[] = [];
  for (const read of reads) answers.push(await read());
  return answers as Answers;
}

/** What runs once the outermost open transaction has committed (its root database is handed over). */
type CommitScope = { db: Db; callbacks: ((db: Db) => void | Promise<void>)[] };
const commitScope = new AsyncLocalStorage<CommitScope>();

/**
 * Asks for `callback` once the transaction the caller runs in has committed: a message queued in the
 * outbox with the change is sent then, never for a change that rolled back. Answers false when the
 * caller runs in no transaction opened by `inTransaction` (the caller then acts on its own).
 */
export function afterCommit(callback: (db: Db) => void | Promise<void>): boolean {
  const scope = commitScope.getStore();
  if (!scope) return false;
  scope.callbacks.push(callback);
  return true;
}

/** How many times a transaction PostgreSQL aborted as a deadlock or serialization failure is run again. */
export const CONCURRENCY_RETRIES = 3;

/** A short, random pause before a retry, so that the two transactions that met do not meet again. */
const pauseBeforeRetry = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, attempt * (5 + Math.random() * 20)));

/**
 * Runs `work` in one transaction: all of its writes commit together or none do. Its row locks are
 * checked against the lock order as they are taken (lock-order.ts, `lockRows`).
 *
 * A transaction PostgreSQL aborts because it met another one (40P01 deadlock, 40001 serialization
 * failure) wrote nothing, and is run again from the start, at most CONCURRENCY_RETRIES times, before
 * its error reaches the person. Every transaction is safe to repeat: what it sends out (mails, SMS, the
 * bike store's notices) is queued in the outbox inside it and rolls back with it, callbacks run only
 * after the commit, a code the person waits for is sent before or after it, and a file stored in an
 * attempt that rolled back is an orphan the file sweep removes. The locks keep the lock order, so a
 * deadlock is not expected; the retry is the net for the meetings no order prevents.
 */
export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  // A transaction inside another (a savepoint) commits with the outer one, which runs the callbacks;
  // its locks go on the outer one's trail, and leave it when the savepoint rolls back (and so do they).
  const trail = lockTrailOf(db);
  if (db instanceof PgTransaction) {
    const mark = trail?.length ?? 0;
    try {
      return await db.transaction((savepoint) => {
        if (trail) followLocks(savepoint, trail);
        return work(savepoint);
      });
    } catch (error) {
      if (trail) trail.length = mark;
      throw error;
    }
  }
  for (let attempt = 0; ; attempt++) {
    const scope: CommitScope = { db, callbacks: [] };
    const outcome = await commitScope.run(scope, async () => {
      let result: T;
      try {
        result = await db.transaction((tx) => {
          followLocks(tx, []);
          return work(tx);
        });
      } catch (error) {
        if (attempt < CONCURRENCY_RETRIES && isConcurrencyConflict(error)) return { again: true } as const;
        throw error;
      }
      for (const callback of scope.callbacks) await callback(db);
      return { again: false, result } as const;
    });
    if (!outcome.again) return outcome.result;
    await pauseBeforeRetry(attempt + 1);
  }
}

/** Opens a transaction and hands `work` its write context. */
export function write<A extends Actor, T>(
  db: Db,
  by: { actor: A; now?: Date; importId?: string },
  work: (ctx: WriteContext<A>) => Promise<T>,
): Promise<T> {
  const now = by.now ?? new Date();
  const importId = by.importId === undefined ? {} : { importId: by.importId };
  return inTransaction(db, (tx) => work({ tx, actor: by.actor, now, ...importId }));
}
