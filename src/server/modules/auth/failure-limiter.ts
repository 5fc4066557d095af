/**
 * Counts failed logins and codes per key (an e-mail, an IP address) in a sliding window and says when
 * a key is locked out. In memory: one server process. @fastify/rate-limit counts every request, and
 * here only failures may count, so a user who types their password right is never locked out by others'
 * successful logins from the same office address.
 */
export class FailureLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly windowMs: number,
    // Looked up at each call rather than bound once, so a test's faked clock (vi.setSystemTime) counts.
    private readonly now: () => number = () => Date.now(),
  ) {}

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (kept.length === 0) this.failures.delete(key);
    else this.failures.set(key, kept);
    return kept;
  }

  isLockedOut(key: string, maxFailures: number): boolean {
    return this.recent(key).length >= maxFailures;
  }

  recordFailure(key: string): void {
    this.failures.set(key, [...this.recent(key), this.now()]);
    // Keep memory bounded under a flood of distinct keys: drop the oldest entries.
    if (this.failures.size > 50_000) {
      const oldest = this.failures.keys().next().value;
      if (oldest !== undefined) this.failures.delete(oldest);
    }
  }

  reset(key: string): void {
    this.failures.delete(key);
  }
}
