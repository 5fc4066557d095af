import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type { Db, Schema } from "./client.ts";

/**
 * An open transaction. A function that takes `Tx` must run inside one (a change and its event row commit
 * together); a function that only reads takes `Db`, which a `Tx` also is.
 */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** Who makes a change: a logged-in user, or null for the bike store's link and the daily jobs. */
export type Actor = { userId: string | null };

/**
 * What every write is given: the transaction it writes in, who acts, and the one moment the change
 * happens at (every timestamp and event row of one change carries the same `now`). A module whose rules
 * need more of the actor (the roles of an order mover, the helpdesk flag of a claim) widens `actor`.
 */
export type WriteContext<A extends Actor = Actor> = { tx: Tx; actor: A; now: Date };

/** Runs `work` in one transaction: all of its writes commit together or none do. */
export function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(work);
}

/** Opens a transaction and hands `work` its write context. */
export function write<A extends Actor, T>(
  db: Db,
  by: { actor: A; now?: Date },
  work: (ctx: WriteContext<A>) => Promise<T>,
): Promise<T> {
  const now = by.now ?? new Date();
  return inTransaction(db, (tx) => work({ tx, actor: by.actor, now }));
}
