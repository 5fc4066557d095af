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

  /**
   * Counts a try before it is judged, only while the key has fewer than `maxTries` (one atomic step
   * across instances, so tries made at once cannot all slip under the limit): answers the key's count
   * with it, or null when the key is at the limit and the try is not to be judged.
   */
  async takeTry(key: string, maxTries: number): Promise<number | null> {
    const taken = await this.failures.addBelow(key, maxTries);
    return taken.counted ? taken.count : null;
  }

  /** Gives a try counted by `takeTry` back when it was not a failure after all. */
  async giveBack(key: string): Promise<void> {
    await this.failures.remove(key);
  }

  async reset(key: string): Promise<void> {
    await this.failures.reset(key);
  }
}
