import { lt } from "drizzle-orm";
import { Redis } from "ioredis";
import { RateLimiterDrizzle, RateLimiterRedis, type RateLimiterStoreAbstract } from "rate-limiter-flexible";
import type { Database } from "./db/client.ts";
import { rateLimitCounters } from "./db/schema/index.ts";

/**
 * Counts that every app instance shares, so that two instances behind a load balancer count as one: a
 * login failure on one counts against the lockout on the other, and a request rate is the client's, not
 * the instance's. Kept in Redis where REDIS_URL is set, else in the database (table
 * rate_limit_counters), through rate-limiter-flexible. A window starts with its key's first event and
 * lasts its length; then the key counts from zero again.
 */

/** What a window holds for a key now: its events and the time until the window ends. */
export type WindowCount = { count: number; msLeft: number };

export type WindowCounter = {
  /** Records one event for the key and says what the window holds with it (atomic across instances). */
  add(key: string): Promise<WindowCount>;
  /** The events the key has in its window now (0 when none). */
  count(key: string): Promise<number>;
  /** Forgets the key's events. */
  reset(key: string): Promise<void>;
};

export type Counters = {
  /** The counter named `name` (its keys are its own) with windows of `windowMs`. */
  window(name: string, windowMs: number): WindowCounter;
  /** Where they are kept, for the health check and the logs. */
  readonly kind: "redis" | "database";
  /** Stops the clean-up and closes the Redis connection; the database is its owner's to close. */
  close(): Promise<void>;
};

/** How often rows whose window ended are deleted from rate_limit_counters. */
const CLEAN_UP_EVERY_MS = 5 * 60 * 1000;
/** Enough that `add` never refuses: these counters count, the caller decides what a count means. */
const UNLIMITED = Number.MAX_SAFE_INTEGER;

function counterOn(limiter: RateLimiterStoreAbstract): WindowCounter {
  return {
    async add(key) {
      const res = await limiter.penalty(key, 1);
      return { count: res.consumedPoints, msLeft: res.msBeforeNext };
    },
    async count(key) {
      return (await limiter.get(key))?.consumedPoints ?? 0;
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}

export function createCounters(database: Pick<Database, "db">, redisUrl: string | null): Counters {
  const seconds = (windowMs: number) => Math.max(1, Math.ceil(windowMs / 1000));
  if (redisUrl) {
    // A call made while Redis is away waits for one reconnection, then fails: a login then answers an
    // error within moments instead of hanging.
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2_000 });
    redis.on("error", () => {
      // Reconnects by itself; each call made meanwhile fails with its own error.
    });
    return {
      kind: "redis",
      window: (name, windowMs) =>
        counterOn(
          new RateLimiterRedis({
            storeClient: redis,
            keyPrefix: `pedaali:${name}`,
            points: UNLIMITED,
            duration: seconds(windowMs),
          }),
        ),
      close: async () => {
        redis.disconnect();
      },
    };
  }
  const cleanUp = setInterval(() => {
    database.db
      .delete(rateLimitCounters)
      .where(lt(rateLimitCounters.expire, new Date()))
      .catch(() => {
        // The next round tries again; an ended window no longer counts either way.
      });
  }, CLEAN_UP_EVERY_MS);
  cleanUp.unref();
  return {
    kind: "database",
    window: (name, windowMs) =>
      counterOn(
        new RateLimiterDrizzle({
          storeClient: database.db,
          schema: rateLimitCounters,
          keyPrefix: name,
          points: UNLIMITED,
          duration: seconds(windowMs),
          // The app deletes ended windows itself (above), on a timer it stops when it closes.
          clearExpiredByTimeout: false,
        }),
      ),
    close: async () => {
      clearInterval(cleanUp);
    },
  };
}
