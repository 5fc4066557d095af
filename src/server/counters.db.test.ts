import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/test-db.ts";
import { type Counters, createCounters } from "./counters.ts";
import { FailureLimiter } from "./modules/auth/failure-limiter.ts";

/**
 * The shared counters on both stores: the database (the test's PGlite or PostgreSQL) and Redis
 * (REDIS_URL, or the one CI runs on 127.0.0.1:6379). Two `createCounters` on one store stand for two
 * app instances.
 */

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const stores: { name: string; open: () => Counters }[] = [
  { name: "the database", open: () => createCounters(database, null) },
  { name: "Redis", open: () => createCounters(database, REDIS_URL) },
];

describe.each(stores)("shared counters on $name", ({ open }) => {
  const opened: Counters[] = [];
  const instance = () => {
    const counters = open();
    opened.push(counters);
    return counters;
  };
  afterAll(async () => {
    await Promise.all(opened.map((c) => c.close()));
  });
  // Each test its own names, so runs against one Redis never meet.
  const unique = (name: string) => `${name}-${randomUUID()}`;

  it("counts per key, atomically, and forgets a key on reset", async () => {
    const counter = instance().window(unique("failures"), 60_000);
    const counts = await Promise.all(Array.from({ length: 10 }, () => counter.add("alice@demo.test")));
    // Ten at once, each its own number: nothing lost to a race.
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(counts.every((c) => c.msLeft > 0 && c.msLeft <= 60_000)).toBe(true);
    expect(await counter.count("alice@demo.test")).toBe(10);
    expect(await counter.count("bob@demo.test")).toBe(0);
    await counter.reset("alice@demo.test");
    expect(await counter.count("alice@demo.test")).toBe(0);
  });

  it("counts a try only below the limit, atomically: of 25 at once on two instances, 5 are counted", async () => {
    const name = unique("pickup");
    const one = instance().window(name, 60_000);
    const other = instance().window(name, 60_000);
    const tries = await Promise.all(
      Array.from({ length: 25 }, (_, i) => (i % 2 === 0 ? one : other).addBelow("order-1", 5)),
    );
    const counted = tries.filter((t) => t.counted);
    expect(counted.map((t) => t.count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    expect(tries.every((t) => t.count <= 5 && t.msLeft > 0 && t.msLeft <= 60_000)).toBe(true);
    expect(await one.count("order-1")).toBe(5);
    expect(await other.addBelow("order-1", 5)).toMatchObject({ counted: false, count: 5 });
    expect(await one.addBelow("order-2", 5)).toMatchObject({ counted: true, count: 1 });
    await one.reset("order-1");
    expect(await other.addBelow("order-1", 5)).toMatchObject({ counted: true, count: 1 });
  });

  it("is one count for two instances, and each name counts its own", async () => {
    const name = unique("failures");
    const one = instance().window(name, 60_000);
    const other = instance().window(name, 60_000);
    await one.add("10.0.0.1");
    await other.add("10.0.0.1");
    expect((await one.add("10.0.0.1")).count).toBe(3);
    expect(await other.count("10.0.0.1")).toBe(3);
    expect(await instance().window(unique("other"), 60_000).count("10.0.0.1")).toBe(0);
  });

  it("locks out through FailureLimiter after the allowed failures, across instances", async () => {
    const name = unique("login");
    const a = new FailureLimiter(instance().window(name, 60_000));
    const b = new FailureLimiter(instance().window(name, 60_000));
    for (let i = 0; i < 5; i++) await (i % 2 === 0 ? a : b).recordFailure("email:x@demo.test");
    expect(await a.isLockedOut("email:x@demo.test", 6)).toBe(false);
    expect(await b.recordFailure("email:x@demo.test")).toBe(6);
    expect(await a.isLockedOut("email:x@demo.test", 6)).toBe(true);
  });
});

describe("a window", () => {
  it("in the database ends its length after the key's first event, by the app's clock", async () => {
    const counters = createCounters(database, null);
    try {
      vi.useFakeTimers({ toFake: ["Date"] });
      const start = Date.now();
      const counter = counters.window(`window-${randomUUID()}`, 60_000);
      await counter.add("k");
      vi.setSystemTime(start + 30_000);
      await counter.add("k");
      vi.setSystemTime(start + 59_000);
      expect(await counter.count("k")).toBe(2);
      vi.setSystemTime(start + 61_000);
      expect(await counter.count("k")).toBe(0);
      expect((await counter.add("k")).count).toBe(1);
    } finally {
      await counters.close();
    }
  });

  it("in the database counts tries below the limit again once the window has ended", async () => {
    const counters = createCounters(database, null);
    try {
      vi.useFakeTimers({ toFake: ["Date"] });
      const start = Date.now();
      const counter = counters.window(`window-${randomUUID()}`, 60_000);
      for (let i = 0; i < 3; i++) await counter.addBelow("k", 3);
      vi.setSystemTime(start + 30_000);
      expect(await counter.addBelow("k", 3)).toMatchObject({ counted: false, count: 3 });
      vi.setSystemTime(start + 61_000);
      expect(await counter.addBelow("k", 3)).toMatchObject({ counted: true, count: 1 });
      expect(await counter.count("k")).toBe(1);
    } finally {
      await counters.close();
    }
  });

  it("in Redis ends its length after the key's first event, by Redis's clock", async () => {
    const counters = createCounters(database, REDIS_URL);
    try {
      const counter = counters.window(`window-${randomUUID()}`, 1_000);
      await counter.add("k");
      await counter.add("k");
      expect(await counter.count("k")).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect(await counter.count("k")).toBe(0);
    } finally {
      await counters.close();
    }
  });

  it("keeps Redis's keys under the app's prefix, each with its expiry", async () => {
    const name = `prefix-${randomUUID()}`;
    const counters = createCounters(database, REDIS_URL);
    const redis = new Redis(REDIS_URL);
    try {
      await counters.window(name, 60_000).add("k");
      const keys = await redis.keys(`pedaali:${name}*`);
      expect(keys).toHaveLength(1);
      expect(await redis.pttl(keys[0] as string)).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
      await counters.close();
    }
  });
});
