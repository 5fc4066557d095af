import { afterEach, describe, expect, it, vi } from "vitest";
import { FailureLimiter } from "./failure-limiter.ts";

/** A limiter on a clock the test moves by hand. */
function limiterAt(windowMs: number, start = 1_000_000) {
  const clock = { now: start };
  return { limiter: new FailureLimiter(windowMs, () => clock.now), clock };
}

/** The memory cap: above this many keys the oldest one is forgotten. */
const CAP = 50_000;

describe("FailureLimiter", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("locks a key out once it has failed the allowed number of times, and only that key", () => {
    const { limiter } = limiterAt(60_000);
    limiter.recordFailure("alice@demo.test");
    limiter.recordFailure("alice@demo.test");
    expect(limiter.isLockedOut("alice@demo.test", 3)).toBe(false);
    limiter.recordFailure("alice@demo.test");
    expect(limiter.isLockedOut("alice@demo.test", 3)).toBe(true);
    expect(limiter.isLockedOut("bob@demo.test", 3)).toBe(false);
  });

  it("forgets a failure exactly one window after it happened, not a millisecond sooner", () => {
    const { limiter, clock } = limiterAt(60_000);
    limiter.recordFailure("alice@demo.test");
    clock.now += 30_000;
    limiter.recordFailure("alice@demo.test");
    clock.now += 29_999; // the first failure is 59.999 s old
    expect(limiter.isLockedOut("alice@demo.test", 2)).toBe(true);
    clock.now += 1; // exactly 60 s old: out of the window
    expect(limiter.isLockedOut("alice@demo.test", 2)).toBe(false);
    expect(limiter.isLockedOut("alice@demo.test", 1)).toBe(true);
    clock.now += 30_000; // the second one is now a window old too
    expect(limiter.isLockedOut("alice@demo.test", 1)).toBe(false);
  });

  it("follows the system clock when no clock is given", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    vi.setSystemTime(start);
    const limiter = new FailureLimiter(60_000);
    limiter.recordFailure("10.0.0.1");
    limiter.recordFailure("10.0.0.1");
    expect(limiter.isLockedOut("10.0.0.1", 2)).toBe(true);
    vi.setSystemTime(start + 59_999);
    expect(limiter.isLockedOut("10.0.0.1", 2)).toBe(true);
    vi.setSystemTime(start + 60_000);
    expect(limiter.isLockedOut("10.0.0.1", 2)).toBe(false);
  });

  it("lets a user in again after a reset (a correct code), without touching other keys", () => {
    const { limiter } = limiterAt(60_000);
    for (const key of ["alice@demo.test", "bob@demo.test"]) {
      limiter.recordFailure(key);
      limiter.recordFailure(key);
    }
    limiter.reset("alice@demo.test");
    expect(limiter.isLockedOut("alice@demo.test", 1)).toBe(false);
    expect(limiter.isLockedOut("bob@demo.test", 2)).toBe(true);
  });

  it("keeps up to 50,000 keys and, under a flood of new keys, forgets the oldest one first", () => {
    const { limiter } = limiterAt(60_000);
    limiter.recordFailure("first");
    limiter.recordFailure("second");
    for (let i = 0; i < CAP - 2; i++) limiter.recordFailure(`flood-${i}`);
    // Exactly at the cap nothing is forgotten yet.
    expect(limiter.isLockedOut("first", 1)).toBe(true);
    limiter.recordFailure("one-too-many");
    expect(limiter.isLockedOut("first", 1)).toBe(false);
    expect(limiter.isLockedOut("second", 1)).toBe(true);
    expect(limiter.isLockedOut("one-too-many", 1)).toBe(true);
  });

  it("does not let an attacker crowd a locked-out key out of memory by merely probing unknown keys", () => {
    const { limiter } = limiterAt(60_000);
    for (let i = 0; i < 5; i++) limiter.recordFailure("victim@demo.test");
    // Checking keys that never failed must not store them.
    for (let i = 0; i < CAP; i++) limiter.isLockedOut(`probe-${i}`, 5);
    limiter.recordFailure("attacker@evil.test");
    expect(limiter.isLockedOut("victim@demo.test", 5)).toBe(true);
  });
});
