import { LRUCache } from "lru-cache";
import type { Database } from "../../db/client.ts";
import type { CurrentUser } from "./session-user.ts";

/**
 * The session users of one database, kept between requests. Every authenticated request reads its
 * session row anyway (to refuse an ended session at once); that same read returns the user's
 * auth_version and the global auth_generation, which triggers move on every write of what the user is
 * made of (migration 0012_session_versions). A user whose numbers have not moved is served from here
 * instead of four more queries; one whose numbers moved is read again. Correct across instances, since
 * the numbers live in the database.
 */
export type SessionUserCache = {
  get(userId: string, version: string): CurrentUser | undefined;
  set(userId: string, version: string, user: CurrentUser): void;
};

/** Enough for every user active in a quarter of an hour at the largest customer; the oldest leave first. */
const MAX_USERS = 20_000;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

export function createSessionUserCache(max = MAX_USERS): SessionUserCache {
  const entries = new LRUCache<string, { version: string; user: CurrentUser }>({ max });
  return {
    get(userId, version) {
      const entry = entries.get(userId);
      return entry && entry.version === version ? entry.user : undefined;
    },
    set(userId, version, user) {
      // Shared by every request of the user from now on: a service that changed it would change it for
      // all of them, so it is frozen.
      entries.set(userId, { version, user: deepFreeze(user) });
    },
  };
}

const caches = new WeakMap<Database, SessionUserCache>();

/** The cache of one database handle (each app and each test database has its own). */
export function sessionUserCacheOf(database: Database): SessionUserCache {
  let cache = caches.get(database);
  if (!cache) {
    cache = createSessionUserCache();
    caches.set(database, cache);
  }
  return cache;
}
