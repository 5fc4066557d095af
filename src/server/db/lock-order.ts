import type { Db } from "./client.ts";
import type { Tx } from "./transaction.ts";

/**
 * The one order in which a change locks rows (docs/architecture.md, "Lock order"). Two changes that
 * lock the same two rows in opposite orders wait for each other until PostgreSQL aborts one of them (a
 * deadlock): a person's cancellation and another's approval of the payout batch did. So every write
 * locks the kinds below from top to bottom, never a kind above one it already holds. An UPDATE or DELETE locks the rows it writes as SELECT ... FOR UPDATE
 * would, and counts as a lock of their kind where it is noted (`lockRows`).
 */
export const LOCK_ORDER = [
  // A person's account: the code, link or session being used first, then the user and their roles and
  // settings; a person's signature locks their account before the order they sign.
  "refreshSession",
  "twoFactorChallenge",
  "contactChangeRequest",
  "passwordResetToken",
  "userAuthenticator",
  "userPasskey",
  "user",
  "userRole",
  "userPreferences",
  // The employer's side: an application becomes a company, a company has its people.
  "companyApplication",
  "registrationLink",
  "company",
  "companyScimToken",
  "payrollDeliverySettings",
  "invitation",
  "employee",
  // What acts on an order locks itself first, then the order: a cancellation, a claim, a redemption case.
  "orderCancellation",
  "insuranceClaim",
  "redemptionCase",
  "order",
  "handover",
  "leasingDecision",
  "leasingAgreement",
  "leasingCompany",
  "billingTable",
  // The money that follows an order: the employee's payments, the brokerage of a returned bike, what
  // the store is paid (a batch before its payables, their purchase invoices last).
  "userPayment",
  "redemptionPayment",
  "bikeBrokerage",
  "brokerageInquiry",
  "payoutBatch",
  "bikeStore",
  "storePayable",
  "invoice",
  // The outbox rows the daily digest takes.
  "messageOutbox",
] as const;

export type LockKind = (typeof LOCK_ORDER)[number];

const RANK = new Map<LockKind, number>(LOCK_ORDER.map((kind, rank) => [kind, rank]));

/** The kinds a transaction has locked so far, in the order it locked them. */
export type LockTrail = LockKind[];

/** A change asked for a lock against the lock order: a deadlock waiting for the right moment. */
export class LockOrderError extends Error {
  constructor(
    readonly kind: LockKind,
    readonly held: readonly LockKind[],
  ) {
    super(
      `Lock order broken: ${kind} is locked after ${held.filter((k) => rankOf(k) > rankOf(kind)).join(", ")} (src/server/db/lock-order.ts)`,
    );
    this.name = "LockOrderError";
  }
}

const rankOf = (kind: LockKind) => RANK.get(kind) ?? -1;

/** Each transaction's trail; a savepoint shares its transaction's. */
const trails = new WeakMap<Db, LockTrail>();

/**
 * Follows the locks of `tx` (inTransaction calls it for every transaction and savepoint it opens); a
 * savepoint's locks are noted on its transaction's trail.
 */
export function followLocks(tx: Tx, trail: LockTrail): void {
  trails.set(tx, trail);
}

/**
 * Stops checking the locks of `tx` and its savepoints: for the demo seed, which writes a whole
 * database's stories in one transaction before anything else runs on it, so it meets no one.
 */
export function leaveLocksUnchecked(tx: Db): void {
  trails.delete(tx);
}

/** The trail of `tx`, or undefined for a transaction not opened by inTransaction. */
export function lockTrailOf(tx: Db): LockTrail | undefined {
  return trails.get(tx);
}

/**
 * Throws LockOrderError when the trail holds a kind below `kind` in the lock order. A kind the
 * transaction holds already may be locked again whatever it locked since: that is taken to be the same
 * rows, which it never waits for (moveOrder locks the order its caller has locked, after the caller's
 * own-share payments). The trail knows kinds, not rows.
 */
function ensureMayLock(trail: LockTrail, kind: LockKind): void {
  if (trail.includes(kind)) return;
  const rank = rankOf(kind);
  if (trail.some((held) => rankOf(held) > rank)) throw new LockOrderError(kind, [...trail]);
}

/** Appends `kind` to the trail, after ensureMayLock. */
export function noteLock(trail: LockTrail, kind: LockKind): void {
  ensureMayLock(trail, kind);
  if (!trail.includes(kind)) trail.push(kind);
}

/** Whether a query's answer holds a row it locked: rows answered, or rows an UPDATE counted. */
function lockedAny(answer: unknown): boolean {
  if (Array.isArray(answer)) return answer.length > 0;
  const counted = answer as { rowCount?: unknown; affectedRows?: unknown } | null;
  if (typeof counted?.rowCount === "number") return counted.rowCount > 0;
  if (typeof counted?.affectedRows === "number") return counted.affectedRows > 0;
  return true;
}

/**
 * Runs `query`, which locks rows of `kind` (a SELECT ... FOR UPDATE or FOR SHARE, or an UPDATE or
 * DELETE of rows others may hold), after checking against the lock order that `tx` may lock them now.
 * The kind goes on the trail when the query found a row: one that found none holds nothing (SCIM looks
 * for an employment, then for an invitation of the same id). Answers what the query answers. A read
 * that locks only inside a transaction takes `Db`: on the pool it has no trail and nothing is checked.
 */
export async function lockRows<T>(tx: Db, kind: LockKind, query: PromiseLike<T>): Promise<T> {
  const trail = trails.get(tx);
  if (trail) ensureMayLock(trail, kind);
  const answer = await query;
  if (trail && lockedAny(answer)) noteLock(trail, kind);
  return answer;
}
