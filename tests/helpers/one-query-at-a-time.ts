import pg from "pg";
import { afterEach } from "vitest";

/**
 * A transaction holds one connection, and a connection answers one query at a time. node-postgres
 * queues a query sent while another is under way (Promise.all over a transaction), warns only once per
 * process that pg 9 will refuse it, and the writing transaction then leans on the queue's order. In the
 * database tests any such query fails the test that sent it (on PostgreSQL; PGlite has no pg client).
 */
type ClientState = { _activeQuery?: unknown; _queryQueue?: unknown[]; _sentQueryQueue?: unknown[] };
let sentTogether = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client & ClientState, ...args: unknown[]) {
  const busy =
    this._activeQuery || (this._queryQueue?.length ?? 0) > 0 || (this._sentQueryQueue?.length ?? 0) > 0;
  if (busy) sentTogether += 1;
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

afterEach(() => {
  const count = sentTogether;
  sentTogether = 0;
  if (count > 0) {
    throw new Error(
      `${count} queries were sent on a connection still answering another: a transaction's queries are awaited one after another (readAll in src/server/db/transaction.ts)`,
    );
  }
});
