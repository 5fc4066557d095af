import type { WindowCounter } from "../../counters.ts";

/**
 * Counts failed logins and codes per key (an e-mail, an IP address, an account) in a window and says
 * when a key is locked out. The counts are shared by every app instance (src/server/counters.ts), so
 * wrong passwords spread over two instances lock the account as soon as on one. @fastify/rate-limit
 * counts every request; here only failures count, so a user who types their password right is never
 * locked out by others' successful logins from the same office address.
 */
export class FailureLimiter {
  constructor(private readonly failures: WindowCounter) {}

  async isLockedOut(key: string, maxFailures: number): Promise<boolean> {
    return (await this.failures.count(key)) >= maxFailures;
  }

  /** Records a failure; says how many the key has in its window with this one. */
  async recordFailure(key: string): Promise<number> {
    return (await this.failures.add(key)).count;
  }

  async reset(key: string): Promise<void> {
    await this.failures.reset(key);
  }
}
