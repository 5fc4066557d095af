import { DAY_MS } from "./dates.ts";

/**
 * Idempotency keys of the calls that move money (approving a payout batch, marking it paid, completing a
 * cancellation, a refund's status move, a user payment paid, a lease end completed). A client that does
 * not know whether its call arrived (the connection broke, the answer was lost) sends the same call with
 * the same `Idempotency-Key` again: the server answers the first call's answer and does not act twice.
 * A key is the caller's own (per user), for one method and address and one body, for 24 hours.
 */

/** The header's name as HTTP sends it; Node reads it in lower case. */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** Set on an answer sent again under a key: the call was not done again. */
export const IDEMPOTENT_REPLAYED_HEADER = "Idempotent-Replayed";

/** 8–100 characters of letters, digits, `_` and `-`: a UUID fits, and nothing needs escaping. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/** How long a key answers its first call's answer; after that, the same key is a new call. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = DAY_MS;

/**
 * How long a call under a key may be under way before the key is free again: the calls it guards
 * answer in seconds, so a key held longer was left by a server that stopped mid-call.
 */
export const IDEMPOTENCY_CLAIM_STALE_MS = 5 * 60_000;

export function isIdempotencyKey(value: unknown): value is string {
  return typeof value === "string" && IDEMPOTENCY_KEY_PATTERN.test(value);
}

/**
 * A value as JSON with every object's keys in order, so that two bodies that say the same thing (in
 * whatever order a client wrote their fields) are the same request.
 */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return "null";
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

/** A call as a key remembers it: the method, the address and the fingerprint of its body. */
export type KeyedRequest = { method: string; path: string; requestHash: string };

/** What a key already taken says of a new call under it. */
export type KeyedCallOutcome =
  /** The same call again, answered: its answer is sent again. */
  | "REPLAY"
  /** The same call, still under way: the client is to try again in a moment. */
  | "IN_PROGRESS"
  /** Another call (method, address or body) under a key already used: refused. */
  | "OTHER_REQUEST";

export function keyedCallOutcome(
  stored: KeyedRequest & { statusCode: number | null },
  call: KeyedRequest,
): KeyedCallOutcome {
  if (stored.method !== call.method || stored.path !== call.path || stored.requestHash !== call.requestHash)
    return "OTHER_REQUEST";
  return stored.statusCode === null ? "IN_PROGRESS" : "REPLAY";
}

/**
 * Whether a key taken at `createdAt` (and answered or not) no longer holds at `now`: past its lifetime,
 * or still under way after the stale time.
 */
export function idempotencyKeyLapsed(key: { createdAt: Date; answered: boolean }, now: Date): boolean {
  const age = now.getTime() - key.createdAt.getTime();
  return age >= IDEMPOTENCY_KEY_LIFETIME_MS || (!key.answered && age >= IDEMPOTENCY_CLAIM_STALE_MS);
}

/** Whether an answer is kept for the key: any but a server failure, after which the call may be tried anew. */
export function keepsAnswer(statusCode: number): boolean {
  return statusCode < 500;
}
