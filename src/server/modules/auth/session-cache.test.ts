import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { describe, expect, it } from "vitest";
import type { ChannelHandlers, StatementListener } from "../../db/client.ts";
import * as schema from "../../db/schema/index.ts";
import { refreshSessions, users } from "../../db/schema/index.ts";
import { type CachedSession, changesSessions, createSessionCache, SESSION_CHANNEL } from "./session-cache.ts";
import type { CurrentUser } from "./session-user.ts";

const session = (userId: string, familyId = "f1"): CachedSession => ({
  userId,
  familyId,
  user: { id: userId, companies: [] } as unknown as CurrentUser,
});

/** A database that only listens and tells statements: the test plays the channel and the writes. */
function fakeDatabase() {
  const channel: { handlers: ChannelHandlers | null; closed: boolean; name: string | null } = {
    handlers: null,
    closed: false,
    name: null,
  };
  const statements = new Set<StatementListener>();
  return {
    channel,
    send: (statement: string) => {
      for (const listener of statements) listener(statement, []);
    },
    database: {
      listen(name: string, handlers: ChannelHandlers) {
        channel.name = name;
        channel.handlers = handlers;
        return {
          backendPid: () => 42,
          close: async () => {
            channel.closed = true;
          },
        };
      },
      observeStatements(listener: StatementListener) {
        statements.add(listener);
        return () => statements.delete(listener);
      },
    },
  };
}

function liveCache(options: { max?: number; maxAgeMs?: number } = {}) {
  const fake = fakeDatabase();
  const cache = createSessionCache(fake.database, options);
  cache.start();
  fake.channel.handlers?.live(true);
  return { cache, ...fake };
}

describe("the session cache", () => {
  it("answers nothing until its instance listens, and listens on the sessions' channel", () => {
    const fake = fakeDatabase();
    const cache = createSessionCache(fake.database);
    cache.start();
    expect(fake.channel.name).toBe(SESSION_CHANNEL);
    cache.set(cache.mark(), "s1", session("u1"));
    expect(cache.get("s1", "u1")).toBeNull();
    fake.channel.handlers?.live(true);
    cache.set(cache.mark(), "s1", session("u1"));
    expect(cache.get("s1", "u1")?.familyId).toBe("f1");
  });

  it("answers a session only for the user the token names", () => {
    const { cache } = liveCache();
    cache.set(cache.mark(), "s1", session("u1"));
    expect(cache.get("s1", "u2")).toBeNull();
  });

  it("drops a user's sessions on their message, and every session on '*'", () => {
    const { cache, channel } = liveCache();
    cache.set(cache.mark(), "s1", session("u1"));
    cache.set(cache.mark(), "s2", session("u1", "f2"));
    cache.set(cache.mark(), "s3", session("u2"));
    channel.handlers?.message("u:u1");
    expect(cache.get("s1", "u1")).toBeNull();
    expect(cache.get("s2", "u1")).toBeNull();
    expect(cache.get("s3", "u2")?.userId).toBe("u2");
    channel.handlers?.message("*");
    expect(cache.get("s3", "u2")).toBeNull();
  });

  it("does not keep a session read while a message arrived: it may be from before the change", () => {
    const { cache, channel } = liveCache();
    const mark = cache.mark();
    channel.handlers?.message("u:someone-else");
    cache.set(mark, "s1", session("u1"));
    expect(cache.get("s1", "u1")).toBeNull();
  });

  it("empties and stops answering while the channel is down, and starts empty when it is back", () => {
    const { cache, channel } = liveCache();
    cache.set(cache.mark(), "s1", session("u1"));
    const beforeTheCut = cache.mark();
    channel.handlers?.live(false);
    expect(cache.live).toBe(false);
    expect(cache.get("s1", "u1")).toBeNull();
    cache.set(cache.mark(), "s1", session("u1"));
    channel.handlers?.live(true);
    expect(cache.get("s1", "u1")).toBeNull();
    // A session read before the channel was back is not kept: its change was told to nobody.
    cache.set(beforeTheCut, "s1", session("u1"));
    expect(cache.get("s1", "u1")).toBeNull();
    cache.set(cache.mark(), "s1", session("u1"));
    expect(cache.get("s1", "u1")?.userId).toBe("u1");
  });

  it("empties at once when its own instance writes what a session is read from", () => {
    const { cache, send } = liveCache();
    cache.set(cache.mark(), "s1", session("u1"));
    send('select "id" from "users" where "id" = $1');
    expect(cache.get("s1", "u1")?.userId).toBe("u1");
    send('update "refresh_sessions" set "revoked_at" = $1, "revoked_reason" = $2 where "family_id" = $3');
    expect(cache.get("s1", "u1")).toBeNull();
  });

  it("lets the oldest go when full and every one go after its maximum age", async () => {
    const { cache } = liveCache({ max: 2, maxAgeMs: 30 });
    cache.set(cache.mark(), "a", session("ua"));
    cache.set(cache.mark(), "b", session("ub"));
    cache.get("a", "ua");
    cache.set(cache.mark(), "c", session("uc"));
    expect(cache.get("b", "ub")).toBeNull();
    expect(cache.get("a", "ua")?.userId).toBe("ua");
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(cache.get("a", "ua")).toBeNull();
  });

  it("keeps its sessions frozen, since every request of the session shares them", () => {
    const { cache } = liveCache();
    cache.set(cache.mark(), "s1", session("u1"));
    expect(Object.isFrozen(cache.get("s1", "u1")?.user)).toBe(true);
  });

  it("stops listening when the last app using it stops", async () => {
    const { cache, channel } = liveCache();
    cache.start();
    await cache.stop();
    expect(channel.closed).toBe(false);
    await cache.stop();
    expect(channel.closed).toBe(true);
    expect(cache.live).toBe(false);
  });
});

describe("the writes that may change a session", () => {
  it.each([
    ['update "users" set "deactivated" = $1 where "users"."id" = $2', true],
    ['delete from "user_roles" where "user_roles"."user_id" = $1', true],
    ['insert into "role_permissions" ("role_id", "permission_id") values ($1, $2)', true],
    ['update "refresh_sessions" set "revoked_reason" = $1 where "family_id" = $2', true],
    ["UPDATE users SET deactivated = true", true],
    ['insert into "orders" ("id") values ($1)', false],
    ['select "id" from "users"', false],
  ] as const)("%s: %s", (statement, changes) => {
    expect(changesSessions(statement)).toBe(changes);
  });

  it("lets pass, as Drizzle writes them, a login's new session, a rotation and the last login's time", () => {
    const db = drizzle.mock({ schema, casing: "snake_case" });
    const now = new Date();
    const harmless = [
      db
        .insert(refreshSessions)
        .values({ userId: "u", familyId: "f", tokenHash: "h", expiresAt: now, lastUsedAt: now })
        .toSQL().sql,
      // sessions.ts's rotation, users' last login (auth/login-shared.ts, identification/single-sign-on.ts).
      db
        .update(refreshSessions)
        .set({ revokedAt: now, revokedReason: "ROTATED", replacedById: "s" })
        .where(eq(refreshSessions.id, "r"))
        .toSQL().sql,
      db.update(users).set({ lastLoginAt: now }).where(eq(users.id, "u")).toSQL().sql,
    ];
    for (const statement of harmless) expect(changesSessions(statement), statement).toBe(false);
    const revoke = db
      .update(refreshSessions)
      .set({ revokedAt: now, revokedReason: "LOGOUT" })
      .where(eq(refreshSessions.familyId, "f"))
      .toSQL().sql;
    expect(changesSessions(revoke)).toBe(true);
  });
});
