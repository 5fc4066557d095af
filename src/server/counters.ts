import { lt, sql } from "drizzle-orm";
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
type WindowCount = { count: number; msLeft: number };

/** The answer of `addBelow`: whether the event was counted, and what the window holds now. */
type TakenTry = WindowCount & { counted: boolean };

export type WindowCounter = {
  /** Records one event for the key and says what the window holds with it (atomic across instances). */
  add(key: string): Promise<WindowCount>;
  /**
   * Records one event for the key unless its window holds `limit` already, in one atomic step across
   * instances: the way to count a try before judging it, so that tries made at once can never all be
   * judged and the count never passes the limit. A try not counted is not to be judged.
   */
  addBelow(key: string, limit: number): Promise<TakenTry>;
  /** Takes one event back off the key's count (a try counted first that turned out not to be a failure). */
  remove(key: string): Promise<void>;
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

/**
 * Redis's `addBelow` in one script, on the key and with the window rate-limiter-flexible uses (a
 * window starts with its key's first event): the count is read, compared and raised in one step.
 */
const ADD_BELOW_SCRIPT = `
local count = tonumber(redis.call('get', KEYS[1]) or '0')
if count >= tonumber(ARGV[1]) then return {0, count, redis.call('pttl', KEYS[1])} end
redis.call('set', KEYS[1], 0, 'EX', ARGV[2], 'NX')
count = redis.call('incr', KEYS[1])
return {1, count, redis.call('pttl', KEYS[1])}
`;

function counterOn(limiter: RateLimiterStoreAbstract, addBelow: WindowCounter["addBelow"]): WindowCounter {
  return {
    addBelow,
    async add(key) {
      const res = await limiter.penalty(key, 1);
      return { count: res.consumedPoints, msLeft: res.msBeforeNext };
    },
    async count(key) {
      return (await limiter.get(key))?.consumedPoints ?? 0;
    },
    async remove(key) {
      await limiter.reward(key, 1);
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
      window: (name, windowMs) => {
        const keyPrefix = `pedaali:${name}`;
        const limiter = new RateLimiterRedis({
          storeClient: redis,
          keyPrefix,
          points: UNLIMITED,
          duration: seconds(windowMs),
        });
        return counterOn(limiter, async (key, limit) => {
          const [counted, count, msLeft] = (await redis.eval(
            ADD_BELOW_SCRIPT,
            1,
            limiter.getKey(key),
            limit,
            seconds(windowMs),
          )) as [number, number, number];
          return { counted: counted === 1, count, msLeft: Math.max(0, msLeft) };
        });
      },
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
    window: (name, windowMs) => {
      const limiter = new RateLimiterDrizzle({
        storeClient: database.db,
        schema: rateLimitCounters,
        keyPrefix: name,
        points: UNLIMITED,
        duration: seconds(windowMs),
        // The app deletes ended windows itself (above), on a timer it stops when it closes.
        clearExpiredByTimeout: false,
      });
      return counterOn(limiter, async (key, limit) => {
        // One statement, as rate-limiter-flexible writes the row (a window from the key's first event,
        // by the app's clock), that raises the count only while it is below the limit.
        const now = new Date();
        const expire = new Date(now.getTime() + seconds(windowMs) * 1000);
        const ended = sql`${rateLimitCounters.expire} <= ${sql.param(now, rateLimitCounters.expire)}`;
        const [row] = await database.db
          .insert(rateLimitCounters)
          .values({ key: limiter.getKey(key), points: 1, expire })
          .onConflictDoUpdate({
            target: rateLimitCounters.key,
            set: {
              points: sql`case when ${ended} then 1 else ${rateLimitCounters.points} + 1 end`,
              expire: sql`case when ${ended} then ${sql.param(expire, rateLimitCounters.expire)} else ${rateLimitCounters.expire} end`,
            },
            setWhere: sql`${ended} or ${rateLimitCounters.points} < ${limit}`,
          })
          .returning({ points: rateLimitCounters.points, expire: rateLimitCounters.expire });
        if (row) {
          // Tries at once each read their own clock: one that read it before the try that opened the
          // window would count a few milliseconds more than the window has; none is left past its length.
          const left = row.expire ? row.expire.getTime() - now.getTime() : windowMs;
          return { counted: true, count: row.points, msLeft: Math.min(windowMs, Math.max(0, left)) };
        }
        const held = await limiter.get(key);
        return {
          counted: false,
          count: held?.consumedPoints ?? limit,
          msLeft: held?.msBeforeNext ?? windowMs,
        };
      });
    },
    close: async () => {
      clearInterval(cleanUp);
    },
  };
}
