import { LRUCache } from "lru-cache";
import type { Database, Listening } from "../../db/client.ts";
import type { CurrentUser } from "./session-user.ts";

/**
 * The sessions an app instance has checked, kept in memory so that a signed-in request whose access
 * token names one of them reads nothing from the database: the session's login family and its user
 * (profile, roles, permissions, companies). What could make the check answer otherwise is told to
 * every instance on the channel `pedaali_sessions` (migration 0054_session_notifications): triggers
 * send `u:<user id>` when a session of the user ends or what the user is made of moves (logout,
 * logout everywhere, deactivation, password change, roles, authenticators, erasure) and `*` when
 * auth_generation moves (permissions of a role, companies, platform settings). A message drops what
 * it names at once.
 *
 * The cache answers only while the instance listens. When the listening connection is lost, it
 * empties and every request reads the database until the channel is listened to again; it then starts
 * empty, since what changed meanwhile was told to nobody. A session read from the database is kept
 * only if no message arrived while it was being read (it may have been read before the change the
 * message tells of). Writes the instance itself sends to the tables the session is read from empty it
 * at once too, so the instance that ended a session never answers from the cache after its own write
 * and before its own message. Entries also leave after a minute, a safety net for a message lost in a
 * way nobody noticed.
 */

export const SESSION_CHANNEL = "pedaali_sessions";

/** A session the check let through, as the check answers it. */
export type CachedSession = { userId: string; familyId: string; user: CurrentUser };

export type SessionCache = {
  /** The session by its id, if kept, answering while the instance listens; null otherwise. */
  get(sessionId: string, userId: string): CachedSession | null;
  /** A mark taken before the database is read; `set` keeps what was read only if nothing moved since. */
  mark(): number;
  set(mark: number, sessionId: string, session: CachedSession): void;
  /** Whether the cache answers now (its instance listens on the channel). */
  readonly live: boolean;
  /** The listening connection's server process (PostgreSQL), for the tests that cut it. */
  listenerPid(): number | null;
  /** Starts listening (counted: each app on the database starts it, the last to stop ends it). */
  start(): void;
  stop(): Promise<void>;
  /** A message as the channel brings it (exported for the unit test). */
  receive(payload: string): void;
};

/** About every user active at once at the largest customer, a session each; the oldest leave first. */
const MAX_SESSIONS = 20_000;
/** A safety net only: every change that matters is told on the channel at once. */
const MAX_AGE_MS = 60_000;

/**
 * A write the instance sends to a table the session check reads (or to a table whose triggers move
 * what it reads): the statement Drizzle sends starts `insert into "t"`, `update "t"` or `delete from "t"`.
 */
const WRITE = /^(?:insert into|update|delete from) "([a-z_]+)"/;
const WATCHED = new Set([
  "users",
  "refresh_sessions",
  "system_users",
  "user_preferences",
  "user_roles",
  "roles",
  "role_permissions",
  "permissions",
  "companies",
  "platform_settings",
  "user_authenticators",
  "bike_store_users",
  "auth_generation",
]);
/**
 * Writes that change no session: a login's new session and a rotation (its session stays valid for
 * its access token's life), and the time of the last login. Matched by their exact start, so a change
 * in their SQL only makes the cache empty more often, never less.
 */
const HARMLESS = [
  'insert into "refresh_sessions"',
  'update "refresh_sessions" set "replaced_by_id" = $1, "revoked_at" = $2, "revoked_reason" = $3 where',
  'update "users" set "last_login_at" = $1, "updated_at" = $2 where',
] as const;

/** Whether a statement the instance sends may change what the session check answers. */
export function changesSessions(statement: string): boolean {
  // i, u, d in either case: anything else (select, with, begin, commit) is not a write of its own.
  const first = statement.charCodeAt(0) | 0x20;
  if (first !== 105 && first !== 117 && first !== 100) return false;
  const table = WRITE.exec(statement)?.[1];
  if (table === undefined) return /^(?:insert|update|delete)\b/i.test(statement);
  return WATCHED.has(table) && !HARMLESS.some((start) => statement.startsWith(start));
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

export function createSessionCache(
  database: Pick<Database, "listen" | "observeStatements">,
  options: { max?: number; maxAgeMs?: number } = {},
): SessionCache {
  const byUser = new Map<string, Set<string>>();
  const entries = new LRUCache<string, CachedSession>({
    max: options.max ?? MAX_SESSIONS,
    ttl: options.maxAgeMs ?? MAX_AGE_MS,
    dispose: (session, sessionId) => {
      const sessions = byUser.get(session.userId);
      sessions?.delete(sessionId);
      if (sessions?.size === 0) byUser.delete(session.userId);
    },
  });
  let generation = 0;
  let live = false;
  let users = 0;
  let listening: Listening | null = null;
  let stopObserving: (() => void) | null = null;

  const dropAll = () => {
    generation++;
    entries.clear();
  };
  const dropUser = (userId: string) => {
    generation++;
    const sessions = byUser.get(userId);
    if (!sessions) return;
    for (const sessionId of [...sessions]) entries.delete(sessionId);
  };
  const receive = (payload: string) => {
    if (payload.startsWith("u:")) dropUser(payload.slice(2));
    else dropAll();
  };

  return {
    get(sessionId, userId) {
      if (!live) return null;
      const session = entries.get(sessionId);
      // A token that names someone else's session is a forgery, whoever signed it.
      return session && session.userId === userId ? session : null;
    },
    mark: () => generation,
    set(mark, sessionId, session) {
      if (!live || mark !== generation) return;
      let sessions = byUser.get(session.userId);
      if (!sessions) {
        sessions = new Set();
        byUser.set(session.userId, sessions);
      }
      sessions.add(sessionId);
      // Shared by every request of the session from now on: a service that changed it would change it
      // for all of them, so it is frozen.
      entries.set(sessionId, deepFreeze(session));
    },
    get live() {
      return live;
    },
    listenerPid: () => listening?.backendPid() ?? null,
    receive,
    start() {
      users++;
      if (users > 1) return;
      stopObserving = database.observeStatements((statement) => {
        if (changesSessions(statement)) dropAll();
      });
      listening = database.listen(SESSION_CHANNEL, {
        message: receive,
        live(listeningNow) {
          // Both ways it starts empty: while nobody listened, changes were told to nobody.
          dropAll();
          live = listeningNow;
        },
      });
    },
    async stop() {
      users = Math.max(0, users - 1);
      if (users > 0) return;
      live = false;
      dropAll();
      stopObserving?.();
      stopObserving = null;
      const last = listening;
      listening = null;
      await last?.close();
    },
  };
}

const caches = new WeakMap<Database, SessionCache>();

/** The session cache of one database handle (each app's own, and each test database's). */
export function sessionCacheOf(database: Database): SessionCache {
  let cache = caches.get(database);
  if (!cache) {
    cache = createSessionCache(database);
    caches.set(database, cache);
  }
  return cache;
}
