/**
 * How the message outbox retries a message its provider did not take: after 1, 5 and 30 minutes, then
 * 2 and 12 hours; a message still not taken after its last try is FAILED, and the helpdesk can send it
 * again. The waits grow so that a provider that is down for a while is not hammered.
 */
export const OUTBOX_RETRY_DELAYS_MS: readonly number[] = [
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 60 * 60_000,
  12 * 60 * 60_000,
];

/** Every try a message gets: the first and one per retry delay. */
export const OUTBOX_MAX_ATTEMPTS = OUTBOX_RETRY_DELAYS_MS.length + 1;

/** How long a sender holds a message it took, so that a second sender does not take it at once. */
export const OUTBOX_CLAIM_MS = 10 * 60_000;

export type OutboxOutcome = { status: "QUEUED"; nextAttemptAt: Date } | { status: "FAILED" };

/** After the `attempts`-th failed try (1 for the first), when the next is due, or FAILED. */
export function afterFailedAttempt(attempts: number, now: Date): OutboxOutcome {
  const delay = OUTBOX_RETRY_DELAYS_MS[attempts - 1];
  if (attempts >= OUTBOX_MAX_ATTEMPTS || delay === undefined) return { status: "FAILED" };
  return { status: "QUEUED", nextAttemptAt: new Date(now.getTime() + delay) };
}
